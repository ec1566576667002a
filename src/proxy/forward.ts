// Owns one exchange with the upstream as standin proxy forwards it: the request streamed up (Host the upstream's,
// hop-by-hop headers dropped, a chunked body kept chunked), the answer streamed back as it came (refused when HTTP
// does not allow it, sandboxed, readable to a loopback page), or the proxy's own 502 or 504 when the upstream gives
// none. Each body is captured as it passes, and the exchange is handed on once it has ended, however it ended:
// whole, cut midway, or answered by the proxy. A loopback page's preflight is the proxy's to answer (proxy-cors.ts).
import {
  type Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import { Capture, type CaptureBudget } from './body-capture.js';
import { forwardedHeaders } from './hop-by-hop.js';
import { ownAnswer, OWN_ANSWER_HEADER } from './own-answer.js';
import { loopbackOriginOf, preflightHeaders, withLoopbackCors } from './proxy-cors.js';
import type { Upstream } from './upstream.js';

/** One exchange once it has ended: what the proxy recorded of it as it passed. */
export interface EndedExchange {
  method: string;
  /** The path and query forwarded. */
  path: string;
  /** When the request came: performance.now(), and the clock's time. */
  started: number;
  startedAt: Date;
  /** How long the upstream took to begin its answer, in ms (0 when it never did). */
  waited: number;
  requestHeaders: Array<[string, string]>;
  request: Capture;
  status: number;
  statusText: string;
  responseHeaders: Array<[string, string]>;
  response: Capture;
  /** The slug of the proxy's own answer, when the upstream gave none. */
  own: string | null;
  /** Why the exchange ended before its answer did (the client left, the upstream reset or fell silent). */
  cut?: string;
}

/** What forwarding needs of the proxy around it. */
export interface Forwarding {
  upstream: Upstream;
  /** How long the upstream may stay silent, before its answer (504) or within it (cut), in ms. */
  timeoutMs: number;
  budget: CaptureBudget;
  /** An exchange begun: the function it returns is told once, when the exchange has ended. */
  begin(): (ended: EndedExchange) => void;
}

/**
 * Added to every answer the upstream gives: a document it sends (an HTML error page, a hostile one) runs in a
 * sandbox, an origin of its own, so its script cannot read the proxy's journal and pages beside it on the proxy's
 * origin (it read all of /__mock/requests). An app's fetch of an API answer is not a document: nothing changes.
 */
const UPSTREAM_SANDBOX: [string, string] = ['Content-Security-Policy', 'sandbox'];

/**
 * What makes an upstream's answer one the proxy cannot pass on, said for its problem; null when it can: a final
 * status outside 200–599 (1xx are interim; Node's parser gives 0 for `000`), or a reason or header node:http
 * would refuse to write.
 * @example invalidAnswer(0, 'Nothing', []) // 'with status 0'
 */
function invalidAnswer(status: number, reason: string, headers: ReadonlyArray<[string, string]>): string | null {
  if (!Number.isInteger(status) || status < 200 || status > 599) return `with status ${status}`;
  if (/[^\t\x20-\x7e\x80-\xff]/.test(reason)) return 'with a reason phrase holding control characters';
  for (const [name, value] of headers) {
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch {
      return `with a header (${name.slice(0, 60)}) that HTTP does not allow`;
    }
  }
  return null;
}

/** RFC 9110 §9.2.2: the methods a client may send again after a connection failed before the answer. */
const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

function rawPairs(raw: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

/** The request as it goes to the upstream: its path on the upstream's root, Host the upstream's. */
function upstreamRequest(
  upstream: Upstream,
  request: IncomingMessage,
  path: string,
  agent: HttpAgent | false,
): ClientRequest {
  return (upstream.url.protocol === 'https:' ? httpsRequest : httpRequest)(`${upstream.root}${path}`, {
    method: request.method ?? 'GET',
    // Host names the upstream (Node adds none to a header list given as an array).
    headers: [
      ['Host', upstream.url.host] as [string, string],
      ...forwardedHeaders(request.rawHeaders, ['host']),
      // Transfer-Encoding stops here (hop-by-hop), but the body it framed needs a frame upstream too: without
      // one, Node's client writes a GET's, DELETE's or OPTIONS's body bare, and the upstream reads its bytes as
      // a request of their own — any path, past the /api/v2 check, its answer handed to the next exchange.
      ...(request.headers['transfer-encoding'] !== undefined ? [['Transfer-Encoding', 'chunked'] as const] : []),
    ].flat(),
    agent,
  });
}

/**
 * Forwards one request under /api/v2 or /hooks to the upstream and its answer back; a loopback page's preflight
 * is answered here, never forwarded (nor recorded).
 * @example forward(request, response, '/api/v2/me', { upstream, timeoutMs: 30_000, budget, begin: () => record })
 */
export function forward(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  forwarding: Forwarding,
): void {
  const pageOrigin = loopbackOriginOf(request.headers.origin);
  if (pageOrigin && request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
    response.writeHead(204, [
      ...preflightHeaders(pageOrigin, request.headers['access-control-request-headers']).flat(),
      OWN_ANSWER_HEADER,
      'preflight',
    ]);
    response.end();
    request.resume();
    return;
  }
  new UpstreamExchange(request, response, path, pageOrigin, forwarding).start();
}

/** One exchange under way: the request going up, the answer coming back, and how it ends. */
class UpstreamExchange {
  readonly #started = performance.now();
  readonly #startedAt = new Date();
  readonly #method: string;
  readonly #requestHeaders: Array<[string, string]>;
  readonly #requestCapture: Capture;
  readonly #responseCapture: Capture;
  readonly #ended: (ended: EndedExchange) => void;
  #waited = 0;
  #finished = false;
  /** The request as sent up, the last time it was (#send). */
  #outgoing: ClientRequest | undefined;
  /** Whether it was sent again already (#sendAgain): once at most. */
  #sentAgain = false;
  /** The upstream's answer once its head came: what a cut exchange is recorded with. */
  #answered: { status: number; statusText: string; headers: Array<[string, string]> } | null = null;

  constructor(
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    private readonly path: string,
    /** The loopback page's origin that sent the request, if one did: its answers are made readable to it. */
    private readonly pageOrigin: string | null,
    private readonly forwarding: Forwarding,
  ) {
    this.#method = request.method ?? 'GET';
    this.#requestHeaders = rawPairs(request.rawHeaders);
    this.#requestCapture = new Capture(forwarding.budget);
    this.#responseCapture = new Capture(forwarding.budget);
    // Under way until recorded: the proxy's settled() waits for it. A client can read an answer of known length
    // whole before the proxy hears its upstream's end, and a test that then asked the journal found it a step behind.
    this.#ended = forwarding.begin();
  }

  start(): void {
    const { request, response } = this;
    response.on('close', () => this.#closed(this.#outgoing!));
    request.on('data', (chunk: Buffer) => this.#requestCapture.add(chunk));
    request.pipe(this.#send(this.forwarding.upstream.agent));
  }

  /** The request sent up, on a connection of the pool (`agent`) or, sent again, on one of its own (`false`). */
  #send(agent: HttpAgent | false): ClientRequest {
    const { upstream, timeoutMs } = this.forwarding;
    const { request, response } = this;
    const outgoing = (this.#outgoing = upstreamRequest(upstream, request, this.path, agent));
    outgoing.setTimeout(timeoutMs, () => {
      const detail = `The upstream ${upstream.root} sent nothing for ${timeoutMs / 1000} s (standin proxy's --timeout); this answer is the proxy's, not the upstream's. Check that the upstream is up, or give it longer with --timeout.`;
      outgoing.destroy();
      if (!response.headersSent) this.#failed(504, 'upstream-timeout', detail);
      else response.destroy();
    });
    outgoing.on('error', (error: Error & { code?: string }) => {
      if (response.headersSent) return void response.destroy();
      if (this.#sendAgain(outgoing, error)) return void this.#send(false).end();
      this.#failed(
        502,
        'upstream-unreachable',
        `The upstream ${upstream.root} could not be reached (${error.code ?? error.message}); this answer is the proxy's, not the upstream's. Check --upstream and that the service is up.`,
      );
    });
    // A 101 the request never asked for (the proxy forwards no Upgrade): with no listener, Node closes the socket
    // and says nothing more, and the client waited for good (no answer, no 504).
    outgoing.on('upgrade', (incoming: IncomingMessage, socket: Duplex) => {
      socket.destroy();
      this.#invalid(`with status ${incoming.statusCode ?? 0}`);
    });
    outgoing.on('response', (incoming: IncomingMessage) => this.#passBack(incoming, outgoing));
    return outgoing;
  }

  /**
   * Whether a request that failed is sent again, once, on a connection of its own: a connection of the pool that the
   * upstream closed while it was idle fails the next request sent on it before any answer (ECONNRESET, "socket hang
   * up"; Node's `reusedSocket`), which a whole suite under load saw as the proxy's 502. RFC 9110 §9.2.2 allows it
   * for an idempotent request; only one without a body (read whole, none of it sent) can be sent again as it was.
   */
  #sendAgain(outgoing: ClientRequest, error: Error & { code?: string }): boolean {
    if (this.#sentAgain || !outgoing.reusedSocket || error.code !== 'ECONNRESET' || !this.#bodyless()) return false;
    return (this.#sentAgain = true);
  }

  /** An idempotent request whose body is empty and read to its end. */
  #bodyless(): boolean {
    return (
      IDEMPOTENT.has(this.#method) &&
      this.request.readableEnded &&
      this.#requestCapture.bytes === 0 &&
      this.#requestCapture.whole
    );
  }

  /** The upstream's answer, passed back as it comes. */
  #passBack(incoming: IncomingMessage, outgoing: ClientRequest): void {
    this.#waited = performance.now() - this.#started;
    const forwarded: Array<[string, string]> = [...forwardedHeaders(incoming.rawHeaders), UPSTREAM_SANDBOX];
    const headers = this.pageOrigin ? withLoopbackCors(forwarded, this.pageOrigin) : forwarded;
    const status = incoming.statusCode ?? 0;
    const statusText = incoming.statusMessage ?? '';
    // A status HTTP has no meaning for (`HTTP/1.1 000`, 600 and over) is the upstream's fault, never the
    // proxy's end: writeHead threw a RangeError out of this handler, and the process died with no summary.
    const invalid = invalidAnswer(status, statusText, headers);
    if (invalid !== null) {
      incoming.resume();
      outgoing.destroy();
      return this.#invalid(invalid);
    }
    this.#answered = { status, statusText, headers };
    this.response.writeHead(status, incoming.statusMessage, headers.flat());
    incoming.on('data', (chunk: Buffer) => this.#responseCapture.add(chunk));
    incoming.pipe(this.response);
    incoming.on('end', () => this.#finish(status, statusText, headers, null));
    incoming.on('error', () => this.response.destroy());
  }

  /** The client's connection closed: ended whole, or cut midway (then the upstream's answer has nowhere to go). */
  #closed(outgoing: ClientRequest): void {
    if (!this.response.writableFinished) outgoing.destroy();
    // An exchange cut midway (the client left, the upstream reset or fell silent within its answer) never
    // reaches 'end': it is recorded all the same, unchecked, and gives back what it captured. Left unsettled,
    // a few cut 8 MiB answers held the whole capture budget for good, and every exchange after went unchecked.
    if (this.#finished) return;
    const answered = this.#answered;
    this.#finish(
      answered?.status ?? 0,
      answered?.statusText ?? '',
      answered?.headers ?? [],
      null,
      answered ? 'the answer did not reach the client whole' : 'the client left before the upstream answered',
    );
  }

  #invalid(invalid: string): void {
    this.#failed(
      502,
      'upstream-invalid-answer',
      `The upstream ${this.forwarding.upstream.root} answered ${invalid}, which HTTP does not allow (RFC 9110 §15, §5); this answer is the proxy's, not the upstream's. The upstream is broken: tell its owners.`,
    );
  }

  /** The proxy's own answer in the upstream's stead. */
  #failed(status: 502 | 504, slug: string, detail: string): void {
    const body = ownAnswer(this.response, status, slug, detail);
    this.#responseCapture.add(Buffer.from(body));
    const statusText = status === 502 ? 'Bad Gateway' : 'Gateway Timeout';
    this.#finish(status, statusText, [['content-type', 'application/problem+json']], slug);
  }

  /** Hands the exchange on, once. */
  #finish(
    status: number,
    statusText: string,
    headers: Array<[string, string]>,
    own: string | null,
    cut?: string,
  ): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#ended({
      method: this.#method,
      path: this.path,
      started: this.#started,
      startedAt: this.#startedAt,
      waited: this.#waited,
      requestHeaders: this.#requestHeaders,
      request: this.#requestCapture,
      status,
      statusText,
      responseHeaders: headers,
      response: this.#responseCapture,
      own,
      ...(cut !== undefined ? { cut } : {}),
    });
  }
}
