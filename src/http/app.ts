// createMock: the one factory of the mock — a Hono app over its own worlds. The CLI, the tests and embedding
// users all build the mock here; two mocks never share state.
import { Hono, type MiddlewareHandler } from 'hono';
import type { Person } from '../domain/records.js';
import { DEFAULT_SEED } from '../domain/world-base.js';
import { getCompiledSpec } from '../spec/compiled-spec.js';
import { apiRoute } from './api-pipeline.js';
import { BASE_PATH } from './base-path.js';
import { preflightResponse } from './cors.js';
import { AnyToken } from './any-token.js';
import { CrossOriginPolicy } from './cross-origin.js';
import { FaultProfile } from './fault-profile.js';
import { DEFAULT_MEMORY_BUDGET } from './memory-budget.js';
import { withFaults } from './faults.js';
import { checkInHandlers } from './handlers/check-in-handlers.js';
import { echoHandlers } from './handlers/echo-handlers.js';
import { goalHandlers } from './handlers/goal-handlers.js';
import { peopleHandlers } from './handlers/people-handlers.js';
import { socialHandlers } from './handlers/social-handlers.js';
import { mockControls } from './mock-controls.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS, type Mock, type MockOptions } from './mock.js';
import type { OperationHandlers } from './operation-handler.js';
import { routeOperations } from './operation-routes.js';
import { sessionOf, type PipelineEnv } from './pipeline.js';
import { DEFAULT_APP_URL, Presenter } from './present.js';
import { Renderer } from './renderer.js';
import { keepLocally, localStorageOrFail } from './local-persistence.js';
import { problemResponse } from './problem.js';
import { RequestJournal, type JournalPerson } from './request-journal.js';
import { requestTextOf, responseTextOf } from './exchange-texts.js';
import { MAX_BODY_BYTES, readBodyText } from './request-body.js';
import { noSuchRoute } from './no-such-route.js';
import { Overrides } from './overrides.js';
import { longUrlProblem, refuseLongUrls } from './url-limit.js';
import { SESSION_HEADER } from './sessions.js';
import { Worlds } from './worlds.js';

export { BASE_PATH };

export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS, type Mock, type MockOptions } from './mock.js';

/** Every operation of the spec and its handler; `createMock` refuses to start if one is missing. */
export const OPERATION_HANDLERS: OperationHandlers = {
  ...peopleHandlers,
  ...goalHandlers,
  ...checkInHandlers,
  ...echoHandlers,
  ...socialHandlers,
};

/**
 * Builds a mock server over a freshly generated world.
 * @example
 * const { app } = createMock({ seed: 42, now: '2026-11-20T09:00:00Z' });
 * const res = await app.request('/api/v2/me', { headers: { authorization: `Bearer ${token}` } });
 */
export function createMock(options: MockOptions = {}): Mock {
  const settings = {
    seed: options.seed ?? DEFAULT_SEED,
    size: options.size ?? 'small',
    appUrl: options.appUrl ?? DEFAULT_APP_URL,
    strict: options.strict ?? false,
    rateLimit: options.rateLimit ?? false,
  } as const;
  const present = new Presenter(settings.appUrl);
  const journal = new RequestJournal();
  const render = new Renderer(present);
  const worlds = new Worlds({
    seed: settings.seed,
    size: settings.size,
    now: options.now,
    present,
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    sessionIdleMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    faults: options.faults ? new FaultProfile({ seed: settings.seed, ...options.faults }) : null,
    memoryBudget: options.memoryBudget ?? DEFAULT_MEMORY_BUDGET,
    cacheBytes: () => journal.bytes + render.bytes,
    // MK1: a server guarded by a control token answers no token computable from the seed alone.
    tokenKey: options.controlToken || undefined,
  });
  const anyToken = options.anyToken ? new AnyToken(options.anyToken) : null;
  let rateLimit = settings.rateLimit;
  const startedAt = Date.now();
  const mock: Mock = {
    app: new Hono<PipelineEnv>(),
    get world() {
      return worlds.shared.world;
    },
    options: settings,
    worlds,
    reset: (seed = settings.seed, size, session) => worlds.reset(worlds.contextFor(session), seed, size),
    restore: (state, session) => worlds.restore(worlds.contextFor(session), state),
    journal,
    overrides: new Overrides(),
    get faults() {
      return worlds.shared.faults;
    },
    set faults(profile: FaultProfile | null) {
      worlds.shared.faults = profile;
    },
    worldFor: (session) => worlds.contextFor(session).world,
    sessions: worlds.sessions,
    get rateLimit() {
      return rateLimit;
    },
    set rateLimit(enabled: boolean) {
      rateLimit = enabled;
    },
    crossOrigin: new CrossOriginPolicy(options.corsOrigins),
    anyToken,
  };
  const { app } = mock;
  // A page's world across reloads: restored now, saved before the answer to each request that may change it.
  if (options.persist === 'local') app.use('*', keepLocally(mock, options.storage ?? localStorageOrFail()));
  // MK7: a name that is nobody in the first world (the generated one, or the one a page kept) is a set-up
  // error, not a 401 on every request. standin serve checks again once --state has loaded its world.
  anyToken?.checkIn(mock.world);
  // G8: a URL over the limit gets 414 before anything reads or quotes it: in apiFront for /api/v2, here for the
  // controls, in notFound for the rest. G13: /api/v2 builds its open CORS headers into each response (cors.ts),
  // while the controls answer only their own and loopback origins (cross-origin.ts, in mockControls).
  app.use(`${BASE_PATH}/*`, apiFront(mock.journal, worlds, mock.overrides));
  app.use('/__mock/*', refuseLongUrls);
  const apiMethods = [...new Set(getCompiledSpec().operations.map((op) => op.method))];
  app.options(`${BASE_PATH}/*`, (c) => preflightResponse(apiMethods, c.req.header('access-control-request-headers')));
  const api = {
    strict: settings.strict,
    rateLimited: () => rateLimit,
    startedAt,
    render,
    budget: worlds.budget,
    anyToken: anyToken ?? undefined,
  };
  routeOperations(
    app,
    getCompiledSpec().operations,
    BASE_PATH,
    (op) => apiRoute(op, handlerOf(op.operationId), api),
    'G8',
  );
  app.route(
    '/__mock',
    mockControls(mock, { controlToken: options.controlToken, present, stateLoader: options.stateLoader }),
  );
  app.notFound((c) => longUrlProblem(c.req.url) ?? noSuchRoute(c.req.method, c.req.path));
  app.onError((error) =>
    problemResponse(
      500,
      'internal-error',
      `standin failed on this request: ${error.message}. This is a bug in standin; please report it with the request.`,
    ),
  );
  return mock;
}

function handlerOf(operationId: string) {
  const handler = OPERATION_HANDLERS[operationId];
  if (!handler) throw new Error(`standin: operation ${operationId} of the spec has no handler`);
  return handler;
}

/** Who made a request, as the journal keeps it: the person's id and name (never the token), or null. */
function journalPerson(person: Person | undefined): JournalPerson | null {
  return person ? { id: person.id, name: person.name } : null;
}

/**
 * The front of every /api/v2 request, as one middleware of plain steps (each middleware or async layer more is
 * a compose step and promises on every request): the URL's length (G8), then the journal outside, so injected
 * delays and faults show there as the client saw them; inside it the session's world context (MK5), an
 * override rule that fits, else the session's faults (MK6: its own stream), then the route.
 */
function apiFront(requests: RequestJournal, worlds: Worlds, overrides: Overrides): MiddlewareHandler<PipelineEnv> {
  return async (c, next) => {
    const tooLong = longUrlProblem(c.req.url);
    if (tooLong) return tooLong;
    const started = performance.now();
    const session = c.req.header(SESSION_HEADER);
    const refused = sessionOf(c, worlds);
    const overridden =
      refused || overrides.size === 0 ? undefined : overrides.answer(c.req.method, c.req.path, session);
    if (refused) c.res = refused;
    else if (overridden) {
      // The journal shows what the client sent, though no step read it: read within G8's limit (an answer
      // from a rule needs no body, so one over the limit is left unread, not refused).
      if (c.req.raw.body) await readBodyText(c.req.raw, MAX_BODY_BYTES);
      c.res = overridden.response;
    } else {
      const prefer = c.req.header('prefer');
      const { faults } = c.get('context');
      // The common case goes straight on: no profile in force and no Prefer header (MK6).
      if (!faults && !prefer) await next();
      else {
        const injected = await withFaults(c, next, faults, prefer);
        if (injected) c.res = injected;
      }
    }
    const { url } = c.req;
    const query = url.indexOf('?');
    requests.record({
      at: requests.now(),
      method: c.req.method,
      path: c.req.path + (query === -1 ? '' : url.slice(query)),
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
      session: session ?? null,
      person: journalPerson(c.get('person')),
      request_body: requestTextOf(c.req.raw) ?? null,
      response_body: responseTextOf(c.res) ?? null,
      override: overridden?.id ?? null,
    });
  };
}
