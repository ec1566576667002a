// The /api/v2 request pipeline: small steps with one job each, run in order for every operation — catch the
// world up (CI1, EC4), authenticate (G9), count against the rate limits (G14), refuse writes with a read-only
// token (G9), read and validate the input (G2, G5–G8), handle, respond (G12) — any of which may answer
// instead. The session's world context is set on the request by app.ts's one /api/v2 middleware (MK5),
// under Hono's typed Variables.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { DomainError } from '../domain/domain-error.js';
import { pageOf } from '../domain/pagination.js';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import type { SpecOperation } from '../spec/compiled-spec.js';
import { CORS_RESPONSE_HEADERS } from './cors.js';
import type { OperationHandler, OperationResult } from './operation-handler.js';
import { domainProblem, problemResponse } from './problem.js';
import { readRequestInput, type RequestInput } from './request-input.js';
import type { WorldContext } from './sessions.js';

/** What a request carries from step to step inside Hono: its session's world context (MK5). */
export interface ApiEnv {
  Variables: { context: WorldContext };
}

export interface PipelineSettings {
  /** G7: refuse unknown body fields. */
  strict: boolean;
  /** G14: whether the rate limits apply now (switchable at run time). */
  rateLimited(): boolean;
  /** When the mock started (real time), for rate windows under a frozen clock. */
  startedAt: number;
}

/** One request on its way through the steps. */
interface Exchange {
  readonly c: Context<ApiEnv>;
  readonly op: SpecOperation;
  readonly context: WorldContext;
  readonly world: World;
  auth?: { person: Person; readOnly: boolean };
  /** G14 headers, set by the rate-limit step and carried by every later answer. */
  rateHeaders?: Record<string, string>;
  input?: RequestInput;
}

type Step = (exchange: Exchange, settings: PipelineSettings) => Response | undefined | Promise<Response | undefined>;

/** CI1, EC4: the world moves on to the clock's now before anything reads it. */
const catchUp: Step = ({ world }) => {
  world.catchUp();
  return undefined;
};

/** G9: a bearer token on every request. */
const authenticate: Step = (exchange) => {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(exchange.c.req.header('authorization') ?? '')?.[1];
  const auth = token ? exchange.world.authenticate(token) : null;
  if (auth) {
    exchange.auth = auth;
    return undefined;
  }
  return problemResponse(
    401,
    'unauthenticated',
    token
      ? 'The bearer token is not known to this server (G9). GET /__mock/tokens lists the tokens of the current world.'
      : 'Send Authorization: Bearer <token> (G9). GET /__mock/tokens lists the tokens of the current world.',
    undefined,
    { 'www-authenticate': token ? 'Bearer error="invalid_token"' : 'Bearer' },
  );
};

/** G14 (prod): per person, burst and sustained windows, each session counting in its own limiter (MK5). */
const rateLimit: Step = (exchange, settings) => {
  if (!settings.rateLimited()) return undefined;
  const { world, context } = exchange;
  // Rate windows measure real traffic: under a frozen clock they still move with real time, or a demo on
  // --now would stay limited for good after its 30th request.
  const elapsed = world.clock.frozen ? Math.floor((Date.now() - settings.startedAt) / 1000) : 0;
  const decision = context.limiter.take(exchange.auth!.person.id, world.now() + elapsed);
  exchange.rateHeaders = {
    'ratelimit-policy': decision.windows.map((w) => `"${w.name}";q=${w.quota};w=${w.seconds}`).join(', '),
    ratelimit: decision.windows.map((w) => `"${w.name}";r=${w.remaining};t=${w.resetIn}`).join(', '),
  };
  if (decision.allowed) return undefined;
  return problemResponse(
    429,
    'rate-limited',
    `Rate limit reached (G14); retry after ${decision.retryAfter} s.`,
    undefined,
    { 'retry-after': String(decision.retryAfter) },
  );
};

/** G9: read-only tokens may only read. */
const refuseReadOnlyWrites: Step = ({ auth, op }) => {
  if (!auth!.readOnly || op.method === 'GET') return undefined;
  return problemResponse(
    403,
    'read-only-token',
    `This token is read-only (G9); ${op.method} needs the read-write token of ${auth!.person.name}.`,
  );
};

/** G2, G5–G8: the path, query and body as the operation documents them, or the problem saying what to fix. */
const validate: Step = async (exchange, settings) => {
  const { c, op } = exchange;
  const input = await readRequestInput(op, c.req.raw, c.req.param(), { strict: settings.strict });
  if (input instanceof Response) return input;
  exchange.input = input;
  return undefined;
};

const STEPS: readonly Step[] = [catchUp, authenticate, rateLimit, refuseReadOnlyWrites, validate];

/** G12: a weak validator of the exact body; Node's native SHA-1 keeps it cheap on every GET. */
function weakEtag(text: string): string {
  return `W/"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** G12: weak comparison (RFC 9110 §13.1.2): `*`, or any listed tag equal to ours with or without `W/`. */
function etagMatches(ifNoneMatch: string, tag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = tag.slice(2);
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * The success response, with CORS headers (G13) and, on a 200 GET, a weak ETag and 304 for a matching
 * If-None-Match (G12). Built in one go: see cors.ts for why no middleware touches it afterwards.
 */
function respond(result: OperationResult, method: string, ifNoneMatch: string | undefined): Response {
  if (result.status === 204) return new Response(null, { status: 204, headers: CORS_RESPONSE_HEADERS });
  const text = JSON.stringify(result.body);
  if (method !== 'GET' || result.status !== 200) {
    return new Response(text, {
      status: result.status,
      headers: { 'content-type': 'application/json', ...CORS_RESPONSE_HEADERS },
    });
  }
  const tag = weakEtag(text);
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, tag)) {
    return new Response(null, { status: 304, headers: { etag: tag, ...CORS_RESPONSE_HEADERS } });
  }
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'application/json', etag: tag, ...CORS_RESPONSE_HEADERS },
  });
}

/** The operation's handler on the validated input, its domain refusals as problems (G8). */
function handle(exchange: Exchange, handler: OperationHandler): Response {
  const { world, auth, input, op, c } = exchange;
  try {
    const result = handler({ world, actor: auth!.person, ...input!, page: pageOf(input!.query) });
    return respond(result, op.method, c.req.header('if-none-match'));
  } catch (error) {
    if (error instanceof DomainError) return domainProblem(error);
    throw error;
  }
}

/** Every later answer carries the G14 headers the rate-limit step computed. */
function withRateHeaders(response: Response, headers: Record<string, string> | undefined): Response {
  if (headers) for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * The Hono handler of one operation: the steps in order, then the operation's handler.
 * @example app.on(op.method, path, apiRoute(op, handler, settings))
 */
export function apiRoute(op: SpecOperation, handler: OperationHandler, settings: PipelineSettings) {
  return async (c: Context<ApiEnv>): Promise<Response> => {
    const context = c.get('context');
    const exchange: Exchange = { c, op, context, world: context.world };
    for (const step of STEPS) {
      const answer = await step(exchange, settings);
      if (answer) return withRateHeaders(answer, exchange.rateHeaders);
    }
    return withRateHeaders(handle(exchange, handler), exchange.rateHeaders);
  };
}
