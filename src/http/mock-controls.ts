// The mock's own controls under /__mock, never under /api/v2, bound to spec/control.yaml operations and
// validated by it: MK1 tokens, MK2 reset, MK4 clock, EC3 pause and resume, CI9 absences, G14 switch.
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { recordAbsence } from '../domain/absences.js';
import { DomainError } from '../domain/domain-error.js';
import { pauseEchoQuestion, resumeEchoQuestion } from '../domain/echoes.js';
import type { WorldSize } from '../domain/world.js';
import { advanceClock, clockView, setClock, type Advance } from '../domain/time-travel.js';
import { getCompiledControlSpec, type SpecOperation } from '../spec/compiled-spec.js';
import type { Mock } from './app.js';
import { domainProblem, problemResponse } from './problem.js';
import { readRequestInput, type RequestInput } from './request-input.js';

type ControlHandler = (mock: Mock, input: RequestInput) => { status: 200 | 201; body: unknown };

const ok = (body: unknown) => ({ status: 200 as const, body });

/** MK1: every person's read-write and read-only tokens; the default person first. */
export function tokenList(mock: Mock) {
  const { world } = mock;
  const people = [...world.store.peopleInOrder].sort((a, b) => Number(b.id === world.defaultPersonId) - Number(a.id === world.defaultPersonId));
  return people.map((p) => ({
    person: { id: p.id, name: p.name, username: p.username },
    default: p.id === world.defaultPersonId,
    read_write: p.tokens.readWrite,
    read_only: p.tokens.readOnly,
  }));
}

const CONTROL_HANDLERS: Record<string, ControlHandler> = {
  listTokens: (mock) => ok(tokenList(mock)),
  // MK2: same seed, same world.
  resetWorld: (mock, { body }) => {
    const world = mock.reset(body.seed as number | undefined, body.size as WorldSize | undefined);
    return ok({ seed: world.seed, size: world.size, default_person_id: world.defaultPersonId });
  },
  getClock: (mock) => ok(clockView(mock.world)),
  setClock: (mock, { body }) => ok(setClock(mock.world, body.now as string, (body.frozen as boolean | undefined) ?? true)),
  advanceClock: (mock, { body }) => ok(advanceClock(mock.world, body as Advance)),
  pauseEchoQuestion: (mock, { params }) => ok(pauseEchoQuestion(mock.world, params.id)),
  resumeEchoQuestion: (mock, { params }) => ok(resumeEchoQuestion(mock.world, params.id)),
  recordAbsence: (mock, { params, body }) => ({ status: 201, body: recordAbsence(mock.world, params.id, body.start as string, body.end as string) }),
  getRateLimit: (mock) => ok({ enabled: mock.rateLimit }),
  setRateLimit: (mock, { body }) => {
    mock.rateLimit = body.enabled as boolean;
    return ok({ enabled: mock.rateLimit });
  },
};

export function mockControls(mock: Mock): Hono {
  const controls = new Hono();
  controls.use('*', cors({ origin: '*' }));
  const bind = (op: SpecOperation, handler: ControlHandler) => async (c: Context) => {
    mock.world.catchUp();
    const input = await readRequestInput(op, c.req.raw, c.req.param() as Record<string, string>, { strict: true });
    if (input instanceof Response) return input;
    try {
      const { status, body } = handler(mock, input);
      return c.json(body, status);
    } catch (error) {
      if (error instanceof DomainError) return domainProblem(error);
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
