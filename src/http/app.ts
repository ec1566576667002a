// createMock: the one factory of the mock — a Hono app over its own worlds. The CLI, the tests and embedding
// users all build the mock here; two mocks never share state.
import { Hono, type Context } from 'hono';
import { DigestCache } from '../domain/digest-cache.js';
import type { DigestEntry } from '../domain/digest.js';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import { createRuntime } from '../runtime/mock-runtime.js';
import { keepLocally, localStorageOrFail } from '../runtime/local-persistence.js';
import { BASE_PATH } from '../spec/base-path.js';
import { getCompiledSpec, type SpecOperation } from '../spec/compiled-spec.js';
import { hookRoute } from './activity-hook-route.js';
import { apiRoute } from './api-pipeline.js';
import { CrossOriginPolicy } from './cross-origin.js';
import { createFront } from './front.js';
import { checkInHandlers } from './handlers/check-in-handlers.js';
import { digestHandlers } from './handlers/digest-handlers.js';
import { echoHandlers } from './handlers/echo-handlers.js';
import { goalHandlers } from './handlers/goal-handlers.js';
import { peopleHandlers } from './handlers/people-handlers.js';
import { socialHandlers } from './handlers/social-handlers.js';
import { mockControls } from './mock-controls.js';
import type { Mock, MockOptions } from './mock.js';
import { noSuchRoute } from './no-such-route.js';
import { checkOptions, MOCK_OPTION_RULES } from './option-rules.js';
import { profileProblems } from './profile-problems.js';
import { handlerFor, type OperationHandlers } from './operation-handler.js';
import { routeOperations } from './operation-routes.js';
import type { PipelineEnv } from './pipeline.js';
import { DEFAULT_APP_URL, Presenter } from './present.js';
import { problemResponse } from './problem.js';
import { Renderer } from './renderer.js';
import { worldVerifier } from './verify-world.js';
import { wireKindName } from './wire-kinds.js';

export { BASE_PATH };

export type { Mock, MockOptions } from './mock.js';

/** Every operation of the spec and its handler; `createMock` refuses to start if one is missing. */
export const OPERATION_HANDLERS: OperationHandlers = {
  ...peopleHandlers,
  ...goalHandlers,
  ...checkInHandlers,
  ...echoHandlers,
  ...socialHandlers,
  ...digestHandlers,
};

/**
 * Builds a mock server over a freshly generated world. Throws an OptionError (a TypeError) naming the option,
 * what was wrong and the fix, for an option it does not take or a value it refuses.
 * @example
 * const { app } = createMock({ seed: 42, now: '2026-11-20T09:00:00Z' });
 * const res = await app.request('/api/v2/me', { headers: { authorization: `Bearer ${token}` } });
 */
export function createMock(options: MockOptions = {}): Mock {
  // What the command line refuses, refused here in the same words (an unknown option too): a typo such as
  // `sede` must not start a mock on the default seed without a word.
  checkOptions(options, MOCK_OPTION_RULES, 'createMock', { profileProblems });
  const appUrl = options.appUrl ?? DEFAULT_APP_URL;
  const strict = options.strict ?? false;
  const present = new Presenter(appUrl);
  const render = new Renderer(present);
  const digests = new DigestCache<DigestEntry>();
  const runtime = createRuntime(options, {
    verify: worldVerifier(present),
    cacheBytes: () => render.bytes + digests.bytes,
    kindName: wireKindName,
    // WH3: `data` as an administrator's GET gives it (the first administrator, else the default person).
    publishedRecord: (world, publication) => render.published(world, publication, administratorOf(world)).json,
  });
  const startedAt = Date.now();
  const app = new Hono<PipelineEnv>();
  // The mock is its runtime (its getters and setters kept: the world, the rate-limit switch, the faults) with
  // what HTTP adds.
  const mock: Mock = Object.assign(runtime, {
    app,
    options: { seed: runtime.seed, size: runtime.size, appUrl, strict, rateLimit: runtime.rateLimit },
    crossOrigin: new CrossOriginPolicy(options.corsOrigins),
  });
  // A page's world across reloads: restored now, saved before the answer to each request that changed it.
  if (options.persist === 'local') keepLocally(runtime, options.storage ?? localStorageOrFail());
  // MK7: a name that is nobody in the first world (the generated one, or the one a page kept) is a set-up
  // error, not a 401 on every request. standin serve checks again once --state has loaded its world.
  runtime.anyToken?.checkIn(runtime.world);
  const operations = getCompiledSpec().operations;
  const apiMethods = [...new Set(operations.map((op) => op.method))];
  // G8, G13, MK5, overrides, MK6 and the lifecycle events, for every request (front.ts): around each of the
  // API's routes and the 404, so that Hono calls an API route alone (no compose of middleware), and as
  // middleware before the controls' own.
  const front = createFront(runtime, apiMethods);
  const onError = (error: Error, c: Context<PipelineEnv>) =>
    problemResponse(
      c.get('transcript'),
      500,
      'internal-error',
      `standin failed on this request: ${error.message}. This is a bug in standin; please report it with the request.`,
    );
  app.use('/__mock/*', front.middleware);
  const api = {
    strict,
    rateLimited: () => runtime.rateLimit,
    startedAt,
    render,
    digests,
    budget: runtime.worlds.budget,
    anyToken: runtime.anyToken ?? undefined,
  };
  routeOperations(
    app,
    operations.filter((op) => op.base === null),
    BASE_PATH,
    (op) => apiRoute(op, handlerOf(op.operationId), api),
    'G8',
    (route) => front.around(route, onError),
  );
  // WH1: the hooks at the service root (their path item's `servers:`), by their own token (activity-hook-route.ts).
  const hooks = { ...api, tokenKey: runtime.worlds.tokenKey };
  // The same front around them as around the API's routes (front.ts counts /hooks as the API's area).
  routeOperations(
    app,
    operations.filter(atServiceRoot),
    '',
    (op) => hookRoute(op, hooks),
    'WH1',
    (route) => front.around(route, onError),
  );
  app.route(
    '/__mock',
    mockControls(mock, {
      controlToken: options.controlToken,
      present,
      stateLoader: options.stateLoader,
      persistence:
        options.persist === 'local'
          ? { kind: 'local' }
          : options.stateFile !== undefined
            ? { kind: 'file', path: options.stateFile }
            : null,
    }),
  );
  app.notFound(front.around((c) => noSuchRoute(c.get('transcript'), c.req.method, c.req.path), onError));
  app.onError(onError);
  return mock;
}

/** WH1: an operation whose path item's own `servers:` is the service root; no other base is routed. */
function atServiceRoot(op: SpecOperation): boolean {
  if (op.base !== null && op.base !== '')
    throw new Error(
      `standin: operation ${op.operationId} has its own server path ${op.base}; only the service root is routed`,
    );
  return op.base === '';
}

/** WH3: who a webhook's `data` is shown to: an administrator (GO7 keeps private goals out before this). */
function administratorOf(world: World): Person {
  return (
    world.store.peopleInOrder.find((person) => person.administrator) ?? world.store.people.get(world.defaultPersonId)!
  );
}

function handlerOf(operationId: string) {
  const handler = handlerFor(OPERATION_HANDLERS, operationId);
  if (!handler) throw new Error(`standin: operation ${operationId} of the spec has no handler`);
  return handler;
}
