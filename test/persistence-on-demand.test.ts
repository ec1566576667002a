// A page loads persist: 'local''s code only when a mock keeps its world, with its first request
// (persistence-module.browser.ts), and a state's rebuild only to take a kept world up: a first visit, nothing kept,
// loads none, its writes kept all the same; a reload loads it with its first request, a PUT /__mock/state with
// itself (state-rebuild-module.browser.ts); a chunk the page could not fetch is a 503 with Retry-After that shows no
// half-restored world, the next request loading it again. Node has both at hand; here the page's variants are put in.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storageKey } from '../src/runtime/local-persistence.js';
import { memoryStorage } from './support/memory-storage.js';

type App = typeof import('../src/http/app.js');
type Rebuild = typeof import('../src/runtime/state-rebuild-module.browser.js');

/** How many rebuild loads the page asked for, and how many of the next must fail, as a page offline does. */
const page = { loads: 0, failing: 0 };
let createMock: App['createMock'];
let rebuild: Rebuild;

beforeAll(async () => {
  ({ createMock, rebuild } = await freshPage());
});

/** The mock's modules afresh, with the page's variants put in, as a page that has loaded nothing on demand has them. */
async function freshPage(): Promise<{ createMock: App['createMock']; rebuild: Rebuild }> {
  vi.doMock('../src/runtime/persistence-module.js', () => import('../src/runtime/persistence-module.browser.js'));
  vi.doMock('../src/runtime/state-rebuild-module.js', async () => {
    const browser = await vi.importActual<Rebuild>('../src/runtime/state-rebuild-module.browser.js');
    return {
      ...browser,
      loadStateRebuild: () => {
        page.loads++;
        if (page.failing > 0) {
          page.failing--;
          return Promise.reject(new Error('Failed to fetch state-rebuild.js'));
        }
        return browser.loadStateRebuild();
      },
    };
  });
  vi.resetModules();
  return {
    createMock: (await import('../src/http/app.js')).createMock,
    rebuild: await import('../src/runtime/state-rebuild-module.js'),
  };
}

afterAll(() => {
  vi.doUnmock('../src/runtime/persistence-module.js');
  vi.doUnmock('../src/runtime/state-rebuild-module.js');
  vi.resetModules();
});

const NOW = '2026-11-20T15:00:00Z';

describe("persist: 'local' and a state's rebuild, on demand", () => {
  it('PUT /__mock/state, the first restore, loads the rebuild and restores the state as Node does', async () => {
    expect(() => rebuild.rebuildAtHand()).toThrow('not loaded yet');
    const source = createMock({ now: NOW });
    const token = source.world.store.people.get(source.world.defaultPersonId)!.tokens.readWrite;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const goal = source.world.store.goalsOfPerson(source.world.defaultPersonId)[0]!;
    const posted = await source.app.request(`/api/v2/goals/${goal.id}/goal-updates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Carried by a state' }),
    });
    const { id } = (await posted.json()) as { id: string };
    const state = await (await source.app.request('/__mock/state')).text();
    const target = createMock({ now: NOW });
    const put = await target.app.request('/__mock/state', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: state,
    });
    expect(put.status).toBe(200);
    expect(target.world.store.goalUpdates.get(id)?.title).toBe('Carried by a state');
    expect(page.loads).toBe(1);
    source.close();
    target.close();
  });

  it('a first visit loads no rebuild; a reload takes its kept world up once loaded, a failed load is a 503', async () => {
    const { createMock } = await freshPage();
    const storage = memoryStorage();
    const first = createMock({ now: NOW, persist: 'local', storage });
    const loads = page.loads;
    const token = first.world.store.people.get(first.world.defaultPersonId)!.tokens.readWrite;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const goal = first.world.store.goalsOfPerson(first.world.defaultPersonId)[0]!;
    expect((await first.app.request('/api/v2/me', { headers })).status).toBe(200);
    const posted = await first.app.request(`/api/v2/goals/${goal.id}/goal-updates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Kept across a reload' }),
    });
    expect(posted.status).toBe(201);
    // Nothing kept to take up: no rebuild loaded, and the write kept before its answer all the same.
    expect(page.loads - loads).toBe(0);
    expect(storage.getItem(storageKey(first))).toContain('Kept across a reload');
    const { id } = (await posted.json()) as { id: string };

    // The reload: its kept world is taken up by its first request, once the rebuild has loaded.
    const reloaded = createMock({ now: NOW, persist: 'local', storage });
    expect(reloaded.world.store.goalUpdates.get(id)).toBeUndefined();
    page.failing = 1;
    const offline = await reloaded.app.request(`/api/v2/goal-updates/${id}`, { headers });
    expect([offline.status, offline.headers.get('retry-after')]).toEqual([503, '1']);
    expect(((await offline.json()) as { detail: string }).detail).toBe(
      "The world kept in this page's localStorage could not be checked or saved: the code that does it did not load (Failed to fetch state-rebuild.js); send the request again, which loads it again.",
    );
    expect(reloaded.world.store.goalUpdates.get(id)).toBeUndefined();
    const read = await reloaded.app.request(`/api/v2/goal-updates/${id}`, { headers });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { title: string }).title).toBe('Kept across a reload');
    expect(page.loads - loads).toBe(2);
    first.close();
    reloaded.close();
  });

  it("requests that arrive together, as a page's first fetches do, set it up once: one save a write", async () => {
    const inner = memoryStorage();
    let writes = 0;
    const storage = { ...inner, setItem: (key: string, value: string) => (writes++, inner.setItem(key, value)) };
    const mock = createMock({ now: NOW, persist: 'local', storage });
    const token = mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readWrite;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const together = await Promise.all([1, 2, 3].map(async () => mock.app.request('/api/v2/me', { headers })));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    const goal = mock.world.store.goalsOfPerson(mock.world.defaultPersonId)[0]!;
    const before = writes;
    const posted = await mock.app.request(`/api/v2/goals/${goal.id}/goal-updates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Saved once' }),
    });
    expect(posted.status).toBe(201);
    // One save: the state and its generation key, not twice each.
    expect(writes - before).toBe(2);
    mock.close();
  });
});
