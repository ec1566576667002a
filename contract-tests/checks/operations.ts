// The general rules on every operation they govern, derived from the spec rather than sampled: one check per
// operation (and parameter, or path) named `<rule> <operationId> <parameter>`: G5 array forms, G6 person
// filters, G4 pagination, G2 path ids, G9 tokens, G12 ETags, G7 unknown body fields, and G8's 405 with Allow.
// A check's core claim carries its rule's source; stricter parts (a status standin decided) are asserted
// only when the run selects their source, so that `--rules interface` never fails on a decision.
import { getCompiledSpec, type SpecOperation, type SpecParameter } from '../../src/spec/compiled-spec.js';
import { OTHER_UUIDS, problemNames, UNKNOWN_ID } from '../kit/assertions.js';
import { ensure, NotRun, type CheckGroup, type ContractCheck } from '../kit/check.js';
import type { KitContext } from '../kit/context.js';
import { fillPath, kindOfParameter } from '../kit/record-pool.js';
import { sampleBody } from '../kit/sample-bodies.js';
import type { ApiSchema } from '../../src/types/wire.js';

const MALFORMED_ID = 'not-a-uuid';
const UNKNOWN_FIELD = 'standin_contract_unknown_field';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Creates whose record the kit deletes after; an activity cannot be deleted (AC2) and answers go with their question. */
const DELETE_CREATED: Record<string, string> = {
  createGoal: '/goals/',
  createGoalUpdate: '/goal-updates/',
  createEchoQuestion: '/echo/questions/',
  createCheckInComment: '/comments/',
  createGoalUpdateComment: '/comments/',
  createCheckInReaction: '/reactions/',
  createGoalUpdateReaction: '/reactions/',
};

const spec = getCompiledSpec();
const isWrite = (op: SpecOperation) => op.method !== 'GET';
const pathParameters = (op: SpecOperation) => op.parameters.filter((p) => p.in === 'path');
/** A person filter: its elements carry G6 in the spec. */
const isPersonFilter = (p: SpecParameter) =>
  p.in === 'query' && (p.schema.items as Record<string, unknown> | undefined)?.['x-rule'] === 'G6';
const isPaginated = (op: SpecOperation) => op.parameters.some((p) => p.name === 'page');
const errorsName = (body: unknown, name: string) => problemNames(body).includes(name);

/** The request options of an operation's sample body, when it takes one. */
function bodyOf(ctx: KitContext, op: SpecOperation): { body?: unknown } {
  return op.bodyProperties ? { body: sampleBody(op.operationId, (text) => ctx.mark(text)) } : {};
}

/** The path of an operation with every id filled by `id`. */
function pathWith(op: SpecOperation, id: string): string {
  return fillPath(op.path, () => id);
}

/** The path of an operation addressing records the caller may read (or, for writes, the kit's own). */
async function realPath(ctx: KitContext, op: SpecOperation): Promise<string> {
  const ids = new Map<string, string>();
  for (const p of pathParameters(op)) {
    const kind = kindOfParameter(op.path, p.name);
    ids.set(p.name, await (isWrite(op) ? ctx.pool.writable(kind) : ctx.pool.readable(kind)));
  }
  return fillPath(op.path, (name) => ids.get(name)!);
}

/** A list operation's path with its parent filled by one holding at least three records. */
async function listPath(ctx: KitContext, op: SpecOperation): Promise<string> {
  const [parent] = pathParameters(op);
  if (!parent) return op.path;
  const id = await ctx.pool.listParent(kindOfParameter(op.path, parent.name), op.path);
  return fillPath(op.path, () => id);
}

/** A value an array parameter accepts: an id the caller may name, or the first of its enumeration. */
async function elementOf(ctx: KitContext, parameter: SpecParameter): Promise<string> {
  const items = (parameter.schema.items ?? {}) as { enum?: string[]; $ref?: string };
  if (items.enum) {
    const [first] = items.enum;
    if (first === undefined) throw new Error(`${parameter.name}: the spec's enumeration lists no value`);
    return first;
  }
  const kinds: Record<string, () => Promise<string>> = {
    'people_ids[]': () => Promise.resolve(ctx.me.id),
    'team_ids[]': () => ctx.pool.readable('team'),
    'goal_ids[]': () => ctx.pool.readable('goal'),
    'kinds[]': () => Promise.resolve('api'),
  };
  const make = kinds[parameter.name];
  if (!make) throw new Error(`no sample element for ${parameter.name}: add one to contract-tests/checks/operations.ts`);
  return make();
}

function query(path: string, text: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

// ---- G5: each array query parameter -----------------------------------------------------------------

function g5(op: SpecOperation, parameter: SpecParameter): ContractCheck {
  const bare = parameter.name.slice(0, -2);
  return {
    rule: 'G5',
    title: `${op.operationId} ${parameter.name}: the bracket form is taken; encoded brackets alike; the bare and comma forms give 400`,
    async run(ctx) {
      const { client } = ctx;
      const value = await elementOf(ctx, parameter);
      const raw = await client.expect(200, 'GET', query(op.path, `${bare}[]=${encodeURIComponent(value)}`), {}, 'G5');
      if (ctx.selects('G5', 'encoded')) {
        const encoded = await client.expect(
          200,
          'GET',
          query(op.path, `${bare}%5B%5D=${encodeURIComponent(value)}`),
          {},
          'G5',
          'encoded',
        );
        ensure(encoded.text === raw.text, 'G5', `${bare}%5B%5D= must answer as ${bare}[]= does`, 'encoded');
      }
      if (ctx.selects('G5', 'other-forms')) {
        for (const form of [`${bare}=${value}`, `${bare}=${value},${value}`]) {
          const { body } = await client.expect<Partial<ApiSchema<'Problem'>> | undefined>(
            400,
            'GET',
            query(op.path, form),
            {},
            'G5',
            'other-forms',
          );
          ensure(
            String(body?.detail ?? '').includes(`${bare}[]=`),
            'G5',
            `the problem for ${form} must show the bracket form ${bare}[]=`,
            'other-forms',
          );
        }
      }
      if (ctx.selects('G5', 'elements')) {
        const { body } = await client.expect(
          422,
          'GET',
          query(op.path, `${bare}[]=${encodeURIComponent(value)}&${bare}[]=not%20a%20value`),
          {},
          'G5',
          'elements',
        );
        ensure(errorsName(body, parameter.name), 'G5', `the 422 must name ${parameter.name}`, 'elements');
      }
    },
  };
}

// ---- G6: each person filter -------------------------------------------------------------------------

function g6(op: SpecOperation, parameter: SpecParameter): ContractCheck {
  return {
    rule: 'G6',
    title: `${op.operationId} ${parameter.name}: me and self are refused, with 422 pointing to GET /me`,
    async run(ctx) {
      for (const literal of ['me', 'self']) {
        const response = await ctx.client.request('GET', query(op.path, `${parameter.name}=${literal}`));
        ensure(
          response.status >= 400 && response.status < 500,
          'G6',
          `${parameter.name}=${literal} must be refused, got ${response.status}`,
        );
        if (ctx.selects('G6', 'status')) {
          ensure(
            response.status === 422,
            'G6',
            `${parameter.name}=${literal} must give 422, got ${response.status}`,
            'status',
          );
          ensure(
            response.text.includes('GET /me'),
            'G6',
            `the problem for ${parameter.name}=${literal} must point to GET /me`,
            'status',
          );
        }
      }
    },
  };
}

// ---- G4: each paginated list ------------------------------------------------------------------------

function g4Page(op: SpecOperation): ContractCheck {
  return {
    rule: 'G4',
    title: `${op.operationId} page: 1-indexed; 0 and abc give 422; past the end []`,
    async run(ctx) {
      const { client } = ctx;
      const path = await listPath(ctx, op);
      const first = await client.expect<Array<{ id: string }>>(200, 'GET', query(path, 'per_page=2'), {}, 'G4');
      const one = await client.expect<Array<{ id: string }>>(200, 'GET', query(path, 'per_page=2&page=1'), {}, 'G4');
      ensure(
        JSON.stringify(one.body.map((r) => r.id)) === JSON.stringify(first.body.map((r) => r.id)),
        'G4',
        'page=1 must be the first page',
      );
      if (ctx.selects('G4', 'invalid')) {
        for (const value of ['0', 'abc']) {
          const { body } = await client.expect(422, 'GET', query(path, `page=${value}`), {}, 'G4', 'invalid');
          ensure(errorsName(body, 'page'), 'G4', `the 422 for page=${value} must name page`, 'invalid');
        }
      }
      if (ctx.selects('G4', 'past-end')) {
        const past = await client.expect<unknown[]>(
          200,
          'GET',
          query(path, 'per_page=50&page=100000'),
          {},
          'G4',
          'past-end',
        );
        ensure(Array.isArray(past.body) && past.body.length === 0, 'G4', 'a page past the end must be []', 'past-end');
      }
    },
  };
}

function g4PerPage(op: SpecOperation): ContractCheck {
  return {
    rule: 'G4',
    part: 'clamp',
    title: `${op.operationId} per_page: 51 is clamped to 50; 0 and abc give 422`,
    async run(ctx) {
      const { client } = ctx;
      const path = await listPath(ctx, op);
      const fifty = await client.expect<unknown[]>(200, 'GET', query(path, 'per_page=50'), {}, 'G4', 'clamp');
      const more = await client.expect<unknown[]>(200, 'GET', query(path, 'per_page=51'), {}, 'G4', 'clamp');
      ensure(
        more.text === fifty.text,
        'G4',
        `per_page=51 must answer as per_page=50 (${fifty.body.length} records), got ${more.body.length}`,
        'clamp',
      );
      if (ctx.selects('G4', 'invalid')) {
        for (const value of ['0', 'abc']) {
          const { body } = await client.expect(422, 'GET', query(path, `per_page=${value}`), {}, 'G4', 'invalid');
          ensure(errorsName(body, 'per_page'), 'G4', `the 422 for per_page=${value} must name per_page`, 'invalid');
        }
      }
    },
  };
}

/**
 * Lists a person may hold too few records of to page through, and how the kit makes a few of its own: three goals
 * due an update since 2000 (AI3), deleted at the end of the run.
 */
const SEEDS: Readonly<Record<string, (ctx: KitContext) => Promise<void>>> = {
  listActionItems: async (ctx) => {
    for (let i = 0; i < 3; i++) await ctx.createGoal({ update_cadence: 'weekly', start_date: '2000-01-03' });
  },
};

function g4Pages(op: SpecOperation): ContractCheck {
  return {
    rule: 'G4',
    part: 'stable-order',
    title: `${op.operationId} pages: two consecutive pages neither overlap nor skip`,
    async run(ctx) {
      const { client } = ctx;
      const path = await listPath(ctx, op);
      const ids = async (q: string) =>
        (await client.expect<Array<{ id: string }>>(200, 'GET', query(path, q), {}, 'G4', 'stable-order')).body.map(
          (r) => r.id,
        );
      let four = await ids('per_page=4');
      const seed = SEEDS[op.operationId];
      if (four.length < 3 && seed) {
        ctx.requireWrites();
        await seed(ctx);
        four = await ids('per_page=4');
      }
      if (four.length < 3) throw new NotRun(`${path} holds ${four.length} records: two pages need at least 3`);
      const paged = [...(await ids('per_page=2&page=1')), ...(await ids('per_page=2&page=2'))];
      ensure(
        JSON.stringify(paged) === JSON.stringify(four),
        'G4',
        `pages 1 and 2 of 2 must be the first 4 records in order: got ${paged.join(', ')}; per_page=4 gives ${four.join(', ')}`,
        'stable-order',
      );
    },
  };
}

// ---- G2: each path id -------------------------------------------------------------------------------

function g2(op: SpecOperation, parameter: SpecParameter): ContractCheck {
  return {
    rule: 'G2',
    part: 'not-found',
    title: `${op.operationId} ${parameter.name}: malformed and unknown ids give 404, unknown UUIDs of any version and case too`,
    async run(ctx) {
      if (isWrite(op)) ctx.requireWrites();
      for (const id of [MALFORMED_ID, UNKNOWN_ID]) {
        await ctx.client.expect(404, op.method, pathWith(op, id), bodyOf(ctx, op), 'G2', 'not-found');
      }
      // G2's input half: a v7, a v1, the nil UUID and an upper-case v4 are ids, unknown ones: 404, never 422.
      if (ctx.selects('G2', 'input'))
        for (const id of OTHER_UUIDS)
          await ctx.client.expect(404, op.method, pathWith(op, id), bodyOf(ctx, op), 'G2', 'input');
    },
  };
}

// ---- G9: each operation without a token; each write with a read-only token --------------------------

function g9NoToken(op: SpecOperation): ContractCheck {
  return {
    rule: 'G9',
    title: `${op.operationId} Authorization: none and an unknown token are refused with 401 and WWW-Authenticate`,
    async run(ctx) {
      // Under --read-only only safe methods go out, even ones that should be refused.
      if (isWrite(op)) ctx.requireWrites();
      for (const token of [null, 'standin-contract-unknown-token']) {
        const response = await ctx.client.request(op.method, pathWith(op, UNKNOWN_ID), { ...bodyOf(ctx, op), token });
        const what = token ? 'an unknown token' : 'no token';
        ensure(
          response.status >= 400 && response.status < 500,
          'G9',
          `${what} must be refused, got ${response.status}`,
        );
        if (ctx.selects('G9', 'statuses'))
          ensure(response.status === 401, 'G9', `${what} must give 401, got ${response.status}`, 'statuses');
      }
    },
  };
}

function g9ReadOnly(op: SpecOperation): ContractCheck {
  return {
    rule: 'G9',
    title: `${op.operationId} read-only token: the write is refused with 403`,
    async run(ctx) {
      ctx.requireWrites();
      const readOnly = ctx.readOnlyClient();
      // Unknown ids: a server that wrongly takes the write changes nothing real.
      const response = await readOnly.request(op.method, pathWith(op, UNKNOWN_ID), bodyOf(ctx, op));
      ensure(
        response.status >= 400 && response.status < 500,
        'G9',
        `a read-only token's ${op.method} must be refused, got ${response.status}`,
      );
      if (ctx.selects('G9', 'statuses'))
        ensure(
          response.status === 403,
          'G9',
          `a read-only token's ${op.method} must give 403, got ${response.status}`,
          'statuses',
        );
    },
  };
}

// ---- G12: each GET ----------------------------------------------------------------------------------

function g12(op: SpecOperation): ContractCheck {
  const checkIns = op.operationId === 'listCheckIns' || op.operationId === 'getCheckIn';
  const part = checkIns ? undefined : 'every-get';
  return {
    rule: 'G12',
    ...(part ? { part } : {}),
    title: `${op.operationId} ETag: a 200 carries a weak ETag; If-None-Match with it gives an empty 304`,
    async run(ctx) {
      const path = op.path === '/check-ins' ? `/check-ins?people_ids[]=${ctx.me.id}` : await realPath(ctx, op);
      const first = await ctx.client.expect(200, 'GET', path, {}, 'G12', part);
      const tag = first.headers.get('etag');
      ensure(tag && /^W\/".*"$/.test(tag), 'G12', `GET ${path} must carry a weak ETag, got ${tag ?? 'none'}`, part);
      const again = await ctx.client.send('GET', path, { headers: { 'if-none-match': tag } });
      ctx.coverage.record(op.operationId, again.status);
      // The record may have changed in between (a live server): a 200 with a new ETag is right then too.
      const changed = again.status === 200 && again.headers.get('etag') !== tag;
      ensure(
        changed || (again.status === 304 && again.text === ''),
        'G12',
        `GET ${path} with If-None-Match: ${tag} must give an empty 304, got ${again.status} ${again.text.slice(0, 100)}`,
        part,
      );
    },
  };
}

// ---- G7: each write with a body ---------------------------------------------------------------------

function g7(op: SpecOperation): ContractCheck {
  return {
    rule: 'G7',
    title: `${op.operationId} body: an unknown field is accepted and ignored`,
    async run(ctx) {
      ctx.requireWrites();
      const path = await realPath(ctx, op);
      const body = { ...sampleBody(op.operationId, (text) => ctx.mark(text)), [UNKNOWN_FIELD]: 'ignored' };
      const response = await ctx.client.request<Record<string, unknown>>(op.method, path, { body });
      // A reaction that exists already answers 200 (CR2).
      const ok =
        op.method === 'POST'
          ? response.status === 201 || (op.path.endsWith('/reactions') && response.status === 200)
          : response.status === 200;
      if (response.status === 201 && DELETE_CREATED[op.operationId]) {
        const id = response.body.id;
        ctx.cleanup.add(`delete ${DELETE_CREATED[op.operationId]}${String(id)}`, () =>
          ctx.client.request('DELETE', `${DELETE_CREATED[op.operationId]}${String(id)}`),
        );
      }
      ensure(
        ok,
        'G7',
        `${op.method} ${op.path} with an unknown field must succeed, got ${response.status} ${response.text.slice(0, 200)}`,
      );
      ensure(
        !(UNKNOWN_FIELD in (response.body ?? {})),
        'G7',
        `the unknown field must be ignored, not stored: the answer carries ${UNKNOWN_FIELD}`,
      );
    },
  };
}

// ---- G8: each path with an undocumented method ------------------------------------------------------

function g8Methods(path: string, documented: string[]): ContractCheck {
  const undocumented = METHODS.filter((m) => !documented.includes(m));
  return {
    rule: 'G8',
    title: `${path} ${undocumented.join(', ')}: 405 with Allow naming ${documented.join(', ')}`,
    async run(ctx) {
      // Under --read-only only the safe ones; ids unknown, so a server that wrongly takes one changes nothing.
      const methods = ctx.options.readOnly ? undocumented.filter((m) => m === 'GET') : undocumented;
      if (methods.length === 0) ctx.requireWrites();
      for (const method of methods) {
        const target = fillPath(path, () => UNKNOWN_ID);
        const response = await ctx.client.send(
          method,
          target,
          method === 'GET' || method === 'DELETE' ? {} : { body: {} },
        );
        ensure(response.status === 405, 'G8', `${method} ${target} must give 405, got ${response.status}`);
        const allow = (response.headers.get('allow') ?? '')
          .split(',')
          .map((m) => m.trim().toUpperCase())
          .filter(Boolean);
        const missing = documented.filter((m) => !allow.includes(m));
        const wrong = allow.filter((m) => undocumented.includes(m as (typeof METHODS)[number]));
        ensure(
          missing.length === 0 && wrong.length === 0,
          'G8',
          `${method} ${target}: Allow must name ${documented.join(', ')}, got "${response.headers.get('allow') ?? ''}"`,
        );
        ensure(
          /^application\/problem\+json/.test(response.headers.get('content-type') ?? ''),
          'G8',
          `the 405 must be a problem+json document, got ${response.headers.get('content-type')}`,
        );
      }
    },
  };
}

/** Every derived check, in spec order: per operation, then per path. */
function derivedChecks(): ContractCheck[] {
  const checks: ContractCheck[] = [];
  // The /api/v2 operations: the hooks at the service root know no bearer token and have their own checks (WH1).
  const api = spec.operations.filter((op) => op.base === null);
  for (const op of api) {
    for (const p of op.parameters.filter((q) => q.in === 'query' && q.isArray)) checks.push(g5(op, p));
    for (const p of op.parameters.filter(isPersonFilter)) checks.push(g6(op, p));
    if (isPaginated(op)) checks.push(g4Page(op), g4PerPage(op), g4Pages(op));
    for (const p of pathParameters(op)) checks.push(g2(op, p));
    checks.push(g9NoToken(op));
    if (isWrite(op)) checks.push(g9ReadOnly(op));
    if (op.method === 'GET') checks.push(g12(op));
    if (op.bodyProperties) checks.push(g7(op));
  }
  const byPath = new Map<string, string[]>();
  for (const op of api) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op.method]);
  for (const [path, methods] of byPath) checks.push(g8Methods(path, methods));
  return checks;
}

export const operations: CheckGroup = {
  name: 'operations',
  title: 'Every operation (G2 G4–G9 G12)',
  checks: derivedChecks(),
};
