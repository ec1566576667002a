// The front of every request to the mock's app: the one way a request is chained before its route. The
// runtime is told the request started and ended (request:start, request:end: the journal and persistence
// listen), and between the two the front's named steps run in order, any of which may answer instead: the
// URL's length (G8), the API's CORS preflight (G13, answered here and nowhere else), the session's world
// (MK5), an override rule; then the fault profile (MK6) around the route. One middleware of plain steps: each
// middleware or async layer more is a compose step and promises on every request.
import type { Context, MiddlewareHandler } from 'hono';
import type { Person } from '../domain/records.js';
import type { MockRuntime } from '../runtime/mock-runtime.js';
import type { RequestArea, RequestPerson } from '../runtime/mock-events.js';
import type { OverrideAnswer } from '../runtime/overrides.js';
import { SESSION_HEADER, SESSION_NAME } from '../runtime/sessions.js';
import { BASE_PATH, HOOKS_PATH } from '../spec/base-path.js';
import { bearerToken } from './bearer-token.js';
import { CORS_RESPONSE_HEADERS, preflightResponse } from './cors.js';
import { withFaults } from './faults.js';
import { pathAndQuery } from './path-and-query.js';
import { sessionOf, type PipelineEnv } from './pipeline.js';
import { isOwnRead } from './own-read.js';
import { MAX_BODY_BYTES, readBodyText } from './request-body.js';
import { sameText } from './same-text.js';
import { jsonResponse, newTranscript, type Transcript } from './transcript.js';
import { longUrlProblem } from './url-limit.js';

/** One request as the front's steps see it. */
interface Arrival {
  readonly c: Context<PipelineEnv>;
  readonly area: RequestArea;
  /** X-Mock-Session as sent (MK5). */
  readonly session: string | undefined;
  /** The texts it is read and answered with, for request:end (also the request's `transcript` Variable). */
  readonly transcript: Transcript;
  /** The override rule that answered, if one did. */
  override: string | null;
  /** The dashboard's own read (GET /__mock/read): no override answers it, no fault reaches it (own-read.ts). */
  readonly own: boolean;
}

/** One job of the front: the answer instead, or nothing to go on. */
type FrontStep = (arrival: Arrival) => Response | undefined;

/** Whether `path` is `prefix` or below it. */
function under(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
}

/**
 * The API's area: /api/v2, and the hooks at the service root (WH1), which production serves beside it: the
 * same CORS (G13), sessions (MK5), overrides, faults (MK6), journal and event feed.
 */
function areaOf(path: string): RequestArea {
  if (under(path, BASE_PATH) || under(path, HOOKS_PATH)) return 'api';
  return path.startsWith('/__mock') ? 'controls' : 'other';
}

/** G8: a URL over the limit gets 414 before anything reads or quotes it, wherever it goes. */
const refuseLongUrl: FrontStep = ({ c, transcript }) => longUrlProblem(transcript, c.req.url);

/** G13: a browser's preflight of the API, answered for any origin (cors.ts); the controls' is theirs. */
const answerApiPreflight =
  (methods: readonly string[]): FrontStep =>
  ({ c, area }) =>
    area === 'api' && c.req.method === 'OPTIONS'
      ? preflightResponse(methods, c.req.header('access-control-request-headers'))
      : undefined;

/**
 * Whether a request could authenticate in a session made for it now (MK5 G9): a new session starts from the shared
 * world's base, whose people and tokens every layer shares, and its hook is the shared world's (WH1).
 */
function opensSession(c: Context<PipelineEnv>, runtime: MockRuntime): boolean {
  if (runtime.anyToken) return true;
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
 * MK5: the API request's world slot, by its X-Mock-Session (the controls choose theirs after their guard). A
 * session is made only for a request that passed authentication: any other naming a session not kept is answered
 * from a slot kept nowhere (Worlds.unopenedSlot), its refusal the same.
 */
const chooseWorld =
  (runtime: MockRuntime): FrontStep =>
  ({ c, area, session }) => {
    if (area !== 'api') return undefined;
    const { worlds } = runtime;
    if (
      session !== undefined &&
      SESSION_NAME.test(session) &&
      !worlds.sessions.has(session) &&
      !opensSession(c, runtime)
    ) {
      c.set('slot', worlds.unopenedSlot(session));
      return undefined;
    }
    return sessionOf(c, worlds);
  };

/** An override rule's answer in place of the world's, with the API's own headers (G13). */
function overrideResponse(transcript: Transcript, { status, headers, text }: OverrideAnswer): Response {
  const init = { status, headers: { ...CORS_RESPONSE_HEADERS, ...headers } };
  return text === '' ? new Response(null, init) : jsonResponse(transcript, text, init);
}

const answerOverride =
  (runtime: MockRuntime): FrontStep =>
  (arrival) => {
    const { overrides } = runtime;
    if (arrival.area !== 'api' || overrides.size === 0 || arrival.own) return undefined;
    const { c } = arrival;
    const answer = overrides.answer(c.req.method, c.req.path, arrival.session);
    if (!answer) return undefined;
    arrival.override = answer.id;
    return overrideResponse(arrival.transcript, answer);
  };

function personOf(person: Person | undefined): RequestPerson | null {
  return person ? { id: person.id, name: person.name } : null;
}

/** A route's Hono handler, as the pipeline makes it: synchronous unless it reads a body. */
type FrontedRoute = (c: Context<PipelineEnv>) => Response | Promise<Response>;

/** The front, in the two forms a mock's app uses: around each route of its own, and as middleware. */
export interface Front {
  /**
   * The front around one route's handler (the API's routes, their 405s, the app's 404): Hono then calls the
   * route alone, with no compose of middleware, and a route that answers synchronously is answered in the
   * turn the request came in. Runs the route alone when the front already ran (a 404 under the controls).
   */
  around(route: FrontedRoute, onError: (error: Error, c: Context<PipelineEnv>) => Response): FrontedRoute;
  /** The front as middleware, for routes whose handlers it does not wrap (the controls, with their guards). */
  middleware: MiddlewareHandler<PipelineEnv>;
}

/** One request in the front: what it set out with, and the answer of a step, if one answered. */
interface Visit {
  readonly started: number;
  readonly id: number;
  readonly arrival: Arrival;
  readonly method: string;
  readonly answer: Response | undefined;
}

/**
 * The front of a mock's app: one request at a time, told to the runtime as it starts and ends, its steps in
 * order before its route.
 * @example const front = createFront(runtime, ['GET', 'POST']); app.use('/__mock/*', front.middleware)
 */
export function createFront(runtime: MockRuntime, apiMethods: readonly string[]): Front {
  const steps: readonly FrontStep[] = [
    refuseLongUrl,
    answerApiPreflight(apiMethods),
    chooseWorld(runtime),
    answerOverride(runtime),
  ];
  const { events } = runtime;
  let count = 0;
  const enter = (c: Context<PipelineEnv>): Visit => {
    const started = performance.now();
    const id = ++count;
    const transcript = newTranscript();
    c.set('transcript', transcript);
    const arrival: Arrival = {
      c,
      area: areaOf(c.req.path),
      session: c.req.header(SESSION_HEADER),
      transcript,
      override: null,
      own: isOwnRead(c.req.raw),
    };
    const { area, session } = arrival;
    const method = c.req.method;
    if (events.heard('request:start')) {
      events.emit('request:start', { id, area, method, path: pathAndQuery(c.req.url), session: session ?? null });
    }
    let answer: Response | undefined;
    for (const step of steps) if ((answer = step(arrival))) break;
    return { started, id, arrival, method, answer };
  };
  const leave = ({ started, id, arrival, method }: Visit, c: Context<PipelineEnv>): void => {
    if (!events.heard('request:end')) return;
    const { area, session, transcript } = arrival;
    events.emit('request:end', {
      id,
      area,
      method,
      path: pathAndQuery(c.req.url),
      session: session ?? null,
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
      person: personOf(c.get('person')),
      request_body: transcript.request,
      response_body: transcript.response,
      override: arrival.override,
      own_read: arrival.own,
      ignored_fields: transcript.ignored,
    });
  };
  /** The route, or the step's answer, as the middleware form runs them: `next` calls the route. */
  const pass = async (visit: Visit, c: Context<PipelineEnv>, next: () => Promise<void>): Promise<void> => {
    const { arrival, answer } = visit;
    if (answer === undefined) {
      // The route; for the API, MK6's profile of the request's world slot, or `Prefer`, around it.
      const { area } = arrival;
      const prefer = area === 'api' ? c.req.header('prefer') : undefined;
      const faults = area === 'api' && !arrival.own ? c.get('slot').faults : null;
      if (!faults && !prefer) await next();
      else {
        const injected = await withFaults(c, next, faults, prefer);
        if (injected) c.res = injected;
      }
    } else {
      c.res = answer;
      // The journal shows what the client sent, though no step read it: read within G8's limit (an answer
      // from a rule needs no body, so one over the limit is left unread, not refused).
      if (arrival.override && c.req.raw.body)
        arrival.transcript.request = await readBodyText(c.req.raw, MAX_BODY_BYTES);
    }
    leave(visit, c);
  };
  return {
    middleware: async (c, next) => pass(enter(c), c, next),
    around: (route, onError) => {
      // An error is answered as the app's onError would, within the front, so that request:end still tells it.
      const run = (c: Context<PipelineEnv>): Response | Promise<Response> => {
        try {
          const response = route(c);
          return response instanceof Promise
            ? response.catch((error: unknown) => onError(error as Error, c))
            : response;
        } catch (error) {
          return onError(error as Error, c);
        }
      };
      const settle = (visit: Visit, c: Context<PipelineEnv>, response: Response): Response => {
        c.res = response;
        leave(visit, c);
        return c.res;
      };
      return (c) => {
        // The middleware form ran already (a 404 under /__mock): the front runs once per request.
        if ((c.get('transcript') as Transcript | undefined) !== undefined) return run(c);
        const visit = enter(c);
        // The common case — no step answered, no fault profile, no Prefer — runs the route here, with no
        // promise more than the route's own; anything else takes the middleware form's way.
        const { area, own } = visit.arrival;
        const plain =
          visit.answer === undefined && !(area === 'api' && ((c.get('slot').faults && !own) || c.req.header('prefer')));
        if (!plain) {
          return pass(visit, c, async () => {
            c.res = await run(c);
          }).then(() => c.res);
        }
        const response = run(c);
        return response instanceof Promise
          ? response.then((resolved) => settle(visit, c, resolved))
          : settle(visit, c, response);
      };
    },
  };
}
