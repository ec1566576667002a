// The mock's own controls under /__mock, never under /api/v2, bound to spec/control.yaml operations and
// validated by it through the same pipeline as the API (pipeline.ts): MK1 tokens, MK2 reset, MK4 clock, EC3
// pause and resume, CI9 absences, G14 switch, MK5 sessions and snapshots, MK6 faults, the journal, the state,
// WH2–WH5 webhook subscriptions and deliveries.
import { Hono, type Context } from 'hono';
import { recordAbsence } from '../domain/absences.js';
import { DomainError } from '../domain/domain-error.js';
import { pauseEchoQuestion, resumeEchoQuestion } from '../domain/echoes.js';
import { goalWithheld } from '../domain/webhook-events.js';
import { guardCrossOrigin } from './cross-origin.js';
import { BudgetError } from '../runtime/memory-budget.js';
import { budgetProblem, resetProblem } from './runtime-problems.js';
import { FaultProfile, FaultProfileError } from '../runtime/fault-profile.js';
import { clockView, resetClock } from '../runtime/time-travel.js';
import type { WorldSize } from '../domain/world-base.js';
import type { World, WorldChanges } from '../domain/world.js';
import { formatInstant } from '../domain/calendar.js';
import { HOOKS_PATH } from '../spec/base-path.js';
import { getCompiledControlSpec, loadSpecChecks, type SpecOperation } from '../spec/compiled-spec.js';
import type { Mock, StateLoader } from './mock.js';
import { catchUp, pipelineRoute, selectSession, type Exchange, type PipelineEnv } from './pipeline.js';
import type { Presenter } from './present.js';
import { domainProblem, problemResponse } from './problem.js';
import { putStateRoute, restored } from './put-state.js';
import { readAsDefault } from './read-as-default.js';
import { stateExport } from './state-export.js';
import type { RequestInput } from './request-input.js';
import { created, noContent, ok } from './operation-handler.js';
import { routeOperations } from './operation-routes.js';
import { sameText } from './same-text.js';
import type { ControlAnswer, ControlInput, ControlOperationId } from '../types/wire.js';
import { recordCounts } from './wire-kinds.js';
import type { WorldSlot } from '../runtime/sessions.js';
import { ResetInProgressError } from '../runtime/worlds.js';

/** What a control acts on: the mock, and the world slot the request's X-Mock-Session selects (MK5). */
interface ControlTarget {
  mock: Mock;
  slot: WorldSlot;
  world: World;
  present: Presenter;
  settings: ControlSettings;
}

/** Where the world is kept across restarts (GET /__mock/server): a state file, a page's localStorage, or nowhere. */
type Persistence = { kind: 'file'; path: string } | { kind: 'local' } | null;

export interface ControlSettings {
  /** When set, every /__mock request needs `Authorization: Bearer <controlToken>`. */
  controlToken: string | undefined;
  present: Presenter;
  /** When set, PUT /__mock/state is read and checked by it, off the request path (put-state.ts). */
  stateLoader: StateLoader | undefined;
  /** Where the world is kept across restarts, as GET /__mock/server tells it. */
  persistence: Persistence;
}

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

/**
 * A handler for every operation of spec/control.yaml, keyed by operationId, typed by its validated input and
 * its documented success answers: a control the spec adds, or a field it renames, fails the typecheck here. A
 * reset answers later: the world it generates is made over turns of the event loop (worlds.ts).
 */
type ControlHandlers = {
  [Id in JsonControlId]: (
    target: ControlTarget,
    input: ControlInput<Id>,
  ) => Id extends 'resetWorld' ? Promise<ControlAnswer<Id>> : ControlAnswer<Id>;
};

/**
/**
 * The controls that answer JSON made whole, of their own: all but GET /__mock/events and GET /__mock/state, streams
 * (event-stream.ts, state-export.ts), and GET /__mock/read, whose answer is the API's (read-as-default.ts).
 */
type JsonControlId = Exclude<ControlOperationId, 'streamEvents' | 'getState' | 'readAsDefaultPerson'>;

/** What a control answers: its status and body. */
type ControlResult = { status: 200 | 201 | 204; body?: unknown };

/** A control as the pipeline calls it: chosen by an operationId read from the spec at run time. */
type ValidatedControl = (target: ControlTarget, input: RequestInput) => ControlResult | Promise<ControlResult>;

/** MK1: every person's read-write and read-only tokens; the default person first. */
function tokenList(world: World) {
  const people = [...world.store.peopleInOrder].sort(
    (a, b) => Number(b.id === world.defaultPersonId) - Number(a.id === world.defaultPersonId),
  );
  return people.map((p) => ({
    person: { id: p.id, name: p.name, username: p.username },
    default: p.id === world.defaultPersonId,
    read_write: p.tokens.readWrite,
    read_only: p.tokens.readOnly,
  }));
}

const CONTROL_HANDLERS: ControlHandlers = {
  listTokens: ({ world }) => ok(tokenList(world)),
  // MK2: same seed, same world; within a session, only that session's world. MK4: the clock too, if asked.
  resetWorld: async ({ mock, slot }, { body }) => {
    // An imported world goes back to its own base unless another seed or size is asked for: no seed makes it again.
    const { base } = slot.world;
    const world = await (base.origin === 'imported' && body.seed === undefined && (body.size ?? base.size) === base.size
      ? mock.worlds.resetToBase(slot, resetClock(body))
      : mock.worlds.reset(slot, body.seed ?? mock.options.seed, body.size, resetClock(body)));
    return ok({ seed: world.seed, size: world.size, default_person_id: world.defaultPersonId, ...clockView(world) });
  },
  getClock: ({ world }) => ok(clockView(world)),
  setClock: ({ mock, slot }, { body }) => ok(mock.worlds.setClock(slot, body.now, body.frozen)),
  advanceClock: ({ mock, slot }, { body }) => ok(mock.worlds.advanceClock(slot, body)),
  pauseEchoQuestion: ({ world, present }, { params }) =>
    ok(present.echoQuestion(world, pauseEchoQuestion(world, params.id))),
  resumeEchoQuestion: ({ world, present }, { params }) =>
    ok(present.echoQuestion(world, resumeEchoQuestion(world, params.id))),
  recordAbsence: ({ world }, { params, body }) => created(recordAbsence(world, params.id, body.start, body.end)),
  getRateLimit: ({ mock }) => ok({ enabled: mock.rateLimit }),
  setRateLimit: ({ mock }, { body }) => {
    mock.rateLimit = body.enabled;
    return ok({ enabled: mock.rateLimit });
  },
  listSessions: ({ mock }) => ok(mock.sessions.list()),
  dropSession: ({ mock }, { params }) => {
    if (!mock.sessions.drop(params.name))
      throw new DomainError('not-found', `There is no session ${params.name} (MK5); GET /__mock/sessions lists them.`);
    return noContent();
  },
  listRequests: ({ mock }, { query }) => ok(mock.journal.list(query)),
  getWorldSummary: ({ mock, world }) => ok(worldSummary(world, mock)),
  getServerSettings: ({ mock, settings }) =>
    ok({
      strict: mock.options.strict,
      any_token: mock.anyToken ? { as: mock.anyToken.who } : null,
      app_url: mock.options.appUrl,
      control_token: settings.controlToken !== undefined,
      persistence: settings.persistence,
    }),
  listOverrides: ({ mock }) => ok({ rules: mock.overrides.list() }),
  setOverrides: ({ mock }, { body }) => ok({ rules: mock.overrides.replace(body.rules) }),
  deleteOverrides: ({ mock }) => {
    mock.overrides.clear();
    return noContent();
  },
  deleteOverride: ({ mock }, { params }) => {
    if (!mock.overrides.delete(params.id))
      throw new DomainError('not-found', `There is no override ${params.id}; GET /__mock/overrides lists them.`);
    return noContent();
  },
  getFaults: ({ slot }) => ok({ profile: slot.faults?.spec ?? null }),
  // MK6: a new profile restarts its seeded stream, so the same requests replay the same faults. Each world
  // slot (the shared one, each session) has its own profile and stream (MK5).
  putFaults: ({ slot, world }, { body }) => {
    try {
      slot.faults = new FaultProfile({ seed: world.seed, ...body });
    } catch (error) {
      if (error instanceof FaultProfileError)
        throw DomainError.invalid([{ in: 'body', name: error.field, message: error.message }]);
      throw error;
    }
    return ok({ profile: slot.faults.spec });
  },
  deleteFaults: ({ slot }) => {
    slot.faults = null;
    return noContent();
  },
  // WH2: subscriptions are the world's (MK5: a session's own); record changes are listened to while any exist.
  listWebhooks: ({ mock, slot }) => ok(mock.webhooks.outbox(slot.name).subscriptions()),
  createWebhook: ({ mock, slot }, { body }) => created(mock.webhooks.outbox(slot.name).subscribe(body)),
  getWebhook: ({ mock, slot }, { params }) => ok(mock.webhooks.outbox(slot.name).subscription(params.id)),
  updateWebhook: ({ mock, slot }, { params, body }) => ok(mock.webhooks.outbox(slot.name).update(params.id, body)),
  deleteWebhook: ({ mock, slot }, { params }) => {
    mock.webhooks.outbox(slot.name).unsubscribe(params.id);
    return noContent();
  },
  // WH5
  listWebhookDeliveries: ({ mock, slot }, { query }) => ok(mock.webhooks.outbox(slot.name).deliveries(query)),
  redeliverWebhook: ({ mock, slot, world }, { params }) =>
    created(mock.webhooks.outbox(slot.name).redeliver(params.id, (goalId) => goalWithheld(world.store, goalId))),
  putState: ({ mock, slot }, { body }) => ok(restored(mock.worlds.restore(slot, body))),
  listSnapshots: ({ slot }) =>
    ok([...slot.snapshots].map(([name, { base, changes }]) => snapshotInfo(name, base, changes))),
  saveSnapshot: ({ mock, slot }, { params }) => {
    const changes = mock.worlds.takeSnapshot(slot, params.name);
    return ok(snapshotInfo(params.name, slot.world.base, changes));
  },
  restoreSnapshot: ({ mock, slot }, { params }) => ok(restored(mock.worlds.restoreSnapshot(slot, params.name))),
  deleteSnapshot: ({ slot }, { params }) => {
    if (!slot.snapshots.delete(params.name)) {
      throw new DomainError('not-found', `There is no snapshot ${params.name}; GET /__mock/snapshots lists them.`);
    }
    return noContent();
  },
};

/** The control the spec names `operationId`, to be called on input validated against that operation. */
function controlFor(operationId: string): ValidatedControl | undefined {
  if (!Object.hasOwn(CONTROL_HANDLERS, operationId)) return undefined;
  // The one place the control spec's types meet the run time: the pipeline hands a control only input that ajv
  // has checked against this operation's parameters and body schema (request-input.ts).
  return CONTROL_HANDLERS[operationId as JsonControlId] as ValidatedControl;
}

/** What the world holds now, and what the server keeps against its memory budget (GET /__mock/world). */
function worldSummary(world: World, mock: Mock) {
  const { anyToken, worlds } = mock;
  const { budget } = worlds;
  const use = budget.use();
  const hook = worlds.activityHook(world);
  const sessionsBytes = [...use.sessions.values()].reduce((sum, bytes) => sum + bytes, 0);
  return {
    seed: world.seed,
    size: world.size,
    ...clockView(world),
    default_person_id: world.defaultPersonId,
    any_token_person_id: anyToken ? (anyToken.personIn(world)?.id ?? null) : null,
    strict: mock.options.strict,
    // WH1: the hook of this world's seed, and where to post to it.
    activity_hook: {
      account_id: hook.accountId,
      token: hook.token,
      path: `${HOOKS_PATH}/activity/a/${hook.accountId}?token=${hook.token}`,
    },
    counts: recordCounts(world.store),
    sessions: mock.sessions.size,
    memory: {
      budget_bytes: budget.limit,
      used_bytes: use.shared + sessionsBytes + use.snapshots + use.bases + use.caches,
      shared_bytes: use.shared,
      sessions_bytes: sessionsBytes,
      snapshots_bytes: use.snapshots,
      bases_bytes: use.bases,
      caches_bytes: use.caches,
    },
  };
}

function snapshotInfo(name: string, base: { seed: number; size: WorldSize }, changes: WorldChanges) {
  return { name, seed: base.seed, size: base.size, now: formatInstant(Math.floor(changes.now / 1000)) };
}

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
      const handler = controlFor(op.operationId);
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
