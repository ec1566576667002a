// Owns the goal-updates check group (GU1–GU7, plus the G2/G8 negative cases of the update operations), through the API alone.
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';
import type { KitContext } from '../kit/context.js';
import { ensureInOrder, ensureRefused, sameJson, UNKNOWN_ID } from '../kit/assertions.js';
import { getGoal, LABELS, listByIds, postUpdate, type GoalOut } from '../kit/goal-reading.js';
import { snappedConfidence } from '../../src/exchange/confidence-rules.js';
import type { ApiSchema } from '../../src/types/wire.js';

type UpdateOut = ApiSchema<'GoalUpdate'>;

/** GU2: below 45 → 30, 45 to 74 → 60, 75 and above → 90 (src/exchange, which standin proxy reads too). */
const snapped = snappedConfidence;

async function post(ctx: KitContext, goalId: string, body: Record<string, unknown>, rule = 'GU1'): Promise<UpdateOut> {
  return (await ctx.client.expect<UpdateOut>(201, 'POST', `/goals/${goalId}/goal-updates`, { body }, rule)).body;
}

async function patch(ctx: KitContext, id: string, body: Record<string, unknown>, rule: string): Promise<UpdateOut> {
  return (await ctx.client.expect<UpdateOut>(200, 'PATCH', `/goal-updates/${id}`, { body }, rule)).body;
}

async function list(ctx: KitContext, goalId: string, rule: string): Promise<UpdateOut[]> {
  return (await ctx.client.expect<UpdateOut[]>(200, 'GET', `/goals/${goalId}/goal-updates?per_page=50`, {}, rule)).body;
}

/** The newest update of a goal the check has posted updates to: the list must hold at least one. */
async function newestOf(ctx: KitContext, goalId: string, rule: string): Promise<UpdateOut> {
  const [newest] = await list(ctx, goalId, rule);
  ensure(newest, rule, `GET /goals/${goalId}/goal-updates must list the updates the check posted; it lists none`);
  return newest;
}

/** Progress, confidence and label of an update or goal, for comparing and for messages. */
function values(x: { progress: number; confidence: number; confidence_description: string }): string {
  return `${x.progress} / ${x.confidence} / ${x.confidence_description}`;
}

/** GU5 / GO4: the goal (GET and list) shows `expected` — the latest update, or the no-update values. */
async function ensureGoalFollows(
  ctx: KitContext,
  goalId: string,
  expected: UpdateOut | undefined,
  when: string,
): Promise<void> {
  const want = expected ? values(expected) : '0 / 100 / On track';
  const fetched = await getGoal(ctx.client, goalId, 'GU5');
  ensure(
    values(fetched) === want,
    'GU5',
    `${when}: GET /goals/{id} must show ${expected ? `the latest update ${expected.id}'s` : 'the no-update'} values ${want}, got ${values(fetched)}`,
  );
  const [listed] = await listByIds(ctx.client, [goalId]);
  ensure(
    listed && values(listed) === want,
    'GU5',
    `${when}: GET /goals must show ${want}, got ${listed ? values(listed) : 'nothing'}`,
  );
}

/** After refused writes: the goal holds exactly `kept`, as it was (nothing created, nothing changed). */
async function ensureUnchanged(
  ctx: KitContext,
  goalId: string,
  kept: UpdateOut,
  count: number,
  rule: string,
): Promise<void> {
  const listed = await list(ctx, goalId, rule);
  ensure(
    listed.length === count,
    rule,
    `refused writes must create nothing: the goal must hold ${count} update(s), it holds ${listed.length}`,
  );
  const now = listed.find((u) => u.id === kept.id);
  ensure(
    now && sameJson(now, kept),
    rule,
    `refused writes must change nothing: update ${kept.id} was ${JSON.stringify(kept)}, is ${JSON.stringify(now)}`,
  );
}

/** GU7: `created_at` never increases down the list. */
function ensureNewestFirst(updates: UpdateOut[], what: string): void {
  ensureInOrder(
    updates,
    (before, after) => before.created_at >= after.created_at,
    'GU7',
    (before, after) =>
      `${what}: ${before.id} (${before.created_at}) is listed before the newer ${after.id} (${after.created_at})`,
  );
}

async function ownGoal(ctx: KitContext, label: string): Promise<GoalOut> {
  return ctx.createGoal({ title: ctx.mark(`${label} goal`) });
}

/**
 * Each of `values` of `field` refused (422 naming it) on both writes of an update: a new one under `goalId`, titled
 * "<rule> refused", and a PATCH of `kept`; then the goal's `count` updates as they were (GU2, GU4).
 */
async function ensureEachRefused(
  ctx: KitContext,
  goalId: string,
  kept: UpdateOut,
  count: number,
  field: 'confidence' | 'progress',
  values: readonly unknown[],
  rule: string,
): Promise<void> {
  for (const value of values) {
    const body = { title: ctx.mark(`${rule} refused`), [field]: value };
    await ensureRefused(ctx, 'POST', `/goals/${goalId}/goal-updates`, { body }, 422, rule, field);
    await ensureRefused(ctx, 'PATCH', `/goal-updates/${kept.id}`, { body: { [field]: value } }, 422, rule, field);
  }
  await ensureUnchanged(ctx, goalId, kept, count, rule);
}

export const goalUpdates: CheckGroup = {
  name: 'goal-updates',
  title: 'Goal updates (GU1–GU8)',
  checks: [
    {
      rule: 'GU1',
      title:
        'POST /goals/{id}/goal-updates creates an update by the caller on that goal; GET /goal-updates/{id} and the list give it',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'GU1');
        const sent = { title: ctx.mark('GU1 update'), body: 'Shipped the **first** part.\n\n- one\n- two' };
        const update = await post(ctx, goal.id, sent);
        ensure(
          update.goal.id === goal.id && update.goal.title === goal.title,
          'GU1',
          `goal must be {${goal.id}, ${goal.title}}, got ${JSON.stringify(update.goal)}`,
        );
        ensure(
          update.person.id === ctx.me.id && update.person.name === ctx.me.name,
          'GU1',
          `person must be the caller {${ctx.me.id}, ${ctx.me.name}}, got ${JSON.stringify(update.person)}`,
        );
        ensure(
          update.title === sent.title && update.body === sent.body,
          'GU1',
          `title and body must be stored as sent, got ${JSON.stringify([update.title, update.body])}`,
        );
        const fetched = (await ctx.client.expect<UpdateOut>(200, 'GET', `/goal-updates/${update.id}`, {}, 'GU1')).body;
        ensure(
          sameJson(fetched, update),
          'GU1',
          'GET /goal-updates/{id} must give the update exactly as POST answered it',
        );
        const listed = await list(ctx, goal.id, 'GU1');
        ensure(
          listed.length === 1 && sameJson(listed[0], update),
          'GU1',
          `the goal's list must hold exactly the new update, got ${listed.length} updates`,
        );
        // With a second person: their update on the caller's (public) goal is theirs.
        let other;
        try {
          other = ctx.other();
        } catch (error) {
          if (!(error instanceof NotRun)) throw error;
          return;
        }
        const otherPerson = await ctx.otherPerson();
        const theirs = await postUpdate(other, goal.id, { title: ctx.mark('GU1 by another') });
        ensure(
          theirs.person.id === otherPerson.id,
          'GU1',
          `an update posted by ${otherPerson.id} must name them as person, got ${JSON.stringify(theirs.person)}`,
        );
        ensure(
          theirs.goal.id === goal.id,
          'GU1',
          `the update must belong to the goal of the path ${goal.id}, got ${theirs.goal.id}`,
        );
      },
    },
    {
      rule: 'GU1',
      title:
        'update fields of a wrong type, or a body that is not an object, give 422 naming the field and create or change nothing',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'GU1 types');
        const update = await post(ctx, goal.id, {
          title: ctx.mark('GU1 kept'),
          body: 'kept',
          progress: 10,
          confidence: 60,
        });
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ title: 5 }, 'title'],
          [{ title: null }, 'title'],
          [{ body: false }, 'body'],
          [{ body: ['x'] }, 'body'],
          [{ progress: '50' }, 'progress'],
          [{ confidence: '60' }, 'confidence'],
        ];
        for (const [body, field] of cases) {
          await ensureRefused(ctx, 'POST', `/goals/${goal.id}/goal-updates`, { body }, 422, 'GU1', field);
          await ensureRefused(ctx, 'PATCH', `/goal-updates/${update.id}`, { body }, 422, 'GU1', field);
        }
        const array = await ctx.client.request('POST', `/goals/${goal.id}/goal-updates`, { body: [{ title: 'x' }] });
        ensure(array.status === 422, 'GU1', `a JSON array as the body must give 422, got ${array.status}`);
        await ensureUnchanged(ctx, goal.id, update, 1, 'GU1');
      },
    },
    {
      rule: 'GU2',
      title:
        'confidence 0, 44, 45, 74, 75, 100 is saved as 30, 30, 60, 60, 90, 90 on create and re-snapped on PATCH; the goal follows',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'GU2');
        for (const confidence of [0, 44, 45, 74, 75, 100]) {
          const update = await post(ctx, goal.id, { title: ctx.mark(`GU2 ${confidence}`), confidence }, 'GU2');
          const want = snapped(confidence);
          ensure(
            update.confidence === want && update.confidence_description === LABELS[want],
            'GU2',
            `confidence ${confidence} must be saved as ${want} "${LABELS[want]}", got ${update.confidence} "${update.confidence_description}"`,
          );
          const fetched = (await ctx.client.expect<UpdateOut>(200, 'GET', `/goal-updates/${update.id}`, {}, 'GU2'))
            .body;
          ensure(
            fetched.confidence === want,
            'GU2',
            `GET must give the saved confidence ${want}, got ${fetched.confidence}`,
          );
          const after = await getGoal(ctx.client, goal.id, 'GU2');
          ensure(after.confidence === want, 'GU2', `the goal must show the snapped ${want}, got ${after.confidence}`);
        }
        const latest = await newestOf(ctx, goal.id, 'GU2');
        for (const confidence of [74, 44, 75, 45, 0, 100]) {
          const patched = await patch(ctx, latest.id, { confidence }, 'GU2');
          const want = snapped(confidence);
          ensure(
            patched.confidence === want && patched.confidence_description === LABELS[want],
            'GU2',
            `PATCH confidence ${confidence} must be re-snapped to ${want} "${LABELS[want]}", got ${patched.confidence} "${patched.confidence_description}"`,
          );
          const after = await getGoal(ctx.client, goal.id, 'GU2');
          ensure(
            after.confidence === want,
            'GU2',
            `after PATCH confidence ${confidence} the goal must show ${want}, got ${after.confidence}`,
          );
        }
      },
    },
    {
      rule: 'GU2',
      title:
        'confidence below 0, above 100, fractional, a string, null or a boolean gives 422 naming confidence, on create and PATCH',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'GU2 range');
        const update = await post(ctx, goal.id, { title: ctx.mark('GU2 kept'), confidence: 60, progress: 5 });
        await ensureEachRefused(ctx, goal.id, update, 1, 'confidence', [-1, 101, 1000, 50.5, '60', null, true], 'GU2');
      },
    },
    {
      rule: 'GU3',
      title:
        'a first update with nothing given has progress 1 and confidence 90; omitted values later carry over from the latest update',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'GU3');
        // Nothing at all: the body is {}.
        const first = await post(ctx, goal.id, {}, 'GU3');
        ensure(
          first.progress === 1 && first.confidence === 90 && first.confidence_description === 'On track',
          'GU3',
          `a first update with nothing given must be 1 / 90 / On track, got ${values(first)}`,
        );
        let latest = first;
        // Each step: what is sent, and which fields must be carried from the latest update the API returned.
        const steps: Array<Record<string, unknown>> = [
          { progress: 40, confidence: 50 },
          { title: ctx.mark('GU3 nothing') },
          { progress: 70 },
          { confidence: 20 },
        ];
        for (const body of steps) {
          const update = await post(ctx, goal.id, body, 'GU3');
          const progress = typeof body.progress === 'number' ? body.progress : latest.progress;
          const confidence = typeof body.confidence === 'number' ? snapped(body.confidence) : latest.confidence;
          ensure(
            update.progress === progress && update.confidence === confidence,
            'GU3',
            `after ${values(latest)}, ${JSON.stringify(body)} must give ${progress} / ${confidence}, got ${values(update)}`,
          );
          latest = update;
        }
        // The carry comes from the latest update as it is now: after a PATCH of it, and after deleting it.
        latest = await patch(ctx, latest.id, { progress: 55, confidence: 80 }, 'GU3');
        const afterPatch = await post(ctx, goal.id, {}, 'GU3');
        ensure(
          afterPatch.progress === 55 && afterPatch.confidence === 90,
          'GU3',
          `after the latest was patched to 55 / 90, {} must give 55 / 90, got ${values(afterPatch)}`,
        );
        await ctx.client.expect(204, 'DELETE', `/goal-updates/${afterPatch.id}`, {}, 'GU6');
        await ctx.client.expect(204, 'DELETE', `/goal-updates/${latest.id}`, {}, 'GU6');
        const remaining = await newestOf(ctx, goal.id, 'GU3');
        const afterDelete = await post(ctx, goal.id, {}, 'GU3');
        ensure(
          afterDelete.progress === remaining.progress && afterDelete.confidence === remaining.confidence,
          'GU3',
          `after deleting the two latest, {} must carry ${remaining.id}'s ${remaining.progress} / ${remaining.confidence}, got ${values(afterDelete)}`,
        );
      },
    },
    {
      rule: 'GU4',
      title:
        'progress 0 and 100 are saved; below 0, above 100, fractional, a string, null or a boolean gives 422 naming progress, on create and PATCH',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'GU4');
        for (const progress of [0, 100]) {
          const update = await post(ctx, goal.id, { title: ctx.mark(`GU4 ${progress}`), progress }, 'GU4');
          ensure(
            update.progress === progress,
            'GU4',
            `progress ${progress} must be saved as is, got ${update.progress}`,
          );
        }
        const update = await newestOf(ctx, goal.id, 'GU4');
        const patched = await patch(ctx, update.id, { progress: 37 }, 'GU4');
        ensure(patched.progress === 37, 'GU4', `PATCH progress 37 must save 37, got ${patched.progress}`);
        await ensureEachRefused(ctx, goal.id, patched, 2, 'progress', [-1, 101, 12.5, '50', null, false], 'GU4');
      },
    },
    {
      rule: 'GU5',
      title:
        'the goal follows its latest update after create, PATCH and DELETE; deleting the latest falls back to the one before, deleting all to 0 / 100',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'GU5');
        const older = await post(ctx, goal.id, { title: ctx.mark('GU5 older'), progress: 10, confidence: 30 }, 'GU5');
        await ensureGoalFollows(ctx, goal.id, older, 'after the first update');
        const newer = await post(ctx, goal.id, { title: ctx.mark('GU5 newer'), progress: 20, confidence: 60 }, 'GU5');
        await ensureGoalFollows(ctx, goal.id, newer, 'after a second update');
        const olderPatched = await patch(ctx, older.id, { progress: 15, confidence: 90 }, 'GU5');
        await ensureGoalFollows(ctx, goal.id, newer, 'after a PATCH of the older update');
        const newerPatched = await patch(ctx, newer.id, { progress: 25, confidence: 80 }, 'GU5');
        await ensureGoalFollows(ctx, goal.id, newerPatched, 'after a PATCH of the latest update');
        await ctx.client.expect(204, 'DELETE', `/goal-updates/${newer.id}`, {}, 'GU5');
        await ensureGoalFollows(ctx, goal.id, olderPatched, 'after deleting the latest update');
        await ctx.client.expect(204, 'DELETE', `/goal-updates/${older.id}`, {}, 'GU5');
        await ensureGoalFollows(ctx, goal.id, undefined, 'after deleting every update');
      },
    },
    {
      rule: 'GU6',
      title:
        'PATCH changes only the fields sent, keeps created_at, moves updated_at to now, re-snaps confidence; DELETE gives 204 and the update is gone',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'GU6');
        const update = await post(
          ctx,
          goal.id,
          { title: ctx.mark('GU6 before'), body: 'before', progress: 20, confidence: 60 },
          'GU6',
        );
        const retitled = await patch(ctx, update.id, { title: ctx.mark('GU6 after') }, 'GU6');
        // "Now" as the server sees it, learned from an update created right after the PATCH.
        const probe = await post(ctx, goal.id, { title: ctx.mark('GU6 clock probe') }, 'GU6');
        ensure(
          retitled.title === ctx.mark('GU6 after'),
          'GU6',
          `PATCH title must change it, got ${JSON.stringify(retitled.title)}`,
        );
        ensure(
          retitled.body === 'before' && retitled.progress === 20 && retitled.confidence === 60,
          'GU6',
          `PATCH of the title alone must keep body, progress and confidence, got ${JSON.stringify([retitled.body, retitled.progress, retitled.confidence])}`,
        );
        ensure(
          retitled.created_at === update.created_at,
          'GU6',
          `PATCH must keep created_at ${update.created_at}, got ${retitled.created_at}`,
        );
        ensure(
          retitled.updated_at >= update.updated_at && retitled.updated_at <= probe.created_at,
          'GU6',
          `PATCH must set updated_at to now: between ${update.updated_at} and the next create's ${probe.created_at}, got ${retitled.updated_at}`,
        );
        const resnapped = await patch(ctx, update.id, { confidence: 80, body: 'after' }, 'GU6');
        ensure(
          resnapped.confidence === 90 && resnapped.confidence_description === 'On track' && resnapped.body === 'after',
          'GU6',
          `PATCH confidence 80 must re-snap to 90 "On track", got ${resnapped.confidence} "${resnapped.confidence_description}"`,
        );
        const empty = await patch(ctx, update.id, {}, 'GU6');
        const { updated_at: _a, ...emptyRest } = empty;
        const { updated_at: _b, ...resnappedRest } = resnapped;
        ensure(sameJson(emptyRest, resnappedRest), 'GU6', 'PATCH {} must change nothing but updated_at');
        const fetched = (await ctx.client.expect<UpdateOut>(200, 'GET', `/goal-updates/${update.id}`, {}, 'GU6')).body;
        ensure(
          sameJson(fetched, empty),
          'GU6',
          'GET /goal-updates/{id} must give the update as the last PATCH answered it',
        );

        await ctx.client.expect(204, 'DELETE', `/goal-updates/${update.id}`, {}, 'GU6');
        await ctx.client.expect(404, 'GET', `/goal-updates/${update.id}`, {}, 'GU6');
        await ctx.client.expect(
          404,
          'PATCH',
          `/goal-updates/${update.id}`,
          { body: { title: ctx.mark('GU6 gone') } },
          'GU6',
        );
        await ctx.client.expect(404, 'DELETE', `/goal-updates/${update.id}`, {}, 'GU6');
        const listed = await list(ctx, goal.id, 'GU6');
        ensure(
          listed.length === 1 && listed[0]?.id === probe.id,
          'GU6',
          `the deleted update must leave the list, which must hold just ${probe.id}; got [${listed.map((u) => u.id).join(', ')}]`,
        );
      },
    },
    {
      rule: 'GU7',
      title:
        'own goal: updates are listed newest first, within one second the one created last first; pages of one agree with the list',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'GU7');
        const created: UpdateOut[] = [];
        // Created back to back, most of them within one second: the tie rule decides their order.
        for (const n of [1, 2, 3, 4]) created.push(await post(ctx, goal.id, { title: ctx.mark(`GU7 ${n}`) }, 'GU7'));
        const listed = await list(ctx, goal.id, 'GU7');
        const expected = [...created].reverse().map((u) => u.id);
        ensure(
          JSON.stringify(listed.map((u) => u.id)) === JSON.stringify(expected),
          'GU7',
          `updates created in order 1–4 must be listed 4, 3, 2, 1: expected [${expected.join(', ')}], got [${listed.map((u) => u.id).join(', ')}]`,
        );
        ensureNewestFirst(listed, "the own goal's updates");
        const paged: string[] = [];
        for (let page = 1; page <= created.length + 1; page++) {
          paged.push(
            ...(
              await ctx.client.expect<UpdateOut[]>(
                200,
                'GET',
                `/goals/${goal.id}/goal-updates?per_page=1&page=${page}`,
                {},
                'GU7',
              )
            ).body.map((u) => u.id),
          );
        }
        ensure(
          JSON.stringify(paged) === JSON.stringify(expected),
          'GU7',
          `pages of one must walk the same order: got [${paged.join(', ')}]`,
        );
      },
    },
    {
      rule: 'GU7',
      title: "an existing goal's updates are listed newest first and belong to that goal",
      async run({ client }) {
        const listed = (await client.expect<GoalOut[]>(200, 'GET', '/goals?per_page=50', {}, 'GU7')).body;
        // Find a goal with at least two updates among the first few, so the order says something.
        for (const goal of listed.slice(0, 15)) {
          const updates = await client.walk<UpdateOut>(`/goals/${goal.id}/goal-updates`);
          const [newest] = updates;
          if (!newest || updates.length < 2) continue;
          ensureNewestFirst(updates, `GET /goals/${goal.id}/goal-updates`);
          const strangers = updates.filter((u) => u.goal.id !== goal.id);
          ensure(
            strangers.length === 0,
            'GU7',
            `the list of goal ${goal.id} holds updates of other goals: ${strangers.map((u) => u.id).join(', ')}`,
          );
          const fetched = (await client.expect<UpdateOut>(200, 'GET', `/goal-updates/${newest.id}`, {}, 'GU7')).body;
          ensure(sameJson(fetched, newest), 'GU7', 'GET /goal-updates/{id} must give the update as the list does');
          return;
        }
        throw new NotRun('none of the first goals listed has two updates to order');
      },
    },
    {
      rule: 'GU7',
      title: 'GET /goals/{id}/goal-updates: bad page values give 422 naming them; a page past the end is []',
      async run({ client }) {
        const [goal] = (await client.expect<GoalOut[]>(200, 'GET', '/goals?per_page=1', {}, 'GU7')).body;
        if (!goal) throw new NotRun('GET /goals lists no goal whose updates could be paged');
        for (const [query, name] of [
          ['per_page=0', 'per_page'],
          ['page=0', 'page'],
          ['page=abc', 'page'],
          ['per_page=2.5', 'per_page'],
        ]) {
          const { body } = await client.expect<ApiSchema<'Problem'>>(
            422,
            'GET',
            `/goals/${goal.id}/goal-updates?${query}`,
            {},
            'G4',
          );
          ensure(
            body.errors?.some((e) => e.name === name),
            'G4',
            `${query}: the problem must name ${name}`,
          );
        }
        const past = (
          await client.expect<UpdateOut[]>(200, 'GET', `/goals/${goal.id}/goal-updates?per_page=50&page=1000`, {}, 'G4')
        ).body;
        ensure(past.length === 0, 'G4', `a page past the end must be [], got ${past.length} updates`);
      },
    },
    {
      rule: 'GU8',
      title: "someone who is neither the update's author nor an administrator gets 403 changing or deleting it",
      async run(ctx) {
        ctx.requireWrites();
        const { client: stranger } = await ctx.stranger();
        const goal = await ownGoal(ctx, 'GU8 goal');
        const update = await post(ctx, goal.id, { title: ctx.mark('GU8 mine'), confidence: 90 });
        await stranger.expect(403, 'PATCH', `/goal-updates/${update.id}`, { body: { confidence: 10 } }, 'GU8');
        await stranger.expect(403, 'DELETE', `/goal-updates/${update.id}`, {}, 'GU8');
        await ensureUnchanged(ctx, goal.id, update, 1, 'GU8');
      },
    },
    {
      rule: 'G2',
      title: 'GET /goal-updates/{id}: an unknown or non-UUID id gives 404',
      async run({ client }) {
        for (const id of [UNKNOWN_ID, 'not-a-uuid']) await client.expect(404, 'GET', `/goal-updates/${id}`, {}, 'G2');
      },
    },
    {
      rule: 'G2',
      title: 'POST /goals/{id}/goal-updates, PATCH and DELETE /goal-updates/{id}: an unknown or non-UUID id gives 404',
      async run(ctx) {
        ctx.requireWrites();
        for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
          await ctx.client.expect(
            404,
            'POST',
            `/goals/${id}/goal-updates`,
            { body: { title: ctx.mark('never') } },
            'G2',
          );
          await ctx.client.expect(404, 'PATCH', `/goal-updates/${id}`, { body: { title: ctx.mark('never') } }, 'G2');
          await ctx.client.expect(404, 'DELETE', `/goal-updates/${id}`, {}, 'G2');
        }
      },
    },
    {
      rule: 'G8',
      title: 'update writes: malformed JSON gives 400, a non-JSON content type 415; nothing is created or changed',
      async run(ctx) {
        ctx.requireWrites();
        const goal = await ownGoal(ctx, 'G8');
        const update = await post(ctx, goal.id, { title: ctx.mark('G8 kept') });
        for (const [method, path] of [
          ['POST', `/goals/${goal.id}/goal-updates`],
          ['PATCH', `/goal-updates/${update.id}`],
        ] as const) {
          const bad = await ctx.client.request(method, path, {
            rawBody: '{"progress": 5,',
            headers: { 'content-type': 'application/json' },
          });
          ensure(bad.status === 400, 'G8', `${method} ${path} with malformed JSON must give 400, got ${bad.status}`);
          const form = await ctx.client.request(method, path, {
            rawBody: 'progress=5',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          ensure(form.status === 415, 'G8', `${method} ${path} with a form body must give 415, got ${form.status}`);
        }
        await ensureUnchanged(ctx, goal.id, update, 1, 'G8');
      },
    },
  ],
};
