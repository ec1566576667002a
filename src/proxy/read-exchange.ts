// Owns what standin proxy can read of an exchange once it has ended: its headers by name, its bodies as the
// upstream and the app read them (decoded from their Content-Encoding, when kept whole; a cut answer never is),
// and the request's own secrets, which everything kept of the exchange is redacted of. Reading it gives the
// captures' bytes back to the budget.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { CAPTURE_BYTES } from './body-capture.js';
import type { EndedExchange } from './forward.js';
import { Secrets } from './redaction.js';

/** An ended exchange as read: bodies are null when not kept whole, or (decoded) in an encoding not read. */
export interface ReadExchange {
  ended: EndedExchange;
  /** From the request's arrival to the exchange's end, in ms. */
  duration: number;
  /** Each header by its lowercase name (the last of the name). */
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** The request's body as it came; decoded; as text, unless it is empty. */
  requestRaw: Buffer | null;
  requestBytes: Buffer | null;
  requestText: string | undefined;
  /** The answer's body as it came; decoded; as text. */
  responseRaw: Buffer | null;
  responseBytes: Buffer | null;
  responseText: string | null;
  /** The request's secrets: its credentials, secret-named headers, query parameters and body fields. */
  secrets: Secrets;
  /** The path and query as kept and shown: secret-named parameters redacted. */
  shownPath: string;
}

/**
 * A body as text to check and keep: decoded from its Content-Encoding; null when it cannot be.
 * @example decoded(gzipSync('{}'), 'gzip') // <Buffer 7b 7d>
 */
export function decoded(raw: Buffer, encoding: string | undefined): Buffer | null {
  const options = { maxOutputLength: CAPTURE_BYTES };
  // No body is no stream to decode: a 304 or a HEAD answer keeps the Content-Encoding its 200 would have, and
  // gunzip of nothing throws, which passed every such answer on unchecked.
  if (raw.length === 0) return raw;
  try {
    switch ((encoding ?? 'identity').trim().toLowerCase()) {
      case 'identity':
      case '':
        return raw;
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(raw, options);
      case 'deflate':
        return inflateSync(raw, options);
      case 'br':
        return brotliDecompressSync(raw, options);
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/**
 * Whether a body of this content type is text a journal and a HAR file keep as text.
 * @example isText('application/problem+json') // true
 */
export const isText = (contentType: string | undefined) =>
  contentType === undefined ||
  /^(text\/|application\/([\w.+-]*\+)?(json|xml|x-www-form-urlencoded))/i.test(contentType);

const byName = (headers: Array<[string, string]>) => Object.fromEntries(headers.map(([n, v]) => [n.toLowerCase(), v]));

/**
 * @example const read = readExchange(ended); read.responseText // the answer's JSON, decoded, or null
 */
export function readExchange(ended: EndedExchange): ReadExchange {
  const duration = performance.now() - ended.started;
  const requestHeaders = byName(ended.requestHeaders);
  const responseHeaders = byName(ended.responseHeaders);
  const requestRaw = ended.request.whole ? ended.request.buffer() : null;
  // A request body sent compressed is read as the upstream reads it: decoded.
  const requestBytes = requestRaw && decoded(requestRaw, requestHeaders['content-encoding']);
  const requestText = requestBytes && requestBytes.length > 0 ? requestBytes.toString('utf8') : undefined;
  // A cut answer is a part of one: never read as if it were whole.
  const responseRaw = ended.cut === undefined && ended.response.whole ? ended.response.buffer() : null;
  ended.request.release();
  ended.response.release();
  const responseBytes = responseRaw && decoded(responseRaw, responseHeaders['content-encoding']);
  // The request's own secrets, its body's secret-named fields among them: an answer may echo any of them.
  const secrets = new Secrets(ended.requestHeaders, ended.path, requestText);
  return {
    ended,
    duration,
    requestHeaders,
    responseHeaders,
    requestRaw,
    requestBytes,
    requestText,
    responseRaw,
    responseBytes,
    responseText: responseBytes ? responseBytes.toString('utf8') : null,
    secrets,
    shownPath: secrets.path(ended.path),
  };
}
