// The mock as standin's entry gives it (createMock from `standin`): a small face for embedding users, a page
// (standin/msw) and the coming MCP front — the app to send requests to, the lifecycle events, the world's
// tokens, reset, clock and state, and close — in types that name no class of the runtime below it
// (test/typings/public-mock.test.ts holds it). What it does to the world it asks of the controls, in process,
// so that it answers and refuses exactly as /__mock does (spec/control.yaml), its refusals as a MockControlError.
import type { MockEventMap as RuntimeEventMap, MockEventType } from '../runtime/mock-events.js';
import type { ControlSchema } from '../types/wire.js';
import { createMock as createMockCore } from './app.js';
import { MockControlError } from './mock-control-error.js';
import type { Mock as MockCore, MockOptions } from './mock.js';

// The errors a page's entry (index.browser.ts) hands on from this module, once loaded.
export { MockControlError };
export { OptionError } from './option-rules.js';

/** The mock's app, as a server or a test calls it (Hono's `fetch` and `request`). */
export interface MockApp {
  /** Answers a request: a server's handler (`serve({ fetch: mock.app.fetch })`), MSW's. */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  /** Answers a request made of a path or URL and an init, as `fetch` takes them: for tests with no port. */
  request(input: string | URL | Request, init?: RequestInit): Response | Promise<Response>;
}

/** An event of the runtime as the public face tells it: the world it happened in is named by its session. */
type Told<Event> = Event extends { world: unknown } ? Omit<Event, 'world'> : Event;

/** What each lifecycle event carries (architecture.md, "Lifecycle events"). */
export type MockEventMap = { [Type in MockEventType]: Told<RuntimeEventMap[Type]> };

/** The lifecycle events, as MSW's `request:start` and `request:end` (mock.events.on). */
export interface MockEventSource {
  /** Calls `listener` with every event of `type` from now on, until the function it returns is called. */
  on<Type extends MockEventType>(type: Type, listener: (event: MockEventMap[Type]) => void): () => void;
}

/** Which world a control acts on: the shared one, or a session's (MK5, X-Mock-Session). */
export interface InSession {
  session?: string;
}

/** MK4: the clock of the shared world, or a session's. */
export interface MockClock {
  /** GET /__mock/clock. */
  get(options?: InSession): Promise<ControlSchema<'ClockState'>>;
  /** PUT /__mock/clock: to `now`, never back (422), frozen or running. */
  set(input: ControlSchema<'ClockInput'> & InSession): Promise<ControlSchema<'ClockState'>>;
  /** POST /__mock/clock/advance: forward by days, hours, minutes and seconds. */
  advance(by: ControlSchema<'ClockAdvance'> & InSession): Promise<ControlSchema<'ClockAdvanced'>>;
}

/** A mock in process: one world of its own (and its sessions'), no port. */
export interface Mock {
  /** The app: `app.request` in tests, `app.fetch` for a server or MSW. */
  readonly app: MockApp;
  /** What happens to the mock as it happens: requests, records, clocks, sessions, worlds, deliveries. */
  readonly events: MockEventSource;
  /** MK1: every person's read-write and read-only tokens, the default person first (GET /__mock/tokens). */
  tokens(options?: InSession): Promise<ControlSchema<'TokenList'>>;
  /** MK2: the world generated again, its seed, size and clock as asked (POST /__mock/reset). */
  reset(input?: ControlSchema<'ResetInput'> & InSession): Promise<ControlSchema<'ResetResult'>>;
  readonly clock: MockClock;
  /** The world's state, its changes over its base or in full (GET /__mock/state). */
  exportState(options?: InSession & { full?: boolean }): Promise<ControlSchema<'WorldState'>>;
  /** A saved state in place of the world, checked whole first (PUT /__mock/state). */
  importState(state: unknown, options?: InSession): Promise<ControlSchema<'Restored'>>;
  /** Stops what runs on after requests (webhook deliveries, their timers); the world stays readable. */
  close(): void;
}

/** A request to the controls, in process, as a page or curl would send it (the control token too, when set). */
function controls(core: MockCore, controlToken: string | undefined) {
  return async <Answer>(method: string, path: string, { session }: InSession = {}, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (controlToken) headers.authorization = `Bearer ${controlToken}`;
    if (session !== undefined) headers['x-mock-session'] = session;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const response = await core.app.request(`/__mock${path}`, init);
    const answer: unknown = await response.json();
    if (!response.ok) throw new MockControlError(answer as ControlSchema<'Problem'>);
    return answer as Answer;
  };
}

/** An event without the runtime's world, which the public face does not show (its session names it). */
function told<Type extends MockEventType>(event: RuntimeEventMap[Type]): MockEventMap[Type] {
  if (!('world' in event)) return event;
  const { world: _world, ...rest } = event;
  return rest as MockEventMap[Type];
}

/** The fields of `input` but `session`: a control's body. */
function bodyOf<Input extends InSession>({ session: _session, ...body }: Input): Omit<Input, 'session'> {
  return body;
}

/**
 * The public face of a mock made within standin (app.ts's createMock, startServer's): `controlToken` is the one
 * it was made with, which its controls need.
 * @example const mock = publicMock(running.mock, options.controlToken); await mock.reset()
 */
export function publicMock(core: MockCore, controlToken: string | undefined): Mock {
  const control = controls(core, controlToken);
  return {
    app: core.app,
    events: { on: (type, listener) => core.events.on(type, (event) => listener(told<typeof type>(event))) },
    tokens: (options) => control('GET', '/tokens', options),
    reset: (input = {}) => control('POST', '/reset', input, bodyOf(input)),
    clock: {
      get: (options) => control('GET', '/clock', options),
      set: (input) => control('PUT', '/clock', input, bodyOf(input)),
      advance: (by) => control('POST', '/clock/advance', by, bodyOf(by)),
    },
    exportState: ({ full = false, ...options } = {}) => control('GET', full ? '/state?full=true' : '/state', options),
    importState: (state, options) => control('PUT', '/state', options, state),
    close: () => core.close(),
  };
}

/**
 * Builds a mock over a freshly generated world (or the one a page kept, with `persist: 'local'`). Throws an
 * OptionError (a TypeError) naming the option, what was wrong and the fix, for an option it does not take or a
 * value it refuses.
 * @example
 * const mock = createMock({ seed: 42, now: '2026-11-20T09:00:00Z' });
 * const [{ read_write: token }] = await mock.tokens();
 * const res = await mock.app.request('/api/v2/me', { headers: { authorization: `Bearer ${token}` } });
 */
export function createMock(options: MockOptions = {}): Mock {
  return publicMock(createMockCore(options), options.controlToken);
}
