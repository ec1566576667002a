// Owns the answers standin proxy makes itself, the upstream having made none (a 502 or 504, a target no URL
// parser takes): problem documents marked with the standin-proxy header naming the problem, so that none is ever
// taken for the upstream's.
import type { ServerResponse } from 'node:http';
import { problemJson } from '../spec/problem-document.js';

/** The header that marks an answer the proxy made itself, the upstream having made none. */
export const OWN_ANSWER_HEADER = 'standin-proxy';

/**
 * Answers with the proxy's own problem, or cuts the connection when an answer has begun (a status cannot be sent
 * twice); returns the problem's text, which the exchange is recorded with.
 * @example ownAnswer(response, 504, 'upstream-timeout', 'The upstream … sent nothing for 30 s …')
 */
export function ownAnswer(response: ServerResponse, status: number, slug: string, detail: string): string {
  const body = problemJson(status, slug, detail);
  if (!response.headersSent) {
    response.writeHead(status, {
      'content-type': 'application/problem+json',
      'content-length': Buffer.byteLength(body),
      [OWN_ANSWER_HEADER]: slug,
      'cache-control': 'no-store',
    });
    response.end(body);
  } else {
    response.destroy();
  }
  return body;
}
