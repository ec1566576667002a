// The request pipeline shared by /api/v2 and /__mock: the session's world slot chosen once per request
// (MK5) and carried as a typed Hono Variable, then, per operation, an exchange passed through small steps with
// one job each — any of which may answer instead — and finally the operation's handler and the response.
import type { Context, MiddlewareHandler } from 'hono';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import type { SpecOperation } from '../spec/compiled-spec.js';
import { BudgetError } from '../runtime/memory-budget.js';
import { budgetProblem, sessionProblem } from './runtime-problems.js';
import { bodyReadAhead } from './request-body.js';
import { readRequestInput, type RequestInput } from './request-input.js';
import { SESSION_HEADER, SessionError, type WorldSlot } from '../runtime/sessions.js';
import type { Worlds } from '../runtime/worlds.js';
import type { Transcript } from './transcript.js';

/**
 * What a request carries between Hono's middleware and its route: its session's world slot (MK5), the
 * person its bearer token named once the API's authenticate step read it (G9), and its transcript (the texts
 * it was read and answered with), for request:end and the journal.
 */
export interface PipelineEnv {
  Variables: { slot: WorldSlot; person: Person | undefined; transcript: Transcript };
}

/** One request on its way through the steps of its operation. */
export interface Exchange {
  readonly c: Context<PipelineEnv>;
  readonly op: SpecOperation;
  readonly slot: WorldSlot;
  readonly world: World;
  /** Where the texts read and answered go (the request's, set by the front). */
  readonly transcript: Transcript;
  /** G9: who the bearer token names (set by the API's authenticate step). */
  auth?: { person: Person; readOnly: boolean };
  /** Headers every later answer carries (G14's, set by the API's rate-limit step). */
  headers?: Record<string, string>;
}

/**
 * One job of the pipeline: nothing to let the request go on, or the response that answers it instead.
 * Synchronous: each await is a turn of the microtask queue on every request.
 */
export type Step = (exchange: Exchange) => Response | undefined;

/** The end of a pipeline: the operation's handler on the validated input, and its response. */
export type Finish = (exchange: Exchange, input: RequestInput) => Response | Promise<Response>;

/** How an operation's input is read: G7's strict mode, and a body limit other than 1 MiB (G8). */
export interface InputOptions {
  strict: boolean;
  maxBytes?: number;
}

/**
 * MK5: the request's world slot, chosen by `X-Mock-Session` (the shared world without it), set as the
 * `slot` Variable; a bad session name (400), one session over the cap (429) or over the memory budget (507)
 * answers instead.
 * @example const answer = sessionOf(c, worlds); if (answer) return answer;
 */
export function sessionOf(c: Context<PipelineEnv>, worlds: Worlds): Response | undefined {
  try {
    c.set('slot', worlds.slotFor(c.req.header(SESSION_HEADER)));
    return undefined;
  } catch (error) {
    if (error instanceof SessionError) return sessionProblem(c.get('transcript'), error);
    if (error instanceof BudgetError) return budgetProblem(c.get('transcript'), error);
    throw error;
  }
}

/**
 * sessionOf as a middleware, for the /__mock controls.
 * @example controls.use('*', selectSession(worlds))
 */
export function selectSession(worlds: Worlds): MiddlewareHandler<PipelineEnv> {
  return async (c, next) => {
    const answer = sessionOf(c, worlds);
    if (answer) return answer;
    await next();
  };
}

/** CI1, EC4: the world moves on to the clock's now before anything reads it. */
export const catchUp: Step = ({ world }) => {
  world.catchUp();
  return undefined;
};

/** Every later answer carries the headers the steps collected (G14). */
function withHeaders(response: Response, headers: Record<string, string> | undefined): Response {
  if (headers) for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * The Hono handler of one operation: its steps in order, then the input read and validated against the
 * operation (G2, G5–G8: the problem saying what to fix, or the input), then `finish`.
 * @example app.on(op.method, path, pipelineRoute(op, [catchUp], { strict: false }, finish))
 */
export function pipelineRoute(op: SpecOperation, steps: readonly Step[], inputOptions: InputOptions, finish: Finish) {
  const end = (exchange: Exchange, input: RequestInput | Response): Response | Promise<Response> => {
    const answer = input instanceof Response ? input : finish(exchange, input);
    // Only GET /__mock/read finishes later (its answer is the API's, mock-controls.ts).
    return answer instanceof Promise
      ? answer.then((late) => withHeaders(late, exchange.headers))
      : withHeaders(answer, exchange.headers);
  };
  // A promise only while a body is read (none for one read ahead): a read answers within the turn it came in
  // (Hono takes either).
  return (c: Context<PipelineEnv>): Response | Promise<Response> => {
    const slot = c.get('slot');
    const transcript = c.get('transcript');
    const exchange: Exchange = { c, op, slot, world: slot.world, transcript };
    for (const step of steps) {
      const answer = step(exchange);
      if (answer) return withHeaders(answer, exchange.headers);
    }
    const ahead = op.bodyProperties ? bodyReadAhead(c.env) : undefined;
    const input = readRequestInput(op, c.req.raw, c.req.param(), inputOptions, transcript, ahead);
    return input instanceof Promise ? input.then((read) => end(exchange, read)) : end(exchange, input);
  };
}
