// loadOnce (load-once.ts): callers at the same time share one load, a loaded module is never loaded again, and a
// failed load is tried again by the next caller, those that waited on it seeing its failure.
import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.js';

/** A load that answers `outcomes` in turn (a value, or an Error to reject with), counting its calls. */
function loader(outcomes: Array<string | Error>) {
  const counted = { calls: 0 };
  const load = () => {
    const outcome = outcomes[counted.calls++];
    return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
  };
  return { counted, load: loadOnce(load) };
}

describe('loadOnce', () => {
  it('shares one load between callers at the same time', async () => {
    const { counted, load } = loader(['module']);
    const [first, second] = [load(), load()];
    expect(first).toBe(second);
    expect(await Promise.all([first, second])).toEqual(['module', 'module']);
    expect(counted.calls).toBe(1);
  });

  it('never loads again once loaded', async () => {
    const { counted, load } = loader(['module', 'again']);
    await load();
    expect(await load()).toBe('module');
    expect(counted.calls).toBe(1);
  });

  it('loads again for the next caller after a failed load; the callers that waited on it see the failure', async () => {
    const offline = new Error('Failed to fetch dynamically imported module');
    const { counted, load } = loader([offline, 'module']);
    const waiting = [load(), load()];
    await expect(waiting[0]).rejects.toBe(offline);
    await expect(waiting[1]).rejects.toBe(offline);
    expect(await load()).toBe('module');
    expect(counted.calls).toBe(2);
  });
});
