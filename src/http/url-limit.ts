// G8: the longest path and query this server reads, and the 414 for a longer one — answered by the app itself,
// so in-process (app.request), in a browser (standin/msw) and on a port alike.
import { pathStart } from './path-and-query.js';
import { problemResponse } from './problem.js';
import type { Transcript } from './transcript.js';

/** G8: the longest path and query this server reads, in characters; longer gets 414. Under Node's header limit. */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * G8: 414 for a path and query over MAX_URL_LENGTH, before anything reads the request, so no message ever
 * quotes such a URL; nothing for any other.
 * @example const answer = longUrlProblem(transcript, c.req.url); if (answer) return answer;
 */
export function longUrlProblem(transcript: Transcript, url: string): Response | undefined {
  const length = url.length - pathStart(url);
  if (length <= MAX_URL_LENGTH) return undefined;
  return problemResponse(
    transcript,
    414,
    'url-too-long',
    `The path and query are ${length} characters long; this server reads at most ${MAX_URL_LENGTH} (G8). Send fewer or shorter query values, e.g. fewer ids per request.`,
  );
}
