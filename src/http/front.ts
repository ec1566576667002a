// The front of every request to the mock's app: the first steps of every route's list (steps.ts). The runtime is
// told the request started and ended (request:start, request:end: the journal and persistence listen), and a
// mock with persist: 'local' takes up the world a page kept; then the URL's length (G8) and, for the API's area
// (/api/v2 and the hooks), its CORS preflight (G13, answered here and nowhere else), the session's world (MK5), an
// override rule and the fault profile (MK6), any of which may answer instead. The controls choose their world
// after their guards (controls/guards.ts).
import { answerWriterAtHand, loadAnswerWriter } from '../../fixtures/answer-writer.js';
import type { Person } from '../domain/records.js';
import type { DecidedBy } from '../runtime/decided-by.js';
import type { MockRuntime } from '../runtime/mock-runtime.js';
import type { RequestArea, RequestPerson } from '../runtime/mock-events.js';
import type { OverrideAnswer } from '../runtime/overrides.js';
import { SESSION_NAME } from '../runtime/sessions.js';
import { BASE_PATH, HOOKS_PATH } from '../spec/base-path.js';
import { bearerToken } from './bearer-token.js';
import { CORS_RESPONSE_HEADERS, preflightResponse } from './cors.js';
import { faultsBefore, slowly } from './faults.js';
import { pathAndQuery } from './path-and-query.js';
import { problemResponse } from './problem.js';
import { MAX_BODY_BYTES, readBodyText } from './request-body.js';
import { sameText } from './same-text.js';
import { sessionOf, type Exchange, type Step } from './steps.js';
import { jsonResponse, type Transcript } from './transcript.js';
import { notLoaded } from './not-loaded.js';
import { longUrlProblem } from './url-limit.js';

/** Whether `path` is `prefix` or below it. */
export function under(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
}

/**
 * The area of a path no route took (the 404): the API's (/api/v2, and the hooks at the service root, WH1,
 * which production serves beside it), the controls' (/__mock) or another.
 * @example areaOf('/api/v2/nope') // 'api'
 */
export function areaOf(path: string): RequestArea {
  if (under(path, BASE_PATH) || under(path, HOOKS_PATH)) return 'api';
  return path.startsWith('/__mock') ? 'controls' : 'other';
}

function personOf(person: Person | undefined): RequestPerson | null {
  return person ? { id: person.id, name: person.name } : null;
}

/**
 * request:start as the request comes in, request:end as its answer goes back, each built only when someone
 * listens; its number in the mock and its start are set here.
 */
function tell(runtime: MockRuntime): Step {
  const { events } = runtime;
  let count = 0;
  return {
    name: 'tell (request:start, request:end)',
    run: (exchange) => {
      exchange.started = performance.now();
      exchange.id = ++count;
      if (events.heard('request:start')) {
        const { id, area, c, session } = exchange;
        events.emit('request:start', {
          id,
          area,
          method: c.req.method,
          path: pathAndQuery(c.req.url),
          session: session ?? null,
        });
      }
      return undefined;
    },
    leave: (exchange, answer) => {
      if (!events.heard('request:end')) return answer;
      const { id, area, c, session, transcript } = exchange;
      events.emit('request:end', {
        id,
        area,
        method: c.req.method,
        path: pathAndQuery(c.req.url),
        session: session ?? null,
        status: answer.status,
        duration_ms: Math.round((performance.now() - exchange.started) * 100) / 100,
        person: personOf(exchange.person),
        request_body: transcript.request,
        response_body: transcript.response,
        override: exchange.override,
        own_read: exchange.own,
        ignored_fields: transcript.ignored,
        mcp_tool: exchange.mcpTool,
        decided_by: exchange.decided,
      });
      return answer;
    },
  };
}

/** The methods that change nothing but by the clock's catch-up: a request of any other writes (persist: 'local'). */
const READS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * persist: 'local': the world a page kept, or another tab saved, taken up before the request starts, and a write's
 * save code loaded before it starts (local-persistence.ts); 503 with Retry-After when that code could not load
 * (offline, a redeploy that removed the chunk), never a 500, the world untouched, and the next request loads it again.
 */
const takeUpKept = (runtime: MockRuntime): Step => ({
  name: "take-up-kept-world (persist: 'local')",
  run: (exchange) =>
    runtime.beforeRequest?.(!READS.includes(exchange.c.req.method))?.then(
      () => undefined,
      (error: unknown) =>
        problemResponse(
          exchange.transcript,
          503,
          'checks-unavailable',
          `The world kept in this page's localStorage could not be checked or saved: the code that does it did not load (${String((error as Error).message ?? error).slice(0, 60)}); send the request again, which loads it again.`,
          undefined,
          { 'retry-after': '1' },
        ),
    ),
});

/** The paths whose answers or changes may read an Echo answer's body (EC4): the API's Echo and digest, MCP1's twin. */
const ANSWER_READERS = [`${BASE_PATH}/echo`, `${BASE_PATH}/digest`, '/mcp'];

/**
 * How far ahead of its clock a kept world's request looks for an answer its catch-up may publish (an Echo's slots
 * are a day apart at the least): a request that lasts longer before its catch-up saves once the writer is in
 * (local-persistence.ts).
 */
const SAVE_AHEAD_SECONDS = 3600;

/**
 * EC4: whether a request may read an Echo answer's body, which a page's writer writes when it is first read
 * (answer-writer.browser.ts): the Echo routes and the digest (DG1 reads who an answer mentions), the controls (the
 * state's export, snapshots, webhooks' payloads, the event feed, a clock's move with its listeners) and MCP (its
 * tools call the API); in a mock that keeps its world, any request once the shared world's clock has published an
 * answer or is about to (its save exports them: World.answersOfItsOwnBy). No other reads one: a world publishes
 * answers unread, the journal keeps only answers' text, and a record:changed event carries an answer's previous
 * record only for a change made through an Echo route.
 */
function readsAnswers(path: string, runtime: MockRuntime, keepsWorld: boolean): boolean {
  if (under(path, '/__mock') || ANSWER_READERS.some((prefix) => under(path, prefix))) return true;
  const { world } = runtime.worlds.shared;
  return keepsWorld && world.answersOfItsOwnBy(world.now() + SAVE_AHEAD_SECONDS);
}

/** What a request says its writer of Echo answers did not load as. */
const ANSWER_WRITER = "The Echo answers' writer";

/**
 * EC4 in a page: the Echo answers' writer loaded before a request that may read an answer's body goes on (so that
 * nothing changes the world before a body it reads can be written); 503 with Retry-After when the page cannot fetch
 * it, the world untouched, and the next request loads it again. Node has it at hand: no front has the step.
 */
const loadWriter = (runtime: MockRuntime, keepsWorld: boolean): Step => ({
  name: "load-answer-writer (EC4, a page's)",
  run: (exchange) =>
    answerWriterAtHand() || !readsAnswers(exchange.c.req.path, runtime, keepsWorld)
      ? undefined
      : loadAnswerWriter().then(
          () => undefined,
          (error: unknown) => notLoaded(exchange.transcript, error, ANSWER_WRITER),
        ),
});

/** G8: a URL over the limit gets 414 before anything reads or quotes it, wherever it goes. */
const refuseLongUrl: Step = {
  name: 'refuse-long-url (G8)',
  run: (exchange) => {
    const refusal = longUrlProblem(exchange.transcript, exchange.c.req.url);
    if (refusal) exchange.decided = URL_REFUSED;
    return refusal;
  },
};

/** MCP6: the URL refused for its length (G8). */
const URL_REFUSED: DecidedBy = { kind: 'validation', rule: 'G8', what: 'the URL' };

/** G13: a browser's preflight of the API, answered for any origin (cors.ts); the controls' is their guard's. */
const answerPreflight = (methods: readonly string[]): Step => ({
  name: 'answer-preflight (G13)',
  run: ({ c }) =>
    c.req.method === 'OPTIONS' ? preflightResponse(methods, c.req.header('access-control-request-headers')) : undefined,
});

/**
 * Whether a request could authenticate in a session made for it now (MK5 G9): a new session starts from the shared
 * world's base, whose people and tokens every layer shares, and its hook is the shared world's (WH1).
 */
function opensSession(exchange: Exchange, runtime: MockRuntime): boolean {
  if (runtime.anyToken) return true;
  const { c } = exchange;
  const world = runtime.worlds.shared.world;
  if (under(c.req.path, HOOKS_PATH)) {
    const hook = runtime.worlds.activityHook(world);
    return (
      c.req.path === `${HOOKS_PATH}/activity/a/${hook.accountId}` && sameText(c.req.query('token') ?? '', hook.token)
    );
  }
  const token = bearerToken(c.req.header('authorization'));
  return token !== undefined && world.authenticate(token) !== null;
}

/**
 * MK5: the API request's world slot, by its X-Mock-Session. A session is made only for a request that passed
 * authentication: any other naming a session not kept is answered from a slot kept nowhere
 * (Worlds.unopenedSlot), its refusal the same.
 */
const chooseWorld = (runtime: MockRuntime): Step => ({
  name: 'choose-world (MK5)',
  run: (exchange) => {
    const { worlds } = runtime;
    const { session } = exchange;
    if (
      session !== undefined &&
      SESSION_NAME.test(session) &&
      !worlds.sessions.has(session) &&
      !opensSession(exchange, runtime)
    ) {
      exchange.slot = worlds.unopenedSlot(session);
      return undefined;
    }
    return sessionOf(exchange, worlds);
  },
});

/** An override rule's answer in place of the world's, with the API's own headers (G13). */
function overrideResponse(transcript: Transcript, { status, headers, text }: OverrideAnswer): Response {
  const init = { status, headers: { ...CORS_RESPONSE_HEADERS, ...headers } };
  return text === '' ? new Response(null, init) : jsonResponse(transcript, text, init);
}

/**
 * An override rule's answer instead of the world's. The journal shows what the client sent, though no step read
 * it: read within G8's limit (an answer from a rule needs no body, so one over the limit is left unread, not
 * refused).
 */
const answerOverride = (runtime: MockRuntime): Step => ({
  name: 'answer-override',
  run: (exchange) => {
    const { overrides } = runtime;
    if (overrides.size === 0 || exchange.own) return undefined;
    const { c } = exchange;
    const answer = overrides.answer(c.req.method, c.req.path, exchange.session);
    if (!answer) return undefined;
    exchange.override = answer.id;
    exchange.decided = answer.decided;
    const response = overrideResponse(exchange.transcript, answer);
    if (!c.req.raw.body) return response;
    return readBodyText(c.req.raw, MAX_BODY_BYTES).then((text) => {
      exchange.transcript.request = text;
      return response;
    });
  },
});

/**
 * MK6: the request's world slot's profile, or `Prefer`, before the route: a delay, an injected error, a dropped
 * connection, or a slow body on the way back. Nothing for the dashboard's own reads' profile.
 */
const applyFaults: Step = {
  name: 'faults (MK6)',
  run: (exchange) => {
    const prefer = exchange.c.req.header('prefer');
    const faults = exchange.own ? null : exchange.slot.faults;
    return faults || prefer ? faultsBefore(exchange, faults, prefer) : undefined;
  },
  leave: (exchange, answer) => (exchange.slowBody === undefined ? answer : slowly(answer, exchange.slowBody)),
};

/** The front's steps, by area: what every route's list starts with. */
export interface Front {
  /** The API's area: the URL's length, its preflight, its world, an override rule, the faults. */
  readonly api: readonly Step[];
  /** Any other: the URL's length (the controls add their guards, controls/guards.ts). */
  readonly other: readonly Step[];
  /** /mcp (MCP1): the URL's length, `guard` (MCP7's cross-origin check), then its world, as the API's (MK5). */
  mcp(guard: Step): readonly Step[];
}

/**
 * The front of a mock's app: its steps for each area, told to the runtime as each request starts and ends.
 * @example const front = createFront(runtime, ['GET', 'POST']); [...front.api, catchUp, ...]
 */
export function createFront(runtime: MockRuntime, apiMethods: readonly string[]): Front {
  // Only a mock that keeps its world (persist: 'local', set before the front is made) has the step.
  const keepsWorld = runtime.beforeRequest !== null;
  // Only a page's has the writer's (answer-writer.browser.ts), before any other may read the world.
  const writer = answerWriterAtHand() ? [] : [loadWriter(runtime, keepsWorld)];
  // After the kept world is taken up: its catch-up may have published answers its save will read.
  const told = keepsWorld ? [tell(runtime), takeUpKept(runtime), ...writer] : [tell(runtime), ...writer];
  return {
    api: [
      ...told,
      refuseLongUrl,
      answerPreflight(apiMethods),
      chooseWorld(runtime),
      answerOverride(runtime),
      applyFaults,
    ],
    // No override or fault answers /mcp itself: they reach the REST call each tool makes (MCP8).
    mcp: (guard) => [...told, refuseLongUrl, guard, chooseWorld(runtime)],
    other: [...told, refuseLongUrl],
  };
}
