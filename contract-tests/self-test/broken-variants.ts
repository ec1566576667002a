// The self-test's broken mocks: a response-rewriting fetch wrapper around a healthy mock, and the variants
// (one defect each) that the contract kit must catch by the rule named. The mock's own code stays healthy.
import type { Mock } from '../../src/index.js';

/** The API prefix the kit's base URL ends with; everything else (/__mock) passes through untouched. */
const API = '/api/v2';

/** A request on its way to the mock, as a rewrite sees (and may change) it. */
export interface BrokenRequest {
  method: string;
  /** The path below /api/v2, without the query, e.g. `/goals/…/goal-updates`. */
  path: string;
  /** The raw query string without `?`; rewrites work on it as text so that bracket forms stay as sent. */
  query: string;
  headers: Headers;
  /** The request body as sent (a string), undefined without one. */
  body: string | undefined;
}

/** An answer on its way back to the kit. `body` is parsed JSON for a JSON content type, else the text. */
interface BrokenResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** Calls on the healthy mock a rewrite can make, e.g. to fetch what a real defect would have answered. */
export interface Tools {
  /** Sends a request to the healthy mock (no rewrites), answering the parsed body. */
  call(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: any }>;
  /** MK1's token list of the current world. */
  tokens(): Promise<Array<{ person: { id: string }; read_write: string; read_only: string }>>;
  /** The bearer token of a request, or null. */
  tokenOf(request: BrokenRequest): string | null;
  /** The request body parsed as JSON, or undefined. */
  jsonOf(request: BrokenRequest): any;
}

/** One rewrite: where it applies and what it changes. */
export interface Rewrite {
  /** Methods it applies to; every method when omitted. */
  methods?: string[];
  /** Matches the path below /api/v2 (no query). */
  path: RegExp;
  /** Changes the request before the mock sees it. */
  request?(request: BrokenRequest, tools: Tools): BrokenRequest | void | Promise<BrokenRequest | void>;
  /** Changes the answer before the kit sees it (mutate `response` or return a new one). */
  response?(
    response: BrokenResponse,
    request: BrokenRequest,
    tools: Tools,
  ): BrokenResponse | void | Promise<BrokenResponse | void>;
}

/** The read-write token of the default person, an administrator: MK1 lists them first. */
async function administratorToken(tools: Tools): Promise<string> {
  const [first] = await tools.tokens();
  if (!first) throw new Error('the mock lists no token, so no administrator to act as');
  return first.read_write;
}

/** A request sent on as the default person (MK1 lists them first), an administrator: a server without GO9, GU8, EC7. */
async function asAdministrator(request: BrokenRequest, tools: Tools): Promise<BrokenRequest> {
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${await administratorToken(tools)}`);
  return { ...request, headers };
}

/** A request with a read-only token sent on with the read-write token of the same person: a server without G9's 403. */
async function readOnlyAsReadWrite(request: BrokenRequest, tools: Tools): Promise<BrokenRequest | void> {
  const pair = (await tools.tokens()).find((t) => t.read_only === tools.tokenOf(request));
  if (!pair) return;
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${pair.read_write}`);
  return { ...request, headers };
}

export interface Variant {
  name: string;
  /** The rule ids of the checks that must catch it (at least one of them must fail). */
  expectedRules: string[];
  /** A defect on one operation and parameter only: the per-operation check named so (`G2 getEchoAnswer id`)
   * must catch it, and no other check of that rule in the operations group may fail. */
  expectedCheck?: string;
  /** Schema or status defects (issue 12 asks for five); behaviour; a defect seen only over a sequence, or a 200 with
   * the wrong content (issue 37's explorer variants, sequence-variants.ts). */
  kind: 'schema' | 'status' | 'behaviour' | 'sequence' | 'domain';
  /** The rewrites; a function when they keep state, so that every run starts fresh. */
  break: Rewrite[] | (() => Rewrite[]);
}

// ---------------------------------------------------------------------------------------------------------
// The wrapper

/**
 * A fetch over `mock.app.request` that applies the variant's rewrites: requests matching a rewrite's method
 * and path are changed before the mock sees them, and the answers after.
 * @example runChecks(ALL_GROUPS, { baseUrl: 'http://standin.test/api/v2', token, fetch: brokenFetch(mock, variant) })
 */
export function brokenFetch(mock: Mock, variant: Pick<Variant, 'break'> | null): typeof fetch {
  const rewrites = variant === null ? [] : typeof variant.break === 'function' ? variant.break() : variant.break;
  let tokenList: Awaited<ReturnType<Tools['tokens']>> | null = null;
  const tools: Tools = {
    async call(method, path, token, body) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await mock.app.request(`http://standin.test${API}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        body:
          text === '' ? undefined : /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
      };
    },
    async tokens() {
      tokenList ??= (await (await mock.app.request('http://standin.test/__mock/tokens')).json()) as NonNullable<
        typeof tokenList
      >;
      return tokenList;
    },
    tokenOf(request) {
      return /^Bearer\s+(\S+)/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
    },
    jsonOf(request) {
      try {
        return request.body === undefined ? undefined : JSON.parse(request.body);
      } catch {
        return undefined;
      }
    },
  };

  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (!url.pathname.startsWith(`${API}/`) || rewrites.length === 0) return mock.app.request(url.href, init);

    let request: BrokenRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.slice(API.length),
      query: url.search.replace(/^\?/, ''),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    const applies = (r: Rewrite) => (!r.methods || r.methods.includes(request.method)) && r.path.test(request.path);
    const matching = rewrites.filter(applies);
    if (matching.length === 0) return mock.app.request(url.href, init);

    for (const rewrite of matching) request = (await rewrite.request?.(request, tools)) ?? request;
    const sent = await mock.app.request(
      `${url.origin}${API}${request.path}${request.query ? `?${request.query}` : ''}`,
      {
        method: request.method,
        headers: request.headers,
        body: request.body,
      },
    );
    if (!matching.some((r) => r.response !== undefined)) return sent;

    const text = await sent.text();
    const json = text !== '' && /json/.test(sent.headers.get('content-type') ?? '');
    let response: BrokenResponse = {
      status: sent.status,
      headers: new Headers(sent.headers),
      body: text === '' ? undefined : json ? JSON.parse(text) : text,
    };
    for (const rewrite of matching) response = (await rewrite.response?.(response, request, tools)) ?? response;

    const body =
      response.body === undefined || response.status === 204 || response.status === 304
        ? null
        : typeof response.body === 'string' && !/json/.test(response.headers.get('content-type') ?? '')
          ? response.body
          : JSON.stringify(response.body);
    response.headers.delete('content-length');
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

// ---------------------------------------------------------------------------------------------------------
// Helpers for rewrites

/** Applies `change` to a record or to every record of a list. */
export function eachRecord(body: unknown, change: (record: any) => void): void {
  if (Array.isArray(body)) body.forEach((record) => record && typeof record === 'object' && change(record));
  else if (body && typeof body === 'object') change(body);
}

/** A response rewrite applied to the records of successful answers only. */
function onRecords(change: (record: any, request: BrokenRequest) => void): NonNullable<Rewrite['response']> {
  return (response, request) => {
    if (response.status < 300) eachRecord(response.body, (record) => change(record, request));
  };
}

/** The decoded name of a query pair: what comes before its first `=`, or all of it without one. */
function nameOf(pair: string): string {
  const equals = pair.indexOf('=');
  return decodeURIComponent(equals === -1 ? pair : pair.slice(0, equals));
}

/** The query without the parameters `name` (raw or percent-encoded brackets). */
function withoutParam(query: string, name: string): string {
  return query
    .split('&')
    .filter((pair) => pair !== '' && nameOf(pair) !== name)
    .join('&');
}

/** Whether the query holds the parameter `name` (raw or percent-encoded brackets). */
function hasParam(query: string, name: string): boolean {
  return query.split('&').some((pair) => nameOf(pair) === name);
}

function paramOf(query: string, name: string): string | undefined {
  const pair = query.split('&').find((p) => nameOf(p) === name);
  return pair === undefined ? undefined : decodeURIComponent(pair.split('=').slice(1).join('='));
}

/** A 404 problem+json answer, as a server without the route would give it. */
function notFound(detail: string): BrokenResponse {
  return {
    status: 404,
    headers: new Headers({ 'content-type': 'application/problem+json', 'access-control-allow-origin': '*' }),
    body: { type: 'about:blank', title: 'Not found', status: 404, detail },
  };
}

/** A 200 answer the healthy mock would not give, with a weak ETag and G12's 304 so that only the defect shows. */
function fabricated(body: unknown, request: BrokenRequest): BrokenResponse {
  const tag = `W/"broken-${JSON.stringify(body).length}"`;
  const headers = new Headers({ 'content-type': 'application/json', etag: tag, 'access-control-allow-origin': '*' });
  if (request.headers.get('if-none-match') === tag) return { status: 304, headers, body: undefined };
  return { status: 200, headers, body };
}

const ID = '[0-9a-fA-F-]{36}';
const ANY_ID = '[^/]+';
const GOALS_OR_GOAL = new RegExp(`^/goals(/${ANY_ID})?$`);
const GOAL_UPDATES = new RegExp(`^/goals/${ANY_ID}/goal-updates$|^/goal-updates/${ANY_ID}$`);
const CHECK_INS = new RegExp(`^/check-ins(/${ANY_ID})?$`);
const QUESTIONS = new RegExp(`^/echo/questions(/${ANY_ID})?$`);
const COMMENT_LISTS = new RegExp(`^/(check-ins|goal-updates)/${ANY_ID}/comments$`);
const REACTION_LISTS = new RegExp(`^/(check-ins|goal-updates)/${ANY_ID}/reactions$`);

// ---------------------------------------------------------------------------------------------------------
// The variants

export const VARIANTS: Variant[] = [
  // --- Schema and status defects -------------------------------------------------------------------------
  {
    name: 'goal update timestamps carry milliseconds',
    expectedRules: ['GU1', 'GU2', 'GU3', 'GU4', 'GU5', 'GU6', 'GU7'],
    kind: 'schema',
    // G3: exactly YYYY-MM-DDTHH:MM:SSZ; every goal-update answer now carries "…:SS.123Z".
    break: [
      {
        path: GOAL_UPDATES,
        response: onRecords((u) => {
          u.updated_at = String(u.updated_at).replace(/Z$/, '.123Z');
        }),
      },
    ],
  },
  {
    name: 'check-ins lose the absent field',
    expectedRules: ['CI1', 'CI2', 'CI3', 'CI4', 'CI5', 'CI6', 'CI9'],
    kind: 'schema',
    break: [
      {
        path: CHECK_INS,
        response: onRecords((c) => {
          delete c.absent;
        }),
      },
    ],
  },
  {
    name: 'echo questions carry an extra type field',
    expectedRules: ['EC1', 'EC2', 'EC3', 'EC4', 'EC5', 'EC6'],
    kind: 'schema',
    // G11: echo questions carry no `type`; the spec's schema admits no extra property.
    break: [
      {
        path: QUESTIONS,
        response: onRecords((q) => {
          q.type = 'echo-question';
        }),
      },
    ],
  },
  {
    name: 'goal answers carry owner_id',
    expectedRules: ['GO1', 'GO2', 'GO3', 'GO4', 'GO5', 'GO6', 'GO7', 'GO8'],
    kind: 'schema',
    // GO3: the object forms only, never the *_id input forms.
    break: [
      {
        path: GOALS_OR_GOAL,
        response: onRecords((g) => {
          if (g.owner) g.owner_id = g.owner.id;
        }),
      },
    ],
  },
  {
    name: 'creating a goal answers 200 instead of 201',
    expectedRules: ['GO1'],
    kind: 'status',
    break: [
      {
        methods: ['POST'],
        path: /^\/goals$/,
        response: (r) => {
          if (r.status === 201) r.status = 200;
        },
      },
    ],
  },
  {
    name: 'a 404 answers text/plain instead of problem+json',
    expectedRules: ['G2'],
    kind: 'status',
    break: [
      {
        path: /./,
        response: (r) => {
          if (r.status !== 404) return;
          r.headers.set('content-type', 'text/plain; charset=UTF-8');
          r.body = '404 Not Found';
        },
      },
    ],
  },
  {
    name: 'malformed JSON gives a 500',
    expectedRules: ['G8'],
    kind: 'status',
    // G8: bad input is a 400, never a 5xx.
    break: [
      {
        methods: ['POST', 'PATCH'],
        path: /./,
        response(r, request, tools) {
          if (r.status === 400 && request.body !== undefined && tools.jsonOf(request) === undefined) {
            r.status = 500;
            r.body.status = 500;
          }
        },
      },
    ],
  },
  {
    name: 'goal update urls use goal-updates (hyphen) instead of goal_updates',
    expectedRules: ['GU1', 'GU2', 'GU3', 'GU4', 'GU5', 'GU6', 'GU7'],
    kind: 'schema',
    // G10: the kind in the url is goal_updates (underscore, prod).
    break: [
      {
        path: GOAL_UPDATES,
        response: onRecords((u) => {
          u.url = String(u.url).replace('/goal_updates/', '/goal-updates/');
        }),
      },
    ],
  },
  {
    name: 'a person read by id lacks location',
    expectedRules: ['PT1', 'PT2'],
    kind: 'schema',
    break: [
      {
        methods: ['GET'],
        path: new RegExp(`^/people/${ANY_ID}$`),
        response: onRecords((p) => {
          delete p.location;
        }),
      },
    ],
  },
  {
    name: "GET /me and GET /people answer no bio (production's HTML, PT1)",
    expectedRules: ['PT1', 'PT2'],
    kind: 'schema',
    break: [
      {
        methods: ['GET'],
        path: /^\/(me|people)$/,
        response: onRecords((p) => {
          delete p.bio;
        }),
      },
    ],
  },
  {
    name: "people of another account among the caller's (production's one account per token, PT1)",
    expectedRules: ['PT1'],
    kind: 'behaviour',
    // Everyone but the default person (MK1 lists them first) carries another account, wherever they are read
    // (/me, /people, /people/{id}): each record is valid and agrees with itself, only the accounts differ.
    break: [
      {
        methods: ['GET'],
        path: new RegExp(`^/(me|people(/${ANY_ID})?)$`),
        response: async (response, _request, tools) => {
          const [first] = await tools.tokens();
          eachRecord(response.status < 300 ? response.body : undefined, (p) => {
            if (p.id !== first?.person.id && p.account)
              p.account = { id: '0b6e4f0e-6d1c-4a8e-9d57-2f3c1a7e5b90', name: 'Another Account' };
          });
        },
      },
    ],
  },
  {
    name: 'GET /me lacks username',
    expectedRules: ['PT1'],
    kind: 'schema',
    // The kit learns the caller from GET /me before any check runs; a broken /me must still be a PT1 failure.
    break: [
      {
        methods: ['GET'],
        path: /^\/me$/,
        response: onRecords((p) => {
          delete p.username;
        }),
      },
    ],
  },
  {
    name: 'Echo question lists are wrapped in {data: [...]}',
    expectedRules: ['G1'],
    kind: 'schema',
    // G1: lists are bare JSON arrays.
    break: [
      {
        methods: ['GET'],
        path: /^\/echo\/questions$/,
        response: (r) => {
          if (r.status === 200) r.body = { data: r.body };
        },
      },
    ],
  },
  {
    name: 'a 405 comes without Allow',
    expectedRules: ['G8', 'CI7'],
    kind: 'status',
    break: [
      {
        path: /./,
        response: (r) => {
          if (r.status === 405) r.headers.delete('allow');
        },
      },
    ],
  },

  // --- General behaviour ------------------------------------------------------------------------------------
  {
    name: 'GET /teams carries no ETag',
    expectedRules: ['G12'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /^\/teams$/,
        response: (r) => {
          r.headers.delete('etag');
        },
      },
    ],
  },
  {
    name: 'CORS does not expose ETag',
    expectedRules: ['G13'],
    kind: 'behaviour',
    break: [
      {
        path: /./,
        response: (r) => {
          const exposed = (r.headers.get('access-control-expose-headers') ?? '')
            .split(',')
            .map((h) => h.trim())
            .filter((h) => h.toLowerCase() !== 'etag');
          r.headers.set('access-control-expose-headers', exposed.join(', '));
        },
      },
    ],
  },
  {
    name: 'per_page is not clamped to 50',
    expectedRules: ['G4'],
    kind: 'behaviour',
    // G4: per_page above 50 should give at most 50; this answer gives per_page records by joining pages.
    break: [
      {
        methods: ['GET'],
        path: /./,
        async response(r, request, tools) {
          const perPage = Number(paramOf(request.query, 'per_page'));
          if (r.status !== 200 || !Array.isArray(r.body) || !(perPage > 50) || r.body.length < 50) return;
          const page = Number(paramOf(request.query, 'page') ?? '1');
          const base = withoutParam(withoutParam(request.query, 'per_page'), 'page');
          const all: unknown[] = [];
          // The records of pages (page-1)*perPage … page*perPage, in pages of 50.
          for (let p = ((page - 1) * perPage) / 50 + 1; all.length < perPage; p++) {
            const { body } = await tools.call(
              'GET',
              `${request.path}?${base}${base ? '&' : ''}per_page=50&page=${p}`,
              tools.tokenOf(request),
            );
            all.push(...body);
            if (body.length < 50) break;
          }
          r.body = all.slice(0, perPage);
        },
      },
    ],
  },
  {
    name: 'per_page defaults to 50 instead of 30',
    expectedRules: ['G4'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /./,
        request: (request) =>
          hasParam(request.query, 'per_page')
            ? undefined
            : { ...request, query: `${request.query}${request.query ? '&' : ''}per_page=50` },
      },
    ],
  },
  {
    name: 'a page past the end repeats the first page',
    expectedRules: ['G4'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /^\/people$/,
        async response(r, request, tools) {
          if (
            r.status !== 200 ||
            !Array.isArray(r.body) ||
            r.body.length > 0 ||
            Number(paramOf(request.query, 'page') ?? '1') <= 1
          )
            return;
          r.body = (
            await tools.call('GET', `/people?${withoutParam(request.query, 'page')}`, tools.tokenOf(request))
          ).body;
        },
      },
    ],
  },
  {
    name: 'me is accepted in people_ids[]',
    expectedRules: ['G6'],
    kind: 'behaviour',
    // G6: the literal is read as the caller instead of giving 422.
    break: [
      {
        methods: ['GET'],
        path: /./,
        async request(request, tools) {
          if (!/people_ids(\[\]|%5B%5D)=(me|self)(&|$)/i.test(request.query)) return;
          const token = tools.tokenOf(request);
          const person =
            (await tools.tokens()).find((t) => t.read_write === token || t.read_only === token)?.person.id ?? '';
          return {
            ...request,
            query: request.query.replace(/(people_ids(?:\[\]|%5B%5D)=)(?:me|self)(?=&|$)/gi, `$1${person}`),
          };
        },
      },
    ],
  },
  {
    name: 'the comma form of an array parameter is accepted',
    expectedRules: ['G5'],
    kind: 'behaviour',
    // G5: `team_ids=a,b` should give 400; here it is read as `team_ids[]=a&team_ids[]=b`.
    break: [
      {
        methods: ['GET'],
        path: /./,
        request(request) {
          const query = request.query
            .split('&')
            .flatMap((pair) => {
              const [name = '', value = ''] = pair.split('=');
              return /^(people_ids|team_ids|goal_ids|kinds)$/.test(name)
                ? value.split(',').map((v) => `${name}[]=${v}`)
                : [pair];
            })
            .join('&');
          return { ...request, query };
        },
      },
    ],
  },
  {
    name: 'a read-only token may write',
    expectedRules: ['G9'],
    kind: 'behaviour',
    // G9: writes with a read-only token go through as the read-write token of the same person.
    break: [
      {
        methods: ['POST', 'PATCH', 'DELETE'],
        path: /./,
        request: readOnlyAsReadWrite,
      },
    ],
  },
  {
    name: 'ids are compared case-sensitively: the upper-case form of a real id names no record',
    expectedRules: ['G2'],
    kind: 'behaviour',
    // G2 (input, decided): ids are compared without regard to case. Here an id with an upper-case letter is
    // swapped for one no record has, on a path and in a filter, as a server comparing ids as text would match it.
    break: [
      {
        path: /./,
        request: (request) => {
          const unknown = (id: string) => (/[A-F]/.test(id) ? '00000000-0000-4000-8000-000000000000' : id);
          return {
            ...request,
            path: request.path.replace(new RegExp(ID, 'g'), unknown),
            query: request.query.replace(new RegExp(ID, 'g'), unknown),
          };
        },
      },
    ],
  },

  // --- People and teams -------------------------------------------------------------------------------------
  {
    name: "GET /me answers the server's default person whatever the token",
    expectedRules: ['PT1'],
    kind: 'behaviour',
    // PT1: /me is the token's person. Known tokens are swapped for the default person's (MK1 lists it first).
    break: [
      {
        methods: ['GET'],
        path: /^\/me$/,
        async request(request, tools) {
          const token = tools.tokenOf(request);
          const tokens = await tools.tokens();
          if (!tokens.some((t) => t.read_write === token || t.read_only === token)) return;
          const headers = new Headers(request.headers);
          headers.set('authorization', `Bearer ${await administratorToken(tools)}`);
          return { ...request, headers };
        },
      },
    ],
  },
  {
    name: 'people are listed in reverse name order',
    expectedRules: ['PT2'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /^\/people$/,
        response: (r) => {
          if (Array.isArray(r.body)) r.body.reverse();
        },
      },
    ],
  },
  {
    name: 'a team answers without its people',
    expectedRules: ['PT2'],
    kind: 'schema',
    break: [
      {
        methods: ['GET'],
        path: new RegExp(`^/teams/${ANY_ID}$`),
        response: onRecords((t) => {
          delete t.people;
        }),
      },
    ],
  },

  // --- Goals ----------------------------------------------------------------------------------------------------
  {
    name: 'goals are listed in reverse order',
    expectedRules: ['GO6'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /^\/goals$/,
        response: (r) => {
          if (Array.isArray(r.body)) r.body.reverse();
        },
      },
    ],
  },
  {
    name: 'archived goals are listed without goal_ids[]',
    expectedRules: ['GO6'],
    kind: 'behaviour',
    // Remembers every archived goal an answer showed, and adds it back to plain listings.
    break: () => {
      const archived = new Set<string>();
      return [
        {
          path: /^\/goals/,
          async response(r, request, tools) {
            eachRecord(r.body, (g) => {
              if (g.type === 'goal' && g.archived === true) archived.add(g.id);
            });
            if (request.method !== 'GET' || request.path !== '/goals' || r.status !== 200 || !Array.isArray(r.body))
              return;
            if (hasParam(request.query, 'goal_ids[]') || Number(paramOf(request.query, 'page') ?? '1') > 1) return;
            const listed = new Set(r.body.map((g: { id: string }) => g.id));
            for (const id of archived) {
              if (listed.has(id)) continue;
              const { status, body } = await tools.call('GET', `/goals/${id}`, tools.tokenOf(request));
              if (status === 200 && body.archived) r.body.push(body);
            }
          },
        },
      ];
    },
  },
  {
    name: 'private goals can be read by anyone through their path',
    expectedRules: ['GO7'],
    kind: 'behaviour',
    // GO7: to anyone but owner and contributors a private goal does not exist (404); here the 404 becomes
    // the goal as its owner would see it.
    break: [
      {
        methods: ['GET'],
        path: new RegExp(`^/goals/${ANY_ID}(/goal-updates)?$`),
        async response(r, request, tools) {
          if (r.status !== 404) return;
          for (const { read_write } of await tools.tokens()) {
            const seen = await tools.call(
              'GET',
              `${request.path}${request.query ? `?${request.query}` : ''}`,
              read_write,
            );
            if (seen.status === 200) return fabricated(seen.body, request);
          }
        },
      },
    ],
  },

  {
    name: "anyone may make someone else's goal private, hand it over, or delete it",
    expectedRules: ['GO9'],
    kind: 'behaviour',
    // GO9: the guarded writes of anyone go through as the default person's, an administrator's.
    break: [{ methods: ['PATCH', 'DELETE'], path: new RegExp(`^/goals/${ANY_ID}$`), request: asAdministrator }],
  },
  {
    name: "anyone may change or delete someone else's goal update",
    expectedRules: ['GU8'],
    kind: 'behaviour',
    break: [{ methods: ['PATCH', 'DELETE'], path: new RegExp(`^/goal-updates/${ANY_ID}$`), request: asAdministrator }],
  },
  {
    name: "anyone may change someone else's Echo and its answers",
    expectedRules: ['EC7'],
    kind: 'behaviour',
    break: [
      {
        methods: ['PATCH', 'DELETE'],
        path: new RegExp(`^/echo/(questions|answers)/${ANY_ID}$`),
        request: asAdministrator,
      },
    ],
  },
  {
    name: 'a child goal keeps its deleted parent',
    expectedRules: ['GO8'],
    kind: 'behaviour',
    // GO8: children of a deleted goal keep existing with parent null; here they go on naming the deleted parent.
    break: () => {
      const parentOf = new Map<string, { id: string; title: string }>();
      const deleted = new Set<string>();
      return [
        {
          path: /^\/goals/,
          response(r, request) {
            const goalId = /^\/goals\/([^/]+)/.exec(request.path)?.[1];
            if (request.method === 'DELETE' && r.status === 204 && goalId) deleted.add(goalId);
            if (r.status >= 300) return;
            eachRecord(r.body, (g) => {
              if (g.type !== 'goal') return;
              if (g.parent) parentOf.set(g.id, g.parent);
              else if (deleted.has(parentOf.get(g.id)?.id ?? '')) g.parent = parentOf.get(g.id);
            });
          },
        },
      ];
    },
  },

  // --- Goal updates -------------------------------------------------------------------------------------------
  {
    name: 'confidence is saved as sent, not snapped',
    expectedRules: ['GU2'],
    kind: 'behaviour',
    break: [
      {
        methods: ['POST', 'PATCH'],
        path: GOAL_UPDATES,
        response(r, request, tools) {
          const sent = tools.jsonOf(request)?.confidence;
          if (r.status < 300 && Number.isInteger(sent)) r.body.confidence = sent;
        },
      },
    ],
  },
  {
    name: 'goal updates are listed oldest first',
    expectedRules: ['GU7'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: new RegExp(`^/goals/${ANY_ID}/goal-updates$`),
        response: (r) => {
          if (Array.isArray(r.body)) r.body.reverse();
        },
      },
    ],
  },
  {
    name: "a goal's first update without progress gets 0 instead of 1",
    expectedRules: ['GU3'],
    kind: 'behaviour',
    break: [
      {
        methods: ['POST'],
        path: new RegExp(`^/goals/${ANY_ID}/goal-updates$`),
        response(r, request, tools) {
          if (r.status === 201 && tools.jsonOf(request)?.progress === undefined && r.body.progress === 1)
            r.body.progress = 0;
        },
      },
    ],
  },

  // --- Check-ins ---------------------------------------------------------------------------------------------
  {
    name: 'POST /check-ins and DELETE /check-ins/{id} give 404 instead of 405',
    expectedRules: ['CI7'],
    kind: 'status',
    break: [
      {
        methods: ['POST', 'DELETE'],
        path: CHECK_INS,
        response: (r) => (r.status === 405 ? notFound('No such route.') : undefined),
      },
    ],
  },
  {
    name: 'blocked stays false whatever the blockers',
    expectedRules: ['CI4'],
    kind: 'behaviour',
    break: [
      {
        path: CHECK_INS,
        response: onRecords((c) => {
          if (c.type === 'check-in') c.blocked = false;
        }),
      },
    ],
  },
  {
    name: 'whitespace-only blockers count as blocked',
    expectedRules: ['CI4'],
    kind: 'behaviour',
    // CI4: blocked exactly when blockers hold non-whitespace text; here any non-empty string blocks.
    break: [
      {
        path: CHECK_INS,
        response: onRecords((c) => {
          if (c.type === 'check-in') c.blocked = typeof c.blockers === 'string' && c.blockers !== '';
        }),
      },
    ],
  },
  {
    name: 'check-ins are listed oldest first',
    expectedRules: ['CI5'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /^\/check-ins$/,
        response: (r) => {
          if (Array.isArray(r.body)) r.body.reverse();
        },
      },
    ],
  },
  {
    name: "someone else's check-in can be changed",
    expectedRules: ['CI3'],
    kind: 'behaviour',
    // CI3: only the check-in's own person may PATCH it (else 403); here the 403 is redone as the owner.
    break: [
      {
        methods: ['PATCH'],
        path: new RegExp(`^/check-ins/${ANY_ID}$`),
        async response(r, request, tools) {
          if (r.status !== 403) return;
          const checkIn = await tools.call('GET', request.path, tools.tokenOf(request));
          const owner = (await tools.tokens()).find((t) => t.person.id === checkIn.body?.person?.id);
          if (!owner) return;
          const redone = await tools.call('PATCH', request.path, owner.read_write, tools.jsonOf(request));
          return {
            status: redone.status,
            headers: new Headers({ 'content-type': 'application/json', 'access-control-allow-origin': '*' }),
            body: redone.body,
          };
        },
      },
    ],
  },

  // --- Echoes --------------------------------------------------------------------------------------------------
  {
    name: 'a paused echo still has a next_answer_at',
    expectedRules: ['EC3'],
    kind: 'behaviour',
    break: [
      {
        path: QUESTIONS,
        response: onRecords((q) => {
          if (q.paused_at) q.next_answer_at ??= q.paused_at;
        }),
      },
    ],
  },
  {
    name: 'a new echo question defaults to daily',
    expectedRules: ['EC1'],
    kind: 'behaviour',
    break: [
      {
        methods: ['POST'],
        path: /^\/echo\/questions$/,
        response(r, request, tools) {
          if (r.status === 201 && tools.jsonOf(request)?.answer_frequency === undefined)
            r.body.answer_frequency = 'daily';
        },
      },
    ],
  },

  {
    name: "a deleted Echo's answers can still be read",
    expectedRules: ['EC6'],
    kind: 'behaviour',
    // EC6: deleting a question takes its answers along; here GET /echo/answers/{id} still gives them.
    break: () => {
      const answers = new Map<string, { question: { id: string } }>();
      const deleted = new Set<string>();
      return [
        {
          path: /^\/echo\//,
          response(r, request) {
            const questionId = /^\/echo\/questions\/([^/]+)$/.exec(request.path)?.[1];
            if (request.method === 'DELETE' && questionId && r.status === 204) deleted.add(questionId);
            if (r.status < 300)
              eachRecord(r.body, (a) => {
                if (a.type === 'echo-answer') answers.set(a.id, a);
              });
            const kept = answers.get(request.path.split('/')[3] ?? '');
            if (
              request.method === 'GET' &&
              request.path.startsWith('/echo/answers/') &&
              r.status === 404 &&
              kept &&
              deleted.has(kept.question.id)
            ) {
              return fabricated(kept, request);
            }
          },
        },
      ];
    },
  },

  // --- Comments and reactions ----------------------------------------------------------------------------------
  {
    name: 'reacting twice with the same name answers 201',
    expectedRules: ['CR2'],
    kind: 'behaviour',
    // CR2: the same person, name and resource twice gives the existing reaction with 200.
    break: [
      {
        methods: ['POST'],
        path: REACTION_LISTS,
        response: (r) => {
          if (r.status === 200) r.status = 201;
        },
      },
    ],
  },
  {
    name: 'comments are listed oldest first',
    expectedRules: ['CR1'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: COMMENT_LISTS,
        response: (r) => {
          if (Array.isArray(r.body)) r.body.reverse();
        },
      },
    ],
  },

  // --- Activities ------------------------------------------------------------------------------------------------
  {
    name: 'a posted activity has kind github_pr instead of api',
    expectedRules: ['AC2'],
    kind: 'behaviour',
    break: [
      {
        methods: ['POST'],
        path: /^\/activities$/,
        response: (r) => {
          if (r.status === 201) r.body.kind = 'github_pr';
        },
      },
    ],
  },
  {
    name: 'the kinds[] filter is ignored',
    expectedRules: ['AC1'],
    kind: 'behaviour',
    // A request rewrite: the filter never reaches the server, as if it did not know it.
    break: [
      {
        methods: ['GET'],
        path: /^\/activities$/,
        request: (request) => ({ ...request, query: withoutParam(request.query, 'kinds[]') }),
      },
    ],
  },
  {
    name: 'activities are listed oldest first',
    expectedRules: ['AC1'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /^\/activities$/,
        response: (r) => {
          if (Array.isArray(r.body)) r.body.reverse();
        },
      },
    ],
  },
  // --- One rule broken on one operation and parameter only (caught by the per-operation check of that name)
  {
    name: 'a malformed echo answer id gives 400 instead of 404',
    expectedRules: ['G2'],
    expectedCheck: 'G2 getEchoAnswer id',
    kind: 'status',
    break: [
      {
        methods: ['GET'],
        path: /^\/echo\/answers\/not-a-uuid$/,
        response: (r) => ({ ...r, status: 400, body: { ...r.body, status: 400, title: 'Bad request' } }),
      },
    ],
  },
  {
    name: 'a v7 echo answer id gives 422 instead of 404: only UUID v4 taken on input',
    expectedRules: ['G2'],
    expectedCheck: 'G2 getEchoAnswer id',
    kind: 'status',
    // G2 (input, decided): any RFC 9562 UUID is an id; an unknown one on a path is 404, never a refusal.
    break: [
      {
        methods: ['GET'],
        path: /^\/echo\/answers\/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7/,
        response: (r) => ({
          ...r,
          status: 422,
          body: { type: 'about:blank', title: 'Invalid values', status: 422, detail: 'id must be a UUID v4.' },
        }),
      },
    ],
  },
  {
    name: "page=0 of an echo question's answers is read as page 1",
    expectedRules: ['G4'],
    expectedCheck: 'G4 listEchoAnswers page',
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: new RegExp(`^/echo/questions/${ANY_ID}/answers$`),
        request: (request) => ({ ...request, query: request.query.replace(/(^|&)page=0(?=&|$)/, '$1page=1') }),
      },
    ],
  },
  {
    name: 'the comma form of kinds is accepted on /activities only',
    expectedRules: ['G5'],
    expectedCheck: 'G5 listActivities kinds[]',
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /^\/activities$/,
        request(request) {
          const query = request.query
            .split('&')
            .flatMap((pair) => {
              const [name, value = ''] = pair.split('=');
              return name === 'kinds' ? value.split(',').map((v) => `kinds[]=${v}`) : [pair];
            })
            .join('&');
          return { ...request, query };
        },
      },
    ],
  },
  {
    name: 'self is read as the caller in the people filter of /activities only',
    expectedRules: ['G6'],
    expectedCheck: 'G6 listActivities people_ids[]',
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /^\/activities$/,
        async request(request, tools) {
          if (!/people_ids(\[\]|%5B%5D)=self(&|$)/i.test(request.query)) return;
          const token = tools.tokenOf(request);
          const person = (await tools.tokens()).find((t) => t.read_write === token)?.person.id ?? '';
          return {
            ...request,
            query: request.query.replace(/(people_ids(?:\[\]|%5B%5D)=)self(?=&|$)/gi, `$1${person}`),
          };
        },
      },
    ],
  },
  {
    name: 'DELETE /reactions/{id} without a token looks the reaction up (404) instead of 401',
    expectedRules: ['G9'],
    expectedCheck: 'G9 deleteReaction Authorization',
    kind: 'status',
    break: [
      {
        methods: ['DELETE'],
        path: new RegExp(`^/reactions/${ANY_ID}$`),
        async request(request, tools) {
          if (tools.tokenOf(request) !== null) return;
          const headers = new Headers(request.headers);
          headers.set('authorization', `Bearer ${await administratorToken(tools)}`);
          return { ...request, headers };
        },
      },
    ],
  },
  {
    name: 'PATCH /comments/{id} with a read-only token looks the comment up (404) instead of 403',
    expectedRules: ['G9'],
    expectedCheck: 'G9 updateComment read-only token',
    kind: 'status',
    break: [
      {
        methods: ['PATCH'],
        path: new RegExp(`^/comments/${ANY_ID}$`),
        request: readOnlyAsReadWrite,
      },
    ],
  },
  {
    name: 'the 405 of /reactions/{id} names methods it does not take',
    expectedRules: ['G8'],
    expectedCheck: 'G8 /reactions/{id}',
    kind: 'status',
    break: [
      {
        path: new RegExp(`^/reactions/${ANY_ID}$`),
        response: (r) => {
          if (r.status === 405) r.headers.set('allow', 'GET, PATCH, DELETE');
        },
      },
    ],
  },
];

/**
 * Defects of the requests the kit's set-up makes. They must count against their rule while every other
 * group still reports its own results (a server like Prism's mock, which never answers 304, broke all
 * groups at set-up once).
 */
export const SET_UP_VARIANTS: Variant[] = [
  {
    name: 'GET /me answers without teams',
    expectedRules: ['PT1'],
    kind: 'schema',
    break: [
      {
        methods: ['GET'],
        path: /^\/me$/,
        response: onRecords((p) => {
          delete p.teams;
        }),
      },
    ],
  },
  {
    name: 'no GET answers 304 to a matching If-None-Match',
    expectedRules: ['G12'],
    kind: 'behaviour',
    break: [
      {
        methods: ['GET'],
        path: /./,
        request: (request) => {
          request.headers.delete('if-none-match');
        },
      },
    ],
  },
];
