// The answer to a request whose code a page loads on its first use and could not fetch (offline, a redeploy that
// removed the chunk): 503 with Retry-After, never a 500, for it is not the request's fault; the next request loads
// it again. loadedOnFirstUse's (mock-controls.ts), the controls' own (control-routes.browser.ts) and a 404's that
// needs control.yaml's document (no-such-route.ts).
import { problemResponse } from './problem.js';
import type { Transcript } from './transcript.js';

/** A chunk of code a page loads on its first use that it could not fetch: `what`, and the load's error. */
export class CodeNotLoaded extends Error {
  constructor(
    readonly what: string,
    readonly error: unknown,
  ) {
    super(`standin: ${what} did not load`);
  }
}

/**
 * 503 `route-unavailable`: `what` did not load, and why, in a few words.
 * @example loadControls().catch((error) => notLoaded(transcript, error))
 */
export function notLoaded(transcript: Transcript | null, error: unknown, what = "This control's code"): Response {
  return problemResponse(
    transcript,
    503,
    'route-unavailable',
    `${what} did not load (${String((error as Error).message ?? error).slice(0, 60)}); send the request again, which loads it again.`,
    undefined,
    { 'retry-after': '1' },
  );
}
