// createMock: the one factory of the mock — a Hono app over its own worlds, every route a list of steps. The
// server, the CLI and the tests build the mock here, embedding users through its public face (public-mock.ts);
// two mocks never share state.
import { Hono } from './hono-app.js';
import { DigestCache } from '../domain/digest-cache.js';
import type { DigestEntry } from '../domain/digest.js';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import { createRuntime } from '../runtime/mock-runtime.js';
import { localStorageOrFail } from '../runtime/local-storage.js';
import { persistLocally } from '../runtime/persistence-module.js';
import { BASE_PATH } from '../spec/base-path.js';
import { getCompiledSpec, type SpecOperation } from '../spec/compiled-spec.js';
import { hookSteps } from './activity-hook-route.js';
import { apiSteps, authenticate, type ApiSettings } from './api-steps.js';
import type { ControlSettings } from './controls/control-handler.js';
import { controlGuards } from './controls/guards.js';
import { CrossOriginPolicy } from './cross-origin.js';
import { routeControlSurface } from './control-routes.js';
import { areaOf, createFront, under } from './front.js';
import { checkInHandlers } from './handlers/check-in-handlers.js';
import { digestHandlers } from './handlers/digest-handlers.js';
import { echoHandlers } from './handlers/echo-handlers.js';
import { goalHandlers } from './handlers/goal-handlers.js';
import { peopleHandlers } from './handlers/people-handlers.js';
import { socialHandlers } from './handlers/social-handlers.js';
import type { Mock, MockOptions } from './mock.js';
import { checkOptions, MOCK_OPTION_RULES } from './option-rules.js';
import { profileProblems } from './profile-problems.js';
import { handlerFor, type OperationHandlers } from './operation-handler.js';
import { answerMcpStep, CONTROL_MCP_PATH, MCP_PATH, mcpCrossOrigin } from './mcp-route.js';
import { answerNotFound, noRoute, routeOperations } from './operation-routes.js';
import { DEFAULT_APP_URL, Presenter } from './present.js';
import { problemResponse } from './problem.js';
import { Renderer } from './renderer.js';
import { RequestPaths } from './request-paths.js';
import { catchUp, Exchange, MCP_TOOL, runSteps, type MockEnv, type OnError } from './steps.js';
import { worldVerifier } from './verify-world.js';
import { wireKindName } from './wire-kinds.js';

/** Where the controls live: every path under it passes their guards, a 404 too. */
const CONTROLS_PATH = '/__mock';

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
  const app = new Hono<MockEnv>();
  // The mock is its runtime (its getters and setters kept: the world, the rate-limit switch, the faults) with
  // what HTTP adds.
  const mock: Mock = Object.assign(runtime, {
    app,
    options: { seed: runtime.seed, size: runtime.size, appUrl, strict, rateLimit: runtime.rateLimit },
    crossOrigin: new CrossOriginPolicy(options.corsOrigins),
    requestPaths: new RequestPaths(),
  });
  // A page's world across reloads: restored now (in a page, by the first request), saved before the answer to each
  // request that changed it.
  if (options.persist === 'local') persistLocally(runtime, options.storage ?? localStorageOrFail());
  // MK7: a name that is nobody in the first world (the generated one, or the one a page kept) is a set-up
  // error, not a 401 on every request. standin serve checks again once --state has loaded its world.
  runtime.anyToken?.checkIn(runtime.world);
  routeApp(mock, {
    api: {
      strict,
      rateLimited: () => runtime.rateLimit,
      startedAt,
      render,
      digests,
      budget: runtime.worlds.budget,
      anyToken: runtime.anyToken ?? undefined,
    },
    controls: {
      controlToken: options.controlToken,
      present,
      stateLoader: options.stateLoader,
      persistence:
        options.persist === 'local'
          ? { kind: 'local' }
          : options.stateFile !== undefined
            ? { kind: 'file', path: options.stateFile }
            : null,
    },
  });
  return mock;
}

/** 500 for an error a step threw: standin's bug, said so, answered within the steps (request:end tells it). */
const onError: OnError = (error, c) =>
  problemResponse(
    c.get('transcript'),
    500,
    'internal-error',
    `standin failed on this request: ${error.message}. This is a bug in standin; please report it with the request.`,
  );

/**
 * Every route of the mock's app, each a list of steps (steps.ts) that Hono's router finds and calls alone: the
 * API's operations, the hooks at the service root (WH1) and the controls, each after the front's steps
 * (front.ts) and its area's guards, and the 404 of each area.
 */
function routeApp(mock: Mock, settings: { api: ApiSettings; controls: ControlSettings }): void {
  const { app, requestPaths: paths } = mock;
  const operations = getCompiledSpec().operations;
  const front = createFront(mock, [...new Set(operations.map((op) => op.method))]);
  const routing = { area: 'api' as const, before: front.api, onError };
  routeOperations(
    app,
    paths,
    operations.filter((op) => op.base === null),
    {
      ...routing,
      prefix: BASE_PATH,
      steps: (op) => apiSteps(op, handlerOf(op.operationId), settings.api),
      source: 'G8',
    },
  );
  // WH1: the hooks at the service root (their path item's `servers:`), by their own token (activity-hook-route.ts),
  // with the API's front (its CORS, sessions, overrides and faults).
  const hooks = { ...settings.api, tokenKey: mock.worlds.tokenKey };
  routeOperations(app, paths, operations.filter(atServiceRoot), {
    ...routing,
    prefix: '',
    steps: (op) => hookSteps(op, hooks),
    source: 'WH1',
  });
  // MCP1: the twin of the vendor's MCP server at the service root; each tool call is a request to this app (MCP3).
  const mcp = [
    ...front.mcp(mcpCrossOrigin(mock.crossOrigin)),
    catchUp,
    authenticate(settings.api.anyToken),
    answerMcpStep((request, call) => app.fetch(request, { [MCP_TOOL]: call })),
  ];
  app.all(MCP_PATH, (c) => runSteps(new Exchange(c, 'api', null), mcp, onError));
  const guarded = [...front.other, ...controlGuards(mock.crossOrigin, mock.worlds, settings.controls.controlToken)];
  // MCP6: the controls' twin for agents that drive demos and tests, behind the controls' own guards; routed before
  // the controls, whose routes in a page are one for all of /__mock (control-routes.browser.ts).
  const controlMcp = [
    ...guarded,
    answerMcpStep((request, call) => app.fetch(request, { [MCP_TOOL]: call }), 'control'),
  ];
  app.all(CONTROL_MCP_PATH, (c) => runSteps(new Exchange(c, 'controls', null), controlMcp, onError));
  routeControlSurface(app, paths, mock, settings.controls, guarded, onError);
  // A path no route takes: the 404 after its area's steps (under /__mock, the controls' guards first).
  const notFound = {
    api: [...front.api, noRoute],
    controls: [...guarded, noRoute],
    other: [...front.other, noRoute],
  };
  paths.notFound = (path) =>
    notFound[under(path, CONTROLS_PATH) ? 'controls' : areaOf(path) === 'api' ? 'api' : 'other'];
  app.notFound(answerNotFound(paths, onError));
  app.onError(onError);
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
