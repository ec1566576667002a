// Issue 37's broken servers: defects that show only over a sequence of requests (`sequence`), and answers of the
// right shape with the wrong content (`domain`), for the explorer to catch (explore-self-test.test.ts). Each
// keeps its state in the closure `break` makes, so every run starts on a sound server.
import type { BrokenRequest, Rewrite, Tools, Variant } from './broken-variants.js';
import { eachRecord } from './broken-variants.js';

const ANY = '[^/]+';
const GOAL = new RegExp(`^/goals/(${ANY})$`);
const GOALS = /^\/goals$/;
const UPDATE = new RegExp(`^/goal-updates/(${ANY})$`);
const GOAL_UPDATES = new RegExp(`^/goals/(${ANY})/goal-updates$`);
const UPDATE_COMMENTS = new RegExp(`^/goal-updates/(${ANY})/comments$`);
const CHECK_IN_COMMENTS = new RegExp(`^/check-ins/(${ANY})/comments$`);

const tokenOf = (request: BrokenRequest, tools: Tools) => tools.tokenOf(request);
const idIn = (pattern: RegExp, path: string) => pattern.exec(path)?.[1] ?? '';

/** The goal_ids[] of a list's query. */
function goalIdsOf(query: string): string[] {
  return [...new URLSearchParams(query)].filter(([name]) => name === 'goal_ids[]').map(([, value]) => value);
}

type Figures = { progress: number; confidence: number; confidence_description: string };

/** A new update posted without `field` is sent on with `value` for it: a server whose GU3 default is fixed. */
function omittedOnNewUpdate(field: 'progress' | 'confidence', value: number): Rewrite {
  return {
    methods: ['POST'],
    path: GOAL_UPDATES,
    request(request, tools) {
      const body = tools.jsonOf(request) as Record<string, unknown> | undefined;
      if (!body || field in body) return;
      return { ...request, body: JSON.stringify({ ...body, [field]: value }) };
    },
  };
}

/**
 * A goal read whose path a write marked `stale` answers with the ETag of the read before the write (G12): the
 * ETag-variants' shared half; `last` keeps each path's last ETag.
 */
function etagKeptWhileStale(stale: Set<string>, last: Map<string, string>): Rewrite {
  return {
    methods: ['GET'],
    path: GOAL,
    response(response, request) {
      const tag = response.headers.get('etag');
      if (response.status !== 200 || !tag) return;
      if (stale.has(request.path) && last.has(request.path)) {
        stale.delete(request.path);
        response.headers.set('etag', last.get(request.path)!);
        return;
      }
      last.set(request.path, tag);
    },
  };
}

export const SEQUENCE_VARIANTS: Variant[] = [
  {
    name: "a goal's ETag stays the one of its first read",
    expectedRules: ['G12'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      const first = new Map<string, string>();
      return [
        {
          methods: ['GET'],
          path: GOAL,
          response(response, request) {
            const tag = response.headers.get('etag');
            if (response.status !== 200 || !tag) return;
            const kept = first.get(request.path) ?? tag;
            first.set(request.path, kept);
            response.headers.set('etag', kept);
          },
        },
      ];
    },
  },
  {
    name: 'a refused goal PATCH (start after end) still saves its end_date',
    expectedRules: ['G8'],
    kind: 'sequence',
    break: [
      {
        methods: ['PATCH'],
        path: GOAL,
        async response(response, request, tools) {
          const body = tools.jsonOf(request) as { start_date?: string; end_date?: string } | undefined;
          if (response.status !== 422 || !body?.start_date || !body.end_date) return;
          await tools.call('PATCH', request.path, tokenOf(request, tools), { end_date: body.end_date });
        },
      },
    ],
  },
  {
    name: "an archived goal's figures stay those it had when archived",
    expectedRules: ['GU5', 'GO4'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      const frozen = new Map<string, Figures>();
      return [
        {
          methods: ['PATCH'],
          path: GOAL,
          response(response, request, tools) {
            const body = tools.jsonOf(request) as { archived?: boolean } | undefined;
            const goal = response.body as ({ id: string; archived: boolean } & Figures) | undefined;
            if (response.status !== 200 || !goal || body?.archived === undefined) return;
            if (goal.archived) {
              const { progress, confidence, confidence_description } = goal;
              if (!frozen.has(goal.id)) frozen.set(goal.id, { progress, confidence, confidence_description });
            } else frozen.delete(goal.id);
          },
        },
        {
          path: /^\/goals(\/[^/]+)?$/,
          response(response) {
            if (response.status < 300)
              eachRecord(response.body, (record: { id?: string } & Partial<Figures>) => {
                const figures = record.id ? frozen.get(record.id) : undefined;
                if (figures) Object.assign(record, figures);
              });
          },
        },
      ];
    },
  },
  {
    name: "a goal's ETag stays the same after an update is posted to it",
    expectedRules: ['G12'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      const last = new Map<string, string>();
      const stale = new Set<string>();
      return [
        {
          methods: ['POST'],
          path: GOAL_UPDATES,
          request(request) {
            stale.add(`/goals/${idIn(GOAL_UPDATES, request.path)}`);
          },
        },
        etagKeptWhileStale(stale, last),
      ];
    },
  },
  {
    name: 'a title PATCH is lost when archived is patched in the same body',
    expectedRules: ['GO1'],
    kind: 'sequence',
    break: [
      {
        methods: ['PATCH'],
        path: GOAL,
        request(request, tools) {
          const body = tools.jsonOf(request) as Record<string, unknown> | undefined;
          if (!body || !('title' in body) || !('archived' in body)) return;
          const { title: _title, ...rest } = body;
          return { ...request, body: JSON.stringify(rest) };
        },
      },
    ],
  },
  {
    name: "a goal's updates list keeps its ETag after one of them is deleted",
    expectedRules: ['G12'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      const last = new Map<string, string>();
      let deleted = false;
      return [
        {
          methods: ['DELETE'],
          path: UPDATE,
          request() {
            deleted = true;
          },
        },
        {
          methods: ['GET'],
          path: GOAL_UPDATES,
          response(response, request) {
            const tag = response.headers.get('etag');
            const key = `${request.path}?${request.query}`;
            if (response.status !== 200 || !tag) return;
            if (deleted && last.has(key)) {
              deleted = false;
              response.headers.set('etag', last.get(key)!);
              return;
            }
            last.set(key, tag);
          },
        },
      ];
    },
  },
  {
    name: 'an un-archived goal is still answered archived',
    expectedRules: ['GO1'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      const once = new Set<string>();
      return [
        {
          methods: ['PATCH'],
          path: GOAL,
          request(request, tools) {
            const body = tools.jsonOf(request) as { archived?: boolean } | undefined;
            if (body?.archived === true) once.add(idIn(GOAL, request.path));
          },
        },
        {
          methods: ['GET'],
          path: GOAL,
          response(response, request) {
            if (response.status === 200 && once.has(idIn(GOAL, request.path)))
              (response.body as { archived: boolean }).archived = true;
          },
        },
      ];
    },
  },
  {
    name: 'after a goal is deleted, the next page of goal_ids[] skips one goal',
    expectedRules: ['G4', 'GO6'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      let deleted = false;
      return [
        {
          methods: ['DELETE'],
          path: GOAL,
          request() {
            deleted = true;
          },
        },
        {
          methods: ['GET'],
          path: GOALS,
          async response(response, request, tools) {
            const params = new URLSearchParams(request.query);
            const page = Number(params.get('page') ?? '1');
            if (!deleted || page < 2 || !params.has('goal_ids[]') || response.status !== 200) return;
            const perPage = Number(params.get('per_page') ?? '20');
            params.set('page', '1');
            params.set('per_page', String(page * perPage + 1));
            const all = await tools.call('GET', `/goals?${params.toString()}`, tokenOf(request, tools));
            response.body = ((all.body ?? []) as unknown[]).slice((page - 1) * perPage + 1, page * perPage + 1);
          },
        },
      ];
    },
  },
  {
    name: 'once a write was made, page 2 of goal_ids[] repeats page 1',
    expectedRules: ['G4'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      let writes = 0;
      return [
        {
          methods: ['PATCH'],
          path: GOAL,
          request() {
            writes++;
          },
        },
        {
          methods: ['GET'],
          path: GOALS,
          async response(response, request, tools) {
            const params = new URLSearchParams(request.query);
            if (writes === 0 || params.get('page') !== '2' || !params.has('goal_ids[]') || response.status !== 200)
              return;
            params.set('page', '1');
            const first = await tools.call('GET', `/goals?${params.toString()}`, tokenOf(request, tools));
            if (Array.isArray(response.body) && response.body.length > 0) response.body = first.body;
          },
        },
      ];
    },
  },
  {
    name: "a goal's ETag stays the same after its latest update is deleted",
    expectedRules: ['G12'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      const last = new Map<string, string>();
      const stale = new Set<string>();
      return [
        {
          methods: ['DELETE'],
          path: UPDATE,
          async request(request, tools) {
            const update = await tools.call('GET', request.path, tokenOf(request, tools));
            const goalId = (update.body as { goal?: { id: string } } | undefined)?.goal?.id;
            if (goalId) stale.add(`/goals/${goalId}`);
          },
        },
        etagKeptWhileStale(stale, last),
      ];
    },
  },
  {
    name: 'a title PATCH un-archives an archived goal',
    expectedRules: ['GO1'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      const archived = new Set<string>();
      return [
        {
          methods: ['PATCH'],
          path: GOAL,
          request(request, tools) {
            const body = tools.jsonOf(request) as Record<string, unknown> | undefined;
            const id = idIn(GOAL, request.path);
            if (!body) return;
            if (body.archived === true) archived.add(id);
            if (body.archived === false) archived.delete(id);
            if ('archived' in body || !('title' in body) || !archived.has(id)) return;
            archived.delete(id);
            return { ...request, body: JSON.stringify({ ...body, archived: false }) };
          },
        },
      ];
    },
  },
  {
    name: 'after a goal is patched, per_page is ignored from page 2 of goal_ids[] on',
    expectedRules: ['G4'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      let patched = false;
      return [
        {
          methods: ['PATCH'],
          path: GOAL,
          request() {
            patched = true;
          },
        },
        {
          methods: ['GET'],
          path: GOALS,
          async response(response, request, tools) {
            const params = new URLSearchParams(request.query);
            const page = Number(params.get('page') ?? '1');
            if (!patched || page < 2 || !params.has('goal_ids[]') || response.status !== 200) return;
            params.delete('per_page');
            const answer = await tools.call('GET', `/goals?${params.toString()}`, tokenOf(request, tools));
            response.body = answer.body;
          },
        },
      ];
    },
  },
  {
    name: "an un-archived goal's figures are reset to a goal's without updates",
    expectedRules: ['GU5'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      const reset = new Set<string>();
      return [
        {
          methods: ['PATCH'],
          path: GOAL,
          request(request, tools) {
            const body = tools.jsonOf(request) as { archived?: boolean } | undefined;
            if (body?.archived === false) reset.add(idIn(GOAL, request.path));
          },
        },
        {
          methods: ['POST'],
          path: GOAL_UPDATES,
          request(request) {
            reset.delete(idIn(GOAL_UPDATES, request.path));
          },
        },
        {
          path: /^\/goals(\/[^/]+)?$/,
          response(response) {
            if (response.status < 300)
              eachRecord(response.body, (record: { id?: string } & Partial<Figures>) => {
                if (record.id && reset.has(record.id))
                  Object.assign(record, { progress: 0, confidence: 100, confidence_description: 'On track' });
              });
          },
        },
      ];
    },
  },
  {
    name: "an archived goal's title PATCH is ignored",
    expectedRules: ['GO1'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      const archived = new Set<string>();
      return [
        {
          methods: ['PATCH'],
          path: GOAL,
          request(request, tools) {
            const body = tools.jsonOf(request) as Record<string, unknown> | undefined;
            const id = idIn(GOAL, request.path);
            if (!body) return;
            if (body.archived === true) archived.add(id);
            if (body.archived === false) archived.delete(id);
            if ('archived' in body || !('title' in body) || !archived.has(id)) return;
            const { title: _title, ...rest } = body;
            return { ...request, body: JSON.stringify(rest) };
          },
        },
      ];
    },
  },
  {
    name: 'after a goal is archived, page 2 of goal_ids[] answers empty',
    expectedRules: ['G4'],
    kind: 'sequence',
    break: (): Rewrite[] => {
      let archived = false;
      return [
        {
          methods: ['PATCH'],
          path: GOAL,
          request(request, tools) {
            if ((tools.jsonOf(request) as { archived?: boolean } | undefined)?.archived === true) archived = true;
          },
        },
        {
          methods: ['GET'],
          path: GOALS,
          response(response, request) {
            const params = new URLSearchParams(request.query);
            if (archived && params.get('page') === '2' && params.has('goal_ids[]') && response.status === 200)
              response.body = [];
          },
        },
      ];
    },
  },
];

/**
 * A comment deleted but listed again: the mock has no GET /comments/{id}, so a comment is known from the lists of
 * `listPath` it was seen in; once deleted, `relist` puts it back into its record's list, as each server says.
 */
function deletedCommentsListed(
  listPath: RegExp,
  relist: (body: Array<{ id: string }>, kept: ReadonlyMap<string, { id: string }>) => void,
): Rewrite[] {
  const seen = new Map<string, { on: string; comment: { id: string } }>();
  const gone = new Map<string, { on: string; comment: { id: string } }>();
  return [
    {
      methods: ['DELETE'],
      path: /^\/comments\/[^/]+$/,
      request(request) {
        const id = request.path.slice('/comments/'.length);
        const known = seen.get(id);
        if (known) gone.set(id, known);
      },
    },
    {
      methods: ['GET'],
      path: listPath,
      response(response, request) {
        if (response.status !== 200 || !Array.isArray(response.body)) return;
        const on = idIn(listPath, request.path);
        const body = response.body as Array<{ id: string }>;
        for (const comment of body) seen.set(comment.id, { on, comment });
        const kept = new Map(
          [...gone].filter(([, known]) => known.on === on).map(([id, known]) => [id, known.comment]),
        );
        relist(body, kept);
      },
    },
  ];
}

export const DOMAIN_VARIANTS: Variant[] = [
  {
    name: 'a deleted comment is listed again once another is posted on its update',
    expectedRules: ['CR1'],
    kind: 'domain',
    // Once another is posted: an empty list stays empty.
    break: () =>
      deletedCommentsListed(UPDATE_COMMENTS, (body, kept) => {
        if (body.length > 0) body.push(...kept.values());
      }),
  },
  {
    name: 'a refused update (422) still creates one with what was valid',
    expectedRules: ['G8'],
    kind: 'domain',
    break: [
      {
        methods: ['POST'],
        path: GOAL_UPDATES,
        async response(response, request, tools) {
          const body = tools.jsonOf(request) as { title?: string } | undefined;
          if (response.status !== 422 || typeof body?.title !== 'string') return;
          // Only on a goal with two updates already: the per-rule checks refuse on fresher goals.
          const list = await tools.call('GET', `${request.path}?per_page=50`, tokenOf(request, tools));
          if (!Array.isArray(list.body) || list.body.length < 2) return;
          await tools.call('POST', request.path, tokenOf(request, tools), { title: body.title });
        },
      },
    ],
  },
  {
    name: "an omitted progress takes the oldest update's, not the latest's",
    expectedRules: ['GU3'],
    kind: 'domain',
    break: [
      {
        methods: ['POST'],
        path: GOAL_UPDATES,
        async request(request, tools) {
          const body = tools.jsonOf(request) as Record<string, unknown> | undefined;
          if (!body || 'progress' in body) return;
          const list = await tools.call('GET', `${request.path}?per_page=50`, tokenOf(request, tools));
          if (list.status !== 200 || !Array.isArray(list.body) || list.body.length < 2) return;
          const updates = list.body as Array<{ progress: number }>;
          return { ...request, body: JSON.stringify({ ...body, progress: updates.at(-1)!.progress }) };
        },
      },
    ],
  },
  {
    name: "after an update is deleted, the next one's omitted confidence takes the deleted one's",
    expectedRules: ['GU3'],
    kind: 'domain',
    break: (): Rewrite[] => {
      const deleted = new Map<string, number>();
      return [
        {
          methods: ['DELETE'],
          path: UPDATE,
          async request(request, tools) {
            const update = await tools.call('GET', request.path, tokenOf(request, tools));
            const body = update.body as { goal?: { id: string }; confidence?: number } | undefined;
            if (body?.goal?.id && typeof body.confidence === 'number') deleted.set(body.goal.id, body.confidence);
          },
        },
        {
          methods: ['POST'],
          path: GOAL_UPDATES,
          request(request, tools) {
            const body = tools.jsonOf(request) as Record<string, unknown> | undefined;
            const confidence = deleted.get(idIn(GOAL_UPDATES, request.path));
            if (!body || 'confidence' in body || confidence === undefined) return;
            return { ...request, body: JSON.stringify({ ...body, confidence }) };
          },
        },
      ];
    },
  },
  {
    name: "a deleted goal's updates still answer 200",
    expectedRules: ['GU6', 'GO8'],
    kind: 'domain',
    break: (): Rewrite[] => {
      const kept = new Map<string, unknown>();
      return [
        {
          methods: ['DELETE'],
          path: GOAL,
          async request(request, tools) {
            const list = await tools.call('GET', `${request.path}/goal-updates?per_page=50`, tokenOf(request, tools));
            if (Array.isArray(list.body)) for (const u of list.body as Array<{ id: string }>) kept.set(u.id, u);
          },
        },
        {
          methods: ['GET'],
          path: UPDATE,
          response(response, request) {
            const update = kept.get(idIn(UPDATE, request.path));
            if (response.status !== 404 || !update) return;
            return { status: 200, headers: new Headers({ 'content-type': 'application/json' }), body: update };
          },
        },
      ];
    },
  },
  {
    name: 'a deleted goal stays listed under goal_ids[]',
    expectedRules: ['GO8'],
    kind: 'domain',
    break: (): Rewrite[] => {
      const gone = new Map<string, unknown>();
      return [
        {
          methods: ['DELETE'],
          path: GOAL,
          async request(request, tools) {
            const read = await tools.call('GET', `/goals/${idIn(GOAL, request.path)}`, tokenOf(request, tools));
            if (read.status === 200) gone.set(idIn(GOAL, request.path), read.body);
          },
        },
        {
          methods: ['GET'],
          path: GOALS,
          response(response, request) {
            if (response.status !== 200 || !Array.isArray(response.body)) return;
            for (const id of goalIdsOf(request.query)) if (gone.has(id)) response.body.push(gone.get(id));
          },
        },
      ];
    },
  },
  {
    name: "a goal keeps its deleted latest update's figures (no recompute)",
    // GO4 when the deleted update was the goal's only one: its figures are then a goal's without updates.
    expectedRules: ['GU5', 'GO4'],
    kind: 'domain',
    break: (): Rewrite[] => {
      const frozen = new Map<string, Figures>();
      const freeze = (record: { id?: string } & Partial<Figures>) => {
        const figures = record.id ? frozen.get(record.id) : undefined;
        if (figures) Object.assign(record, figures);
      };
      return [
        {
          methods: ['DELETE'],
          path: UPDATE,
          async request(request, tools) {
            const update = await tools.call(
              'GET',
              `/goal-updates/${idIn(UPDATE, request.path)}`,
              tokenOf(request, tools),
            );
            const goalId = (update.body as { goal?: { id: string } } | undefined)?.goal?.id;
            if (!goalId) return;
            const goal = await tools.call('GET', `/goals/${goalId}`, tokenOf(request, tools));
            const { progress, confidence, confidence_description } = goal.body as Figures;
            frozen.set(goalId, { progress, confidence, confidence_description });
          },
        },
        {
          methods: ['POST'],
          path: GOAL_UPDATES,
          request(request) {
            frozen.delete(idIn(GOAL_UPDATES, request.path));
          },
        },
        {
          path: /^\/goals(\/[^/]+)?$/,
          response(response) {
            if (response.status < 300) eachRecord(response.body, freeze);
          },
        },
      ];
    },
  },
  {
    name: "a deleted update's comments answer an empty list instead of 404",
    expectedRules: ['GU6'],
    kind: 'domain',
    break: (): Rewrite[] => {
      const gone = new Set<string>();
      return [
        {
          methods: ['DELETE'],
          path: UPDATE,
          request(request) {
            gone.add(idIn(UPDATE, request.path));
          },
        },
        {
          methods: ['GET'],
          path: UPDATE_COMMENTS,
          response(response, request) {
            if (!gone.has(idIn(UPDATE_COMMENTS, request.path))) return;
            return {
              status: 200,
              headers: new Headers({ 'content-type': 'application/json', etag: 'W/"empty"' }),
              body: [],
            };
          },
        },
      ];
    },
  },
  {
    name: "a PATCH of a goal's latest update leaves the goal's figures as they were",
    expectedRules: ['GU5'],
    kind: 'domain',
    break: (): Rewrite[] => {
      const frozen = new Map<string, Figures>();
      return [
        {
          methods: ['PATCH'],
          path: UPDATE,
          async request(request, tools) {
            const update = await tools.call('GET', request.path, tokenOf(request, tools));
            const goalId = (update.body as { goal?: { id: string } } | undefined)?.goal?.id;
            if (!goalId || frozen.has(goalId)) return;
            const goal = await tools.call('GET', `/goals/${goalId}`, tokenOf(request, tools));
            const { progress, confidence, confidence_description } = goal.body as Figures;
            frozen.set(goalId, { progress, confidence, confidence_description });
          },
        },
        {
          methods: ['POST', 'DELETE'],
          path: /^\/goals\/[^/]+\/goal-updates$|^\/goal-updates\/[^/]+$/,
          async request(request, tools) {
            if (request.method === 'POST') frozen.delete(idIn(GOAL_UPDATES, request.path));
            else {
              const update = await tools.call('GET', request.path, tokenOf(request, tools));
              const goalId = (update.body as { goal?: { id: string } } | undefined)?.goal?.id;
              if (goalId) frozen.delete(goalId);
            }
          },
        },
        {
          path: /^\/goals(\/[^/]+)?$/,
          response(response) {
            if (response.status < 300)
              eachRecord(response.body, (record: { id?: string } & Partial<Figures>) => {
                const figures = record.id ? frozen.get(record.id) : undefined;
                if (figures) Object.assign(record, figures);
              });
          },
        },
      ];
    },
  },
  {
    name: 'an omitted confidence takes 100 again instead of the latest update’s',
    expectedRules: ['GU3'],
    kind: 'domain',
    break: [omittedOnNewUpdate('confidence', 100)],
  },
  {
    name: 'goal_ids[] leaves archived goals out',
    expectedRules: ['GO6'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: GOALS,
        response(response, request) {
          if (response.status !== 200 || !Array.isArray(response.body) || goalIdsOf(request.query).length === 0) return;
          response.body = response.body.filter((goal: { archived?: boolean }) => !goal.archived);
        },
      },
    ],
  },
  {
    name: "a goal's updates are listed oldest first once it has three",
    expectedRules: ['GU7'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: GOAL_UPDATES,
        response(response) {
          if (response.status === 200 && Array.isArray(response.body) && response.body.length >= 3)
            response.body.reverse();
        },
      },
    ],
  },
  {
    name: "a goal's progress is its best update's, not its latest's",
    expectedRules: ['GU5'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: GOAL,
        async response(response, request, tools) {
          if (response.status !== 200) return;
          const updates = await tools.call('GET', `${request.path}/goal-updates?per_page=50`, tokenOf(request, tools));
          const list = (updates.body ?? []) as Array<{ progress: number }>;
          if (list.length > 0)
            (response.body as { progress: number }).progress = Math.max(...list.map((u) => u.progress));
        },
      },
    ],
  },
  {
    name: "an update's comments are listed oldest first",
    expectedRules: ['CR1'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: UPDATE_COMMENTS,
        response(response) {
          if (response.status === 200 && Array.isArray(response.body)) response.body.reverse();
        },
      },
    ],
  },
  {
    name: 'a confidence of 45 to 49 is snapped to 30, not 60',
    expectedRules: ['GU2'],
    kind: 'domain',
    break: [
      {
        methods: ['POST', 'PATCH'],
        path: /^\/goals\/[^/]+\/goal-updates$|^\/goal-updates\/[^/]+$/,
        request(request, tools) {
          const body = tools.jsonOf(request) as { confidence?: unknown } | undefined;
          if (typeof body?.confidence !== 'number' || body.confidence < 45 || body.confidence >= 50) return;
          return { ...request, body: JSON.stringify({ ...body, confidence: 44 }) };
        },
      },
    ],
  },
  {
    name: 'a confidence of 75 to 80 is snapped to 60, not 90',
    expectedRules: ['GU2', 'GU6'],
    kind: 'domain',
    break: [
      {
        methods: ['POST', 'PATCH'],
        path: /^\/goals\/[^/]+\/goal-updates$|^\/goal-updates\/[^/]+$/,
        request(request, tools) {
          const body = tools.jsonOf(request) as { confidence?: unknown } | undefined;
          if (typeof body?.confidence !== 'number' || body.confidence < 75 || body.confidence > 80) return;
          return { ...request, body: JSON.stringify({ ...body, confidence: 74 }) };
        },
      },
    ],
  },
  {
    name: 'a goal at confidence 60 is described "On track", not "At risk"',
    expectedRules: ['GU5'],
    kind: 'domain',
    break: [
      {
        path: /^\/goals(\/[^/]+)?$/,
        response(response) {
          if (response.status < 300)
            eachRecord(response.body, (record: Partial<Figures>) => {
              if (record.confidence === 60) record.confidence_description = 'On track';
            });
        },
      },
    ],
  },
  {
    name: 'goal_ids[] lists goals by end date, latest first',
    expectedRules: ['GO6'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: GOALS,
        response(response, request) {
          if (response.status !== 200 || !Array.isArray(response.body) || goalIdsOf(request.query).length === 0) return;
          const dated = response.body.filter((g: { end_date: string | null }) => g.end_date !== null);
          const undated = response.body.filter((g: { end_date: string | null }) => g.end_date === null);
          dated.sort((a: { end_date: string }, b: { end_date: string }) => (a.end_date < b.end_date ? 1 : -1));
          response.body = [...dated, ...undated];
        },
      },
    ],
  },
  {
    name: "a goal with updates shows one more progress point than its latest update's",
    expectedRules: ['GU5'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: GOAL,
        response(response) {
          const goal = response.body as Partial<Figures> | undefined;
          if (response.status === 200 && goal && goal.progress! > 0 && goal.progress! < 100) goal.progress! += 1;
        },
      },
    ],
  },
  {
    name: 'an archived goal is listed under goal_ids[] as not archived',
    expectedRules: ['GO1'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: GOALS,
        response(response) {
          if (response.status === 200)
            eachRecord(response.body, (goal: { archived?: boolean }) => (goal.archived = false));
        },
      },
    ],
  },
  {
    name: 'a PATCH of an update answers the confidence as given, unsnapped',
    expectedRules: ['GU6', 'GU2'],
    kind: 'domain',
    break: [
      {
        methods: ['PATCH'],
        path: UPDATE,
        response(response, request, tools) {
          const body = tools.jsonOf(request) as { confidence?: unknown } | undefined;
          if (response.status === 200 && typeof body?.confidence === 'number')
            (response.body as { confidence: number }).confidence = body.confidence;
        },
      },
    ],
  },
  {
    name: "a goal's oldest update is listed with progress 0",
    expectedRules: ['GU6'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: GOAL_UPDATES,
        response(response) {
          if (response.status === 200 && Array.isArray(response.body) && response.body.length >= 2)
            (response.body.at(-1) as { progress: number }).progress = 0;
        },
      },
    ],
  },
  {
    name: "an update's comments leave out the newest once there are two",
    expectedRules: ['CR1'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: UPDATE_COMMENTS,
        response(response) {
          if (response.status === 200 && Array.isArray(response.body) && response.body.length >= 2)
            response.body.shift();
        },
      },
    ],
  },
  {
    name: 'an omitted progress takes 1 again instead of the latest update’s',
    expectedRules: ['GU3'],
    kind: 'domain',
    break: [omittedOnNewUpdate('progress', 1)],
  },
  {
    name: 'a goal without updates has confidence 90, not 100',
    expectedRules: ['GO4'],
    kind: 'domain',
    break: [
      {
        path: /^\/goals(\/[^/]+)?$/,
        response(response) {
          if (response.status < 300)
            eachRecord(response.body, (record: Partial<Figures>) => {
              if (record.confidence === 100) record.confidence = 90;
            });
        },
      },
    ],
  },
  {
    name: "a goal's title is answered trimmed to 24 characters",
    expectedRules: ['GO1'],
    kind: 'domain',
    break: [
      {
        path: /^\/goals(\/[^/]+)?$/,
        response(response) {
          if (response.status < 300)
            eachRecord(response.body, (record: { title?: string }) => {
              if (typeof record.title === 'string') record.title = record.title.slice(0, 24);
            });
        },
      },
    ],
  },

  // ---- The check-in, Echo, reaction, digest and action-item steps, and the read-only exploration (whose run
  // must catch the last, G4's overlapping pages, as well: explore-self-test.test.ts). ----
  {
    name: 'a check-in whose blockers are only whitespace is blocked',
    expectedRules: ['CI4'],
    kind: 'domain',
    break: [
      {
        path: /^\/check-ins\/[^/]+$/,
        response(response) {
          if (response.status !== 200) return;
          eachRecord(response.body, (record: { blockers?: unknown; blocked?: boolean }) => {
            if (typeof record.blockers === 'string') record.blocked = true;
          });
        },
      },
    ],
  },
  {
    name: "a check-in's completed_at is cleared by a PATCH that leaves every answer null",
    expectedRules: ['CI3'],
    kind: 'domain',
    break: [
      {
        methods: ['PATCH'],
        path: /^\/check-ins\/[^/]+$/,
        response(response) {
          const record = response.body as Record<string, unknown> | undefined;
          if (response.status !== 200 || !record) return;
          const answers = ['previous', 'intentions', 'blockers', 'mood', 'previous_completed'];
          if (answers.every((field) => record[field] === null)) record.completed_at = null;
        },
      },
    ],
  },
  {
    name: "a deleted Echo's answers still answer 200",
    expectedRules: ['EC6'],
    // The per-rule EC6 check catches it too (explore:figure): a domain defect, not a sequence-only one.
    kind: 'domain',
    break: (): Rewrite[] => {
      const answersOf = new Map<string, unknown[]>();
      const gone = new Map<string, unknown>();
      return [
        {
          methods: ['DELETE'],
          path: /^\/echo\/questions\/[^/]+$/,
          async request(request, tools) {
            const list = await tools.call('GET', `${request.path}/answers?per_page=50`, tokenOf(request, tools));
            for (const answer of (list.body ?? []) as Array<{ id: string }>) gone.set(answer.id, answer);
            answersOf.set(request.path, list.body as unknown[]);
          },
        },
        {
          methods: ['GET'],
          path: /^\/echo\/answers\/[^/]+$/,
          response(response, request) {
            const kept = gone.get(request.path.split('/').at(-1)!);
            if (response.status === 404 && kept)
              return {
                status: 200,
                headers: new Headers({ 'content-type': 'application/json', etag: 'W/"kept"' }),
                body: kept,
              };
          },
        },
      ];
    },
  },
  {
    name: "an Echo's answers are listed oldest first once it has two",
    expectedRules: ['EC5'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: /^\/echo\/questions\/[^/]+\/answers$/,
        response(response) {
          if (response.status === 200 && Array.isArray(response.body) && response.body.length >= 2)
            response.body.reverse();
        },
      },
    ],
  },
  {
    name: 'reacting again with the same name answers 201, as if new',
    expectedRules: ['CR2'],
    kind: 'domain',
    break: [
      {
        methods: ['POST'],
        path: /^\/goal-updates\/[^/]+\/reactions$/,
        response(response) {
          if (response.status === 200) response.status = 201;
        },
      },
    ],
  },
  {
    name: 'action items leave out goals due for over a month',
    expectedRules: ['AI3'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: /^\/action-items$/,
        response(response) {
          if (response.status !== 200 || !Array.isArray(response.body)) return;
          response.body = response.body.filter(
            (item: { kind: string; due_on: string }) => item.kind !== 'goal-update' || item.due_on >= '2026-10-20',
          );
        },
      },
    ],
  },
  {
    name: "the caller's own comments never reach their digest",
    expectedRules: ['DG2'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: /^\/digest$/,
        response(response) {
          if (response.status !== 200 || !Array.isArray(response.body)) return;
          response.body = response.body.filter((entry: { category: string }) => entry.category !== 'comment');
        },
      },
    ],
  },
  {
    name: 'a later page of fewer than 50 starts with the last record of the page before',
    expectedRules: ['G4'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: /^\/(goals|people|check-ins|echo\/questions|digest)$/,
        async response(response, request, tools) {
          const query = new URLSearchParams(request.query);
          const page = Number(query.get('page') ?? 1);
          const perPage = Number(query.get('per_page') ?? 30);
          if (page < 2 || perPage >= 50 || response.status !== 200 || !Array.isArray(response.body)) return;
          query.set('page', String(page - 1));
          const before = await tools.call('GET', `${request.path}?${query.toString()}`, tokenOf(request, tools));
          const last = Array.isArray(before.body) ? before.body.at(-1) : undefined;
          if (last && response.body.length > 0) response.body = [last, ...response.body.slice(0, -1)];
        },
      },
    ],
  },
  // ---- The check-ins' threads (CR1, CR2 on check-ins) and AC2's POST /activities.
  {
    name: 'a comment deleted from a check-in stays listed on it',
    expectedRules: ['CR1'],
    // Domain, not sequence: the per-rule checks' pages (G4) see the comment kept past its page's end.
    kind: 'domain',
    break: () =>
      deletedCommentsListed(CHECK_IN_COMMENTS, (body, kept) => {
        for (const [id, comment] of kept) if (!body.some((c) => c.id === id)) body.push(comment);
      }),
  },
  {
    name: "a check-in's reactions are listed oldest first",
    expectedRules: ['CR2'],
    kind: 'domain',
    break: [
      {
        methods: ['GET'],
        path: /^\/check-ins\/[^/]+\/reactions$/,
        response(response) {
          if (response.status === 200 && Array.isArray(response.body) && response.body.length >= 2)
            response.body.reverse();
        },
      },
    ],
  },
  {
    name: "the caller's DELETE of another's comment answers 204 and removes nothing",
    expectedRules: ['CR1'],
    kind: 'domain',
    break: [
      {
        methods: ['DELETE'],
        path: /^\/comments\/[^/]+$/,
        response(response) {
          if (response.status === 403) {
            response.status = 204;
            response.body = undefined;
          }
        },
      },
    ],
  },
  {
    name: 'POST /activities records the activity under the group "api"',
    expectedRules: ['AC2'],
    kind: 'domain',
    break: [
      {
        methods: ['POST'],
        path: /^\/activities$/,
        response(response) {
          if (response.status === 201 && response.body && typeof response.body === 'object')
            (response.body as { group: string }).group = 'api';
        },
      },
    ],
  },
];
