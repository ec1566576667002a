// The /api/v2 operations' steps (steps.ts), in order for every operation after the front's (front.ts): catch
// the world up (CI1, EC4), authenticate (G9), count against the rate limits (G14), refuse writes with a
// read-only token (G9) and writes over the memory budget; then the input validated (G2, G5–G8), the handler,
// and the response with its ETag (G12) and CORS headers (G13).
import type { DigestCache } from '../domain/digest-cache.js';
import type { DigestEntry } from '../domain/digest.js';
import { DomainError } from '../domain/domain-error.js';
import { pageOf } from '../domain/pagination.js';
import type { SpecOperation } from '../spec/compiled-spec.js';
import type { AnyToken } from '../runtime/any-token.js';
import { decidedByDomainError, type DecidedBy } from '../runtime/decided-by.js';
import { bearerToken } from './bearer-token.js';
import { CORS_RESPONSE_HEADERS } from './cors.js';
import type { MemoryBudget } from '../runtime/memory-budget.js';
import { budgetProblem } from './runtime-problems.js';
import { CodeNotLoaded, notLoaded } from './not-loaded.js';
import type { OperationResult, ValidatedHandler } from './operation-handler.js';
import { answerWith, catchUp, readInput, type Exchange, type Step } from './steps.js';
import type { Rendered } from './rendered.js';
import type { Renderer } from './renderer.js';
import { domainProblem, problemResponse } from './problem.js';
import type { RequestInput } from './request-input.js';
import { jsonResponse, type Transcript } from './transcript.js';

export interface ApiSettings {
  /** G7: refuse unknown body fields. */
  strict: boolean;
  /** G14: whether the rate limits apply now (switchable at run time). */
  rateLimited(): boolean;
  /** When the mock started (real time), for rate windows under a frozen clock. */
  startedAt: number;
  /** The mock's renderer, handed to every handler. */
  render: Renderer;
  /** DG1: the mock's digest cache, handed to every handler. */
  digests: DigestCache<DigestEntry>;
  /** What the mock may keep; writes are refused while it is over (507). */
  budget: MemoryBudget;
  /** MK7: who answers for a token the world does not know, or none; left out, G9 refuses them with 401. */
  anyToken?: AnyToken;
}

/**
 * G9: a bearer token on every request. MK7: in any-token mode a token the world knows keeps its meaning, and
 * any other, or none, is the chosen person's read-write token.
 */
export const authenticate = (anyToken: AnyToken | undefined): Step => ({
  name: anyToken ? 'authenticate (G9, MK7)' : 'authenticate (G9)',
  run: (exchange) => {
    const token = bearerToken(exchange.c.req.header('authorization'));
    const auth = token ? exchange.world.authenticate(token) : null;
    if (auth) {
      exchange.auth = auth;
      // The journal says who made the request (its person, never the token).
      exchange.person = auth.person;
      return undefined;
    }
    if (anyToken) {
      const person = anyToken.personIn(exchange.world);
      if (person) {
        exchange.auth = { person, readOnly: false };
        exchange.person = person;
        return undefined;
      }
      exchange.decided = ANY_TOKEN_REFUSED;
      return problemResponse(
        exchange.transcript,
        401,
        'unauthenticated',
        `The any-token mode's person "${anyToken.who}" is not in this world of seed ${exchange.world.seed} (MK7): a reset or a restore brought other people. Send one of their tokens (GET /__mock/tokens), or reset to a world that has that person.`,
        undefined,
        { 'www-authenticate': 'Bearer' },
      );
    }
    exchange.decided = TOKEN_REFUSED;
    return unauthenticated(exchange.transcript, token);
  },
});

/** MCP6: who refused, as the journal's explanation names them (made once: the journal keeps them by reference). */
const TOKEN_REFUSED: DecidedBy = { kind: 'access', rule: 'G9', what: 'the bearer token' };
const ANY_TOKEN_REFUSED: DecidedBy = { kind: 'access', rule: 'MK7', what: "the any-token mode's person" };
const RATE_LIMITED: DecidedBy = { kind: 'rate_limit', rule: 'G14' };
const READ_ONLY: DecidedBy = { kind: 'access', rule: 'G9', what: 'a read-only token' };

/** G9's refusal, saying where the tokens are. */
function unauthenticated(transcript: Transcript, token: string | undefined): Response {
  return problemResponse(
    transcript,
    401,
    'unauthenticated',
    token
      ? 'The bearer token is not known to this server (G9). GET /__mock/tokens lists the tokens of the current world.'
      : 'Send Authorization: Bearer <token> (G9). GET /__mock/tokens lists the tokens of the current world.',
    undefined,
    { 'www-authenticate': token ? 'Bearer error="invalid_token"' : 'Bearer' },
  );
}

/** Whose windows a request counts in (G14): its person's id for /api/v2; none, it is not counted. */
export type RateKey = (exchange: Exchange) => string | undefined;

/**
 * G14 (prod): per person (or whatever `keyOf` names: the hook's account, WH1), burst and sustained windows,
 * each session counting in its own limiter (MK5).
 * @example rateLimit(settings, (exchange) => exchange.auth?.person.id)
 */
export const rateLimit = (settings: Pick<ApiSettings, 'rateLimited' | 'startedAt'>, keyOf: RateKey): Step => ({
  name: 'rate-limit (G14)',
  run: (exchange) => {
    // The dashboard's own reads (GET /__mock/read) are not the world's traffic: never counted, never limited.
    const key = settings.rateLimited() && !exchange.own ? keyOf(exchange) : undefined;
    if (key === undefined) return undefined;
    const { world, slot } = exchange;
    // Rate windows measure real traffic: under a frozen clock they still move with real time, or a demo on
    // --now would stay limited for good after its 30th request.
    const elapsed = world.clock.frozen ? Math.floor((Date.now() - settings.startedAt) / 1000) : 0;
    const decision = slot.limiter.take(key, world.now() + elapsed);
    exchange.headers = {
      'ratelimit-policy': decision.windows.map((w) => `"${w.name}";q=${w.quota};w=${w.seconds}`).join(', '),
      ratelimit: decision.windows.map((w) => `"${w.name}";r=${w.remaining};t=${w.resetIn}`).join(', '),
    };
    if (decision.allowed) return undefined;
    exchange.decided = RATE_LIMITED;
    const refusal = problemResponse(
      exchange.transcript,
      429,
      'rate-limited',
      `Rate limit reached (G14); retry after ${decision.retryAfter} s.`,
      undefined,
      { 'retry-after': String(decision.retryAfter) },
    );
    return withCounted(refusal, exchange.headers);
  },
  // Every later answer carries the headers it counted with (G14).
  leave: (exchange, answer) => withCounted(answer, exchange.headers),
});

/** An answer with the rate limit's headers (G14), when the request was counted. */
function withCounted(answer: Response, headers: Record<string, string> | undefined): Response {
  if (headers) for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
  return answer;
}

/** G9: read-only tokens may only read. */
const refuseReadOnlyWrites = ({ method }: SpecOperation): Step => ({
  name: 'refuse-read-only-writes (G9)',
  run: (exchange) => {
    const { auth, transcript } = exchange;
    if (!auth?.readOnly || method === 'GET') return undefined;
    exchange.decided = READ_ONLY;
    return problemResponse(
      transcript,
      403,
      'read-only-token',
      `This token is read-only (G9); ${method} needs the read-write token of ${auth.person.name}.`,
    );
  },
});

/**
 * A write while the mock is over its memory budget is refused (507), so that no client can grow it until it
 * crashes; reads and deletes go on, and so does whatever frees memory through /__mock.
 * @example refuseOverBudget(settings, op)
 */
export const refuseOverBudget = (settings: Pick<ApiSettings, 'budget'>, { method, path }: SpecOperation): Step => ({
  name: 'refuse-over-budget (507)',
  run: ({ transcript }) => {
    if ((method !== 'POST' && method !== 'PATCH') || !settings.budget.over()) return undefined;
    return budgetProblem(transcript, settings.budget.refusal(`${method} ${path}, a write`));
  },
});

/**
 * A write's JSON answer's headers, made once: no one changes them (a later step's headers go on the Response's
 * own copy: the rate-limit step's leave), and an object per answer is garbage on every write.
 */
export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json',
  ...CORS_RESPONSE_HEADERS,
});

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
function respond(
  transcript: Transcript,
  status: OperationResult['status'],
  body: Rendered | undefined,
  method: string,
  ifNoneMatch: string | undefined,
): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers: CORS_RESPONSE_HEADERS });
  if (method !== 'GET' || status !== 200) return jsonResponse(transcript, body.json, { status, headers: JSON_HEADERS });
  const { etag } = body;
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) {
    return new Response(null, { status: 304, headers: { etag, ...CORS_RESPONSE_HEADERS } });
  }
  return jsonResponse(transcript, body.json, {
    status: 200,
    headers: { 'content-type': 'application/json', etag, ...CORS_RESPONSE_HEADERS },
  });
}

function isList(body: Rendered | readonly Rendered[] | undefined): body is readonly Rendered[] {
  return Array.isArray(body);
}

/**
 * The steps of one /api/v2 operation after the front's: the checks in order, the input read, then its handler
 * on it, its domain refusals as problems (G8).
 * @example routes.set('POST', [...front.api, ...apiSteps(op, handler, settings)])
 */
export function apiSteps(op: SpecOperation, handler: ValidatedHandler, settings: ApiSettings): readonly Step[] {
  // Made once per operation, not per request: the answer to a handler's result, and to what it threw.
  const answer = (exchange: Exchange, { status, body }: OperationResult): Response => {
    const { c, transcript } = exchange;
    // A list by its request's URL: asked again with the same records, its text and ETag are made already.
    const rendered = isList(body) ? settings.render.list(c.req.url, body) : body;
    return respond(transcript, status, rendered, op.method, c.req.header('if-none-match'));
  };
  const refused = (exchange: Exchange, error: unknown): Response => {
    if (error instanceof DomainError) {
      exchange.decided = decidedByDomainError(error);
      return domainProblem(exchange.transcript, error);
    }
    // A page's handler whose code it could not fetch (digest-module.browser.ts): a 503, never a 500.
    if (error instanceof CodeNotLoaded) return notLoaded(exchange.transcript, error.error, error.what);
    throw error;
  };
  const handle = (exchange: Exchange, input: RequestInput): Response | Promise<Response> => {
    const { world, auth } = exchange;
    if (!auth) throw new Error(`standin: ${op.operationId} reached its handler unauthenticated`);
    try {
      const result = handler({
        world,
        actor: auth.person,
        ...input,
        page: pageOf(input.query),
        render: settings.render,
        digests: settings.digests,
      });
      // Synchronous but for a page's first use of code it loads on demand (a digest).
      if (result instanceof Promise)
        return result.then((done) => answer(exchange, done)).catch((error: unknown) => refused(exchange, error));
      return answer(exchange, result);
    } catch (error) {
      return refused(exchange, error);
    }
  };
  return [
    catchUp,
    authenticate(settings.anyToken),
    rateLimit(settings, (exchange) => exchange.auth?.person.id),
    refuseReadOnlyWrites(op),
    refuseOverBudget(settings, op),
    readInput(op, { strict: settings.strict }),
    answerWith(`${op.operationId} (G12, G13)`, handle),
  ];
}
