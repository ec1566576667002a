// createMock: the one factory of the mock — a Hono app over its own World. The CLI, the tests and embedding
// users all build the mock here; two mocks never share state.
import { Hono, type Context, type Next } from 'hono';
import { cors } from 'hono/cors';
import { FaultProfile } from './fault-profile.js';
import { DEFAULT_SEED } from '../domain/world-base.js';
import { DEFAULT_APP_URL } from '../domain/world.js';
import { getCompiledSpec, type CompiledSpec } from '../spec/compiled-spec.js';
import { apiRoute, type ApiEnv } from './api-pipeline.js';
import { preflightResponse } from './cors.js';
import { withFaults } from './faults.js';
import { checkInHandlers } from './handlers/check-in-handlers.js';
import { echoHandlers } from './handlers/echo-handlers.js';
import { goalHandlers } from './handlers/goal-handlers.js';
import { peopleHandlers } from './handlers/people-handlers.js';
import { socialHandlers } from './handlers/social-handlers.js';
import { mockControls } from './mock-controls.js';
import type { OperationHandlers } from './operation-handler.js';
import { problemResponse } from './problem.js';
import { RequestJournal } from './request-journal.js';
import { refuseLongUrls } from './server-limits.js';
import { SESSION_HEADER, SessionError, sessionProblem, type WorldContext } from './sessions.js';
import { routeOperations } from './operation-routes.js';
import { Worlds } from './worlds.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS, type Mock, type MockOptions } from './mock.js';

export const BASE_PATH = '/api/v2';

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
  const spec: CompiledSpec = getCompiledSpec();
  const settings = {
    seed: options.seed ?? DEFAULT_SEED,
    size: options.size ?? 'small',
    appUrl: options.appUrl ?? DEFAULT_APP_URL,
    strict: options.strict ?? false,
    rateLimit: options.rateLimit ?? false,
  } as const;
  const worlds = new Worlds({
    seed: settings.seed,
    size: settings.size,
    now: options.now,
    appUrl: settings.appUrl,
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    sessionIdleMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    faults: options.faults ? new FaultProfile({ seed: settings.seed, ...options.faults }) : null,
  });
  let rateLimit = settings.rateLimit;
  const startedAt = Date.now();

  const mock: Mock = {
    app: new Hono<ApiEnv>(),
    get world() {
      return worlds.shared.world;
    },
    options: settings,
    worlds,
    reset: (seed = settings.seed, size, session) => worlds.reset(worlds.contextFor(session), seed, size),
    restore: (state, session) => worlds.restore(worlds.contextFor(session), state),
    journal: new RequestJournal(),
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
  };
  const { app } = mock;

  /** MK5: the request's world context; a bad session name or the session cap answers instead. */
  const contextOf = (c: Context<ApiEnv>): WorldContext | Response => {
    try {
      return worlds.contextFor(c.req.header(SESSION_HEADER));
    } catch (error) {
      if (error instanceof SessionError) return sessionProblem(error);
      throw error;
    }
  };

  // G8: a URL over the limit gets 414 before anything reads or quotes it.
  app.use('*', refuseLongUrls);
  // G13: /api/v2 builds its CORS headers into each response (cors.ts); the controls use Hono's middleware.
  // One middleware for every /api/v2 request (each extra one costs a compose step on the hot path): the
  // session's world context first, MK6 faults (its own stream) inside, the journal outside, so injected
  // delays and faults show there as the client saw them.
  app.use(`${BASE_PATH}/*`, async (c: Context<ApiEnv>, next: Next) => {
    const started = performance.now();
    const context = c.req.method === 'OPTIONS' ? worlds.shared : contextOf(c);
    if (context instanceof Response) c.res = context;
    else {
      c.set('context', context);
      const injected = await withFaults(c, next, context.faults);
      if (injected) c.res = injected;
    }
    mock.journal.record({
      at: new Date().toISOString().slice(0, 19) + 'Z',
      method: c.req.method,
      path: c.req.path + (c.req.url.includes('?') ? c.req.url.slice(c.req.url.indexOf('?')) : ''),
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
      session: c.req.header(SESSION_HEADER) ?? null,
    });
  });
  const apiMethods = [...new Set(spec.operations.map((op) => op.method))];
  app.options(`${BASE_PATH}/*`, (c) => preflightResponse(apiMethods, c.req.header('access-control-request-headers')));
  app.use('/__mock/*', cors({ origin: '*' }));

  const pipeline = { strict: settings.strict, rateLimited: () => rateLimit, startedAt };

  routeOperations(
    app,
    spec.operations,
    BASE_PATH,
    (op) => {
      const handler = OPERATION_HANDLERS[op.operationId];
      if (!handler) throw new Error(`standin: operation ${op.operationId} of the spec has no handler`);
      return apiRoute(op, handler, pipeline);
    },
    'G8',
  );

  app.route('/__mock', mockControls(mock, options.controlToken));

  app.notFound((c) =>
    problemResponse(
      404,
      'no-such-route',
      c.req.path.startsWith('/__mock')
        ? `No control ${c.req.method} ${c.req.path}; spec/control.yaml lists the controls under /__mock.`
        : `No route ${c.req.method} ${c.req.path} (G8). The API lives under ${BASE_PATH}; spec/openapi.yaml lists every path.`,
    ),
  );
  app.onError((error) =>
    problemResponse(
      500,
      'internal-error',
      `standin failed on this request: ${error.message}. This is a bug in standin; please report it with the request.`,
    ),
  );
  return mock;
}
