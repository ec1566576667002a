// MK1–MK3: tokens for every person, reset to a fresh world, and byte-identical answers for the same seed and clock.
import { describe, expect, it } from 'vitest';
import { Harness } from './support/harness.js';

async function control(h: Harness, method: string, path: string, body?: unknown) {
  const response = await h.mock.app.request(`/__mock${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json' },
  });
  return { status: response.status, body: await response.json() };
}

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
    const refused = await control(h, 'POST', '/reset', { seed: 'seven' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].name).toBe('seed');
  });

  it('MK3 the same seed and clock give byte-identical answers whatever the order of requests', async () => {
    const first = new Harness();
    const second = new Harness();
    const goal = first.world.store.goalsInOrder().find((g) => !g.private && first.world.store.updatesOfGoal(g.id).length > 0)!;
    const question = [...first.world.store.echoQuestions.values()][0];
    const paths = [
      '/api/v2/me', '/api/v2/people?per_page=50', '/api/v2/teams', '/api/v2/goals?per_page=50',
      `/api/v2/goals/${goal.id}`, `/api/v2/goals/${goal.id}/goal-updates`, '/api/v2/check-ins?per_page=50&page=3',
      '/api/v2/echo/questions', `/api/v2/echo/questions/${question.id}/answers`, '/api/v2/activities?per_page=50',
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
    const update = [...busy.world.store.goalUpdates.values()].find((u) => !busy.world.store.goals.get(u.goalId)!.private)!;
    await busy.post(`/api/v2/goal-updates/${update.id}/comments`, { body: 'An unrelated comment first' });
    const a = await plain.post('/api/v2/goals', { title: 'Same goal' });
    const b = await busy.post('/api/v2/goals', { title: 'Same goal' });
    expect(b.body.id).toBe(a.body.id);
  });

  it('MK3 a different seed gives different ids and names', async () => {
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
