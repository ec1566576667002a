// G8: the 404 of a path no spec documents, with the documented path a slip most likely meant — a trailing
// slash, a doubled slash, upper case, the base path left out — and the reference that lists them all.
import {
  controlDocumentAtHand,
  getCompiledControlSpec,
  getCompiledSpec,
  loadControlDocument,
  type CompiledSpec,
} from '../spec/compiled-spec.js';
import { BASE_PATH } from '../spec/base-path.js';
import { notLoaded } from './not-loaded.js';
import { problemResponse } from './problem.js';
import type { Transcript } from './transcript.js';

const CONTROLS_PATH = '/__mock';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Whether `path` under `prefix` is a path of the spec, for the request's method or, failing that, any. */
function documents(spec: CompiledSpec, prefix: string, method: string, path: string): boolean {
  if (!path.startsWith(`${prefix}/`)) return false;
  const rest = path.slice(prefix.length);
  return [method, ...METHODS].some((m) => spec.findOperation(m, rest) !== undefined);
}

/**
 * The documented path `path` most likely meant, if a slip away from one: slashes doubled or trailing, upper
 * case, or the API's base path left out.
 * @example meantPath('GET', '/api/v2/goals/') // '/api/v2/goals'
 */
function meantPath(method: string, path: string): string | undefined {
  return candidatesOf(path).find(
    (candidate) =>
      candidate !== path &&
      (documents(getCompiledSpec(), BASE_PATH, method, candidate) ||
        (underControls(candidate) && documents(getCompiledControlSpec(), CONTROLS_PATH, method, candidate))),
  );
}

/** The paths a slip of `path` may have meant: slashes tidied, in lower case, under the API's base path. */
function candidatesOf(path: string): string[] {
  const tidy = path.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  return [tidy, tidy.toLowerCase(), `${BASE_PATH}${tidy}`, `${BASE_PATH}${tidy.toLowerCase()}`];
}

/** Whether a candidate is a control's path, which only control.yaml can say. */
function underControls(candidate: string): boolean {
  return candidate.startsWith(`${CONTROLS_PATH}/`);
}

/**
 * G8: 404 for a path no spec documents, naming the path meant when there is one, and pointing at the reference
 * (`/docs`, which `standin serve` serves beside the API) that lists every path.
 * @example app.notFound((c) => noSuchRoute(c.get('transcript'), c.req.method, c.req.path))
 */
export function noSuchRoute(transcript: Transcript, method: string, path: string): Response | Promise<Response> {
  // A page loads control.yaml's document with its first control request (spec-source.browser.ts): a 404 whose slip
  // may have meant a control before then loads it too, so that it names the same path as in Node.
  if (!controlDocumentAtHand() && candidatesOf(path).some(underControls))
    return loadControlDocument().then(
      () => noSuchRoute(transcript, method, path),
      (error: unknown) => notLoaded(transcript, error, "control.yaml's document"),
    );
  const meant = meantPath(method, path);
  const hint = meant ? ` Did you mean ${method} ${meant}?` : '';
  return problemResponse(
    transcript,
    404,
    'no-such-route',
    path.startsWith(`${CONTROLS_PATH}/`) && !meant?.startsWith(BASE_PATH)
      ? `No control ${method} ${path}.${hint} The reference at /docs (standin serve) lists every control under ${CONTROLS_PATH}.`
      : `No route ${method} ${path} (G8).${hint} The API lives under ${BASE_PATH}; the reference at /docs (standin serve) lists every path.`,
  );
}
