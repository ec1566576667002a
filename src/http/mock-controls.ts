// The mock's own controls under /__mock, never under /api/v2, bound to spec/control.yaml operations and
// validated by it: MK1 tokens, MK2 reset, MK4 clock, EC3 pause and resume, CI9 absences, G14 switch.
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { recordAbsence } from '../domain/absences.js';
import { DomainError } from '../domain/domain-error.js';
import { pauseEchoQuestion, resumeEchoQuestion } from '../domain/echoes.js';
import type { World, WorldSize } from '../domain/world.js';
import { advanceClock, clockView, setClock, type Advance } from '../domain/time-travel.js';
import { exportState, type WorldState } from '../domain/world-state.js';
import { FaultProfile, type FaultProfileSpec } from '../domain/fault-profile.js';
import { getCompiledControlSpec, type SpecOperation } from '../spec/compiled-spec.js';
import type { Mock } from './app.js';
import { domainProblem, problemResponse } from './problem.js';
import { readRequestInput, type RequestInput } from './request-input.js';
import { SESSION_HEADER, SessionError } from './sessions.js';

/** What a control acts on: the mock, and the world the request's X-Mock-Session selects (MK5). */
interface ControlTarget {
  mock: Mock;
  world: World;
  session: string | undefined;
}

type ControlHandler = (target: ControlTarget, input: RequestInput) => { status: 200 | 201 | 204; body?: unknown };

const ok = (body: unknown) => ({ status: 200 as const, body });

/** MK1: every person's read-write and read-only tokens; the default person first. */
export function tokenList(world: World) {
  const people = [...world.store.peopleInOrder].sort((a, b) => Number(b.id === world.defaultPersonId) - Number(a.id === world.defaultPersonId));
  return people.map((p) => ({
    person: { id: p.id, name: p.name, username: p.username },
    default: p.id === world.defaultPersonId,
    read_write: p.tokens.readWrite,
    read_only: p.tokens.readOnly,
  }));
}

const CONTROL_HANDLERS: Record<string, ControlHandler> = {
  listTokens: ({ world }) => ok(tokenList(world)),
  // MK2: same seed, same world; within a session, only that session's world.
  resetWorld: ({ mock, session }, { body }) => {
    const world = mock.reset(body.seed as number | undefined, body.size as WorldSize | undefined, session);
    return ok({ seed: world.seed, size: world.size, default_person_id: world.defaultPersonId });
  },
  getClock: ({ world }) => ok(clockView(world)),
  setClock: ({ world }, { body }) => ok(setClock(world, body.now as string, (body.frozen as boolean | undefined) ?? true)),
  advanceClock: ({ world }, { body }) => ok(advanceClock(world, body as Advance)),
  pauseEchoQuestion: ({ world }, { params }) => ok(pauseEchoQuestion(world, params.id)),
  resumeEchoQuestion: ({ world }, { params }) => ok(resumeEchoQuestion(world, params.id)),
  recordAbsence: ({ world }, { params, body }) => ({ status: 201, body: recordAbsence(world, params.id, body.start as string, body.end as string) }),
  getRateLimit: ({ mock }) => ok({ enabled: mock.rateLimit }),
  setRateLimit: ({ mock }, { body }) => {
    mock.rateLimit = body.enabled as boolean;
    return ok({ enabled: mock.rateLimit });
  },
  listSessions: ({ mock }) => ok(mock.sessions.list()),
  dropSession: ({ mock }, { params }) => {
    if (!mock.sessions.drop(params.name)) throw new DomainError('not-found', `There is no session ${params.name} (MK5); GET /__mock/sessions lists them.`);
    return { status: 204 };
  },
  listRequests: ({ mock }, { query }) => ok(mock.journal.list(query)),
  getFaults: ({ mock }) => ok({ profile: mock.faults?.spec ?? null }),
  // MK6: a new profile restarts its seeded stream, so the same requests replay the same faults.
  putFaults: ({ mock }, { body }) => {
    try {
      mock.faults = new FaultProfile({ seed: mock.world.seed, ...(body as unknown as FaultProfileSpec) });
    } catch (error) {
      if (error instanceof RangeError) throw DomainError.field('body', 'rules', error.message);
      throw error;
    }
    return ok({ profile: mock.faults.spec });
  },
  deleteFaults: ({ mock }) => {
    mock.faults = null;
    return { status: 204 };
  },
  getState: ({ world }) => ok(exportState(world)),
  putState: ({ mock, session }, { body }) => ok(restored(mock.restore(body, session))),
  listSnapshots: ({ mock }) => ok([...mock.snapshots].map(([name, state]) => snapshotInfo(name, state))),
  saveSnapshot: ({ mock, world }, { params }) => {
    const state = exportState(world);
    mock.snapshots.set(params.name, state);
    return ok(snapshotInfo(params.name, state));
  },
  restoreSnapshot: ({ mock, session }, { params }) => ok(restored(mock.restore(snapshot(mock, params.name), session))),
  deleteSnapshot: ({ mock }, { params }) => {
    snapshot(mock, params.name);
    mock.snapshots.delete(params.name);
    return { status: 204 };
  },
};

function snapshot(mock: Mock, name: string): WorldState {
  const state = mock.snapshots.get(name);
  if (!state) throw new DomainError('not-found', `There is no snapshot ${name}; GET /__mock/snapshots lists them, PUT /__mock/snapshots/{name} takes one.`);
  return state;
}

function snapshotInfo(name: string, state: WorldState) {
  return { name, seed: state.seed, size: state.size, now: state.now };
}

function restored(world: World) {
  return { seed: world.seed, size: world.size, ...clockView(world) };
}

export function mockControls(mock: Mock, controlToken?: string): Hono {
  const controls = new Hono();
  controls.use('*', cors({ origin: '*' }));
  if (controlToken) {
    controls.use('*', async (c, next) => {
      if (c.req.method === 'OPTIONS' || c.req.header('authorization') === `Bearer ${controlToken}`) return next();
      return problemResponse(401, 'control-token-required',
        "This server's controls need its control token: send Authorization: Bearer <the --control-token value>.",
        undefined, { 'www-authenticate': 'Bearer realm="standin controls"' });
    });
  }
  const bind = (op: SpecOperation, handler: ControlHandler) => async (c: Context) => {
    // A whole world's state is far larger than an API body: the large world's runs to hundreds of MiB.
    const maxBytes = op.operationId === 'putState' ? 512 * 2 ** 20 : undefined;
    const input = await readRequestInput(op, c.req.raw, c.req.param() as Record<string, string>, { strict: op.operationId !== 'putState', maxBytes });
    if (input instanceof Response) return input;
    const session = c.req.header(SESSION_HEADER);
    try {
      const world = mock.worldFor(session);
      world.catchUp();
      const { status, body } = handler({ mock, world, session }, input);
      return status === 204 ? c.body(null, 204) : c.json(body, status);
    } catch (error) {
      if (error instanceof DomainError) return domainProblem(error);
      if (error instanceof SessionError) {
        return problemResponse(error.status, error.status === 429 ? 'too-many-sessions' : 'bad-session-name', error.message,
          undefined, error.status === 429 ? { 'retry-after': '1' } : {});
      }
      throw error;
    }
  };
  const methodsByPath = new Map<string, string[]>();
  for (const op of getCompiledControlSpec().operations) {
    const handler = CONTROL_HANDLERS[op.operationId];
    if (!handler) throw new Error(`standin: control operation ${op.operationId} of spec/control.yaml has no handler`);
    const path = op.path.replace(/\{(\w+)\}/g, ':$1');
    controls.on(op.method, path, bind(op, handler));
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), op.method]);
  }
  for (const [path, methods] of methodsByPath) {
    controls.all(path, (c) => problemResponse(405, 'method-not-allowed',
      `${c.req.method} is not allowed on /__mock${path.replace(/:(\w+)/g, '{$1}')}; allowed: ${methods.join(', ')} (spec/control.yaml).`, undefined, { allow: methods.join(', ') }));
  }
  return controls;
}
