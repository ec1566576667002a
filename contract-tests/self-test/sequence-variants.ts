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

const tokenOf = (request: BrokenRequest, tools: Tools) => tools.tokenOf(request);
const idIn = (pattern: RegExp, path: string) => pattern.exec(path)?.[1] ?? '';

/** The goal_ids[] of a list's query. */
function goalIdsOf(query: string): string[] {
  return [...new URLSearchParams(query)].filter(([name]) => name === 'goal_ids[]').map(([, value]) => value);
}

type Figures = { progress: number; confidence: number; confidence_description: string };

export const SEQUENCE_VARIANTS: Variant[] = [
  {
    name: 'a deleted goal stays listed under goal_ids[]',
    expectedRules: ['GO8'],
    kind: 'sequence',
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
    kind: 'sequence',
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
    name: "a deleted update's comments answer an empty list instead of 404",
    expectedRules: ['GU6'],
    kind: 'sequence',
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
];

export const DOMAIN_VARIANTS: Variant[] = [
  {
    name: 'an omitted confidence takes 100 again instead of the latest update’s',
    expectedRules: ['GU3'],
    kind: 'domain',
    break: [
      {
        methods: ['POST'],
        path: GOAL_UPDATES,
        request(request, tools) {
          const body = tools.jsonOf(request) as Record<string, unknown> | undefined;
          if (!body || 'confidence' in body) return;
          return { ...request, body: JSON.stringify({ ...body, confidence: 100 }) };
        },
      },
    ],
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
    kind: 'sequence',
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
];
