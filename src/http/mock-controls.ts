// The mock's own controls under /__mock, never under /api/v2, bound to spec/control.yaml operations and
// validated by it: each control's steps (steps.ts) are the front's, the controls' guards (controls/guards.ts:
// G13's cross-origin check, the control token, the session's world, the spec's checks), then its own — the
// world caught up, the input read, and its handler from its group in controls/ (tokens, world, clock,
// schedule, rate limit, sessions, journal, overrides, faults, webhooks, state, snapshots) or its own finish
// (the event stream, the state's export and loader, the read as the default person).
import { Hono } from 'hono';
import { DomainError } from '../domain/domain-error.js';
import { BudgetError } from '../runtime/memory-budget.js';
import { loadStateRebuild } from '../runtime/state-rebuild-module.js';
import { ResetInProgressError } from '../runtime/worlds.js';
import { getCompiledControlSpec, type SpecOperation } from '../spec/compiled-spec.js';
import { clockControls } from './controls/clock.js';
import {
  controlFor,
  type ControlHandlers,
  type ControlResult,
  type ControlSettings,
  type ControlTarget,
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
import type { Mock } from './mock.js';
import { routeOperations } from './operation-routes.js';
import { notLoaded } from './not-loaded.js';
import { domainProblem } from './problem.js';
import { putStateStep } from './put-state.js';
import { readAsDefault } from './read-as-default.js';
import type { RequestInput } from './request-input.js';
import type { RequestPaths } from './request-paths.js';
import { budgetProblem, resetProblem } from './runtime-problems.js';
import { stateExport } from './state-export.js';
import {
  answerWith,
  catchUp,
  readInput,
  type Exchange,
  type Finish,
  type MockEnv,
  type OnError,
  type Step,
} from './steps.js';

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

/** A JSON control's finish: its handler on the request's world slot, its refusals as problems. */
function controlFinish(mock: Mock, settings: ControlSettings, handler: ValidatedControl): Finish {
  return ({ c, slot, world, transcript }: Exchange, input: RequestInput): Response | Promise<Response> => {
    const answer = ({ status, body }: ControlResult) => (status === 204 ? c.body(null, 204) : c.json(body, status));
    const refused = (error: unknown) => {
      if (error instanceof DomainError) return domainProblem(transcript, error);
      if (error instanceof BudgetError) return budgetProblem(transcript, error);
      if (error instanceof ResetInProgressError) return resetProblem(transcript, error);
      throw error;
    };
    try {
      const target: ControlTarget = { mock, slot, world, present: settings.present, settings };
      const result = handler(target, input);
      // Only a reset answers later (its world is generated over turns of the event loop).
      return result instanceof Promise ? result.then(answer, refused) : answer(result);
    } catch (error) {
      return refused(error);
    }
  };
}

/** A control operation's own steps, after the front's and the guards. */
function controlSteps(mock: Mock, settings: ControlSettings, op: SpecOperation): readonly Step[] {
  const strict = { strict: true };
  const { operationId } = op;
  switch (operationId) {
    // Only a stream needs event-stream.ts and hono/streaming: loaded by the first, not at every start.
    case 'streamEvents':
      return [
        readInput(op, strict),
        answerWith(
          'streamEvents (loaded on first use)',
          loadedOnFirstUse(async () => (await import('./event-stream.js')).eventStream(mock)),
        ),
      ];
    case 'getState':
      return [catchUp, readInput(op, strict), answerWith('getState (streamed)', stateExport())];
    // The API's answer, read as the default person outside the limits and faults (read-as-default.ts).
    case 'readAsDefaultPerson':
      return [catchUp, readInput(op, strict), answerWith(operationId, readAsDefault(mock))];
  }
  const handler = controlFor(CONTROL_HANDLERS, operationId);
  if (!handler) throw new Error(`standin: control operation ${operationId} of spec/control.yaml has no handler`);
  if (operationId === 'putState' && settings.stateLoader)
    return [putStateStep(mock, settings.stateLoader, MAX_STATE_BYTES)];
  // A restored state is checked whole against the spec (Worlds.restore); its own fields are not refused.
  const input = operationId === 'putState' ? { strict: false, maxBytes: MAX_STATE_BYTES } : strict;
  const finish = controlFinish(mock, settings, handler);
  // Code a control alone needs is loaded by its first request, not at every start (a page's weight before its first
  // answer): a state's rebuild by the first restore, WH2–WH5's outbox by the first webhook control.
  const load =
    operationId === 'putState' ? loadStateRebuild : operationId in webhookControls ? () => mock.webhooks.load() : null;
  if (load)
    return [
      catchUp,
      readInput(op, input),
      answerWith(
        operationId,
        loadedOnFirstUse(async () => {
          await load();
          return finish;
        }),
      ),
    ];
  return [catchUp, readInput(op, input), answerWith(operationId, finish)];
}

/**
 * An app of the controls' own, as a page routes them (control-routes.browser.ts): Hono's own class, whose
 * SmartRouter takes `/__mock/webhooks/:id` beside its deliveries, which the page's lighter app (hono-app.browser.ts)
 * could not; made here, so that its routers load with the controls' chunk, not before a page's first answer.
 * @example const surface = controlSurface(); routeControls(surface, paths, mock, settings, guarded, onError)
 */
export function controlSurface(): Hono<MockEnv> {
  return new Hono<MockEnv>();
}

/**
 * The /__mock routes on the mock's app, bound to spec/control.yaml and validated by it, each after `guarded`
 * (the front's steps and the controls' guards).
 * @example routeControls(app, paths, mock, settings, [...front.other, ...guards], onError)
 */
export function routeControls(
  app: Hono<MockEnv>,
  paths: RequestPaths,
  mock: Mock,
  settings: ControlSettings,
  guarded: readonly Step[],
  onError: OnError,
): void {
  routeOperations(app, paths, getCompiledControlSpec().operations, {
    prefix: '/__mock',
    area: 'controls',
    before: guarded,
    steps: (op) => controlSteps(mock, settings, op),
    source: 'spec/control.yaml',
    onError,
  });
}

/**
 * A finish whose code is loaded by its first request rather than at start: `load` runs once, and again after
 * it failed (a page that could not fetch the chunk), which answers 503 meanwhile, never a 500.
 * @example loadedOnFirstUse(async () => (await import('./event-stream.js')).eventStream(mock))
 */
function loadedOnFirstUse(load: () => Promise<Finish>): Finish {
  let finish: Promise<Finish> | null = null;
  return async (exchange, input) => {
    finish ??= load();
    let loaded: Finish;
    try {
      loaded = await finish;
    } catch (error) {
      finish = null;
      return notLoaded(exchange.transcript, error);
    }
    return loaded(exchange, input);
  };
}
