// Owns the goals check group (GO1–GO8, plus the G2/G8 negative cases of the goal operations), through the API alone.
import { ensureRefused, ensureSameIds, namesField, problemNames, sameJson, UNKNOWN_ID } from '../kit/assertions.js';
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';
import {
  ensureGoalOrder,
  getGoal,
  goalOrder,
  LABELS,
  listByIds,
  patchGoal,
  postUpdate,
  type GoalOut,
} from '../kit/goal-reading.js';
import type { KitContext } from '../kit/context.js';
import type { ApiSchema } from '../../src/types/wire.js';

type UpdateOut = ApiSchema<'GoalUpdate'>;

/** Another person than the caller, from GET /people (for contributors); NotRun when the caller is alone. */
async function someoneElse(ctx: KitContext): Promise<{ id: string; name: string }> {
  const people = (await ctx.client.expect<Array<ApiSchema<'Person'>>>(200, 'GET', '/people?per_page=50', {}, 'PT2'))
    .body;
  const person = people.find((p) => p.id !== ctx.me.id);
  if (!person) throw new NotRun('GET /people lists nobody but the caller to use as a contributor');
  return person;
}

/** A team to attach goals to: the caller's first, else the first listed; NotRun when there is none. */
async function someTeam(ctx: KitContext): Promise<{ id: string; name: string }> {
  const team =
    ctx.me.teams[0] ??
    (await ctx.client.expect<Array<ApiSchema<'Team'>>>(200, 'GET', '/teams?per_page=1', {}, 'PT2')).body[0];
  if (!team) throw new NotRun('the server lists no team to attach a goal to');
  return team;
}

/** What the checks that write goals with others on them start from: writes allowed, a contributor and a team. */
async function contributorAndTeam(
  ctx: KitContext,
): Promise<{ person: { id: string; name: string }; team: { id: string; name: string } }> {
  ctx.requireWrites();
  const person = await someoneElse(ctx);
  return { person, team: await someTeam(ctx) };
}

/** GO6 as a predicate, to compute what a filtered list must hold from what the unfiltered list returned. */
function matches(goal: GoalOut, filters: { since?: string; people?: string[]; teams?: string[] }): boolean {
  if (filters.since && goal.end_date !== null && goal.end_date < filters.since) return false;
  if (filters.people && !filters.people.some((p) => goal.owner.id === p || goal.contributors.some((c) => c.id === p)))
    return false;
  if (filters.teams && !filters.teams.some((t) => goal.teams.some((x) => x.id === t))) return false;
  return true;
}

const ID_FORMS = ['owner_id', 'parent_id', 'contributor_ids', 'team_ids'];

/** GO3: no input forms in an answer. */
function ensureNoIdForms(goal: GoalOut, where: string): void {
  const found = ID_FORMS.filter((f) => f in goal);
  ensure(
    found.length === 0,
    'GO3',
    `${where}: the answer must carry object forms only, it carries ${found.join(', ')}`,
  );
}

export const goals: CheckGroup = {
  name: 'goals',
  title: 'Goals (GO1–GO9)',
  checks: [
    {
      rule: 'GO1',
      title:
        'POST /goals with an empty body: owner is the caller, title "", not private or archived, empty lists, no dates or parent',
      async run(ctx) {
        ctx.requireWrites();
        // `title: undefined` drops the kit's marked title from the JSON, so the body sent is exactly {}.
        const goal: GoalOut = await ctx.createGoal({ title: undefined });
        const expected = {
          title: '',
          description: null,
          start_date: null,
          end_date: null,
          update_cadence: 'weekly',
          parent: null,
          private: false,
          archived: false,
          contributors: [],
          teams: [],
        } as const;
        for (const [field, value] of Object.entries(expected)) {
          ensure(
            JSON.stringify(goal[field as keyof GoalOut]) === JSON.stringify(value),
            'GO1',
            `POST /goals {}: ${field} must default to ${JSON.stringify(value)}, got ${JSON.stringify(goal[field as keyof GoalOut])}`,
          );
        }
        ensure(
          goal.owner.id === ctx.me.id && goal.owner.name === ctx.me.name,
          'GO1',
          `owner must default to the caller ${ctx.me.id} (${ctx.me.name}), got ${JSON.stringify(goal.owner)}`,
        );
        // Marked right after, so that a goal left behind by an interrupted run is recognisable as the kit's.
        const marked = await patchGoal(ctx.client, goal.id, { title: ctx.mark('GO1 defaults') }, 'GO1');
        ensure(
          marked.title === ctx.mark('GO1 defaults'),
          'GO1',
          `PATCH title must change the title, got ${JSON.stringify(marked.title)}`,
        );
      },
    },
    {
      rule: 'GO1',
      title: 'POST /goals with every writable field: the answer and GET /goals/{id} carry what was sent',
      async run(ctx) {
        const { person, team } = await contributorAndTeam(ctx);
        const parent: GoalOut = await ctx.createGoal({ title: ctx.mark('GO1 parent') });
        const body = {
          title: ctx.mark('GO1 full'),
          description: 'Ship **it**',
          start_date: '2031-01-05',
          end_date: '2031-06-30',
          update_cadence: 'monthly',
          owner_id: ctx.me.id,
          parent_id: parent.id,
          private: true,
          archived: false,
          contributor_ids: [person.id],
          team_ids: [team.id],
        } satisfies ApiSchema<'GoalInput'>;
        const created: GoalOut = await ctx.createGoal(body);
        const fetched = await getGoal(ctx.client, created.id, 'GO1');
        for (const goal of [created, fetched]) {
          for (const field of [
            'title',
            'description',
            'start_date',
            'end_date',
            'update_cadence',
            'private',
            'archived',
          ] as const) {
            ensure(
              goal[field] === body[field],
              'GO1',
              `${field} must be ${JSON.stringify(body[field])} as sent, got ${JSON.stringify(goal[field])}`,
            );
          }
          ensure(goal.owner.id === ctx.me.id, 'GO1', `owner must be ${ctx.me.id}, got ${goal.owner.id}`);
          ensure(
            goal.parent?.id === parent.id,
            'GO1',
            `parent must be ${parent.id}, got ${JSON.stringify(goal.parent)}`,
          );
          ensure(
            goal.contributors.length === 1 && goal.contributors[0]?.id === person.id,
            'GO1',
            `contributors must be [${person.id}], got ${JSON.stringify(goal.contributors)}`,
          );
          ensure(
            goal.teams.length === 1 && goal.teams[0]?.id === team.id,
            'GO1',
            `teams must be [${team.id}], got ${JSON.stringify(goal.teams)}`,
          );
        }
        ensure(sameJson(created, fetched), 'GO1', 'GET /goals/{id} must give the goal exactly as POST answered it');
      },
    },
    {
      rule: 'GO2',
      title: 'POST /goals with a wrong type, a bad value or a reference to nothing gives 422 naming the field',
      async run(ctx) {
        ctx.requireWrites();
        const title = ctx.mark('GO2 refused');
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ title: 3 }, 'title'],
          [{ title, description: 5 }, 'description'],
          [{ title, start_date: '2031-02-30' }, 'start_date'],
          [{ title, end_date: '20311201' }, 'end_date'],
          [{ title, start_date: '2031-05-01', end_date: '2031-04-30' }, 'end_date|start_date'],
          [{ title, update_cadence: 'daily' }, 'update_cadence'],
          [{ title, owner_id: 'not-a-uuid' }, 'owner_id'],
          [{ title, owner_id: UNKNOWN_ID }, 'owner_id'],
          [{ title, contributor_ids: 'nobody' }, 'contributor_ids'],
          [{ title, contributor_ids: [UNKNOWN_ID] }, 'contributor_ids'],
          [{ title, team_ids: [UNKNOWN_ID] }, 'team_ids'],
          [{ title, team_ids: ['x'] }, 'team_ids'],
          [{ title, parent_id: UNKNOWN_ID }, 'parent_id'],
          [{ title, private: 'yes' }, 'private'],
          [{ title, archived: 1 }, 'archived'],
        ];
        for (const [body, field] of cases) {
          if (field.includes('|')) {
            // start after end: either field may carry the blame, but one of them must.
            const exchange = await ctx.client.request<GoalOut>('POST', '/goals', { body });
            if (exchange.status === 201)
              ctx.cleanup.add(`delete goal ${exchange.body.id}`, () =>
                ctx.client.request('DELETE', `/goals/${exchange.body.id}`),
              );
            ensure(exchange.status === 422, 'GO2', `start_date after end_date must give 422, got ${exchange.status}`);
            ensure(
              field.split('|').some((f) => namesField(exchange.body, f)),
              'GO2',
              `start_date after end_date: the problem must name start_date or end_date, it names [${problemNames(exchange.body).join(', ')}]`,
            );
          } else {
            await ensureRefused(ctx, 'POST', '/goals', { body }, 422, 'GO2', field);
          }
        }
        // A JSON body that is not an object is well-formed JSON with a wrong type: 422, not 400.
        const array = await ctx.client.request<GoalOut>('POST', '/goals', { body: [title] });
        if (array.status === 201)
          ctx.cleanup.add(`delete goal ${array.body.id}`, () =>
            ctx.client.request('DELETE', `/goals/${array.body.id}`),
          );
        ensure(array.status === 422, 'GO2', `a JSON array as the body must give 422, got ${array.status}`);
      },
    },
    {
      rule: 'GO2',
      title:
        'PATCH /goals/{id}: a parent that is the goal or its descendant, start after end and bad values give 422; null detaches and clears; unsent fields stay',
      async run(ctx) {
        ctx.requireWrites();
        const root: GoalOut = await ctx.createGoal({
          title: ctx.mark('GO2 root'),
          description: 'keep me',
          start_date: '2031-03-01',
          end_date: '2031-03-31',
        });
        const child: GoalOut = await ctx.createGoal({ title: ctx.mark('GO2 child'), parent_id: root.id });
        const grandchild: GoalOut = await ctx.createGoal({ title: ctx.mark('GO2 grandchild'), parent_id: child.id });
        for (const [body, field] of [
          [{ parent_id: root.id }, 'parent_id'],
          [{ parent_id: child.id }, 'parent_id'],
          [{ parent_id: grandchild.id }, 'parent_id'],
          [{ parent_id: UNKNOWN_ID }, 'parent_id'],
          // Only one date sent: the other one comes from the stored goal.
          [{ start_date: '2031-04-01' }, 'start_date'],
          [{ end_date: '2031-02-28' }, 'end_date'],
          [{ update_cadence: 'yearly' }, 'update_cadence'],
          [{ contributor_ids: [UNKNOWN_ID] }, 'contributor_ids'],
          [{ title: null }, 'title'],
        ] as const)
          await ensureRefused(ctx, 'PATCH', `/goals/${root.id}`, { body }, 422, 'GO2', field);
        const unchanged = await getGoal(ctx.client, root.id, 'GO2');
        ensure(sameJson(unchanged, root), 'GO2', 'refused PATCHes must leave the goal unchanged');

        // Moving a leaf under a sibling subtree is allowed; the cycle rule is about the goal's own subtree.
        const moved = await patchGoal(ctx.client, grandchild.id, { parent_id: root.id }, 'GO2');
        ensure(
          moved.parent?.id === root.id,
          'GO2',
          `parent_id ${root.id} must make it the parent, got ${JSON.stringify(moved.parent)}`,
        );
        const detached = await patchGoal(ctx.client, child.id, { parent_id: null }, 'GO2');
        ensure(
          detached.parent === null,
          'GO2',
          `parent_id null must detach, parent is ${JSON.stringify(detached.parent)}`,
        );
        const cleared = await patchGoal(
          ctx.client,
          root.id,
          { description: null, start_date: null, end_date: null },
          'GO2',
        );
        ensure(
          cleared.description === null && cleared.start_date === null && cleared.end_date === null,
          'GO2',
          `null must clear description and dates, got ${JSON.stringify([cleared.description, cleared.start_date, cleared.end_date])}`,
        );
        const kept = await patchGoal(ctx.client, root.id, { update_cadence: 'biweekly' }, 'GO2');
        ensure(
          kept.update_cadence === 'biweekly',
          'GO2',
          `update_cadence must become biweekly, got ${kept.update_cadence}`,
        );
        ensure(
          kept.title === root.title && kept.owner.id === root.owner.id && kept.private === root.private,
          'GO2',
          'a PATCH must keep the fields it does not send',
        );
      },
    },
    {
      rule: 'G2',
      title: 'GET /goals/{id} and /goals/{id}/goal-updates: an unknown or non-UUID id gives 404',
      async run({ client }) {
        for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
          await client.expect(404, 'GET', `/goals/${id}`, {}, 'G2');
          await client.expect(404, 'GET', `/goals/${id}/goal-updates`, {}, 'G2');
        }
      },
    },
    {
      rule: 'G2',
      title: 'PATCH and DELETE /goals/{id}: an unknown or non-UUID id gives 404',
      async run(ctx) {
        ctx.requireWrites();
        for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
          await ctx.client.expect(404, 'PATCH', `/goals/${id}`, { body: { title: ctx.mark('never') } }, 'G2');
          await ctx.client.expect(404, 'DELETE', `/goals/${id}`, {}, 'G2');
        }
      },
    },
    {
      rule: 'G8',
      title: 'goal writes: malformed JSON gives 400, a non-JSON content type 415, each a problem',
      async run(ctx) {
        ctx.requireWrites();
        const goal: GoalOut = await ctx.createGoal({ title: ctx.mark('G8 goal') });
        const json = { 'content-type': 'application/json' };
        for (const [method, path] of [
          ['POST', '/goals'],
          ['PATCH', `/goals/${goal.id}`],
        ] as const) {
          const bad = await ctx.client.request<GoalOut>(method, path, { rawBody: '{"title": "x",', headers: json });
          if (bad.status === 201)
            ctx.cleanup.add(`delete goal ${bad.body.id}`, () => ctx.client.request('DELETE', `/goals/${bad.body.id}`));
          ensure(bad.status === 400, 'G8', `${method} ${path} with malformed JSON must give 400, got ${bad.status}`);
          const form = await ctx.client.request<GoalOut>(method, path, {
            rawBody: 'title=x',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          if (form.status === 201)
            ctx.cleanup.add(`delete goal ${form.body.id}`, () =>
              ctx.client.request('DELETE', `/goals/${form.body.id}`),
            );
          ensure(form.status === 415, 'G8', `${method} ${path} with a form body must give 415, got ${form.status}`);
        }
        ensure(
          (await getGoal(ctx.client, goal.id, 'G8')).title === goal.title,
          'G8',
          'a refused PATCH must leave the goal unchanged',
        );
      },
    },
    {
      rule: 'GO3',
      title:
        'POST, PATCH, GET and list answers carry owner, parent, contributors and teams as objects naming the records, never *_id forms',
      async run(ctx) {
        const { person, team } = await contributorAndTeam(ctx);
        const teamName = (await ctx.client.expect<ApiSchema<'Team'>>(200, 'GET', `/teams/${team.id}`, {}, 'PT2')).body
          .name;
        const parent: GoalOut = await ctx.createGoal({ title: ctx.mark('GO3 parent') });
        const created: GoalOut = await ctx.createGoal({
          title: ctx.mark('GO3 child'),
          parent_id: parent.id,
          contributor_ids: [person.id],
          team_ids: [team.id],
        });
        const renamed = await patchGoal(ctx.client, parent.id, { title: ctx.mark('GO3 parent renamed') }, 'GO3');
        const patched = await patchGoal(ctx.client, created.id, { owner_id: ctx.me.id }, 'GO3');
        const fetched = await getGoal(ctx.client, created.id, 'GO3');
        const [listed] = await listByIds(ctx.client, [created.id]);
        ensure(listed, 'GO3', `goal_ids[]=${created.id} must list the goal`);
        for (const [where, goal] of [
          ['POST', created],
          ['PATCH', patched],
          ['GET', fetched],
          ['GET /goals', listed],
        ] as const) {
          ensureNoIdForms(goal, where);
          ensure(
            goal.owner.id === ctx.me.id && goal.owner.name === ctx.me.name,
            'GO3',
            `${where}: owner must be {id: ${ctx.me.id}, name: ${ctx.me.name}}, got ${JSON.stringify(goal.owner)}`,
          );
          ensure(
            goal.contributors[0]?.id === person.id && goal.contributors[0]?.name === person.name,
            'GO3',
            `${where}: contributors must be [{${person.id}, ${person.name}}], got ${JSON.stringify(goal.contributors)}`,
          );
          ensure(
            goal.teams[0]?.id === team.id && goal.teams[0]?.name === teamName,
            'GO3',
            `${where}: teams must be [{${team.id}, ${teamName}}], got ${JSON.stringify(goal.teams)}`,
          );
        }
        ensure(
          created.parent?.id === parent.id && created.parent.title === parent.title,
          'GO3',
          `POST: parent must be {${parent.id}, ${parent.title}}, got ${JSON.stringify(created.parent)}`,
        );
        // The parent reference is read at answer time: a renamed parent shows its new title.
        for (const [where, goal] of [
          ['GET', fetched],
          ['GET /goals', listed],
        ] as const) {
          ensure(
            goal.parent?.id === parent.id && goal.parent.title === renamed.title,
            'GO3',
            `${where}: parent must be {${parent.id}, ${renamed.title}}, got ${JSON.stringify(goal.parent)}`,
          );
        }
        ensureNoIdForms(renamed, 'PATCH parent');
      },
    },
    {
      rule: 'GO3',
      title: 'listed goals: owner, contributors, teams and parent name the people, teams and goals they point to',
      async run(ctx) {
        const people = new Map(
          (await ctx.client.walk<{ id: string; name: string }>('/people')).map((p) => [p.id, p.name]),
        );
        const teams = new Map(
          (await ctx.client.walk<{ id: string; name: string }>('/teams')).map((t) => [t.id, t.name]),
        );
        const listed = (await ctx.client.expect<GoalOut[]>(200, 'GET', '/goals?per_page=50', {}, 'GO3')).body;
        if (listed.length === 0) throw new NotRun('GET /goals lists no goal to inspect');
        const parentIds = [...new Set(listed.flatMap((g) => (g.parent ? [g.parent.id] : [])))];
        const parents = new Map(
          (parentIds.length > 0 ? await listByIds(ctx.client, parentIds) : []).map((g) => [g.id, g.title]),
        );
        for (const goal of listed) {
          ensureNoIdForms(goal, `GET /goals: goal ${goal.id}`);
          for (const ref of [goal.owner, ...goal.contributors]) {
            ensure(
              people.get(ref.id) === ref.name,
              'GO3',
              `goal ${goal.id}: person ${JSON.stringify(ref)} must match GET /people (${people.get(ref.id) ?? 'not listed'})`,
            );
          }
          for (const ref of goal.teams) {
            ensure(
              teams.get(ref.id) === ref.name,
              'GO3',
              `goal ${goal.id}: team ${JSON.stringify(ref)} must match GET /teams (${teams.get(ref.id) ?? 'not listed'})`,
            );
          }
          if (goal.parent) {
            ensure(
              parents.get(goal.parent.id) === goal.parent.title,
              'GO3',
              `goal ${goal.id}: parent ${JSON.stringify(goal.parent)} must match the goal listed by goal_ids[] (${parents.get(goal.parent.id) ?? 'not listed'})`,
            );
          }
        }
      },
    },
    {
      rule: 'GO4',
      title: 'listed goals carry progress and confidence of their latest update, or 0 and 100 "On track" without one',
      async run({ client }) {
        const listed = (await client.expect<GoalOut[]>(200, 'GET', '/goals?per_page=50', {}, 'GO4')).body;
        if (listed.length === 0) throw new NotRun('GET /goals lists no goal to inspect');
        // A sample keeps the check fast against a large live server.
        for (const goal of listed.slice(0, 12)) {
          const [latest] = (
            await client.expect<UpdateOut[]>(200, 'GET', `/goals/${goal.id}/goal-updates?per_page=1`, {}, 'GO4')
          ).body;
          const expected = latest
            ? {
                progress: latest.progress,
                confidence: latest.confidence,
                confidence_description: latest.confidence_description,
              }
            : { progress: 0, confidence: 100, confidence_description: 'On track' };
          const got = {
            progress: goal.progress,
            confidence: goal.confidence,
            confidence_description: goal.confidence_description,
          };
          ensure(
            JSON.stringify(got) === JSON.stringify(expected),
            'GO4',
            `goal ${goal.id}: expected ${JSON.stringify(expected)} (${latest ? `its latest update ${latest.id}` : 'no update'}), got ${JSON.stringify(got)}`,
          );
        }
      },
    },
    {
      rule: 'GO4',
      title: 'a new goal has progress 0, confidence 100 "On track"; after an update, that update\'s values',
      async run(ctx) {
        ctx.requireWrites();
        const goal: GoalOut = await ctx.createGoal({ title: ctx.mark('GO4 goal') });
        ensure(
          goal.progress === 0 && goal.confidence === 100 && goal.confidence_description === 'On track',
          'GO4',
          `a new goal must be 0 / 100 / On track, got ${goal.progress} / ${goal.confidence} / ${goal.confidence_description}`,
        );
        const update = await postUpdate(ctx.client, goal.id, {
          title: ctx.mark('GO4 update'),
          progress: 33,
          confidence: 55,
        });
        const after = await getGoal(ctx.client, goal.id, 'GO4');
        ensure(
          after.progress === 33 &&
            after.confidence === update.confidence &&
            after.confidence_description === update.confidence_description,
          'GO4',
          `after update ${update.id} (33 / ${update.confidence}) the goal must show it, got ${after.progress} / ${after.confidence} / ${after.confidence_description}`,
        );
        const [listed] = await listByIds(ctx.client, [goal.id]);
        ensure(
          listed?.progress === 33 && listed.confidence === update.confidence,
          'GO4',
          `GET /goals must show the same values as GET /goals/{id}, got ${listed?.progress} / ${listed?.confidence}`,
        );
      },
    },
    {
      rule: 'GO5',
      title: 'listed goals and their updates label confidence 30 "Off track", 60 "At risk", 90 and 100 "On track"',
      async run({ client }) {
        const listed = (await client.expect<GoalOut[]>(200, 'GET', '/goals?per_page=50', {}, 'GO5')).body;
        if (listed.length === 0) throw new NotRun('GET /goals lists no goal to inspect');
        for (const goal of listed) {
          ensure(
            LABELS[goal.confidence] === goal.confidence_description,
            'GO5',
            `goal ${goal.id}: confidence ${goal.confidence} must be labelled "${LABELS[goal.confidence]}", got "${goal.confidence_description}"`,
          );
        }
        for (const goal of listed.slice(0, 5)) {
          // Read with a goal's confidences (100 too), so that the check itself holds an update to 30/60/90.
          type Listed = Omit<UpdateOut, 'confidence'> & Pick<GoalOut, 'confidence'>;
          for (const update of (
            await client.expect<Listed[]>(200, 'GET', `/goals/${goal.id}/goal-updates?per_page=50`, {}, 'GO5')
          ).body) {
            ensure(
              update.confidence !== 100 && LABELS[update.confidence] === update.confidence_description,
              'GO5',
              `update ${update.id}: confidence ${update.confidence} must be one of 30/60/90 labelled by GO5, got "${update.confidence_description}"`,
            );
          }
        }
      },
    },
    {
      rule: 'GO5',
      title: 'an update of confidence 30, 60 and 90 is labelled Off track, At risk, On track, and so is its goal',
      async run(ctx) {
        ctx.requireWrites();
        const goal: GoalOut = await ctx.createGoal({ title: ctx.mark('GO5 goal') });
        for (const confidence of [30, 60, 90]) {
          const update = await postUpdate(ctx.client, goal.id, { title: ctx.mark('GO5'), confidence });
          ensure(
            update.confidence === confidence && update.confidence_description === LABELS[confidence],
            'GO5',
            `an update of confidence ${confidence} must be labelled "${LABELS[confidence]}", got ${update.confidence} "${update.confidence_description}"`,
          );
          const after = await getGoal(ctx.client, goal.id, 'GO5');
          ensure(
            after.confidence === confidence && after.confidence_description === LABELS[confidence],
            'GO5',
            `the goal must then be ${confidence} "${LABELS[confidence]}", got ${after.confidence} "${after.confidence_description}"`,
          );
        }
      },
    },
    {
      rule: 'GO6',
      title:
        'GET /goals walked: no archived goal, GO6 order; since, people_ids[], team_ids[] give exactly the matching goals (AND across, OR within)',
      async run({ client, me }) {
        const all = await client.walk<GoalOut>('/goals');
        const [firstGoal] = all;
        if (!firstGoal) throw new NotRun('GET /goals lists no goal to filter');
        ensureGoalOrder(all, 'GET /goals');
        const archived = all.filter((g) => g.archived);
        ensure(
          archived.length === 0,
          'GO6',
          `GET /goals without goal_ids[] must leave archived goals out, it lists ${archived.map((g) => g.id).join(', ')}`,
        );
        // Filters are checked against the unfiltered walk: the filtered list must be exactly its matching part.
        const ends = [...new Set(all.flatMap((g) => (g.end_date ? [g.end_date] : [])))].sort();
        const since = ends[Math.floor(ends.length / 2)] ?? '2000-01-01';
        const teamIds = [...new Set(all.flatMap((g) => g.teams.map((t) => t.id)))].slice(0, 2);
        const [firstContributor] = all.flatMap((g) => g.contributors);
        const person = firstContributor?.id ?? firstGoal.owner.id;
        const cases: Array<[string, Parameters<typeof matches>[1]]> = [
          [`since=${since}`, { since }],
          [`people_ids[]=${me.id}`, { people: [me.id] }],
          [`people_ids[]=${person}&people_ids[]=${me.id}`, { people: [person, me.id] }],
        ];
        const [team] = teamIds;
        if (team) {
          cases.push([teamIds.map((t) => `team_ids[]=${t}`).join('&'), { teams: teamIds }]);
          cases.push([`team_ids[]=${team}&since=${since}`, { teams: [team], since }]);
          cases.push([`team_ids[]=${team}&people_ids[]=${person}`, { teams: [team], people: [person] }]);
        }
        for (const [query, filters] of cases) {
          const got = await client.walk<GoalOut>(`/goals?${query}`);
          ensureSameIds(
            got,
            all.filter((g) => matches(g, filters)),
            'GO6',
            `GET /goals?${query} against the matching part of the unfiltered list`,
          );
        }
      },
    },
    {
      rule: 'GO6',
      title:
        'own goals: since is inclusive and keeps goals without end date; people_ids[] matches owner or contributor; filters AND, arrays OR; GO6 order',
      async run(ctx) {
        const { person, team } = await contributorAndTeam(ctx);
        const made: GoalOut[] = [
          await ctx.createGoal({
            title: ctx.mark('GO6 b'),
            end_date: '2031-03-10',
            team_ids: [team.id],
            contributor_ids: [person.id],
          }),
          await ctx.createGoal({ title: ctx.mark('GO6 c'), end_date: null }),
          await ctx.createGoal({ title: ctx.mark('GO6 d'), end_date: '2031-03-09', team_ids: [team.id] }),
          // Same end date as "b" and a title before it: the title decides.
          await ctx.createGoal({ title: ctx.mark('GO6 a'), end_date: '2031-03-10' }),
          await ctx.createGoal({ title: ctx.mark('GO6 c'), end_date: null }),
        ];
        const ids = made.map((g) => g.id);
        const cases: Array<[string, Parameters<typeof matches>[1], number]> = [
          ['', {}, 5],
          ['since=2031-03-10', { since: '2031-03-10' }, 4],
          ['since=2031-03-11', { since: '2031-03-11' }, 2],
          [`team_ids[]=${team.id}`, { teams: [team.id] }, 2],
          [`people_ids[]=${person.id}`, { people: [person.id] }, 1],
          [`people_ids[]=${person.id}&people_ids[]=${ctx.me.id}`, { people: [person.id, ctx.me.id] }, 5],
          [`team_ids[]=${team.id}&since=2031-03-10`, { teams: [team.id], since: '2031-03-10' }, 1],
          [
            `team_ids[]=${team.id}&people_ids[]=${person.id}&since=2031-03-11`,
            { teams: [team.id], people: [person.id], since: '2031-03-11' },
            0,
          ],
        ];
        for (const [query, filters, count] of cases) {
          const got = await listByIds(ctx.client, ids, query);
          const expected = made.filter((g) => matches(g, filters)).sort(goalOrder);
          // The count guards the expectation itself against a server that echoed odd values on create.
          ensure(
            expected.length === count,
            'GO6',
            `the goals created must give ${count} matches for "${query}", the answers give ${expected.length}`,
          );
          ensureSameIds(got, expected, 'GO6', `GET /goals?goal_ids[]=…${query ? `&${query}` : ''}`);
        }
      },
    },
    {
      rule: 'GO6',
      title: 'an archived goal is left out of lists unless goal_ids[] names it; unarchived it is back',
      async run(ctx) {
        ctx.requireWrites();
        const far = '2999-12-31';
        const other: GoalOut = await ctx.createGoal({ title: ctx.mark('GO6 kept'), end_date: far });
        const goal: GoalOut = await ctx.createGoal({ title: ctx.mark('GO6 archived'), end_date: far });
        // A narrow list that must hold the goal while it is not archived.
        const listPath = `/goals?since=${far}&people_ids[]=${ctx.me.id}`;
        const before = await ctx.client.walk<GoalOut>(listPath);
        ensure(
          before.some((g) => g.id === goal.id),
          'GO6',
          `GET ${listPath} must list the kit's goal ${goal.id} before it is archived`,
        );
        const archived = await patchGoal(ctx.client, goal.id, { archived: true }, 'GO6');
        ensure(
          archived.archived === true,
          'GO6',
          `PATCH archived: true must answer archived true, got ${archived.archived}`,
        );
        const without = await ctx.client.walk<GoalOut>(listPath);
        ensure(
          !without.some((g) => g.id === goal.id),
          'GO6',
          `GET ${listPath} must leave the archived goal ${goal.id} out`,
        );
        ensure(
          without.some((g) => g.id === other.id),
          'GO6',
          `GET ${listPath} must still list the unarchived goal ${other.id}`,
        );
        ensureGoalOrder(without, `GET ${listPath}`);
        const alone = await listByIds(ctx.client, [goal.id]);
        ensure(
          alone.length === 1 && alone[0]?.id === goal.id && alone[0].archived === true,
          'GO6',
          `goal_ids[]=${goal.id} must list the archived goal, got ${JSON.stringify(alone.map((g) => [g.id, g.archived]))}`,
        );
        const both = await listByIds(ctx.client, [goal.id, other.id], `people_ids[]=${ctx.me.id}`);
        ensureSameIds(
          both,
          [archived, other].sort(goalOrder),
          'GO6',
          'goal_ids[] with an archived and an unarchived goal (and people_ids[])',
        );
        ensure(
          (await getGoal(ctx.client, goal.id, 'GO6')).archived === true,
          'GO6',
          'GET /goals/{id} must still give the archived goal',
        );
        await ctx.client.expect(200, 'PATCH', `/goals/${goal.id}`, { body: { archived: false } }, 'GO6');
        const back = await ctx.client.walk<GoalOut>(listPath);
        ensure(
          back.some((g) => g.id === goal.id),
          'GO6',
          `after archived: false, GET ${listPath} must list ${goal.id} again`,
        );
      },
    },
    {
      rule: 'GO6',
      title:
        'bad GET /goals filters: since not a date and a non-UUID goal_ids[] (urn:uuid: too) give 422 naming them; the bare goal_ids form gives 400',
      async run({ client }) {
        for (const [query, name] of [
          ['since=2031-13-01', 'since'],
          ['since=tomorrow', 'since'],
          [`goal_ids[]=${UNKNOWN_ID}&goal_ids[]=nope`, 'goal_ids[]'],
          ['team_ids[]=nope', 'team_ids[]'],
          // G2: a URN is no UUID, and matching nothing (200 []) would hide the mistake.
          [`team_ids[]=urn:uuid:${UNKNOWN_ID}`, 'team_ids[]'],
        ] as const) {
          const { body } = await client.expect(422, 'GET', `/goals?${query}`, {}, 'GO6');
          ensure(
            namesField(body, name.replace('[]', '')),
            'GO6',
            `GET /goals?${query}: the problem must name ${name}, it names [${problemNames(body).join(', ')}]`,
          );
        }
        await client.expect(400, 'GET', `/goals?goal_ids=${UNKNOWN_ID}`, {}, 'G5');
        const none = (await client.expect<GoalOut[]>(200, 'GET', `/goals?goal_ids[]=${UNKNOWN_ID}`, {}, 'GO6')).body;
        ensure(none.length === 0, 'GO6', `goal_ids[] naming no goal must give [], got ${none.length} goals`);
      },
    },
    {
      rule: 'GO7',
      title:
        "another person's private goal does not exist for the caller: left out of every list, 404 on the goal, its updates and their comments",
      async run(ctx) {
        ctx.requireWrites();
        const other = ctx.other();
        const otherPerson = await ctx.otherPerson();
        const teamIds = otherPerson.teams.slice(0, 1).map((t) => t.id);
        const hidden: GoalOut = await ctx.createGoal(
          { title: ctx.mark('GO7 private'), private: true, end_date: '2999-12-31', team_ids: teamIds },
          other,
        );
        ensure(
          hidden.owner.id === otherPerson.id && !hidden.contributors.some((c) => c.id === ctx.me.id),
          'GO7',
          'the private goal must belong to the other person alone',
        );
        const update = await postUpdate(other, hidden.id, { title: ctx.mark('GO7 update') });
        // A public child of the private goal: visible to the caller, but its parent must not show.
        const child: GoalOut = await ctx.createGoal(
          { title: ctx.mark('GO7 public child'), parent_id: hidden.id },
          other,
        );
        // Positive control: the owner sees all of it, so the 404s below are about visibility.
        await other.expect(200, 'GET', `/goals/${hidden.id}`, {}, 'GO7');
        await other.expect(200, 'GET', `/goal-updates/${update.id}`, {}, 'GO7');
        await other.expect(200, 'GET', `/goal-updates/${update.id}/comments`, {}, 'GO7');

        const { client } = ctx;
        for (const [method, path, body] of [
          ['GET', `/goals/${hidden.id}`],
          ['PATCH', `/goals/${hidden.id}`, { title: ctx.mark('GO7 stolen') }],
          ['DELETE', `/goals/${hidden.id}`],
          ['GET', `/goals/${hidden.id}/goal-updates`],
          ['POST', `/goals/${hidden.id}/goal-updates`, { title: ctx.mark('GO7 intruder') }],
          ['GET', `/goal-updates/${update.id}`],
          ['PATCH', `/goal-updates/${update.id}`, { title: ctx.mark('GO7 stolen') }],
          ['DELETE', `/goal-updates/${update.id}`],
          ['GET', `/goal-updates/${update.id}/comments`],
          ['POST', `/goal-updates/${update.id}/comments`, { body: 'peek' }],
          ['GET', `/goal-updates/${update.id}/reactions`],
        ] as Array<[string, string, unknown?]>) {
          await client.expect(404, method, path, body === undefined ? {} : { body }, 'GO7');
        }
        const walks = [
          `/goals?goal_ids[]=${hidden.id}`,
          `/goals?people_ids[]=${otherPerson.id}`,
          `/goals?since=2999-12-31`,
          '/goals',
        ];
        if (teamIds.length > 0) walks.push(`/goals?team_ids[]=${teamIds[0]}`);
        for (const path of walks) {
          const listed = await client.walk<GoalOut>(path);
          ensure(
            !listed.some((g) => g.id === hidden.id),
            'GO7',
            `GET ${path} must leave out another person's private goal ${hidden.id}`,
          );
        }
        await ensureRefused(
          ctx,
          'POST',
          '/goals',
          { body: { title: ctx.mark('GO7 under hidden'), parent_id: hidden.id } },
          422,
          'GO2',
          'parent_id',
        );
        const seenChild = await getGoal(client, child.id, 'GO7');
        ensure(
          seenChild.parent === null,
          'GO7',
          `a visible child of a private goal must show parent null to others, got ${JSON.stringify(seenChild.parent)}`,
        );
        // Still intact for its owner after the refused writes.
        const after = await getGoal(other, hidden.id, 'GO7');
        ensure(
          after.title === hidden.title,
          'GO7',
          `the caller's refused PATCH must not change the goal, title is ${JSON.stringify(after.title)}`,
        );
        await other.expect(200, 'GET', `/goal-updates/${update.id}`, {}, 'GO7');
      },
    },
    {
      rule: 'GO7',
      title: 'a private goal is visible to its contributors: GET, goal_ids[] and its updates',
      async run(ctx) {
        ctx.requireWrites();
        const other = ctx.other();
        const shared: GoalOut = await ctx.createGoal(
          { title: ctx.mark('GO7 shared'), private: true, contributor_ids: [ctx.me.id] },
          other,
        );
        const update = await postUpdate(other, shared.id, { title: ctx.mark('GO7 shared update') });
        await getGoal(ctx.client, shared.id, 'GO7');
        const listed = await listByIds(ctx.client, [shared.id]);
        ensure(
          listed.length === 1,
          'GO7',
          `a contributor must find the private goal through goal_ids[], got ${listed.length} goals`,
        );
        const mine = await ctx.client.walk<GoalOut>(`/goals?people_ids[]=${ctx.me.id}`);
        ensure(
          mine.some((g) => g.id === shared.id),
          'GO7',
          `GET /goals?people_ids[]=<me> must list a private goal the caller contributes to`,
        );
        await ctx.client.expect(200, 'GET', `/goal-updates/${update.id}`, {}, 'GO7');
        const updates = (
          await ctx.client.expect<UpdateOut[]>(200, 'GET', `/goals/${shared.id}/goal-updates`, {}, 'GO7')
        ).body;
        ensure(
          updates.some((u) => u.id === update.id),
          'GO7',
          "a contributor must see the private goal's updates",
        );
      },
    },
    {
      rule: 'GO9',
      title:
        'someone who is not owner, contributor or administrator may rename a goal, but changing private, owner_id or contributor_ids, or deleting it, is 403',
      async run(ctx) {
        ctx.requireWrites();
        const { client: stranger, person } = await ctx.stranger();
        const goal: GoalOut = await ctx.createGoal({ title: ctx.mark('GO9 shared work') });
        ensure(
          goal.owner.id !== person.id && !goal.contributors.some((c) => c.id === person.id),
          'GO9',
          "the goal must not be the other person's",
        );
        const renamed = ctx.mark('GO9 renamed by a colleague');
        const patched = (await stranger.expect(200, 'PATCH', `/goals/${goal.id}`, { body: { title: renamed } }, 'GO9'))
          .body as GoalOut;
        ensure(
          patched.title === renamed,
          'GO9',
          `a colleague who sees the goal may rename it, got title ${JSON.stringify(patched.title)}`,
        );
        for (const [field, value] of [
          ['private', true],
          ['owner_id', person.id],
          ['contributor_ids', [person.id]],
        ] as const) {
          const { body } = await stranger.expect<ApiSchema<'Problem'>>(
            403,
            'PATCH',
            `/goals/${goal.id}`,
            { body: { [field]: value } },
            'GO9',
          );
          ensure(
            namesField(body, field) || String(body?.detail).includes(field),
            'GO9',
            `the 403 for changing ${field} must name it`,
          );
        }
        await stranger.expect(403, 'DELETE', `/goals/${goal.id}`, {}, 'GO9');
        const after = await getGoal(ctx.client, goal.id, 'GO9');
        ensure(
          !after.private && after.owner.id === goal.owner.id && after.contributors.length === goal.contributors.length,
          'GO9',
          `the refused changes must change nothing, got ${JSON.stringify({ private: after.private, owner: after.owner, contributors: after.contributors })}`,
        );
      },
    },
    {
      rule: 'GO8',
      title:
        'DELETE /goals/{id}: 204; its updates, their comments and reactions go too; a child goal stays with parent null',
      async run(ctx) {
        ctx.requireWrites();
        const { client } = ctx;
        const parent: GoalOut = await ctx.createGoal({ title: ctx.mark('GO8 parent') });
        const child: GoalOut = await ctx.createGoal({ title: ctx.mark('GO8 child'), parent_id: parent.id });
        const update = await postUpdate(client, parent.id, { title: ctx.mark('GO8 update') });
        const comment = (
          await client.expect<ApiSchema<'Comment'>>(
            201,
            'POST',
            `/goal-updates/${update.id}/comments`,
            { body: { body: ctx.mark('GO8 comment') } },
            'CR1',
          )
        ).body;
        const reaction = (
          await client.expect<ApiSchema<'Reaction'>>(
            201,
            'POST',
            `/goal-updates/${update.id}/reactions`,
            { body: { name: 'thumbsup' } },
            'CR2',
          )
        ).body;
        await client.expect(204, 'DELETE', `/goals/${parent.id}`, {}, 'GO8');
        await client.expect(404, 'GET', `/goals/${parent.id}`, {}, 'GO8');
        await client.expect(404, 'GET', `/goals/${parent.id}/goal-updates`, {}, 'GO8');
        await client.expect(404, 'GET', `/goal-updates/${update.id}`, {}, 'GO8');
        await client.expect(404, 'GET', `/goal-updates/${update.id}/comments`, {}, 'GO8');
        await client.expect(404, 'GET', `/goal-updates/${update.id}/reactions`, {}, 'GO8');
        // The comment and the reaction have no GET of their own: deleting them must find nothing.
        await client.expect(404, 'DELETE', `/comments/${comment.id}`, {}, 'GO8');
        await client.expect(404, 'DELETE', `/reactions/${reaction.id}`, {}, 'GO8');
        await client.expect(404, 'DELETE', `/goals/${parent.id}`, {}, 'GO8');
        const orphan = await getGoal(client, child.id, 'GO8');
        ensure(
          orphan.parent === null,
          'GO8',
          `the child goal must keep existing with parent null, got ${JSON.stringify(orphan.parent)}`,
        );
        ensure(orphan.title === child.title, 'GO8', 'the child goal must otherwise stay as it was');
        const listed = await listByIds(client, [parent.id, child.id]);
        ensureSameIds(listed, [orphan], 'GO8', 'goal_ids[] of the deleted parent and its child');
      },
    },
  ],
};
