// persist: 'local' — a page's world survives a reload: what the first mock changed, the next one made over
// the same storage has, as soon as the write is answered; a stored state that does not fit is dropped, never a
// crash; reads save nothing; a save that fails is said on the console, once per streak, and answers go on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMock } from '../http/app.js';
import { storageKey } from './local-persistence.js';
import type { StateStorage } from './local-storage.js';

/** What localStorage is, in a test that has none: an in-memory Storage, with a count of writes of worlds. */
function memoryStorage(): StateStorage & { items: Map<string, string>; writes: number; full: boolean } {
  const items = new Map<string, string>();
  return {
    items,
    writes: 0,
    /** While true, setItem throws as a browser's does over its quota. */
    full: false,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      if (this.full) throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
      if (!key.endsWith(':generation')) this.writes++;
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

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
    // Saved before the answer: a page reloaded the moment it has the 201 keeps the write (issue 17, finding 9).
    expect(storage.items.get(storageKey(first))).toContain('Kept across a reload');
    const again = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    expect(again.world.store.goalUpdates.get(update.id)?.title).toBe('Kept across a reload');
    // Another seed is another world, kept apart.
    const other = createMock({ seed: 7, now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    expect(other.world.store.goalUpdates.get(update.id)).toBeUndefined();
  });

  it('saves nothing for reads, and every write before its answer', async () => {
    const storage = memoryStorage();
    const mock = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    await mock.app.request('/__mock/tokens');
    expect(storage.writes).toBe(0);
    await post(mock, 'one');
    expect(storage.writes).toBe(1);
    await post(mock, 'two');
    expect(storage.writes).toBe(2);
    expect(storage.items.get(storageKey(mock))).toContain('"two"');
  });

  it('a full storage: the write is still answered, and console.error names the key and what to do, once a streak', async () => {
    const storage = memoryStorage();
    const mock = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storage.full = true;
    await post(mock, 'unsaved one');
    await post(mock, 'unsaved two');
    expect(errors.mock.calls).toEqual([
      [
        `standin: persist: 'local' could not save the world in localStorage under "standin:world:42:small" (QuotaExceededError: Setting the value of 'standin:world:42:small' exceeded the quota.). What changed since the last save is lost on reload, and this is said once until a save works again. Make room in this site's localStorage (remove keys it no longer needs, or clear the site's data), or make the world smaller with POST /__mock/reset.`,
      ],
    ]);
    // Room again: the next write saves everything, and a later failure is a new streak, said again.
    storage.full = false;
    await post(mock, 'saved three');
    expect(storage.items.get(storageKey(mock))).toContain('unsaved one');
    storage.full = true;
    await post(mock, 'unsaved four');
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('drops a stored state that does not fit, and starts from the generated world', () => {
    const storage = memoryStorage();
    const key = storageKey(createMock({ now: '2026-11-20T15:00:00Z' }));
    storage.items.set(key, '{"format": "something else"}');
    const mock = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    expect(mock.world.store.goalUpdates.changeCount).toBe(0);
    expect(storage.items.has(key)).toBe(false);
  });

  it("keeps it in the page's localStorage when no storage is given", async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const mock = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local' });
    await post(mock, 'In localStorage');
    expect(storage.items.get(storageKey(mock))).toContain('In localStorage');
  });

  it('saves the shared world only: a write in a session (MK5) saves nothing', async () => {
    const storage = memoryStorage();
    const mock = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    const token = mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readWrite;
    const created = await mock.app.request('/api/v2/goals', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-mock-session': 'tab' },
      body: JSON.stringify({ title: 'In a session' }),
    });
    expect(created.status).toBe(201);
    expect(storage.writes).toBe(0);
  });

  it.each([
    ['the clock moved', 'POST', '/__mock/clock/advance', { days: 2 }, '2026-11-22T15:00:00Z'],
    // A minute on makes no record: only the clock's own event says the world changed.
    ['the clock moved a minute', 'POST', '/__mock/clock/advance', { minutes: 1 }, '2026-11-20T15:01:00Z'],
    ['the world replaced', 'POST', '/__mock/reset', { now: '2026-11-25T09:00:00Z' }, '2026-11-25T09:00:00Z'],
  ])('saves when %s', async (_name, method, path, body, now) => {
    const storage = memoryStorage();
    const mock = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    const response = await mock.app.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    expect(storage.writes).toBe(1);
    expect(storage.items.get(storageKey(mock))).toContain(`"${now}"`);
  });

  it('a write whose save failed stays in the world while no other tab saved', async () => {
    const storage = memoryStorage();
    const mock = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await post(mock, 'saved');
    storage.full = true;
    const unsaved = await post(mock, 'unsaved');
    // The next request takes nothing up: the storage holds this tab's own older save, not another's.
    const token = mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readWrite;
    const read = await mock.app.request(`/api/v2/goal-updates/${unsaved.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
  });

  it('says where it works when there is no localStorage', () => {
    expect(() => createMock({ persist: 'local' })).toThrow(/localStorage.*--state FILE/);
  });
});

describe('two tabs of one site, one storage', () => {
  it('keep both their writes: each takes up what the other saved before it answers', async () => {
    const storage = memoryStorage();
    const tabA = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    const tabB = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    await post(tabA, 'From tab A');
    await post(tabB, 'From tab B');
    await post(tabA, 'From tab A again');
    const reloaded = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    const titles = [...reloaded.world.store.goalUpdates.values()].map((update) => update.title);
    expect(titles).toEqual(expect.arrayContaining(['From tab A', 'From tab B', 'From tab A again']));
    // And a tab that only reads sees the other's writes too.
    const goal = tabA.world.store.goalsOfPerson(tabA.world.defaultPersonId)[0]!;
    const token = tabA.world.store.people.get(tabA.world.defaultPersonId)!.tokens.readWrite;
    const updates = await tabB.app.request(`/api/v2/goals/${goal.id}/goal-updates?per_page=50`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await updates.json()) as Array<{ title: string }>).map((u) => u.title)).toContain('From tab A again');
  });

  it("do not save again what they took up: a tab that only reads the other's write writes nothing", async () => {
    const storage = memoryStorage();
    const tabA = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    const tabB = createMock({ now: '2026-11-20T15:00:00Z', persist: 'local', storage });
    await post(tabA, 'From tab A');
    expect(storage.writes).toBe(1);
    expect((await tabB.app.request('/__mock/tokens')).status).toBe(200);
    expect(tabB.world.store.goalUpdates.changeCount).toBe(1);
    expect(storage.writes).toBe(1);
  });
});
