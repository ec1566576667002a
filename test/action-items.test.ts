// Action items over HTTP: AI1 shape and order, AI2 today's check-in (completing it removes the item), AI3 goal
// updates due by cadence (posting one removes it, the clock moving makes new ones), and the cadence arithmetic.
import { describe, expect, it } from 'vitest';
import { cadenceAfter } from '../src/domain/action-items.js';
import { dateInZone } from '../src/domain/calendar.js';
import { Harness } from './support/harness.js';

const PATH = '/api/v2/action-items';

interface Item {
  id: string;
  type: 'action-item';
  kind: 'check-in' | 'goal-update';
  due_on: string;
  title: string;
  url: string;
  resource: { type: 'check-in' | 'goal'; id: string };
  teams: { id: string; name: string }[];
}

async function advance(h: Harness, days: number): Promise<void> {
  const res = await h.mock.app.request('/__mock/clock/advance', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days }),
  });
  expect(res.status).toBe(200);
}

describe('AI1 GET /action-items', () => {
  it('AI1 items are ordered by due_on, then kind, then id, with edit links', async () => {
    const h = new Harness();
    for (const title of ['One', 'Two'])
      expect((await h.post('/api/v2/goals', { title, update_cadence: 'weekly' })).status).toBe(201);
    // To Monday 30 November: both goals are overdue, and the default person has a check-in today (a week on was
    // Thanksgiving's Friday, a holiday in New York: no check-in).
    await advance(h, 10);
    const items = await h.walk<Item>(PATH);
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['check-in', 'goal-update']));
    expect(items.length).toBeGreaterThan(2);
    const sorted = [...items].sort((a, b) =>
      a.due_on !== b.due_on
        ? a.due_on < b.due_on
          ? -1
          : 1
        : a.kind !== b.kind
          ? a.kind < b.kind
            ? -1
            : 1
          : a.id < b.id
            ? -1
            : 1,
    );
    expect(items.map((i) => i.id)).toEqual(sorted.map((i) => i.id));
    for (const item of items) {
      const kind = item.kind === 'check-in' ? 'check-ins' : 'goals';
      expect(item.url).toBe(`https://app.standin.test/${kind}/${item.resource.id}/edit`);
      if (item.kind === 'goal-update') expect(item.teams).toEqual([]);
    }
  });

  it('MK3 the same seed and clock give the same items, byte for byte', async () => {
    expect((await new Harness().get(PATH)).text).toBe((await new Harness().get(PATH)).text);
  });
});

describe('AI2 the check-in of the caller’s today', () => {
  it('AI2 an open check-in of today is an item until it is completed (prod)', async () => {
    const h = new Harness();
    const me = h.person();
    const today = dateInZone(h.world.now(), me.timeZone);
    const checkIn = h.world.store.checkInOf(me.id, today)!;
    expect(checkIn.completedAt).toBeNull();
    const [first] = (await h.get<Item[]>(PATH)).body.filter((i) => i.kind === 'check-in');
    expect(first).toMatchObject({ kind: 'check-in', due_on: today, resource: { type: 'check-in', id: checkIn.id } });
    expect(first!.teams.map((t) => t.id)).toEqual([...checkIn.teamIds]);
    expect((await h.patch(`/api/v2/check-ins/${checkIn.id}`, { intentions: 'Ship it' })).status).toBe(200);
    expect((await h.get<Item[]>(PATH)).body.filter((i) => i.kind === 'check-in')).toEqual([]);
  });

  it('AI2 no item for a person with no check-in today (not scheduled)', async () => {
    const h = new Harness();
    const person = h.person((p) => {
      const today = dateInZone(h.world.now(), p.timeZone);
      return h.world.store.checkInOf(p.id, today) === undefined;
    });
    const items = (await h.get<Item[]>(PATH, { token: h.tokenOf(person) })).body;
    expect(items.filter((i) => i.kind === 'check-in')).toEqual([]);
  });

  it('AI2 an absence over today removes the item (the check-in turns absent: CI9)', async () => {
    const h = new Harness();
    const me = h.person();
    const today = dateInZone(h.world.now(), me.timeZone);
    expect((await h.get<Item[]>(PATH)).body.filter((i) => i.kind === 'check-in')).toHaveLength(1);
    const res = await h.mock.app.request(`/__mock/people/${me.id}/absences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ start: today, end: today }),
    });
    expect(res.status).toBe(201);
    expect((await h.get<Item[]>(PATH)).body.filter((i) => i.kind === 'check-in')).toEqual([]);
  });

  it('AI2 the clock moving to the next scheduled day makes that day’s check-in an item, and yesterday’s is gone', async () => {
    const h = new Harness();
    const me = h.person();
    const checkInItems = async () => (await h.get<Item[]>(PATH)).body.filter((i) => i.kind === 'check-in');
    const [first] = await checkInItems();
    for (let day = 1; day <= 7; day++) {
      await advance(h, 1);
      const checkIn = h.world.store.checkInOf(me.id, dateInZone(h.world.now(), me.timeZone));
      if (!checkIn) continue;
      const items = await checkInItems();
      expect(items.map((i) => [i.resource.id, i.due_on])).toEqual([[checkIn.id, checkIn.date]]);
      expect(items[0]!.id).not.toBe(first!.id);
      return;
    }
    throw new Error('no scheduled day within a week');
  });
});

describe('AI2 for an agent', () => {
  // The vendor's check-in routine for agents (openroutines-plugins, steady/routines/steady-check-in.md) files the
  // check-in its open check-in item names, and only when there is one: an agent's check-ins are items as anyone's.
  it("AI2 an agent's check-in of its today is its item, with its team, until the agent files it (prod)", async () => {
    const h = new Harness();
    // LW6 would file the agent's check-in at its usual hour; this test files it itself.
    await h.simulate('none');
    const agent = h.person((p) => p.kind === 'agent');
    const todayOf = () => dateInZone(h.world.now(), agent.timeZone);
    for (let day = 0; day < 7 && !h.world.store.checkInOf(agent.id, todayOf()); day++) await advance(h, 1);
    const checkIn = h.world.store.checkInOf(agent.id, todayOf())!;
    expect(checkIn.teamIds.length).toBeGreaterThan(0);
    const token = h.tokenOf(agent);
    const items = (await h.get<Item[]>(PATH, { token })).body.filter((i) => i.kind === 'check-in');
    expect(items).toEqual([
      expect.objectContaining({
        due_on: todayOf(),
        resource: { type: 'check-in', id: checkIn.id },
        teams: checkIn.teamIds.map((id) => ({ id, name: h.world.store.teams.get(id)!.name })),
      }),
    ]);
    const filed = await h.patch(`/api/v2/check-ins/${checkIn.id}`, { intentions: '- Sweep the open PRs' }, { token });
    expect(filed.status).toBe(200);
    expect((await h.get<Item[]>(PATH, { token })).body.filter((i) => i.kind === 'check-in')).toEqual([]);
  });
});

describe('AI3 goal updates due by cadence', () => {
  it('AI3 posting an update removes the goal’s item; a cadence later the clock brings it back', async () => {
    const h = new Harness();
    const goal = (await h.post('/api/v2/goals', { title: 'Weekly thing', update_cadence: 'weekly' })).body;
    const dueFor = async () => (await h.walk<Item>(PATH)).filter((i) => i.resource.id === goal.id);
    // Created today with no start date and no update: due a week after creation.
    expect(await dueFor()).toEqual([]);
    await advance(h, 7);
    const [due] = await dueFor();
    expect(due).toMatchObject({ kind: 'goal-update', resource: { type: 'goal', id: goal.id }, teams: [] });
    expect((await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { body: 'Progress' })).status).toBe(201);
    expect(await dueFor()).toEqual([]);
    await advance(h, 6);
    expect(await dueFor()).toEqual([]);
    await advance(h, 1);
    expect(await dueFor()).toHaveLength(1);
  });

  it.each([
    ['archived', { archived: true }],
    ['ended yesterday', { start_date: '2026-01-01', end_date: 'yesterday' }],
  ])('AI3 a goal that is due makes no item once %s', async (_what, change) => {
    const h = new Harness();
    const goal = (await h.post('/api/v2/goals', { title: 'Weekly thing', update_cadence: 'weekly' })).body;
    await advance(h, 8);
    const dueFor = async () => (await h.walk<Item>(PATH)).filter((i) => i.resource.id === goal.id);
    expect(await dueFor()).toHaveLength(1);
    const yesterday = dateInZone(h.world.now() - 86_400, h.person().timeZone);
    const body = Object.fromEntries(Object.entries(change).map(([k, v]) => [k, v === 'yesterday' ? yesterday : v]));
    expect((await h.patch(`/api/v2/goals/${goal.id}`, body)).status).toBe(200);
    expect(await dueFor()).toEqual([]);
  });

  it('AI3 archived, ended and others’ goals make no item', async () => {
    const h = new Harness();
    const me = h.person();
    const items = await h.walk<Item>(PATH);
    const today = dateInZone(h.world.now(), me.timeZone);
    for (const item of items.filter((i) => i.kind === 'goal-update')) {
      const goal = h.world.store.goals.get(item.resource.id)!;
      expect(goal.ownerId).toBe(me.id);
      expect(goal.archived).toBe(false);
      expect(goal.endDate === null || goal.endDate >= today).toBe(true);
      expect(item.due_on <= today).toBe(true);
    }
  });

  it.each([
    ['2026-01-31', 'monthly', '2026-02-28'],
    ['2028-01-31', 'monthly', '2028-02-29'],
    ['2026-12-15', 'monthly', '2027-01-15'],
    ['2026-12-29', 'weekly', '2027-01-05'],
    ['2026-11-20', 'biweekly', '2026-12-04'],
  ] as const)('AI3 a %s cadence after %s is %s', (date, cadence, expected) => {
    expect(cadenceAfter(date, cadence)).toBe(expected);
  });
});
