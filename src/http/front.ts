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
import { SESSION_HEADER } from '../runtime/sessions.js';
import { BASE_PATH } from '../spec/base-path.js';
import { CORS_RESPONSE_HEADERS, preflightResponse } from './cors.js';
import { withFaults } from './faults.js';
import { pathAndQuery } from './path-and-query.js';
import { sessionOf, type PipelineEnv } from './pipeline.js';
import { MAX_BODY_BYTES, readBodyText } from './request-body.js';
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
}

/** One job of the front: the answer instead, or nothing to go on. */
type FrontStep = (arrival: Arrival) => Response | undefined;

function areaOf(path: string): RequestArea {
  if (path.startsWith(BASE_PATH) && (path.length === BASE_PATH.length || path[BASE_PATH.length] === '/')) return 'api';
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

/** MK5: the API request's world slot, by its X-Mock-Session (the controls choose theirs after their guard). */
const chooseWorld =
  (runtime: MockRuntime): FrontStep =>
  ({ c, area }) =>
    area === 'api' ? sessionOf(c, runtime.worlds) : undefined;

/** An override rule's answer in place of the world's, with the API's own headers (G13). */
function overrideResponse(transcript: Transcript, { status, headers, text }: OverrideAnswer): Response {
  const init = { status, headers: { ...CORS_RESPONSE_HEADERS, ...headers } };
  return text === '' ? new Response(null, init) : jsonResponse(transcript, text, init);
}

const answerOverride =
  (runtime: MockRuntime): FrontStep =>
  (arrival) => {
    const { overrides } = runtime;
    if (arrival.area !== 'api' || overrides.size === 0) return undefined;
    const { c } = arrival;
    const answer = overrides.answer(c.req.method, c.req.path, arrival.session);
    if (!answer) return undefined;
    arrival.override = answer.id;
    return overrideResponse(arrival.transcript, answer);
  };

function personOf(person: Person | undefined): RequestPerson | null {
  return person ? { id: person.id, name: person.name } : null;
}

/**
 * The front middleware of a mock's app, for every path.
 * @example app.use('*', front(runtime, ['GET', 'POST']))
 */
export function front(runtime: MockRuntime, apiMethods: readonly string[]): MiddlewareHandler<PipelineEnv> {
  const steps: readonly FrontStep[] = [
    refuseLongUrl,
    answerApiPreflight(apiMethods),
    chooseWorld(runtime),
    answerOverride(runtime),
  ];
  const { events } = runtime;
  let count = 0;
  return async (c, next) => {
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
    };
    const { area, session } = arrival;
    const method = c.req.method;
    if (events.heard('request:start')) {
      events.emit('request:start', { id, area, method, path: pathAndQuery(c.req.url), session: session ?? null });
    }
    let answer: Response | undefined;
    for (const step of steps) if ((answer = step(arrival))) break;
    if (answer === undefined) {
      // The route; for the API, MK6's profile of the request's world slot, or `Prefer`, around it. The
      // common case goes straight on (no profile, no Prefer), with no promise more than the route's own.
      const prefer = area === 'api' ? c.req.header('prefer') : undefined;
      const faults = area === 'api' ? c.get('slot').faults : null;
      if (!faults && !prefer) await next();
      else {
        const injected = await withFaults(c, next, faults, prefer);
        if (injected) c.res = injected;
      }
    } else {
      c.res = answer;
      // The journal shows what the client sent, though no step read it: read within G8's limit (an answer
      // from a rule needs no body, so one over the limit is left unread, not refused).
      if (arrival.override && c.req.raw.body) transcript.request = await readBodyText(c.req.raw, MAX_BODY_BYTES);
    }
    if (!events.heard('request:end')) return;
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
    });
  };
}
