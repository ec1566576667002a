// G8 at the Node server: its own limits (header size, slow or idle connections), whose refusals Node would
// otherwise send as bare text, answered as problem+json like every other error. The 414 for a long URL is the
// app's own (src/http/url-limit.ts), so that it holds in-process and in a browser too.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { CORS_RESPONSE_HEADERS } from '../http/cors.js';
import { problemJson } from '../spec/problem-document.js';
import { MAX_URL_LENGTH } from '../http/url-limit.js';
import type { ServerLimits } from './serve-options.js';

export const DEFAULT_SERVER_LIMITS: Readonly<ServerLimits> = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
  maxHeaderSize: 16 * 1024,
};

const seconds = (ms: number) => `${ms / 1000} s`;

/** What Node's parser refused, as the status, problem slug and detail to answer with. */
function refusal(error: Error & { code?: string }, limits: ServerLimits): [number, string, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        'headers-too-large',
        `The request line and headers are over ${limits.maxHeaderSize / 1024} KiB together, the most this server reads (G8); send fewer or shorter headers, and a URL of at most ${MAX_URL_LENGTH} characters.`,
      ];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [
        408,
        'request-timeout',
        `The request did not arrive in time (G8): this server waits ${seconds(limits.headersTimeout)} for the headers and ${seconds(limits.requestTimeout)} for the whole request. Send it without pauses.`,
      ];
    default:
      return [
        400,
        'unparsable-request',
        `The request is not well-formed HTTP/1.1 (G8, ${error.code ?? 'parse error'}); check the request line, the headers and the chunked encoding.`,
      ];
  }
}

/**
 * The server's `clientError` handler: answers what Node's parser refused (431 headers too large, 408 too
 * slow, 400 malformed) with a problem+json response and `Connection: close`, then closes the socket. A
 * socket that can no longer be written to, or that already carries a response, is only destroyed.
 * @example server.on('clientError', (error, socket) => answerClientError(error, socket, limits))
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex, limits: ServerLimits): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, slug, detail] = refusal(error, limits);
  const body = problemJson(status, slug, detail);
  const headers = {
    'Content-Type': 'application/problem+json',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...CORS_RESPONSE_HEADERS,
  };
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}
