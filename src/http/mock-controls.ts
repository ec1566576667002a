// The mock's own controls under /__mock, never under /api/v2, bound to spec/control.yaml operations and
// validated by it through the same pipeline as the API (pipeline.ts): the guards every control passes (G13's
// cross-origin check, the control token, the session's world), then each operation's handler from its group
// in controls/ (tokens, world, clock, schedule, rate limit, sessions, journal, overrides, faults, webhooks,
// state, snapshots) or its own route (the event stream, the state's export and loader, the read as the default
// person).
import { Hono, type Context } from 'hono';
import { DomainError } from '../domain/domain-error.js';
import { guardCrossOrigin } from './cross-origin.js';
import { BudgetError } from '../runtime/memory-budget.js';
import { budgetProblem, resetProblem } from './runtime-problems.js';
import { getCompiledControlSpec, loadSpecChecks, type SpecOperation } from '../spec/compiled-spec.js';
import type { Mock } from './mock.js';
import { catchUp, pipelineRoute, selectSession, type Exchange, type PipelineEnv } from './pipeline.js';
import { domainProblem, problemResponse } from './problem.js';
import { putStateRoute } from './put-state.js';
import { readAsDefault } from './read-as-default.js';
import { stateExport } from './state-export.js';
import type { RequestInput } from './request-input.js';
import { routeOperations } from './operation-routes.js';
import { sameText } from './same-text.js';
import { ResetInProgressError } from '../runtime/worlds.js';
import { clockControls } from './controls/clock.js';
import {
  controlFor,
  type ControlHandlers,
  type ControlResult,
  type ControlSettings,
  type ValidatedControl,
} from './controls/control-handler.js';
import { faultControls } from './controls/faults.js';
import { journalControls } from './controls/journal.js';
import { overrideControls } from './controls/overrides.js';
import { rateLimitControls } from './controls/rate-limit.js';
import { scheduleControls } from './controls/schedule.js';
import { sessionControls } from './controls/sessions.js';
import { snapshotControls } from './controls/snapshots.js';
import { stateControls } from './controls/state.js';
import { tokenControls } from './controls/tokens.js';
import { webhookControls } from './controls/webhooks.js';
import { worldControls } from './controls/world.js';

/** G13: what a page on an allowed origin may send to the controls and read of their answers. */
const CONTROL_CROSS_ORIGIN = {
  what: "This server's controls (/__mock)",
  methods: ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'],
  headers: ['Authorization', 'Content-Type', 'X-Mock-Session'],
  expose: ['Retry-After', 'WWW-Authenticate'],
  // G13: no control answers a page of another site, not even as a page of its own (a link, an iframe).
  navigations: false,
} as const;

/** A whole world's state is far larger than an API body: the large world's runs to hundreds of MiB. */
const MAX_STATE_BYTES = 512 * 2 ** 20;

/** Every JSON control of spec/control.yaml and its handler, by group; the compiler holds the map whole. */
const CONTROL_HANDLERS: ControlHandlers = {
  ...tokenControls,
  ...worldControls,
  ...clockControls,
  ...scheduleControls,
  ...rateLimitControls,
  ...sessionControls,
  ...journalControls,
  ...overrideControls,
  ...faultControls,
  ...webhookControls,
  ...stateControls,
  ...snapshotControls,
};

/**
 * The /__mock routes, bound to spec/control.yaml and validated by it.
 * @example app.route('/__mock', mockControls(mock, { controlToken, present }))
 */
export function mockControls(mock: Mock, settings: ControlSettings): Hono<PipelineEnv> {
  const controls = new Hono<PipelineEnv>();
  const { controlToken, present, stateLoader } = settings;
  // G13: before the control token, so a foreign page learns nothing, not even that a token is needed.
  controls.use('*', guardCrossOrigin(mock.crossOrigin, CONTROL_CROSS_ORIGIN));
  if (controlToken) {
    controls.use('*', async (c, next) => {
      // Preflights never come here: the cross-origin guard above answers them.
      if (sameText(c.req.header('authorization') ?? '', `Bearer ${controlToken}`)) return next();
      return problemResponse(
        c.get('transcript'),
        401,
        'control-token-required',
        "This server's controls need its control token: send Authorization: Bearer <the --control-token value>.",
        undefined,
        { 'www-authenticate': 'Bearer realm="standin controls"' },
      );
    });
  }
  controls.use('*', selectSession(mock.worlds));
  // A control's request is checked against control.yaml, and a new override against the spec's responses
  // (overrides.ts): a page loads those checks with its first control request, which no answer of the API waits for
  // (generate-specs.ts); in Node they are there from the start.
  controls.use('*', async (c, next) => {
    try {
      await loadSpecChecks();
    } catch (error) {
      // The page could not fetch the chunk (offline, a redeploy that removed it): not the request's fault, and
      // no 500; the next request tries the load again.
      return problemResponse(
        c.get('transcript'),
        503,
        'checks-unavailable',
        `The spec's checks, which the controls' requests and every override are checked against, did not load in this page (${String((error as Error).message ?? error).slice(0, 60)}); send the request again, which loads them again.`,
        undefined,
        { 'retry-after': '1' },
      );
    }
    return next();
  });
  const finish =
    (handler: ValidatedControl) =>
    ({ c, slot, world, transcript }: Exchange, input: RequestInput): Response | Promise<Response> => {
      const answer = ({ status, body }: ControlResult) => (status === 204 ? c.body(null, 204) : c.json(body, status));
      const refused = (error: unknown) => {
        if (error instanceof DomainError) return domainProblem(transcript, error);
        if (error instanceof BudgetError) return budgetProblem(transcript, error);
        if (error instanceof ResetInProgressError) return resetProblem(transcript, error);
        throw error;
      };
      try {
        const result = handler({ mock, slot, world, present, settings }, input);
        // Only a reset answers later (its world is generated over turns of the event loop).
        return result instanceof Promise ? result.then(answer, refused) : answer(result);
      } catch (error) {
        return refused(error);
      }
    };
  routeOperations(
    controls,
    getCompiledControlSpec().operations,
    '',
    (op: SpecOperation) => {
      // Only a stream needs event-stream.ts and hono/streaming: loaded by the first, not at every start.
      if (op.operationId === 'streamEvents')
        return loadedOnFirstUse(async () => {
          const { eventStream } = await import('./event-stream.js');
          return pipelineRoute(op, [], { strict: true }, eventStream(mock.feed));
        });
      if (op.operationId === 'getState') return pipelineRoute(op, [catchUp], { strict: true }, stateExport());
      // The API's answer, read as the default person outside the limits and faults (read-as-default.ts).
      if (op.operationId === 'readAsDefaultPerson')
        return pipelineRoute(op, [catchUp], { strict: true }, readAsDefault(mock));
      const handler = controlFor(CONTROL_HANDLERS, op.operationId);
      if (!handler) throw new Error(`standin: control operation ${op.operationId} of spec/control.yaml has no handler`);
      if (op.operationId === 'putState' && stateLoader) return putStateRoute(mock, stateLoader, MAX_STATE_BYTES);
      // A restored state is checked whole against the spec (Worlds.restore); its own fields are not refused.
      const input = op.operationId === 'putState' ? { strict: false, maxBytes: MAX_STATE_BYTES } : { strict: true };
      return pipelineRoute(op, [catchUp], input, finish(handler));
    },
    'spec/control.yaml',
  );
  return controls;
}

/** An operation's Hono handler, as pipelineRoute makes it. */
type Route = ReturnType<typeof pipelineRoute>;

/**
 * A route whose code is loaded by its first request rather than at start: `load` runs once, and again after
 * it failed (a page that could not fetch the chunk), which answers 503 meanwhile, never a 500.
 * @example controls.get('/events', loadedOnFirstUse(async () => (await import('./event-stream.js')).route))
 */
function loadedOnFirstUse(load: () => Promise<Route>): (c: Context<PipelineEnv>) => Promise<Response> {
  let route: Promise<Route> | null = null;
  return async (c) => {
    route ??= load();
    let handler: Route;
    try {
      handler = await route;
    } catch (error) {
      route = null;
      return problemResponse(
        c.get('transcript'),
        503,
        'route-unavailable',
        `This control's code did not load (${String((error as Error).message ?? error).slice(0, 60)}); send the request again, which loads it again.`,
        undefined,
        { 'retry-after': '1' },
      );
    }
    return handler(c);
  };
}
