// MK1–MK3: tokens for every person, reset to a fresh world, and byte-identical answers for the same seed and clock.
import { describe, expect, it } from 'vitest';
import { getCompiledControlSpec } from '../src/spec/compiled-spec.js';
import { control, Harness, NOW } from './support/harness.js';
import { defined } from './support/defined.js';

describe('mock controls', () => {
  it('MK1 GET /__mock/tokens lists both tokens of every person, default person first, each working', async () => {
    const h = new Harness();
    const { status, body } = await control(h, 'GET', '/tokens');
    expect(status).toBe(200);
    expect(body).toHaveLength(h.world.store.people.size);
    expect(body[0]).toMatchObject({ default: true, person: { id: h.world.defaultPersonId } });
    expect(body.filter((t: { default: boolean }) => t.default)).toHaveLength(1);
    for (const entry of body) {
      expect((await h.get('/api/v2/me', { token: entry.read_write })).body.id).toBe(entry.person.id);
      expect((await h.get('/api/v2/me', { token: entry.read_only })).body.id).toBe(entry.person.id);
      expect((await h.post('/api/v2/goals', {}, { token: entry.read_only })).status).toBe(403);
    }
  });

  it('MK2 POST /__mock/reset forgets every change; the same seed gives the same world', async () => {
    const h = new Harness();
    const pristine = (await h.get('/api/v2/goals?per_page=50')).text;
    const created = await h.post('/api/v2/goals', { title: 'Temporary' });
    expect((await h.get(`/api/v2/goals/${created.body.id}`)).status).toBe(200);
    const reset = await control(h, 'POST', '/reset');
    expect(reset).toMatchObject({ status: 200, body: { seed: 42 } });
    expect((await h.get(`/api/v2/goals/${created.body.id}`)).status).toBe(404);
    expect((await h.get('/api/v2/goals?per_page=50')).text).toBe(pristine);
  });

  it('MK2 reset with another seed makes another world; invalid seeds are refused', async () => {
    const h = new Harness();
    const before = (await h.get('/api/v2/people')).text;
    expect((await control(h, 'POST', '/reset', { seed: 7 })).body.seed).toBe(7);
    const tokens = (await control(h, 'GET', '/tokens')).body;
    const after = await h.get('/api/v2/people', { token: tokens[0].read_write });
    expect(after.text).not.toBe(before);
    const refused = await control(h, 'POST', '/reset', { seed: 'seven', size: 'huge' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { name: string }) => e.name).sort()).toEqual(['seed', 'size']);
  });

  it('MK2 a reset without a seed goes back to the start seed; after the clock moved, to the same base caught up', async () => {
    const h = new Harness();
    const base = h.world.base;
    await control(h, 'POST', '/reset', { seed: 7 });
    expect(h.world.seed).toBe(7);
    expect((await control(h, 'POST', '/reset')).body.seed).toBe(42);
    expect(h.world.base).toBe(base);
    // To Monday afternoon (UTC): the new days hold check-ins in Europe and America (Tokyo's Monday, 23 November, is
    // a holiday there).
    await control(h, 'POST', '/clock/advance', { days: 3 });
    await h.post('/api/v2/goals', { title: 'Gone after the reset' });
    await control(h, 'POST', '/reset');
    // The same base, and the new days' check-ins generated again: a session made now agrees.
    expect(h.world.base).toBe(base);
    const mine = `/api/v2/check-ins?people_ids[]=${h.person().id}&per_page=5`;
    expect((await h.get(mine)).text).toBe((await h.get(mine, { headers: { 'x-mock-session': 'fresh' } })).text);
    expect(h.world.store.checkIns.size).toBeGreaterThan(base.store.checkIns.size);
    expect(h.world.store.checkIns.size).toBe(h.mock.worldFor('fresh').store.checkIns.size);
  });

  it('MK3 the same seed and clock give byte-identical answers whatever the order of requests', async () => {
    const first = new Harness();
    const second = new Harness();
    const goal = [...first.world.store.goalsInOrder()].find(
      (g) => !g.private && first.world.store.updatesOfGoal(g.id).length > 0,
    )!;
    const question = defined([...first.world.store.echoQuestions.values()][0], 'an echo question');
    const paths = [
      '/api/v2/me',
      '/api/v2/people?per_page=50',
      '/api/v2/teams',
      '/api/v2/goals?per_page=50',
      `/api/v2/goals/${goal.id}`,
      `/api/v2/goals/${goal.id}/goal-updates`,
      '/api/v2/check-ins?per_page=50&page=3',
      '/api/v2/echo/questions',
      `/api/v2/echo/questions/${question.id}/answers`,
      '/api/v2/activities?per_page=50',
    ];
    const forward = new Map<string, string>();
    for (const path of paths) forward.set(path, (await first.get(path)).text);
    for (const path of [...paths].reverse()) {
      const response = await second.get(path);
      expect(response.text, path).toBe(forward.get(path));
    }
  });

  it('MK3 the id of a created record depends only on the creates of its own kind', async () => {
    const plain = new Harness();
    const busy = new Harness();
    const update = [...busy.world.store.goalUpdates.values()].find(
      (u) => !busy.world.store.goals.get(u.goalId)!.private,
    )!;
    await busy.post(`/api/v2/goal-updates/${update.id}/comments`, { body: 'An unrelated comment first' });
    const a = await plain.post('/api/v2/goals', { title: 'Same goal' });
    const b = await busy.post('/api/v2/goals', { title: 'Same goal' });
    expect(b.body.id).toBe(a.body.id);
  });

  it('MK3 a different seed gives different ids and names', () => {
    const a = new Harness();
    const b = new Harness({ seed: 43 });
    const idsA = new Set(a.world.store.peopleInOrder.map((p) => p.id));
    expect(b.world.store.peopleInOrder.some((p) => idsA.has(p.id))).toBe(false);
    expect(b.world.store.peopleInOrder.map((p) => p.name)).not.toEqual(a.world.store.peopleInOrder.map((p) => p.name));
  });

  it('EC3 pause and resume live under /__mock, and an unknown question is 404', async () => {
    const h = new Harness();
    const question = [...h.world.store.echoQuestions.values()].find((q) => q.pausedAt === null)!;
    const paused = await control(h, 'POST', `/echo/questions/${question.id}/pause`);
    expect(paused.body).toMatchObject({ next_answer_at: null, paused_at: expect.any(String) });
    const resumed = await control(h, 'POST', `/echo/questions/${question.id}/resume`);
    expect(resumed.body).toMatchObject({ paused_at: null, next_answer_at: expect.any(String) });
    expect((await control(h, 'POST', '/echo/questions/00000000-0000-4000-8000-000000000000/pause')).status).toBe(404);
  });
});

describe('MK4 the clock', () => {
  it('MK4 GET /__mock/clock shows the frozen now', async () => {
    const h = new Harness();
    expect((await control(h, 'GET', '/clock')).body).toEqual({ now: NOW, frozen: true });
  });

  it("MK4 advancing three days generates the new days' check-ins and publishes due echo answers", async () => {
    const h = new Harness();
    const me = h.person();
    const weekly = (
      await h.post('/api/v2/echo/questions', {
        prompt: 'What shipped?',
        answer_frequency: 'daily',
        answer_time: '10:00',
      })
    ).body;
    expect((await h.get(`/api/v2/echo/questions/${weekly.id}/answers`)).body).toEqual([]);
    const before = h.world.store.checkIns.size;
    const advanced = await control(h, 'POST', '/clock/advance', { days: 3 });
    expect(advanced.body).toMatchObject({ now: '2026-11-23T15:00:00Z', frozen: true });
    expect(advanced.body.happened.check_ins_made).toBeGreaterThan(0);
    // Monday 2026-11-23 is a check-in day of the default person's team: it now exists, fresh (CI1, CI2).
    const monday = await h.get('/api/v2/check-ins/2026-11-23');
    expect(monday.status).toBe(200);
    expect(monday.body).toMatchObject({ completed_at: null, absent: false, person: { id: me.id } });
    expect(h.world.store.checkIns.size).toBeGreaterThan(before);
    // A daily echo at 10:00 in the creator's zone published one answer per passed slot (EC4).
    const answers = (await h.get(`/api/v2/echo/questions/${weekly.id}/answers`)).body;
    expect(answers.length).toBe(3);
    const next = (await h.get(`/api/v2/echo/questions/${weekly.id}`)).body.next_answer_at;
    expect(Date.parse(next)).toBeGreaterThan(Date.parse('2026-11-23T15:00:00Z'));
    expect(answers.map((a: { published_at: string }) => a.published_at).every((at: string) => at < next)).toBe(true);
  });

  it('MK4 PUT sets the clock; going back is refused; frozen false runs on from the instant', async () => {
    const h = new Harness();
    expect((await control(h, 'PUT', '/clock', { now: '2026-11-25T08:00:00Z' })).body).toEqual({
      now: '2026-11-25T08:00:00Z',
      frozen: true,
    });
    const back = await control(h, 'PUT', '/clock', { now: '2026-11-20T08:00:00Z' });
    expect(back.status).toBe(422);
    expect(back.body.errors[0].name).toBe('now');
    const farAhead = await control(h, 'PUT', '/clock', { now: '9999-12-31T00:00:00Z' });
    expect(farAhead.status).toBe(422);
    expect(farAhead.body.detail).toContain('at most 366 days');
    const running = await control(h, 'PUT', '/clock', { now: '2026-11-26T08:00:00Z', frozen: false });
    expect(running.body.frozen).toBe(false);
    expect(Date.parse(running.body.now)).toBeGreaterThanOrEqual(Date.parse('2026-11-26T08:00:00Z'));
    expect(Date.parse(running.body.now)).toBeLessThan(Date.parse('2026-11-26T08:00:05Z'));
  });

  // Issue 18 item 8: the dashboard's Set keeps the clock frozen or running as it was; PUT without frozen now agrees.
  it('MK4 PUT without frozen keeps the clock as it was: frozen stays frozen, running runs on', async () => {
    const h = new Harness();
    expect((await control(h, 'PUT', '/clock', { now: '2026-11-21T08:00:00Z' })).body.frozen).toBe(true);
    expect((await control(h, 'PUT', '/clock', { now: '2026-11-22T08:00:00Z', frozen: false })).body.frozen).toBe(false);
    const kept = await control(h, 'PUT', '/clock', { now: '2026-11-23T08:00:00Z' });
    expect(kept.body.frozen).toBe(false);
    expect(Date.parse(kept.body.now)).toBeGreaterThanOrEqual(Date.parse('2026-11-23T08:00:00Z'));
    expect((await control(h, 'PUT', '/clock', { now: '2026-11-24T08:00:00Z', frozen: true })).body).toEqual({
      now: '2026-11-24T08:00:00Z',
      frozen: true,
    });
  });

  it('MK4 PUT backwards says how to go back: a reset at that instant, or on real time', async () => {
    const h = new Harness();
    await control(h, 'POST', '/clock/advance', { days: 3 });
    const back = await control(h, 'PUT', '/clock', { now: NOW });
    expect(back.status).toBe(422);
    expect(back.body.errors[0].message).toContain(
      `POST /__mock/reset with {"now": "${NOW}"} starts it again there, or with {"clock": "real"} on real time (MK2)`,
    );
  });

  it.each([
    [{}, 'at least 1 of'],
    [{ days: -1 }, 'days'],
    [{ hours: 1.5 }, 'hours'],
    [{ days: 'two' }, 'days'],
    [{ days: 1e9 }, 'days'],
    [{ days: 366, hours: 24 }, 'at most 366 days'],
  ])('MK4 advance %j is refused with 422 naming %s', async (body, named) => {
    const h = new Harness();
    const refused = await control(h, 'POST', '/clock/advance', body);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.errors)).toContain(named);
    expect((await control(h, 'GET', '/clock')).body.now).toBe(NOW);
  });
});

describe('MK4 how far the clock moves at once, and the memory its days take', () => {
  it('MK4 advances by the sum of the parts given, to the second', async () => {
    const h = new Harness();
    const moved = await control(h, 'POST', '/clock/advance', { hours: 1, minutes: 2, seconds: 3 });
    expect(moved.body).toMatchObject({ now: '2026-11-20T16:02:03Z', frozen: true });
    expect((await control(h, 'POST', '/clock/advance', { days: 1, seconds: 1 })).body.now).toBe('2026-11-21T16:02:04Z');
  });

  it('MK4 PUT to the very instant of the clock is no move back', async () => {
    const h = new Harness();
    expect(await control(h, 'PUT', '/clock', { now: NOW })).toMatchObject({ status: 200, body: { now: NOW } });
  });

  it.each([
    ['POST', '/clock/advance', { hours: 8784, seconds: 1 }, 'hours', 366],
    ['PUT', '/clock', { now: '2027-11-22T15:00:00Z' }, 'now', 367],
    ['PUT', '/clock', { now: '9999-12-31T00:00:00Z' }, 'now', 2_912_118],
  ] as const)(
    'MK4 %s %s %j is one step of more than 366 days: 422 naming %s',
    async (method, path, body, field, days) => {
      const h = new Harness();
      const refused = await control(h, method, path, body);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([
        {
          in: 'body',
          name: field,
          message: `${field} would move the clock ${days} days at once; move it at most 366 days a step (MK4), as the world generates every day it passes.`,
        },
      ]);
      expect((await control(h, 'GET', '/clock')).body.now).toBe(NOW);
    },
  );

  // A small world has 16 people: each day passed, and the day it lands on, may make a check-in of 900 bytes each.
  it.each([
    [{ days: 366 }, 2 ** 20, 'moving the clock 366 days on', '5.0 MiB'],
    [{ seconds: 1 }, 20_000, 'moving the clock 0 days on', '0.0 MiB'],
  ])(
    'G8 advance %j over a budget of %d bytes is refused with 507 before any day is made',
    async (by, budget, what, more) => {
      const h = new Harness({ memoryBudget: budget });
      const refused = await control(h, 'POST', '/clock/advance', by);
      expect(refused.status).toBe(507);
      expect(refused.body.detail).toContain(
        `It refused ${what} (each day makes every scheduled person's check-in) (about ${more} more).`,
      );
      expect((await control(h, 'GET', '/clock')).body.now).toBe(NOW);
    },
  );

  it('G8 a move of no time takes no room, even when none is left', async () => {
    const h = new Harness({ memoryBudget: 10_000 });
    expect((await control(h, 'POST', '/clock/advance', { seconds: 0 })).status).toBe(200);
    expect((await control(h, 'PUT', '/clock', { now: NOW })).status).toBe(200);
    expect((await control(h, 'POST', '/clock/advance', { seconds: 1 })).status).toBe(507);
  });
});

// Issue 18 item 8: time travel both ways. A reset takes the clock: an instant (earlier too), or real time.
describe('MK2 MK4 a reset with a clock', () => {
  const checkIns = '/api/v2/check-ins?per_page=50';

  it('MK2 MK4 reset to the start instant after moving on: the world as at start, on the same base', async () => {
    const h = new Harness();
    const base = h.world.base;
    const pristine = (await h.get(checkIns)).text;
    await control(h, 'POST', '/clock/advance', { days: 3 });
    await h.post('/api/v2/goals', { title: 'Gone after the reset' });
    expect((await h.get(checkIns)).text).not.toBe(pristine);
    const reset = await control(h, 'POST', '/reset', { now: NOW });
    expect(reset).toEqual({
      status: 200,
      body: { seed: 42, size: 'small', default_person_id: h.world.defaultPersonId, now: NOW, frozen: true },
    });
    expect(h.world.base).toBe(base);
    expect((await h.get(checkIns)).text).toBe(pristine);
    expect((await control(h, 'GET', '/clock')).body).toEqual({ now: NOW, frozen: true });
  });

  it('MK3 MK4 reset before the base was generated: the world a server started at that instant has', async () => {
    const h = new Harness();
    const base = h.world.base;
    const earlier = '2026-11-02T09:30:00Z';
    const reset = await control(h, 'POST', '/reset', { now: earlier, frozen: false });
    expect(reset.body.frozen).toBe(false);
    expect(h.world.base).not.toBe(base);
    // Frozen again at the same instant: the same answers, byte for byte, as a world generated there.
    await control(h, 'POST', '/reset', { now: earlier });
    const started = new Harness({ now: earlier });
    expect((await h.get(checkIns)).text).toBe((await started.get(checkIns)).text);
    expect((await h.get('/api/v2/goals?per_page=50')).text).toBe((await started.get('/api/v2/goals?per_page=50')).text);
  });

  it('MK3 MK4 reset to the past and then to a later instant: the world a server started there has, not the past one caught up', async () => {
    const h = new Harness();
    const started = (await h.get(checkIns)).text;
    await control(h, 'POST', '/reset', { now: '2026-11-02T09:30:00Z' });
    await control(h, 'POST', '/reset', { now: NOW });
    expect((await h.get(checkIns)).text).toBe(started);
    expect((await h.get('/api/v2/goals?per_page=50')).text).toBe(
      (await new Harness().get('/api/v2/goals?per_page=50')).text,
    );
  });

  it('MK4 reset with "clock": "real" runs the new world on real time', async () => {
    const h = new Harness();
    const before = Math.floor(Date.now() / 1000) * 1000;
    const reset = await control(h, 'POST', '/reset', { clock: 'real' });
    const after = Date.now();
    expect(reset.body.frozen).toBe(false);
    expect(Date.parse(reset.body.now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(reset.body.now)).toBeLessThanOrEqual(after);
    expect((await control(h, 'GET', '/clock')).body.frozen).toBe(false);
  });

  it.each([
    [{ now: NOW, clock: 'real' }, 'clock', 'cannot go with now (MK4)'],
    [{ frozen: false }, 'frozen', 'goes with now (MK4)'],
    [{ clock: 'Real' }, 'clock', 'did you mean "real"?'],
    [{ now: '2026-11-20' }, 'now', 'YYYY-MM-DDTHH:MM:SSZ'],
  ])('MK4 reset %j is refused with 422 naming %s, and changes nothing', async (body, name, says) => {
    const h = new Harness();
    const world = h.world;
    const refused = await control(h, 'POST', '/reset', body);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ name, message: expect.stringContaining(says) })]);
    expect(h.world).toBe(world);
  });
});

describe('CI9 recording an absence', () => {
  it('CI9 check-ins already generated become absent and stay listed; later days get none', async () => {
    const h = new Harness();
    const me = h.person();
    const today = '2026-11-20';
    expect((await h.get(`/api/v2/check-ins/${today}`)).body.absent).toBe(false);
    const recorded = await control(h, 'POST', `/people/${me.id}/absences`, { start: today, end: '2026-11-27' });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ person_id: me.id, recorded_at: NOW, absent_check_ins: 1 });
    expect((await h.get(`/api/v2/check-ins/${today}`)).body.absent).toBe(true);
    await control(h, 'POST', '/clock/advance', { days: 4 });
    expect((await h.get('/api/v2/check-ins/2026-11-23')).status).toBe(404);
    const listed = await h.get(`/api/v2/check-ins?since=${today}&until=2026-11-24&people_ids[]=${me.id}`);
    expect(listed.body.map((c: { date: string }) => c.date)).toEqual([today]);
  });

  it('CI9 an unknown person is 404 and an end before the start is 422', async () => {
    const h = new Harness();
    expect(
      (
        await control(h, 'POST', '/people/00000000-0000-4000-8000-000000000000/absences', {
          start: '2026-11-20',
          end: '2026-11-21',
        })
      ).status,
    ).toBe(404);
    const backwards = await control(h, 'POST', `/people/${h.person().id}/absences`, {
      start: '2026-11-21',
      end: '2026-11-20',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].name).toBe('end');
  });
});

describe('G14 switched at run time', () => {
  it("G14 PUT /__mock/rate-limit turns production's limits on and off", async () => {
    const h = new Harness();
    expect((await control(h, 'GET', '/rate-limit')).body).toEqual({ enabled: false });
    expect((await h.get('/api/v2/me')).headers.get('ratelimit')).toBeNull();
    expect((await control(h, 'PUT', '/rate-limit', { enabled: true })).body).toEqual({ enabled: true });
    for (let i = 0; i < 30; i++) await h.get('/api/v2/me');
    expect((await h.get('/api/v2/me')).status).toBe(429);
    await control(h, 'PUT', '/rate-limit', { enabled: false });
    expect((await h.get('/api/v2/me')).status).toBe(200);
  });
});

describe('MK5 sessions', () => {
  it('MK5 a session works on its own copy of the world; others and the shared world never see its writes', async () => {
    const h = new Harness();
    const a = { headers: { 'x-mock-session': 'worker-a' } };
    const b = { headers: { 'x-mock-session': 'worker-b' } };
    const shared = (await h.get('/api/v2/goals?per_page=50')).text;
    const created = await h.post('/api/v2/goals', { title: 'Only in session a' }, a);
    expect(created.status).toBe(201);
    expect((await h.get(`/api/v2/goals/${created.body.id}`, a)).status).toBe(200);
    expect((await h.get(`/api/v2/goals/${created.body.id}`, b)).status).toBe(404);
    expect((await h.get(`/api/v2/goals/${created.body.id}`)).status).toBe(404);
    // A fresh session starts from the current seed: the same world the shared one started as (MK3).
    expect((await h.get('/api/v2/goals?per_page=50', b)).text).toBe(shared);
    const sessions = await control(h, 'GET', '/sessions');
    expect(sessions.body.map((s: { name: string }) => s.name).sort()).toEqual(['worker-a', 'worker-b']);
  });

  it('MK5 dropping a session forgets its world; the cap gives a clear error naming the way out', async () => {
    const h = new Harness({ maxSessions: 2 });
    const one = { headers: { 'x-mock-session': 'one' } };
    const created = await h.post('/api/v2/goals', { title: 'In one' }, one);
    await h.get('/api/v2/me', { headers: { 'x-mock-session': 'two' } });
    const third = await h.get('/api/v2/me', { headers: { 'x-mock-session': 'three' } });
    expect(third.status).toBe(429);
    expect(third.body.detail).toMatch(/2 sessions.*DELETE \/__mock\/sessions\/\{name\}/);
    const controlPast = await h.mock.app.request('/__mock/tokens', { headers: { 'x-mock-session': 'three' } });
    expect(controlPast.status).toBe(429);
    expect(controlPast.headers.get('retry-after')).toBe('1');
    expect((await control(h, 'DELETE', '/sessions/one')).status).toBe(204);
    expect((await control(h, 'DELETE', '/sessions/one')).status).toBe(404);
    expect((await h.get('/api/v2/me', { headers: { 'x-mock-session': 'three' } })).status).toBe(200);
    expect((await h.get(`/api/v2/goals/${created.body.id}`, one)).status).toBe(429);
  });

  it('MK5 G14 each session has its own rate-limit windows, so parallel workers do not limit each other', async () => {
    const h = new Harness({ rateLimit: true });
    for (let i = 0; i < 30; i++) await h.get('/api/v2/me', { headers: { 'x-mock-session': 'w1' } });
    expect((await h.get('/api/v2/me', { headers: { 'x-mock-session': 'w1' } })).status).toBe(429);
    expect((await h.get('/api/v2/me', { headers: { 'x-mock-session': 'w2' } })).status).toBe(200);
  });

  it('MK5 controls act on the session the header names: reset and absences stay inside it', async () => {
    const h = new Harness();
    const me = h.person();
    const inSession = { 'x-mock-session': 'demo' };
    await h.mock.app.request(`/__mock/people/${me.id}/absences`, {
      method: 'POST',
      body: JSON.stringify({ start: '2026-11-20', end: '2026-11-20' }),
      headers: { 'content-type': 'application/json', ...inSession },
    });
    expect((await h.get('/api/v2/check-ins/2026-11-20', { headers: inSession })).body.absent).toBe(true);
    expect((await h.get('/api/v2/check-ins/2026-11-20')).body.absent).toBe(false);
    await h.mock.app.request('/__mock/reset', { method: 'POST', headers: inSession });
    expect((await h.get('/api/v2/check-ins/2026-11-20', { headers: inSession })).body.absent).toBe(false);
  });
});

/** The lists MK5's layering check reads from the shared world before and after a session writes. */
const SHARED_READS = [
  '/api/v2/goals?per_page=50',
  '/api/v2/check-ins?per_page=50',
  '/api/v2/echo/questions',
  '/api/v2/activities',
];

describe('MK5 sessions are layers over the shared base', () => {
  const session = (name: string) => ({ 'x-mock-session': name });

  it('MK5 a session made after the shared clock moved has the shared clock and history, not its writes', async () => {
    const h = new Harness();
    await h.patch('/api/v2/check-ins/2026-11-20', { intentions: 'Only in the shared world' });
    await control(h, 'POST', '/clock/advance', { days: 3 });
    const late = { headers: session('late') };
    expect((await control(h, 'GET', '/clock', undefined, session('late'))).body.now).toBe('2026-11-23T15:00:00Z');
    // The same generated history, caught up to the same clock: identical, but for the shared world's write.
    const mine = `/api/v2/check-ins?people_ids[]=${h.person().id}&per_page=50`;
    const shared = (await h.get(mine)).body;
    const inSession = (await h.get(mine, late)).body;
    expect(inSession.map((c: { id: string }) => c.id)).toEqual(shared.map((c: { id: string }) => c.id));
    expect(inSession.find((c: { date: string }) => c.date === '2026-11-20').intentions).toBeNull();
    expect(shared.find((c: { date: string }) => c.date === '2026-11-20').intentions).toBe('Only in the shared world');
    expect((await h.get('/api/v2/check-ins/2026-11-23', late)).status).toBe(
      (await h.get('/api/v2/check-ins/2026-11-23')).status,
    );
  });

  it('MK5 a fresh session holds no changes, and nothing a session writes reaches the base or the shared world', async () => {
    const h = new Harness();
    // What the shared world answers, read before the session writes and again after.
    const sharedAnswers = () => Promise.all(SHARED_READS.map(async (path) => (await h.get(path)).text));
    const before = await sharedAnswers();
    const base = h.world.base.store;
    const baseCounts = () => [
      base.goals.size,
      base.goalUpdates.size,
      base.checkIns.size,
      base.comments.size,
      base.echoAnswers.size,
    ];
    const countsBefore = baseCounts();
    const inS = { headers: session('writer') };
    expect(Object.values(h.mock.worldFor('writer').store.changes()).every((list) => list.length === 0)).toBe(true);
    const goal = (await h.post('/api/v2/goals', { title: 'Session goal' }, inS)).body;
    const update = (await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { confidence: 20 }, inS)).body;
    await h.patch(`/api/v2/goal-updates/${update.id}`, { title: 'Edited' }, inS);
    const checkIn = (await h.patch('/api/v2/check-ins/2026-11-20', { blockers: 'Waiting' }, inS)).body;
    await h.post(`/api/v2/check-ins/${checkIn.id}/comments`, { body: 'Hello' }, inS);
    await h.post(`/api/v2/check-ins/${checkIn.id}/reactions`, { name: 'tada' }, inS);
    const visible = [...h.world.store.goalsInOrder()].find((g) => !g.private && g.ownerId === h.person().id)!;
    await h.patch(`/api/v2/goals/${visible.id}`, { title: 'Renamed in the session' }, inS);
    await h.delete(`/api/v2/goals/${visible.id}`, inS);
    const question = (await h.get('/api/v2/echo/questions', inS)).body[0];
    await h.delete(`/api/v2/echo/questions/${question.id}`, inS);
    await control(
      h,
      'POST',
      `/people/${h.person().id}/absences`,
      { start: '2026-11-18', end: '2026-11-19' },
      session('writer'),
    );
    await control(h, 'POST', '/clock/advance', { days: 2 }, session('writer'));
    expect(baseCounts()).toEqual(countsBefore);
    expect(base.goals.get(visible.id)?.title).toBe(visible.title);
    const after = await sharedAnswers();
    expect(after).toEqual(before);
    // A new session still starts from the untouched base.
    expect((await h.get(`/api/v2/goals/${visible.id}`, { headers: session('fresh') })).body.title).toBe(visible.title);
  });

  it('MK5 snapshots belong to their session; one world keeps at most 64', async () => {
    const h = new Harness();
    expect((await control(h, 'PUT', '/snapshots/mine', undefined, session('a'))).status).toBe(200);
    expect(
      (await control(h, 'GET', '/snapshots', undefined, session('a'))).body.map((s: { name: string }) => s.name),
    ).toEqual(['mine']);
    expect((await control(h, 'GET', '/snapshots', undefined, session('b'))).body).toEqual([]);
    expect((await control(h, 'GET', '/snapshots')).body).toEqual([]);
    expect((await control(h, 'POST', '/snapshots/mine/restore', undefined, session('b'))).status).toBe(404);
    for (let i = 1; i < 64; i++)
      expect((await control(h, 'PUT', `/snapshots/s${i}`, undefined, session('a'))).status).toBe(200);
    const over = await control(h, 'PUT', '/snapshots/one-more', undefined, session('a'));
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/64 snapshots.*DELETE \/__mock\/snapshots/);
    expect((await control(h, 'PUT', '/snapshots/mine', undefined, session('a'))).status).toBe(200);
  });

  it('MK5 MK6 each session draws faults from its own stream, starting from the shared profile', async () => {
    const h = new Harness({ faults: { seed: 5, rules: [{ faults: [{ kind: 'error', status: 503, rate: 0.5 }] }] } });
    const run = async (name: string) => {
      const out: number[] = [];
      // Raw requests: an injected 503 is the mock's own, not the API's (MK6), so the spec does not list it.
      const headers = { ...session(name), authorization: `Bearer ${h.person().tokens.readWrite}` };
      for (let i = 0; i < 12; i++) out.push((await h.mock.app.request('/api/v2/me', { headers })).status);
      return out;
    };
    const first = await run('one');
    await run('noise');
    expect(await run('two')).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 503]));
    await control(h, 'DELETE', '/faults', undefined, session('two'));
    expect(new Set(await run('two'))).toEqual(new Set([200]));
    expect((await control(h, 'GET', '/faults')).body.profile).not.toBeNull();
  });
});

describe('request journal', () => {
  it('GET /__mock/requests lists the last API requests newest first, filtered: exactly the matching ones', async () => {
    const h = new Harness();
    const inSession = (name: string) => ({ headers: { 'x-mock-session': name } });
    await h.get('/api/v2/me');
    await h.get('/api/v2/goals?page=0');
    await h.patch('/api/v2/check-ins/2026-11-20', { mood: 'happy' }, inSession('s1'));
    await h.patch('/api/v2/check-ins/2026-11-20', { mood: 'happy' }, inSession('s2'));
    await h.get('/api/v2/me', inSession('s1'));
    type Listed = { method: string; path: string; status: number; session: string | null };
    const listed = async (query: string) =>
      ((await control(h, 'GET', `/requests${query}`)).body as Listed[]).map(
        (e) => `${e.method} ${e.path} ${e.status} ${e.session}`,
      );
    // Each filter keeps exactly the entries it names and leaves out the others (an empty list would not do).
    expect(await listed('')).toEqual([
      'GET /api/v2/me 200 s1',
      'PATCH /api/v2/check-ins/2026-11-20 200 s2',
      'PATCH /api/v2/check-ins/2026-11-20 200 s1',
      'GET /api/v2/goals?page=0 422 null',
      'GET /api/v2/me 200 null',
    ]);
    expect(await listed('?status=422')).toEqual(['GET /api/v2/goals?page=0 422 null']);
    expect(await listed('?session=s1')).toEqual(['GET /api/v2/me 200 s1', 'PATCH /api/v2/check-ins/2026-11-20 200 s1']);
    expect(await listed('?session=s1&method=PATCH')).toEqual(['PATCH /api/v2/check-ins/2026-11-20 200 s1']);
    expect(await listed('?path=/api/v2/goals&limit=5')).toEqual(['GET /api/v2/goals?page=0 422 null']);
    expect(await listed('?path=/api/v2/me')).toEqual(['GET /api/v2/me 200 s1', 'GET /api/v2/me 200 null']);
    expect((await control(h, 'GET', '/requests?status=abc')).status).toBe(422);
  });

  it('each entry names who made the request: the person its token named, never the token (G9)', async () => {
    const h = new Harness();
    const [, other] = h.world.store.peopleInOrder;
    const someone = defined(other, 'a second person');
    await h.get('/api/v2/me');
    await h.get('/api/v2/goals', { token: someone.tokens.readOnly });
    await h.get('/api/v2/me', { token: 'rw_not-a-token' });
    await h.mock.app.request('/api/v2/me');
    const entries = (await control(h, 'GET', '/requests?limit=4')).body;
    expect(entries.map((e: { status: number; person: unknown }) => [e.status, e.person])).toEqual([
      [401, null],
      [401, null],
      [200, { id: someone.id, name: someone.name }],
      [200, { id: h.person().id, name: h.person().name }],
    ]);
    const text = JSON.stringify(entries);
    for (const token of [h.person().tokens.readWrite, someone.tokens.readOnly]) expect(text).not.toContain(token);
  });

  it('in any-token mode (MK7), names the person an unknown token or none was answered as', async () => {
    const h = new Harness({ anyToken: true });
    await h.get('/api/v2/me', { token: 'eyJhbGciOiJIUzI1NiJ9.the-apps-own-login.sig' });
    await h.get('/api/v2/me', { token: null });
    const entries = (await control(h, 'GET', '/requests?limit=2')).body;
    const answeredAs = { id: h.person().id, name: h.person().name };
    expect(entries.map((e: { status: number; person: unknown }) => [e.status, e.person])).toEqual([
      [200, answeredAs],
      [200, answeredAs],
    ]);
  });
});

describe('control token', () => {
  it('with --control-token the controls need it; the API tokens do not open them', async () => {
    const h = new Harness({ controlToken: 'secret-control' });
    const denied = await h.mock.app.request('/__mock/tokens');
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const apiToken = await h.mock.app.request('/__mock/clock', {
      headers: { authorization: `Bearer ${h.person().tokens.readWrite}` },
    });
    expect(apiToken.status).toBe(401);
    const allowed = await h.mock.app.request('/__mock/clock', { headers: { authorization: 'Bearer secret-control' } });
    expect(allowed.status).toBe(200);
  });

  it("MK1 with --control-token the people's tokens derive from it: stable for it, other for another, the seed's refused", async () => {
    type Listed = { person: { id: string }; read_write: string; read_only: string };
    const tokensOf = async (h: Harness, controlToken?: string) =>
      (await control(h, 'GET', '/tokens', undefined, controlToken ? { authorization: `Bearer ${controlToken}` } : {}))
        .body as Listed[];
    const seedOnly = await tokensOf(new Harness());
    const keyed = new Harness({ controlToken: 'secret-control-a' });
    const fromA = await tokensOf(keyed, 'secret-control-a');
    const againA = await tokensOf(new Harness({ controlToken: 'secret-control-a' }), 'secret-control-a');
    const fromB = await tokensOf(new Harness({ controlToken: 'secret-control-b' }), 'secret-control-b');

    // The same people in the same order; every token of theirs differs from the seed's and from another key's.
    expect(fromA.map((t) => t.person.id)).toEqual(seedOnly.map((t) => t.person.id));
    expect(fromA).toEqual(againA);
    const all = (list: Listed[]) => list.flatMap((t) => [t.read_write, t.read_only]);
    expect(all(fromA).filter((token) => all(seedOnly).includes(token) || all(fromB).includes(token))).toEqual([]);
    expect(fromA.every((t) => /^rw_[0-9a-f]{24}$/.test(t.read_write) && /^ro_[0-9a-f]{24}$/.test(t.read_only))).toBe(
      true,
    );

    // G9: the seed's token, which anyone can compute offline, opens nothing; the derived one does.
    const me = async (token: string | undefined) =>
      (await keyed.mock.app.request('/api/v2/me', { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await me(seedOnly[0]?.read_write)).toBe(401);
    expect(await me(fromA[0]?.read_write)).toBe(200);

    // A session's world and a reset to the same seed keep them; another seed's tokens are keyed too (MK2).
    const session = await keyed.mock.app.request('/api/v2/me', {
      headers: { authorization: `Bearer ${fromA[0]?.read_write}`, 'x-mock-session': 'worker-1' },
    });
    expect(session.status).toBe(200);
    const auth = { authorization: 'Bearer secret-control-a' };
    expect((await control(keyed, 'POST', '/reset', {}, auth)).status).toBe(200);
    expect(await tokensOf(keyed, 'secret-control-a')).toEqual(fromA);
    expect((await control(keyed, 'POST', '/reset', { seed: 7 }, auth)).status).toBe(200);
    const seven = all(await tokensOf(keyed, 'secret-control-a'));
    const sevenSeedOnly = all(await tokensOf(new Harness({ seed: 7 })));
    expect(seven).toHaveLength(sevenSeedOnly.length);
    expect(seven.filter((token) => sevenSeedOnly.includes(token) || all(fromA).includes(token))).toEqual([]);
  });

  it('with --control-token every control operation of spec/control.yaml, and any other /__mock path, needs it', async () => {
    const h = new Harness({ controlToken: 'secret-control' });
    const before = (await h.get('/api/v2/goals?per_page=50')).text;
    const operations = getCompiledControlSpec().operations;
    expect(operations.length).toBeGreaterThan(20);
    for (const op of [...operations, { method: 'GET', path: '/no-such-control' }, { method: 'PUT', path: '/reset' }]) {
      const path = `/__mock${op.path.replace(/\{id\}/g, h.person().id).replace(/\{name\}/g, 'x')}`;
      const denied = await h.mock.app.request(path, {
        method: op.method,
        body: op.method === 'GET' ? undefined : '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(denied.status, `${op.method} ${path}`).toBe(401);
      expect(denied.headers.get('content-type')).toBe('application/problem+json');
    }
    // Nothing behind the 401s ran: no reset, no clock move, no absence.
    expect((await h.get('/api/v2/goals?per_page=50')).text).toBe(before);
    expect(h.world.now()).toBe(Date.parse(NOW) / 1000);
  });
});
