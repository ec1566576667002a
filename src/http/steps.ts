// The one way a request is chained, for the API, the hooks, the controls and the 404: a list of named steps run
// in order by one runner, any of which may answer instead. A step that let the request go on may also leave a
// mark on the answer as it goes back (headers, a slow body, request:end), in the reverse order of the steps. Each route's list is
// made once, when the mock is made (operation-routes.ts), and a reader can print it
// (describeRequestPath, request-paths.ts): the front's steps (front.ts), an area's guards (controls/guards.ts),
// then the operation's (api-steps.ts, activity-hook-route.ts, mock-controls.ts) and its handler.
import type { Context } from 'hono';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import type { DecidedBy } from '../runtime/decided-by.js';
import { BudgetError } from '../runtime/memory-budget.js';
import type { RequestArea } from '../runtime/mock-events.js';
import { SESSION_HEADER, SessionError, type WorldSlot } from '../runtime/sessions.js';
import type { Worlds } from '../runtime/worlds.js';
import type { SpecOperation } from '../spec/compiled-spec.js';
import { isOwnRead } from './own-read.js';
import { bodyReadAhead } from './request-body.js';
import { readRequestInput, type RequestInput } from './request-input.js';
import { budgetProblem, sessionProblem } from './runtime-problems.js';
import { newTranscript, type Transcript } from './transcript.js';

/**
 * MCP3: the key of the environment a tool call's request is sent to the app with (mcp-call.ts): the tool's name,
 * and the transcript the request is written into, from which the call takes the answer's text as the mock wrote
 * it (reading it back off the Response would make the adapter's light Response a whole one, stream and all).
 * Only the process itself can set it: a client's request comes with the server's own environment.
 */
export const MCP_TOOL: unique symbol = Symbol('standin: the MCP tool of an API request');

/** What a tool call's request carries under MCP_TOOL. */
export interface McpToolCall {
  tool: string;
  transcript: Transcript;
}

/** What a request carries in Hono's context: its transcript, for what answers outside the steps (app.onError). */
export interface MockEnv {
  Variables: { transcript: Transcript };
}

/**
 * One request on its way through its steps: what they read, and what each sets for the later ones. Made once
 * per request, with a fixed shape (a class), by the route the router chose.
 */
export class Exchange {
  /** The texts it is read and answered with, for request:end (also the request's `transcript` Variable). */
  readonly transcript: Transcript;
  /** X-Mock-Session as sent (MK5). */
  readonly session: string | undefined;
  /** The dashboard's own read (GET /__mock/read): no override answers it, no fault reaches it (own-read.ts). */
  readonly own: boolean;
  /** Its number in this mock, from 1, and when it came (performance.now()): set by the front's first step. */
  id = 0;
  started = 0;
  /** MK5: its world slot, set by the front's choose-world step (the API) or the controls' select-session step. */
  slot!: WorldSlot;
  /** The world the operation reads and writes: the slot's, as the operation started (the catch-up step). */
  world!: World;
  /** G9: who the bearer token names (the API's authenticate step); the journal names `person`. */
  auth: { person: Person; readOnly: boolean } | undefined = undefined;
  person: Person | undefined = undefined;
  /** The input read and validated against the operation (the read-input step). */
  input!: RequestInput;
  /** Headers every later answer carries (G14's, set by the rate-limit step). */
  headers: Record<string, string> | undefined = undefined;
  /** The override rule that answered, if one did. */
  override: string | null = null;
  /** MCP6: who decided the answer, set by the step that refused or replaced it; null for the operation's own. */
  decided: DecidedBy | null = null;
  /** MK6: the bytes per second the answer's body trickles out at, when a fault asked for a slow body. */
  slowBody: number | undefined = undefined;
  /** G13: the origin an allowed page of another origin is answered for (the controls' cross-origin step). */
  allowOrigin: string | null = null;
  /** MCP3: the MCP tool whose call this API request is, or null for a client's own request. */
  readonly mcpTool: string | null;

  constructor(
    readonly c: Context<MockEnv>,
    /** Which part of the server it goes to, for the lifecycle events. */
    readonly area: RequestArea,
    /** The operation the router found, or null (a 404, a 405). */
    readonly op: SpecOperation | null,
  ) {
    const call = (c.env as { [MCP_TOOL]?: McpToolCall } | undefined)?.[MCP_TOOL];
    this.transcript = call?.transcript ?? newTranscript();
    c.set('transcript', this.transcript);
    this.session = c.req.header(SESSION_HEADER);
    this.own = isOwnRead(c.req.raw);
    this.mcpTool = call?.tool ?? null;
  }
}

/** What a step's run gives: the answer instead (now or later), or undefined (also later) to go on. */
type StepAnswer = Response | Promise<Response | undefined> | undefined;

/**
 * One job on a request's way: a name a reader can print (its job and rule ids), what it does on the way in, and
 * what it does on the way back to a later step's answer, if anything. Synchronous where it can be: each promise is a turn
 * of the microtask queue on every request.
 */
export interface Step {
  readonly name: string;
  readonly run: (exchange: Exchange) => StepAnswer;
  readonly leave?: (exchange: Exchange, answer: Response) => Response;
}

/** How an error a step threw is answered (the 500 problem of app.ts), so that the steps' leaves still run. */
export type OnError = (error: Error, c: Context<MockEnv>) => Response;

/**
 * Runs `steps` on the exchange in order until one answers, then the leaves of those that ran, last first. A
 * promise only where a step gave one: a request whose steps all answer at once is answered in its own turn.
 * @example return runSteps(new Exchange(c, 'api', op), steps, onError)
 */
export function runSteps(exchange: Exchange, steps: readonly Step[], onError: OnError): Response | Promise<Response> {
  return forward(exchange, steps, 0, onError);
}

function forward(
  exchange: Exchange,
  steps: readonly Step[],
  from: number,
  onError: OnError,
): Response | Promise<Response> {
  for (let i = from; i < steps.length; i++) {
    let answer: StepAnswer;
    try {
      answer = steps[i]!.run(exchange);
    } catch (error) {
      return back(exchange, steps, i - 1, onError(error as Error, exchange.c), onError);
    }
    if (answer === undefined) continue;
    if (answer instanceof Promise) {
      return answer.then(
        (late) =>
          late === undefined ? forward(exchange, steps, i + 1, onError) : back(exchange, steps, i - 1, late, onError),
        (error: unknown) => back(exchange, steps, i - 1, onError(error as Error, exchange.c), onError),
      );
    }
    return back(exchange, steps, i - 1, answer, onError);
  }
  const last = steps.length - 1;
  const error = new Error(`standin: no step of ${steps.map((step) => step.name).join(', ')} answered`);
  return back(exchange, steps, last, onError(error, exchange.c), onError);
}

/**
 * The answer on its way back through the steps that let the request go on, from `last` to the first: a step
 * that answered made its answer itself, as a middleware that does not call `next` (Koa's, Hono's) does not
 * see it come back.
 */
function back(exchange: Exchange, steps: readonly Step[], last: number, answer: Response, onError: OnError): Response {
  let result = answer;
  for (let i = last; i >= 0; i--) {
    const { leave } = steps[i]!;
    if (!leave) continue;
    try {
      result = leave(exchange, result);
    } catch (error) {
      result = onError(error as Error, exchange.c);
    }
  }
  return result;
}

/**
 * MK5: the request's world slot, chosen by `X-Mock-Session` (the shared world without it); a bad session name
 * (400), one session over the cap (429) or over the memory budget (507) answers instead.
 * @example const answer = sessionOf(exchange, worlds); if (answer) return answer;
 */
export function sessionOf(exchange: Exchange, worlds: Worlds): Response | undefined {
  try {
    exchange.slot = worlds.slotFor(exchange.session);
    return undefined;
  } catch (error) {
    if (error instanceof SessionError) {
      exchange.decided = SESSION_REFUSED;
      return sessionProblem(exchange.transcript, error);
    }
    if (error instanceof BudgetError) return budgetProblem(exchange.transcript, error);
    throw error;
  }
}

/** MCP6: a session refused (MK5), as the journal's explanation names it. */
const SESSION_REFUSED: DecidedBy = { kind: 'access', rule: 'MK5', what: 'X-Mock-Session' };

/** MCP6: the input refused (G8); the explanation names the parameter from the problem's errors[]. */
const INPUT_REFUSED: DecidedBy = { kind: 'validation', rule: 'G8' };

/** CI1, EC4: the operation's world is the slot's as it starts, moved on to the clock's now before anything reads it. */
export const catchUp: Step = {
  name: 'catch-up (CI1, EC4)',
  run: (exchange) => {
    exchange.world = exchange.slot.world;
    exchange.world.catchUp();
    return undefined;
  },
};

/** How an operation's input is read: G7's strict mode, and a body limit other than 1 MiB (G8). */
export interface InputOptions {
  strict: boolean;
  maxBytes?: number;
}

/**
 * The input read and validated against the operation (G2, G5–G8): the problem saying what to fix instead, or
 * the input set for the handler. A promise only while a body is read (none for one read ahead).
 * @example readInput(op, { strict: false })
 */
export function readInput(op: SpecOperation, options: InputOptions): Step {
  const set = (exchange: Exchange, input: RequestInput | Response): Response | undefined => {
    if (input instanceof Response) {
      exchange.decided = INPUT_REFUSED;
      return input;
    }
    exchange.input = input;
    return undefined;
  };
  return {
    name: 'read-input (G2, G5–G8)',
    run: (exchange) => {
      const { c } = exchange;
      const ahead = op.bodyProperties ? bodyReadAhead(c.env) : undefined;
      const input = readRequestInput(op, c.req.raw, c.req.param(), options, exchange.transcript, ahead);
      return input instanceof Promise ? input.then((read) => set(exchange, read)) : set(exchange, input);
    },
  };
}

/** The end of a route: the operation's handler on the validated input, and its response. */
export type Finish = (exchange: Exchange, input: RequestInput) => Response | Promise<Response>;

/**
 * The last step of an operation's route: `finish` on the input the read-input step set.
 * @example answerWith('createGoalUpdate', (exchange, input) => handle(exchange, input))
 */
export function answerWith(name: string, finish: Finish): Step {
  return { name, run: (exchange) => finish(exchange, exchange.input) };
}
