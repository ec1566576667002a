// World state as versioned JSON: a saved world restores byte-identically (clock and counters included),
// snapshots undo a demo, and a foreign or broken state is refused without changing anything.
import { describe, expect, it } from 'vitest';
import { control, Harness } from './support/harness.js';
import { defined } from './support/defined.js';

const PATHS = [
  '/api/v2/goals?per_page=50',
  '/api/v2/check-ins?per_page=50',
  '/api/v2/echo/questions',
  '/api/v2/activities?per_page=20',
  '/api/v2/me',
];

/** A JSON state (or a record of one), loosely typed for a test to break. */
type Loose = Record<string, any>;

/** An id no record has. */
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** A full state with some of its record lists replaced. */
const withRecords = (good: Loose, lists: Loose): Loose => ({ ...good, records: { ...good.records, ...lists } });

/** A state whose counters say no record was created: behind the records it holds (MK3). */
const behindCounters = (good: Loose): Loose => ({ ...good, counters: { ...good.counters, created: {} } });

async function texts(h: Harness) {
  return Promise.all(PATHS.map(async (path) => (await h.get(path)).text));
}

/** PUT /__mock/state with `bad`: refused with 422 and its errors, and the world answers as before, goal `kept` included. */
async function expectRefusedUnchanged(h: Harness, bad: unknown, kept: string): Promise<void> {
  const before = await texts(h);
  const refused = await control(h, 'PUT', '/state', bad);
  expect(refused.status).toBe(422);
  expect(refused.body.errors.length).toBeGreaterThan(0);
  expect(await texts(h)).toEqual(before);
  expect((await h.get(`/api/v2/goals/${kept}`)).status).toBe(200);
}

describe('world state', () => {
  it.each([
    ['its changes over the generated base (version 2)', '/state', 2],
    ['every record (version 1)', '/state?full=true', 1],
  ])(
    'a saved state of %s restores the same world in another mock: answers, clock and the next ids',
    async (_name, path, version) => {
      const a = new Harness();
      await a.post('/api/v2/goals', { title: 'Made before saving' });
      await a.patch('/api/v2/check-ins/2026-11-20', { mood: 'focused', blockers: 'Waiting on review' });
      await control(a, 'POST', '/clock/advance', { days: 2 });
      const state = (await control(a, 'GET', path)).body;
      expect(state).toMatchObject({ format: 'standin-world', version, now: '2026-11-22T15:00:00Z' });

      const b = new Harness({ seed: 7 });
      const restored = await control(b, 'PUT', '/state', state);
      expect(restored.body).toEqual({ seed: 42, size: 'small', now: '2026-11-22T15:00:00Z', frozen: true });
      expect(await texts(b)).toEqual(await texts(a));
      // The counters came along: both make the same id next (MK3).
      const nextA = await a.post('/api/v2/goals', { title: 'After' });
      const nextB = await b.post('/api/v2/goals', { title: 'After' });
      expect(nextB.body.id).toBe(nextA.body.id);
    },
  );

  it('a full state saved before people had a bio restores, each bio null (PT1)', async () => {
    const a = new Harness();
    const state = (await control(a, 'GET', '/state?full=true')).body;
    const people = state.records.people.map(({ bio: _, ...person }: { bio: unknown }) => person);
    const b = new Harness({ seed: 7 });
    const restored = await control(b, 'PUT', '/state', { ...state, records: { ...state.records, people } });
    expect(restored.status).toBe(200);
    const me = (await b.get('/api/v2/me', { token: a.person().tokens.readWrite })).body;
    expect(me).toMatchObject({ id: a.person().id, bio: null });
  });

  it('MK5 a version 2 state costs what changed: the created goal and PATCHed check-in, not the world', async () => {
    const h = new Harness();
    const created = await h.post('/api/v2/goals', { title: 'The one change' });
    await h.patch('/api/v2/check-ins/2026-11-20', { mood: 'calm' });
    await h.delete(`/api/v2/goals/${created.body.id}`);
    const goal = [...h.world.store.goalsInOrder()].find((g) => !g.private)!;
    await h.patch(`/api/v2/goals/${goal.id}`, { title: 'Renamed' });
    const state = (await control(h, 'GET', '/state')).body;
    expect(state.base).toEqual({ generated_at: '2026-11-20T15:00:00Z' });
    expect(state.changes.goals.map((g: { id: string; title: string }) => [g.id, g.title])).toEqual([
      [goal.id, 'Renamed'],
    ]);
    expect(state.changes.checkIns).toHaveLength(1);
    expect(state.deleted).toEqual({});
    expect(JSON.stringify(state).length).toBeLessThan(10_000);
  });

  it('a snapshot undoes what happened after it, clock included', async () => {
    const h = new Harness();
    const before = await texts(h);
    expect((await control(h, 'PUT', '/snapshots/before-demo')).body).toMatchObject({
      name: 'before-demo',
      now: '2026-11-20T15:00:00Z',
    });
    await h.post('/api/v2/goals', { title: 'Demo goal', end_date: '2000-01-01' });
    await control(h, 'POST', '/clock/advance', { days: 5 });
    expect(await texts(h)).not.toEqual(before);
    expect((await control(h, 'GET', '/snapshots')).body.map((s: { name: string }) => s.name)).toEqual(['before-demo']);
    expect((await control(h, 'POST', '/snapshots/before-demo/restore')).body.now).toBe('2026-11-20T15:00:00Z');
    expect(await texts(h)).toEqual(before);
    expect((await control(h, 'DELETE', '/snapshots/before-demo')).status).toBe(204);
    expect((await control(h, 'POST', '/snapshots/before-demo/restore')).status).toBe(404);
  });

  it("MK5 a session has its own clock: restoring or advancing it never moves the shared world's time", async () => {
    const h = new Harness();
    const old = (await control(h, 'GET', '/state')).body;
    await control(h, 'POST', '/clock/advance', { days: 10 });
    const session = async (method: string, path: string, body?: unknown) => {
      const response = await h.mock.app.request(`/__mock${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { 'content-type': 'application/json', 'x-mock-session': 's1' },
      });
      return response.json();
    };
    expect((await session('GET', '/clock')).now).toBe('2026-11-30T15:00:00Z');
    expect((await session('PUT', '/state', old)).now).toBe('2026-11-20T15:00:00Z');
    await session('POST', '/clock/advance', { days: 3 });
    expect((await session('GET', '/clock')).now).toBe('2026-11-23T15:00:00Z');
    expect((await control(h, 'GET', '/clock')).body.now).toBe('2026-11-30T15:00:00Z');
    // Tokyo is already on Dec 1 at 15:00Z; nothing anywhere is dated after that.
    const future = await h.get('/api/v2/check-ins?since=2026-12-02');
    expect(future.body).toEqual([]);
  });

  it('MK4 a state of a running clock resumes at real time, not the instant it was saved', async () => {
    const h = new Harness();
    const state = { ...(await control(h, 'GET', '/state')).body, frozen: false };
    // G3 instants are whole seconds; bounds taken either side of the restore, so no pause of a busy box matters.
    const before = Math.floor(Date.now() / 1000) * 1000;
    const restored = await control(h, 'PUT', '/state', state);
    const after = Date.now();
    expect(restored.body.frozen).toBe(false);
    expect(Date.parse(restored.body.now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(restored.body.now)).toBeLessThanOrEqual(after);
  });

  it.each<[string, (good: Loose) => unknown]>([
    ['a foreign document', () => ({ hello: 'world' })],
    ['another version', (good) => ({ ...good, version: 3 })],
    [
      'a broken record',
      (good) => {
        const [g0, g1, ...goals] = good.records.goals;
        return withRecords(good, { goals: [{ ...g0, title: 5, ownerId: 'nobody' }, g1, ...goals] });
      },
    ],
    [
      'absences that are not a list',
      (good) =>
        withRecords(good, { people: [{ ...good.records.people[0], absences: 'x' }, ...good.records.people.slice(1)] }),
    ],
    [
      'a check-in of nobody',
      (good) =>
        withRecords(good, {
          checkIns: [{ ...good.records.checkIns[0], personId: NOBODY }, ...good.records.checkIns.slice(1)],
        }),
    ],
    [
      'a goal that is its own grandparent',
      (good) => {
        const [g0, g1, ...goals] = good.records.goals;
        return withRecords(good, { goals: [{ ...g0, parentId: g1.id }, { ...g1, parentId: g0.id }, ...goals] });
      },
    ],
    ['counters behind the records', behindCounters],
  ])('a full state with %s is refused with 422 and changes nothing', async (_name, broken) => {
    const h = new Harness();
    const created = await h.post('/api/v2/goals', { title: 'Still here' });
    const good = (await control(h, 'GET', '/state?full=true')).body;
    await expectRefusedUnchanged(h, broken(good), created.body.id);
    expect((await control(h, 'GET', '/clock')).body.now).toBe('2026-11-20T15:00:00Z');
  });

  it.each<[string, (good: Loose, stored: Loose, person: Loose) => unknown]>([
    [
      'an update of a goal that does not exist',
      (good, stored) => ({ ...good, changes: { ...good.changes, goalUpdates: [{ ...stored, goalId: NOBODY }] } }),
    ],
    [
      'a changed person',
      (good, _stored, person) => ({
        ...good,
        changes: { ...good.changes, people: [{ ...person, name: 'Somebody else' }] },
      }),
    ],
    ['counters behind the records', behindCounters],
    ['a record kind that does not exist', (good) => ({ ...good, changes: { ...good.changes, invoices: [] } })],
    ['a base generated after its now', (good) => ({ ...good, base: { generated_at: '2030-01-01T00:00:00Z' } })],
  ])('a state of changes with %s is refused with 422 and changes nothing', async (_name, broken) => {
    const h = new Harness();
    const created = await h.post('/api/v2/goals', { title: 'Still here' });
    const update = await h.post(`/api/v2/goals/${created.body.id}/goal-updates`, { title: 'Week 1' });
    const good = (await control(h, 'GET', '/state')).body;
    const stored = defined(h.world.store.goalUpdates.get(update.body.id), 'the stored update');
    await expectRefusedUnchanged(h, broken(good, stored, h.person()), created.body.id);
  });

  it.each([
    ['updates', (n: number) => `whose ${n} updates remain: a deleted goal's updates go with it (GO8)`],
    ['children', (n: number) => `whose ${n} child goals still name it: they keep parent null (GO8)`],
  ] as const)(
    'GO8 a state of changes deleting a goal whose %s remain is refused by that check, naming deleted.goals',
    async (kind, remain) => {
      const h = new Harness();
      await h.post('/api/v2/goals', { title: 'Still here' });
      const good = (await control(h, 'GET', '/state')).body;
      // The goal has only what `kind` names, and the state is otherwise whole: only GO8's check can refuse it.
      const { store } = h.world.base;
      // LW1: a goal without updates is a young one, a leaf; so a parent is deleted with its updates (and what
      // responds to them) below.
      const goal = defined(
        [...store.goals.values()].find((g) =>
          kind === 'updates'
            ? store.updatesOfGoal(g.id).length > 0 && store.childGoals(g.id).length === 0
            : store.childGoals(g.id).length > 0,
        ),
        `a goal with ${kind}`,
      );
      const count = kind === 'updates' ? store.updatesOfGoal(goal.id).length : store.childGoals(goal.id).length;
      const updates = kind === 'children' ? store.updatesOfGoal(goal.id).map((u) => u.id) : [];
      const responses = (table: 'comments' | 'reactions') =>
        [...store[table].values()].filter((r) => updates.includes(r.resourceId)).map((r) => r.id);
      const deleted =
        updates.length === 0
          ? { goals: [goal.id] }
          : {
              goals: [goal.id],
              goalUpdates: updates,
              comments: responses('comments'),
              reactions: responses('reactions'),
            };
      const before = await texts(h);
      const refused = await control(h, 'PUT', '/state', { ...good, deleted });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([
        { in: 'body', name: 'state', message: `state deleted.goals holds goal ${goal.id}, ${remain(count)}` },
      ]);
      expect(await texts(h)).toEqual(before);
    },
  );
});

describe('GET /__mock/state streams, one export at a time per world (issue 33, points 1 and 8)', () => {
  it('comes in slices, never as one string, and its bytes are the state’s JSON', async () => {
    const h = new Harness();
    const answer = await h.mock.app.request('/__mock/state?full=true');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    const reader = defined(answer.body, 'a body').getReader();
    const slices: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) slices.push(next.value);
    expect(slices.length).toBeGreaterThan(1);
    expect(Math.max(...slices.map((slice) => slice.length))).toBeLessThanOrEqual(300 * 1024);
    const text = Buffer.concat(slices).toString('utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'standin-world', version: 1 });
    // The same bytes whole, the second time: MK3.
    expect(await (await h.mock.app.request('/__mock/state?full=true')).text()).toBe(text);
  });

  it('refuses a second export of the same world while one is under way (409), and takes it once it ends', async () => {
    const h = new Harness();
    const first = await h.mock.app.request('/__mock/state?full=true');
    const reader = defined(first.body, 'a body').getReader();
    await reader.read();
    const second = await h.mock.app.request('/__mock/state?full=true');
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(((await second.json()) as { detail: string }).detail).toMatch(/one at a time/);
    // Another world (a session) exports meanwhile.
    const session = await h.mock.app.request('/__mock/state', { headers: { 'x-mock-session': 'other' } });
    expect(session.status).toBe(200);
    await session.text();
    // The first one read to its end, or given up, frees the world for the next.
    await reader.cancel();
    const third = await h.mock.app.request('/__mock/state');
    expect(third.status).toBe(200);
    await third.text();
  });
});
