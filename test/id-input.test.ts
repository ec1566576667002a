// G2's input half (decided): the server takes any RFC 9562 UUID where the spec says `format: uuid` — another
// version, the nil UUID, either case — compared without regard to case, as request generators (Schemathesis,
// RESTler, Dredd) send them. An id that names no record: 404 on a path, nothing matched by a filter, GO2's 422
// for a body reference. A `urn:uuid:` or braced form is still no UUID. The ids it writes stay lowercase v4.
import { describe, expect, it } from 'vitest';
import { sampleBody } from '../contract-tests/kit/sample-bodies.js';
import { getCompiledSpec, type SpecOperation } from '../src/spec/compiled-spec.js';
import { expectProblem, Harness } from './support/harness.js';
import { defined } from './support/defined.js';
import { MORE_UUIDS, OTHER_UUIDS, STANDARD_UUID } from './support/other-uuids.js';

const spec = getCompiledSpec();
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isUuid = (schema: Record<string, unknown> | undefined): boolean =>
  schema?.format === 'uuid' || ((schema?.anyOf as Array<Record<string, unknown>> | undefined) ?? []).some(isUuid);

/** The API's operations with an id in their path (CI6's id-or-date included), each with that parameter's name. */
const PATH_ID_OPERATIONS = spec.operations.flatMap((op) =>
  op.parameters.filter((p) => p.in === 'path' && isUuid(p.schema)).map((p) => ({ op, name: p.name })),
);
/** The API's lists with a filter of ids (G5), each with the filter's name. */
const ID_FILTERS = spec.operations.flatMap((op) =>
  op.parameters
    .filter((p) => p.in === 'query' && isUuid(p.schema.items as Record<string, unknown> | undefined))
    .map((p) => ({ op, name: p.name })),
);

const pathOf = (op: SpecOperation, id: string) => `/api/v2${op.path.replace(/\{\w+\}/, id)}`;
const bodyOf = (op: SpecOperation) => (op.bodyProperties ? sampleBody(op.operationId, (text) => text) : undefined);

/** A record's id of each kind of path parameter that the default person may read, found through the API. */
async function readableIds(h: Harness): Promise<Record<string, string>> {
  const first = async (path: string): Promise<string> =>
    defined((await h.get<Array<{ id: string }>>(path)).body[0], `a record of ${path}`).id;
  const me = (await h.get('/api/v2/me')).body;
  const goal = defined(
    (await h.walk<{ id: string }>('/api/v2/goals')).find(
      (g) => h.world.store.updatesOfGoal(g.id).length > 0 && !h.world.store.goals.get(g.id)?.private,
    ),
    'a public goal with updates',
  ).id;
  const goalUpdate = await first(`/api/v2/goals/${goal}/goal-updates`);
  const question = defined(
    [...h.world.store.echoQuestions.values()].find((q) =>
      [...h.world.store.echoAnswers.values()].some((a) => a.questionId === q.id),
    ),
    'an Echo with answers',
  ).id;
  return {
    person: me.id,
    team: defined(me.teams[0] as { id: string } | undefined, 'a team of the default person').id,
    goal,
    goalUpdate,
    checkIn: await first(`/api/v2/check-ins?people_ids[]=${me.id}`),
    echoQuestion: question,
    echoAnswer: await first(`/api/v2/echo/questions/${question}/answers`),
    activity: await first('/api/v2/activities'),
  };
}

/** The kind of record a path parameter names, by the segment before it (`/goals/{goal_id}` → goal). */
function kindOf(op: SpecOperation): string {
  const segments = op.path.split('/');
  const before = segments[segments.findIndex((s) => s.startsWith('{')) - 1] ?? '';
  const kinds: Record<string, string> = {
    people: 'person',
    teams: 'team',
    goals: 'goal',
    'goal-updates': 'goalUpdate',
    'check-ins': 'checkIn',
    questions: 'echoQuestion',
    answers: 'echoAnswer',
    activities: 'activity',
  };
  return defined(kinds[before], `the kind of record ${op.path} names`);
}

describe('G2 ids on input: any RFC 9562 UUID, compared without regard to case', () => {
  const h = new Harness();

  it('the ids these tests send are UUIDs by the standard meaning of format: uuid, and none is a lowercase v4', () => {
    for (const id of [...OTHER_UUIDS.map(([, id]) => id), ...MORE_UUIDS]) {
      expect(id).toMatch(STANDARD_UUID);
      expect(id).not.toMatch(UUID_V4);
    }
    expect(PATH_ID_OPERATIONS.length).toBeGreaterThan(30);
    expect(ID_FILTERS.map(({ op, name }) => `${op.operationId} ${name}`)).toEqual([
      'listGoals people_ids[]',
      'listGoals team_ids[]',
      'listGoals goal_ids[]',
      'listCheckIns people_ids[]',
      'listCheckIns team_ids[]',
      'listActivities people_ids[]',
      'listActivities team_ids[]',
    ]);
  });

  it.each(OTHER_UUIDS)(
    'every operation with an id in its path: %s names no record, 404 (never 422)',
    async (_label, id) => {
      const fresh = new Harness();
      for (const { op } of PATH_ID_OPERATIONS) {
        const response = await fresh.call(op.method, pathOf(op, id), { body: bodyOf(op) });
        expect(response.status, `${op.operationId}: ${response.text}`).toBe(404);
        // The record's 404, not the one of a malformed id: it names no parameter as badly formed.
        expect(response.body.errors, `${op.operationId}: ${response.text}`).toBeUndefined();
        expect(response.body.detail).toMatch(/^No .+ exists/);
      }
    },
  );

  it('further forms (v3, v5, v6, v8, max, another variant, mixed case) name no record either: 404', async () => {
    for (const id of MORE_UUIDS) {
      const response = await h.get(`/api/v2/goals/${id}`);
      expect(response.status, response.text).toBe(404);
      expect(response.body.errors).toBeUndefined();
    }
  });

  it('the upper-case form of a known id finds that record on every GET: 200, the same body and ETag', async () => {
    const ids = await readableIds(h);
    const gets = PATH_ID_OPERATIONS.filter(({ op }) => op.method === 'GET');
    expect(gets.length).toBeGreaterThan(12);
    for (const { op } of gets) {
      const id = defined(ids[kindOf(op)], `a known id for ${op.operationId}`);
      const lower = await h.get(pathOf(op, id));
      const upper = await h.get(pathOf(op, id.toUpperCase()));
      expect(lower.status, `${op.operationId}: ${lower.text}`).toBe(200);
      expect(upper.status, `${op.operationId}: ${upper.text}`).toBe(200);
      expect(upper.text, op.operationId).toBe(lower.text);
      expect(upper.headers.get('etag')).toBe(lower.headers.get('etag'));
    }
  });

  it('the upper-case form of a known id finds it for writes too, and the answer shows the stored lowercase id', async () => {
    const fresh = new Harness();
    const goal = (await fresh.post('/api/v2/goals', { title: 'Case-blind' })).body;
    const changed = await fresh.patch(`/api/v2/goals/${goal.id.toUpperCase()}`, { title: 'Found' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ id: goal.id, title: 'Found' });
    const update = await fresh.post(`/api/v2/goals/${goal.id.toUpperCase()}/goal-updates`, { confidence: 80 });
    expect(update.status, update.text).toBe(201);
    expect(update.body.goal.id).toBe(goal.id);
    expect((await fresh.delete(`/api/v2/goals/${goal.id.toUpperCase()}`)).status).toBe(204);
    expect((await fresh.get(`/api/v2/goals/${goal.id}`)).status).toBe(404);
  });

  it.each(OTHER_UUIDS)(
    'every id filter: %s as an element is taken, and matches nothing (200 [])',
    async (_label, id) => {
      for (const { op, name } of ID_FILTERS) {
        const response = await h.get(`/api/v2${op.path}?${name}=${id}`);
        expect(response.status, `${op.operationId} ${name}: ${response.text}`).toBe(200);
        expect(response.body, `${op.operationId} ${name}`).toEqual([]);
      }
    },
  );

  it('every id filter: the upper-case form of a known id filters as the lowercase form does', async () => {
    const ids = await readableIds(h);
    const kinds: Record<string, string> = { 'people_ids[]': 'person', 'team_ids[]': 'team', 'goal_ids[]': 'goal' };
    let nonEmpty = 0;
    for (const { op, name } of ID_FILTERS) {
      const id = defined(ids[defined(kinds[name], name)], `a known id for ${name}`);
      const lower = await h.get(`/api/v2${op.path}?${name}=${id}`);
      const upper = await h.get(`/api/v2${op.path}?${name}=${id.toUpperCase()}`);
      expect(upper.status, `${op.operationId} ${name}: ${upper.text}`).toBe(200);
      expect(upper.text, `${op.operationId} ${name}`).toBe(lower.text);
      if (lower.body.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(4);
  });

  it('GO2 a body reference that is a UUID naming nothing: 422 naming the field in GO2 words, whatever its version', async () => {
    const fresh = new Harness();
    const [[, v7], [, v1], [, nil], [, upper]] = OTHER_UUIDS as Array<readonly [string, string]> as [
      [string, string],
      [string, string],
      [string, string],
      [string, string],
    ];
    expectProblem(
      await fresh.post('/api/v2/goals', { owner_id: v7 }),
      422,
      'owner_id',
      /owner_id names no person \(GO2\)/,
    );
    expectProblem(
      await fresh.post('/api/v2/goals', { contributor_ids: [v1] }),
      422,
      'contributor_ids[0]',
      /contributor_ids\[0\] names no person \(GO2\)/,
    );
    expectProblem(await fresh.post('/api/v2/goals', { team_ids: [nil] }), 422, 'team_ids[0]', /names no team \(GO2\)/);
    expectProblem(
      await fresh.post('/api/v2/goals', { parent_id: upper }),
      422,
      'parent_id',
      /parent_id names no goal visible to you \(GO2\)/,
    );
    const own = defined(
      [...fresh.world.store.checkIns.values()].find((c) => c.personId === fresh.world.defaultPersonId),
      'a check-in of the default person',
    );
    expectProblem(
      await fresh.patch(`/api/v2/check-ins/${own.id}`, { team_ids: [v7] }),
      422,
      'team_ids[0]',
      /is not one of your teams \(CI3\)/,
    );
  });

  it('GO2 a body reference in upper case names its record; the answer shows it in lowercase', async () => {
    const fresh = new Harness();
    const person = fresh.person((p) => p.id !== fresh.world.defaultPersonId);
    const team = defined(fresh.world.store.teamsInOrder[0], 'a team');
    const made = await fresh.post('/api/v2/goals', {
      title: 'Upper-case references',
      owner_id: person.id.toUpperCase(),
      contributor_ids: [fresh.world.defaultPersonId.toUpperCase(), fresh.world.defaultPersonId],
      team_ids: [team.id.toUpperCase()],
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.owner.id).toBe(person.id);
    expect(made.body.contributors.map((c: { id: string }) => c.id)).toEqual([fresh.world.defaultPersonId]);
    expect(made.body.teams.map((t: { id: string }) => t.id)).toEqual([team.id]);
    // GO9: the owner's id sent back in another case is no change of owner.
    const other = await fresh.patch(
      `/api/v2/goals/${made.body.id}`,
      { owner_id: person.id.toUpperCase() },
      {
        token: fresh.tokenOf(
          fresh.person((p) => p.id !== person.id && p.id !== fresh.world.defaultPersonId && !p.administrator),
        ),
      },
    );
    expect(other.status, other.text).toBe(200);
  });

  it('G2 a urn:uuid: or braced form is still no UUID: 404 on a path, 422 naming the filter or the field', async () => {
    const fresh = new Harness();
    const goal = defined(
      [...fresh.world.store.goalsInOrder()].find((g) => !g.private),
      'a public goal',
    ).id;
    for (const form of [`urn:uuid:${goal}`, `{${goal}}`, goal.replace(/-/g, '')]) {
      const path = await fresh.get(`/api/v2/goals/${encodeURIComponent(form)}`);
      expectProblem(path, 404, 'id', /UUID/);
      expectProblem(await fresh.get(`/api/v2/goals?goal_ids[]=${encodeURIComponent(form)}`), 422, 'goal_ids[]', /UUID/);
      expectProblem(await fresh.post('/api/v2/goals', { parent_id: form }), 422, 'parent_id', /UUID/);
    }
  });
});
