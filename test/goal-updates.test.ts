// Goal updates over HTTP (GU1–GU7): author and links, confidence snapping, carry-over on create, progress range,
// the goal following its latest update, PATCH/DELETE timestamps, newest-first order, and G9 writes.
import { describe, expect, it } from 'vitest';
import { Harness, NOW, control, expectProblem } from './support/harness.js';
import type { Goal, GoalUpdate, Person } from '../src/domain/records.js';
import { defined } from './support/defined.js';

const API = '/api/v2';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** GO5 labels. */
const LABEL: Record<number, string> = { 30: 'Off track', 60: 'At risk', 90: 'On track', 100: 'On track' };

/** GU2 restated: below 45 → 30, 45 to 74 → 60, 75 and above → 90. */
function snapped(value: number): number {
  return value < 45 ? 30 : value < 75 ? 60 : 90;
}

/** G3 instant `ms` after NOW. */
function instantAfter(ms: number): string {
  return new Date(Date.parse(NOW) + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function canSee(goal: Goal, person: Person): boolean {
  return !goal.private || goal.ownerId === person.id || goal.contributorIds.includes(person.id);
}

/** The generated goals the default person can see with at least `least` updates stored. */
function goalsWithUpdates(h: Harness, least: number): Goal[] {
  const me = h.person();
  return [...h.world.store.goals.values()].filter(
    (g) => canSee(g, me) && h.world.store.updatesOfGoal(g.id).length >= least,
  );
}

/** GU7 by the rule: created_at descending, then the one created last (seq) first. */
function newestFirst(a: GoalUpdate, b: GoalUpdate): number {
  return b.createdAt - a.createdAt || b.seq - a.seq;
}

/** A fresh harness with a fresh goal of the default person (no updates yet). */
async function freshGoal(): Promise<{ h: Harness; goalId: string }> {
  const h = new Harness();
  const res = await h.post(`${API}/goals`, { title: 'Fresh goal' });
  expect(res.status).toBe(201);
  return { h, goalId: res.body.id };
}

async function postUpdate(h: Harness, goalId: string, body: object = {}): Promise<any> {
  const res = await h.post(`${API}/goals/${goalId}/goal-updates`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function goalValues(h: Harness, goalId: string) {
  const { progress, confidence, confidence_description } = (await h.get(`${API}/goals/${goalId}`)).body;
  return { progress, confidence, confidence_description };
}

async function listIds(h: Harness, goalId: string): Promise<string[]> {
  return (await h.get(`${API}/goals/${goalId}/goal-updates?per_page=50`)).body.map((u: { id: string }) => u.id);
}

// ---------------------------------------------------------------------------------------------------------

/**
 * GU2, GU4: each of `values` for `field` is refused with a 422 naming the field, on POST and on PATCH, and
 * nothing is saved; a case is titled by the value (a string as `the string "60"`).
 */
function itRefusesOnPostAndPatch(rule: string, field: 'confidence' | 'progress', values: unknown[]): void {
  const cases = values.map((value) => ({
    value,
    name: typeof value === 'string' ? `the string "${value}"` : String(value),
  }));
  it.each(cases)(
    `${rule} ${field} $name → 422 naming ${field}, on POST and PATCH, nothing saved`,
    async ({ value }) => {
      const { h, goalId } = await freshGoal();
      const update = await postUpdate(h, goalId, { progress: 10, confidence: 60 });
      expectProblem(await h.post(`${API}/goals/${goalId}/goal-updates`, { [field]: value }), 422, field);
      expectProblem(await h.patch(`${API}/goal-updates/${update.id}`, { [field]: value }), 422, field);
      expect(await listIds(h, goalId)).toEqual([update.id]);
      expect((await h.get(`${API}/goal-updates/${update.id}`)).body).toEqual(update);
    },
  );
}

describe('GU1 create', () => {
  it('GU1 POST creates an update by the caller on the goal of the path', async () => {
    const h = new Harness();
    // Not the default person, and a public goal they neither own nor contribute to: authorship is the caller's.
    const goal = [...h.world.store.goals.values()].find((g) => !g.private && !g.archived)!;
    const caller = h.person(
      (p) => p.id !== h.world.defaultPersonId && p.id !== goal.ownerId && !goal.contributorIds.includes(p.id),
    );
    const token = h.tokenOf(caller);
    const res = await h.post(
      `${API}/goals/${goal.id}/goal-updates`,
      { title: 'Week 3', body: 'Shipped **it**', progress: 40, confidence: 60 },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'goal-update',
      goal: { id: goal.id, title: goal.title },
      person: { id: caller.id, name: caller.name },
      title: 'Week 3',
      body: 'Shipped **it**',
      progress: 40,
      confidence: 60,
      confidence_description: 'At risk',
      created_at: NOW,
      updated_at: NOW,
      url: `${h.mock.options.appUrl}/goal_updates/${res.body.id}`,
    });
    expect((await h.get(`${API}/goal-updates/${res.body.id}`, { token })).body).toEqual(res.body);
    expect((await listIds(h, goal.id))[0]).toBe(res.body.id);
    expect(h.world.store.goalUpdates.get(res.body.id)!.goalId).toBe(goal.id);
  });

  it('GU1 an unknown or malformed goal in the path is 404, nothing created', async () => {
    const h = new Harness();
    const before = h.world.store.goalUpdates.size;
    for (const id of [UNKNOWN_ID, 'nope']) expectProblem(await h.post(`${API}/goals/${id}/goal-updates`, {}), 404);
    expect(h.world.store.goalUpdates.size).toBe(before);
  });
});

describe('GU2 confidence snapping', () => {
  const values = [0, 29, 30, 44, 45, 60, 74, 75, 90, 100];

  it.each(values)('GU2 confidence %i on create is saved snapped (44→30, 45→60, 74→60, 75→90)', async (value) => {
    const { h, goalId } = await freshGoal();
    const update = await postUpdate(h, goalId, { confidence: value });
    expect(update.confidence).toBe(snapped(value));
    expect(update.confidence_description).toBe(LABEL[snapped(value)]);
    expect((await h.get(`${API}/goal-updates/${update.id}`)).body.confidence).toBe(snapped(value));
    expect(await goalValues(h, goalId)).toMatchObject({
      confidence: snapped(value),
      confidence_description: LABEL[snapped(value)],
    });
  });

  it.each(values)('GU2 confidence %i on PATCH is re-snapped', async (value) => {
    const { h, goalId } = await freshGoal();
    // Start from the value furthest from the expected one, so an unsaved PATCH cannot pass.
    const update = await postUpdate(h, goalId, { confidence: snapped(value) === 30 ? 90 : 30 });
    const res = await h.patch(`${API}/goal-updates/${update.id}`, { confidence: value });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ confidence: snapped(value), confidence_description: LABEL[snapped(value)] });
    expect((await h.get(`${API}/goal-updates/${update.id}`)).body.confidence).toBe(snapped(value));
  });

  itRefusesOnPostAndPatch('GU2', 'confidence', [-1, 101, 50.5, '60', null, true]);
});

describe('GU3 carry-over on create', () => {
  it('GU3 a first update with nothing given: progress 1, confidence 100 snapped to 90', async () => {
    const { h, goalId } = await freshGoal();
    const update = await postUpdate(h, goalId, {});
    expect(update).toMatchObject({ progress: 1, confidence: 90, confidence_description: 'On track' });
    expect(await goalValues(h, goalId)).toEqual({ progress: 1, confidence: 90, confidence_description: 'On track' });
  });

  it('GU3 a second update with nothing given carries the previous values', async () => {
    const { h, goalId } = await freshGoal();
    await postUpdate(h, goalId, { progress: 37, confidence: 50 });
    const second = await postUpdate(h, goalId, {});
    expect(second).toMatchObject({ progress: 37, confidence: 60 });
    // And from a first update that itself took the defaults.
    const { h: h2, goalId: g2 } = await freshGoal();
    await postUpdate(h2, g2, {});
    expect(await postUpdate(h2, g2, {})).toMatchObject({ progress: 1, confidence: 90 });
  });

  it('GU3 each omitted field is carried on its own', async () => {
    const { h, goalId } = await freshGoal();
    await postUpdate(h, goalId, { progress: 20, confidence: 30 });
    expect(await postUpdate(h, goalId, { progress: 80 })).toMatchObject({ progress: 80, confidence: 30 });
    expect(await postUpdate(h, goalId, { confidence: 60 })).toMatchObject({ progress: 80, confidence: 60 });
  });

  it('GU3 a first update given only progress takes confidence 90; given only confidence takes progress 1', async () => {
    const a = await freshGoal();
    expect(await postUpdate(a.h, a.goalId, { progress: 15 })).toMatchObject({ progress: 15, confidence: 90 });
    const b = await freshGoal();
    expect(await postUpdate(b.h, b.goalId, { confidence: 10 })).toMatchObject({ progress: 1, confidence: 30 });
  });

  it('GU3 carries from the latest update: after a PATCH, after a DELETE, and within one second', async () => {
    const { h, goalId } = await freshGoal();
    const first = await postUpdate(h, goalId, { progress: 10, confidence: 30 });
    // Same second as the first (frozen clock): the one created last is the previous one.
    const second = await postUpdate(h, goalId, { progress: 20, confidence: 60 });
    expect(await postUpdate(h, goalId, {})).toMatchObject({ progress: 20, confidence: 60 });
    const third = (await h.get(`${API}/goals/${goalId}/goal-updates`)).body[0];
    await h.patch(`${API}/goal-updates/${third.id}`, { progress: 33, confidence: 90 });
    expect(await postUpdate(h, goalId, {})).toMatchObject({ progress: 33, confidence: 90 });
    // Delete everything newer than `second`: the carry-over comes from `second` again.
    for (const id of await listIds(h, goalId)) {
      if (id === second.id || id === first.id) continue;
      expect((await h.delete(`${API}/goal-updates/${id}`)).status).toBe(204);
    }
    expect(await postUpdate(h, goalId, {})).toMatchObject({ progress: 20, confidence: 60 });
  });

  it('GU3 the previous update is the one with the greatest created_at, not the one created last', async () => {
    const { h, goalId } = await freshGoal();
    await postUpdate(h, goalId, { progress: 70, confidence: 90 });
    h.world.clock.advance(-3_600_000);
    await postUpdate(h, goalId, { progress: 5, confidence: 30 });
    expect(await postUpdate(h, goalId, {})).toMatchObject({ progress: 70, confidence: 90 });
  });

  it('GU3 on a generated goal, an empty update carries the values of its latest stored update', async () => {
    const h = new Harness();
    const goals = goalsWithUpdates(h, 2);
    expect(goals.length).toBeGreaterThan(0);
    for (const goal of goals.slice(0, 5)) {
      const [newest] = [...h.world.store.goalUpdates.values()].filter((u) => u.goalId === goal.id).sort(newestFirst);
      const latest = defined(newest, `the latest update of goal ${goal.id}`);
      const update = await postUpdate(h, goal.id, {});
      expect(update).toMatchObject({ progress: latest.progress, confidence: latest.confidence });
    }
  });
});

describe('GU4 progress range', () => {
  itRefusesOnPostAndPatch('GU4', 'progress', [-1, 101, 12.5, '50', null]);

  it('GU4 progress 0 and 100 are accepted as given', async () => {
    const { h, goalId } = await freshGoal();
    expect((await postUpdate(h, goalId, { progress: 0 })).progress).toBe(0);
    const top = await postUpdate(h, goalId, { progress: 100 });
    expect(top.progress).toBe(100);
    expect((await h.patch(`${API}/goal-updates/${top.id}`, { progress: 0 })).body.progress).toBe(0);
  });

  it('GU4 both fields bad give one errors[] entry each (G8)', async () => {
    const { h, goalId } = await freshGoal();
    const res = await h.post(`${API}/goals/${goalId}/goal-updates`, { progress: 200, confidence: -5 });
    expectProblem(res, 422, 'progress');
    expectProblem(res, 422, 'confidence');
  });
});

describe('GU5 the goal follows its latest update', () => {
  it('GU5 after create, PATCH and DELETE the goal shows its latest update', async () => {
    const { h, goalId } = await freshGoal();
    const a = await postUpdate(h, goalId, { progress: 10, confidence: 30 });
    h.world.clock.advance(60_000);
    const b = await postUpdate(h, goalId, { progress: 40, confidence: 60 });
    h.world.clock.advance(60_000);
    const c = await postUpdate(h, goalId, { progress: 90, confidence: 90 });
    expect(await goalValues(h, goalId)).toEqual({ progress: 90, confidence: 90, confidence_description: 'On track' });

    // PATCH of the latest moves the goal; PATCH of an older one does not.
    await h.patch(`${API}/goal-updates/${c.id}`, { progress: 85, confidence: 50 });
    expect(await goalValues(h, goalId)).toEqual({ progress: 85, confidence: 60, confidence_description: 'At risk' });
    await h.patch(`${API}/goal-updates/${a.id}`, { progress: 99, confidence: 99 });
    expect(await goalValues(h, goalId)).toEqual({ progress: 85, confidence: 60, confidence_description: 'At risk' });

    // DELETE of an older one does not move the goal; DELETE of the latest falls back to the one before.
    expect((await h.delete(`${API}/goal-updates/${a.id}`)).status).toBe(204);
    expect(await goalValues(h, goalId)).toEqual({ progress: 85, confidence: 60, confidence_description: 'At risk' });
    expect((await h.delete(`${API}/goal-updates/${c.id}`)).status).toBe(204);
    expect(await goalValues(h, goalId)).toEqual({
      progress: b.progress,
      confidence: b.confidence,
      confidence_description: 'At risk',
    });

    // DELETE of the only one left: the no-update values (GO4).
    expect((await h.delete(`${API}/goal-updates/${b.id}`)).status).toBe(204);
    expect(await goalValues(h, goalId)).toEqual({ progress: 0, confidence: 100, confidence_description: 'On track' });
  });

  it('GU5 the goal in GET /goals follows too', async () => {
    const { h, goalId } = await freshGoal();
    await postUpdate(h, goalId, { progress: 64, confidence: 44 });
    const listed = (await h.get(`${API}/goals?goal_ids[]=${goalId}`)).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ progress: 64, confidence: 30, confidence_description: 'Off track' });
  });

  it('GU5 deleting the latest of a generated goal shows the previous stored update', async () => {
    const h = new Harness();
    const goal = defined(goalsWithUpdates(h, 3)[0], 'a goal with three updates');
    const [newest, next] = [...h.world.store.goalUpdates.values()]
      .filter((u) => u.goalId === goal.id)
      .sort(newestFirst);
    const latest = defined(newest, 'the latest update');
    const previous = defined(next, 'the update before it');
    expect((await h.delete(`${API}/goal-updates/${latest.id}`)).status).toBe(204);
    expect(await goalValues(h, goal.id)).toEqual({
      progress: previous.progress,
      confidence: previous.confidence,
      confidence_description: LABEL[previous.confidence],
    });
  });
});

describe('GU6 PATCH and DELETE', () => {
  it('GU6 PATCH keeps created_at, bumps updated_at, changes only the fields sent', async () => {
    const { h, goalId } = await freshGoal();
    const update = await postUpdate(h, goalId, { title: 'T', body: 'B', progress: 10, confidence: 30 });
    expect(update.created_at).toBe(NOW);
    h.world.clock.advance(90_000);
    const res = await h.patch(`${API}/goal-updates/${update.id}`, { title: 'T2' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...update, title: 'T2', updated_at: instantAfter(90_000) });
    h.world.clock.advance(3_600_000);
    const again = await h.patch(`${API}/goal-updates/${update.id}`, { body: 'B2', progress: 11 });
    expect(again.body).toEqual({
      ...update,
      title: 'T2',
      body: 'B2',
      progress: 11,
      updated_at: instantAfter(3_690_000),
    });
    expect((await h.get(`${API}/goal-updates/${update.id}`)).body).toEqual(again.body);
  });

  it('GU6 PATCH of an older update does not change the list order (created_at kept)', async () => {
    const { h, goalId } = await freshGoal();
    const a = await postUpdate(h, goalId, {});
    h.world.clock.advance(1000);
    const b = await postUpdate(h, goalId, {});
    h.world.clock.advance(1000);
    await h.patch(`${API}/goal-updates/${a.id}`, { title: 'edited later' });
    expect(await listIds(h, goalId)).toEqual([b.id, a.id]);
  });

  it('GU6 DELETE gives 204 with an empty body; the update is gone', async () => {
    const { h, goalId } = await freshGoal();
    const keep = await postUpdate(h, goalId, {});
    const gone = await postUpdate(h, goalId, {});
    const res = await h.delete(`${API}/goal-updates/${gone.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectProblem(await h.get(`${API}/goal-updates/${gone.id}`), 404);
    expectProblem(await h.patch(`${API}/goal-updates/${gone.id}`, { title: 'x' }), 404);
    expectProblem(await h.delete(`${API}/goal-updates/${gone.id}`), 404);
    expect(await listIds(h, goalId)).toEqual([keep.id]);
  });

  it('GU6 DELETE of a generated update takes its comments and reactions along', async () => {
    const h = new Harness();
    const { store } = h.world;
    const me = h.person();
    const visible = [...store.goalUpdates.values()].filter((u) => canSee(store.goals.get(u.goalId)!, me));
    const update = defined(
      visible.find((u) => store.commentsOf('goal-update', u.id).length > 0) ?? visible[0],
      'a visible update',
    );
    // One comment and one reaction made here, so the cascade is checked whatever the generated world holds.
    expect((await h.post(`${API}/goal-updates/${update.id}/comments`, { body: 'doomed' })).status).toBe(201);
    expect((await h.post(`${API}/goal-updates/${update.id}/reactions`, { name: 'tada' })).status).toBe(201);
    const comments = store.commentsOf('goal-update', update.id).map((c) => c.id);
    const reactions = store.reactionsOf('goal-update', update.id).map((r) => r.id);
    expect(comments.length).toBeGreaterThan(0);
    expect(reactions.length).toBeGreaterThan(0);
    expect((await h.delete(`${API}/goal-updates/${update.id}`)).status).toBe(204);
    expectProblem(await h.get(`${API}/goal-updates/${update.id}/comments`), 404);
    expect(store.goalUpdates.has(update.id)).toBe(false);
    for (const id of comments) expect(store.comments.has(id)).toBe(false);
    for (const id of reactions) expect(store.reactions.has(id)).toBe(false);
  });
});

describe('GU8 only the author or an administrator changes an update', () => {
  it('GU8 another person gets 403 on PATCH and DELETE, and the update stays as it was', async () => {
    const { h, goalId } = await freshGoal();
    const update = await postUpdate(h, goalId, { title: 'Mine', confidence: 90 });
    const colleague = h.person((p) => !p.administrator && p.id !== h.world.defaultPersonId);
    // Each refusal names the action refused (a message saying "change" for a DELETE would mislead).
    for (const [action, response] of [
      [
        'change',
        await h.patch(`${API}/goal-updates/${update.id}`, { confidence: 10 }, { token: h.tokenOf(colleague) }),
      ],
      ['delete', await h.delete(`${API}/goal-updates/${update.id}`, { token: h.tokenOf(colleague) })],
    ] as const) {
      expectProblem(response, 403);
      expect(response.body.detail).toBe(
        `Only the author of goal update ${update.id} or an administrator may ${action} it (GU8); post an update of your own with POST /goals/{goal_id}/goal-updates.`,
      );
    }
    expect((await h.get(`${API}/goal-updates/${update.id}`)).body).toEqual(update);
    // Anyone who sees the goal may still post an update of their own (GU1).
    expect(
      (await h.post(`${API}/goals/${goalId}/goal-updates`, { title: 'Theirs' }, { token: h.tokenOf(colleague) }))
        .status,
    ).toBe(201);
  });

  it('GU8 the author and an administrator may change and delete it', async () => {
    const { h, goalId } = await freshGoal();
    const colleague = h.person((p) => !p.administrator && p.id !== h.world.defaultPersonId);
    const theirs = (
      await h.post(`${API}/goals/${goalId}/goal-updates`, { title: 'Theirs' }, { token: h.tokenOf(colleague) })
    ).body;
    expect(
      (await h.patch(`${API}/goal-updates/${theirs.id}`, { title: 'Edited by them' }, { token: h.tokenOf(colleague) }))
        .status,
    ).toBe(200);
    // The default person is an administrator.
    expect(h.person().administrator).toBe(true);
    expect((await h.patch(`${API}/goal-updates/${theirs.id}`, { title: 'Edited by an admin' })).body.title).toBe(
      'Edited by an admin',
    );
    expect((await h.delete(`${API}/goal-updates/${theirs.id}`)).status).toBe(204);
  });
});

describe('GU7 newest first', () => {
  it('GU7 updates created in the same second: the one created last is listed first (and is the latest, GO4)', async () => {
    const { h, goalId } = await freshGoal();
    const made = [];
    for (const progress of [50, 10, 30]) made.push(await postUpdate(h, goalId, { progress }));
    expect(new Set(made.map((u) => u.created_at)).size).toBe(1);
    expect(await listIds(h, goalId)).toEqual(made.map((u) => u.id).reverse());
    expect((await goalValues(h, goalId)).progress).toBe(30);
    // A later second goes on top.
    h.world.clock.advance(1000);
    const later = await postUpdate(h, goalId, { progress: 1 });
    expect((await listIds(h, goalId))[0]).toBe(later.id);
  });

  it('GU7 created_at decides before creation order', async () => {
    const { h, goalId } = await freshGoal();
    const newer = await postUpdate(h, goalId, {});
    h.world.clock.advance(-60_000);
    const older = await postUpdate(h, goalId, {});
    expect(await listIds(h, goalId)).toEqual([newer.id, older.id]);
  });

  it('GU7 every generated goal lists its updates by the rule, across pages', async () => {
    const h = new Harness();
    const goals = goalsWithUpdates(h, 2);
    expect(goals.length).toBeGreaterThan(0);
    for (const goal of goals) {
      const expected = [...h.world.store.goalUpdates.values()]
        .filter((u) => u.goalId === goal.id)
        .sort(newestFirst)
        .map((u) => u.id);
      const all = (await h.get(`${API}/goals/${goal.id}/goal-updates?per_page=50`)).body;
      expect(all.map((u: { id: string }) => u.id)).toEqual(expected);
      const stamps = all.map((u: { created_at: string }) => u.created_at);
      expect(stamps).toEqual([...stamps].sort().reverse());
      // One per page: the same order, no overlap, then [] past the end (G4).
      const paged: string[] = [];
      for (let page = 1; page <= expected.length + 1; page++) {
        paged.push(
          ...(await h.get(`${API}/goals/${goal.id}/goal-updates?per_page=1&page=${page}`)).body.map(
            (u: { id: string }) => u.id,
          ),
        );
      }
      expect(paged).toEqual(expected);
    }
  });

  const pageErrors = [
    { query: 'page=0', field: 'page' },
    { query: 'per_page=0', field: 'per_page' },
    { query: 'page=abc', field: 'page' },
  ];
  it.each(pageErrors)("GU7 GET a goal's updates with $query → 422 naming $field (G4)", async ({ query, field }) => {
    const { h, goalId } = await freshGoal();
    expectProblem(await h.get(`${API}/goals/${goalId}/goal-updates?${query}`), 422, field);
  });
});

describe('G7 unknown and read-only fields of an update body', () => {
  it('G7 ignored by default: created_at, person and unknown fields do not change anything', async () => {
    const { h, goalId } = await freshGoal();
    const other = h.person((p) => p.id !== h.world.defaultPersonId);
    const update = await postUpdate(h, goalId, {
      progress: 5,
      created_at: '2020-01-01T00:00:00Z',
      person: { id: other.id },
      mood: 'happy',
    });
    expect(update).toMatchObject({ progress: 5, created_at: NOW, person: { id: h.world.defaultPersonId } });
  });

  it('G7 in strict mode an unknown field gives 422 naming it', async () => {
    const h = new Harness({ strict: true });
    const goal = (await h.post(`${API}/goals`, {})).body;
    expectProblem(await h.post(`${API}/goals/${goal.id}/goal-updates`, { progress: 5, mood: 'happy' }), 422, 'mood');
  });
});

describe('G9 read-only tokens cannot write goal updates', () => {
  const h = new Harness();
  const me = h.person();
  const goal = [...h.world.store.goals.values()].find(
    (g) => canSee(g, me) && h.world.store.updatesOfGoal(g.id).length > 0,
  )!;
  const update = defined(h.world.store.updatesOfGoal(goal.id)[0], `an update of goal ${goal.id}`);
  const snapshot = { ...update };
  const readOnly = h.tokenOf(me, 'readOnly');
  const cases: Array<{ name: string; method: string; path: string; body?: unknown }> = [
    {
      name: 'POST /goals/{id}/goal-updates',
      method: 'POST',
      path: `/goals/${goal.id}/goal-updates`,
      body: { progress: 3 },
    },
    { name: 'PATCH /goal-updates/{id}', method: 'PATCH', path: `/goal-updates/${update.id}`, body: { progress: 3 } },
    { name: 'DELETE /goal-updates/{id}', method: 'DELETE', path: `/goal-updates/${update.id}` },
  ];
  it.each(cases)('G9 $name with a read-only token → 403, nothing changed', async ({ method, path, body }) => {
    const before = h.world.store.goalUpdates.size;
    const res = await h.call(method, `${API}${path}`, { token: readOnly, body });
    expectProblem(res, 403);
    expect(res.body.detail).toMatch(/read-only/i);
    expect(h.world.store.goalUpdates.size).toBe(before);
    expect(h.world.store.goalUpdates.get(update.id)).toEqual(snapshot);
  });
});

describe('GU1 and GO7: what a new update holds, and who finds it', () => {
  it('GU1 an update posted without title or body has both empty, and counts as a goal update made (MK3)', async () => {
    const { h, goalId } = await freshGoal();
    const update = await postUpdate(h, goalId, { progress: 10 });
    expect([update.title, update.body]).toEqual(['', '']);
    // The world's counters count it under its kind: a saved state names what was made, by kind.
    const { counters } = (await control(h, 'GET', '/state')).body as { counters: { created: Record<string, number> } };
    expect(counters.created).toEqual({ goal: 1, 'goal-update': 1 });
  });

  it('GO7 an unknown update and an update of a private goal the caller cannot see get the same 404 (G2)', async () => {
    const h = new Harness();
    const { store } = h.world;
    const [hidden, outsider] = (() => {
      for (const goal of store.goalsInOrder()) {
        const updates = store.updatesOfGoal(goal.id);
        const person = store.peopleInOrder.find((p) => !p.administrator && !canSee(goal, p));
        if (goal.private && updates[0] && person) return [updates[0], person] as const;
      }
      throw new Error('no private goal with updates and a person who cannot see it');
    })();
    for (const id of [UNKNOWN_ID, hidden.id]) {
      const response = await h.get(`${API}/goal-updates/${id}`, { token: h.tokenOf(outsider) });
      expectProblem(response, 404);
      expect(response.body.detail).toBe(
        `No goal update with id ${id} exists, or it is not visible to you (G2). Check the id; list them to find one.`,
      );
    }
  });
});
