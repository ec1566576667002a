// persist: 'local' — a page's world survives a reload: what the first mock changed, the next one made over
// the same storage has; a stored state that does not fit is dropped, never a crash; reads save nothing.
import { describe, expect, it } from 'vitest';
import { createMock } from './app.js';
import type { StateStorage } from './mock.js';
import { storageKey } from './local-persistence.js';

/** What localStorage is, in a test that has none: an in-memory Storage, with a count of writes. */
function memoryStorage(): StateStorage & { items: Map<string, string>; writes: number } {
  const items = new Map<string, string>();
  return {
    items,
    writes: 0,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      this.writes++;
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

async function post(mock: ReturnType<typeof createMock>, title: string) {
  const [first] = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  const token = first?.read_write;
  const goal = mock.world.store.goalsOfPerson(mock.world.defaultPersonId)[0];
  const response = await mock.app.request(`/api/v2/goals/${goal?.id}/goal-updates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

describe("persist: 'local'", () => {
  it('keeps what a page changed for the next mock made over the same storage', async () => {
    const storage = memoryStorage();
    const first = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    const update = await post(first, 'Kept across a reload');
    await settle();
    expect(storage.items.has(storageKey(first))).toBe(true);
    const again = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    expect(again.world.store.goalUpdates.get(update.id)?.title).toBe('Kept across a reload');
    // Another seed is another world, kept apart.
    const other = createMock({ seed: 7, now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    expect(other.world.store.goalUpdates.get(update.id)).toBeUndefined();
  });

  it('saves nothing for reads, and a burst of writes once', async () => {
    const storage = memoryStorage();
    const mock = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    await mock.app.request('/__mock/tokens');
    await settle();
    expect(storage.writes).toBe(0);
    await post(mock, 'one');
    await post(mock, 'two');
    await settle();
    expect(storage.writes).toBe(1);
  });

  it('drops a stored state that does not fit, and starts from the generated world', () => {
    const storage = memoryStorage();
    const key = storageKey(createMock({ now: '2026-11-20T15:00:00Z' }));
    storage.items.set(key, '{"format": "something else"}');
    const mock = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    expect(mock.world.store.goalUpdates.changeCount).toBe(0);
    expect(storage.items.has(key)).toBe(false);
  });

  it('says where it works when there is no localStorage', () => {
    expect(() => createMock({ persist: 'local' })).toThrow(/localStorage.*--state FILE/);
  });
});
