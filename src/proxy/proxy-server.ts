// `standin proxy`: a Node server that forwards every request under /api/v2 (and the activity hook's path, WH1)
// to an upstream — staging, production — and passes the answer back as it came (bodies byte for byte, streamed;
// hop-by-hop headers dropped both ways), then checks the exchange off the answer's path (src/exchange) and
// records it in the journal, the tally and the HAR file, secrets redacted. Its own pages and journal answer
// only on loopback names (G13's Host check) and to no other origin: what it records is real data.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { checkExchange, operationAt, type ExchangeVerdict } from '../exchange/check-exchange.js';
import { headerReader, parsedBody, type ObservedExchange } from '../exchange/exchange.js';
import {
  proxyDashboardScript,
  proxyPage,
  PROXY_PAGE_CSP,
  PROXY_SCRIPT_PATH,
  PROXY_STYLE,
  PROXY_STYLE_PATH,
} from '../pages/proxy-page.js';
import { RequestJournal } from '../runtime/request-journal.js';
import { BASE_PATH, HOOKS_PATH } from '../spec/base-path.js';
import { getCompiledControlSpec, getCompiledSpec } from '../spec/compiled-spec.js';
import { problemJson } from '../spec/problem-document.js';
import type { RuleSource } from '../spec/rule-sources.js';
import { connectAnswer, HostCheck, refuseHost } from '../server/host-check.js';
import { answerClientError, DEFAULT_SERVER_LIMITS } from '../server/server-limits.js';
import { forwardedHeaders } from './hop-by-hop.js';
import { loopbackOriginOf, preflightHeaders, withLoopbackCors } from './proxy-cors.js';
import { HarFile, type HarEntry } from './har-file.js';
import { Secrets } from './redaction.js';
import { ProxyTally } from './proxy-tally.js';
import { upstreamTarget, type Upstream } from './upstream.js';

export interface ProxyOptions {
  /** The upstream's service root (`https://api.example.com`), or its API base (`…/api/v2`). */
  upstream: string;
  port: number;
  host: string;
  /** G13: host names besides loopback names and `host` that the proxy answers to. */
  allowedHosts?: readonly string[];
  /** Write every exchange to this HAR 1.2 file. */
  har?: string;
  /** Report findings of rules from these sources only (all by default). */
  rules?: readonly RuleSource[];
  /** How long the upstream may stay silent, before its answer (504) or within it (cut), in ms. */
  timeoutMs?: number;
  /** The version the HAR file's creator names. */
  version?: string;
  /** Told on stderr: a HAR file that could no longer be written. */
  warn?: (message: string) => void;
}

export interface RunningProxy {
  /** Where the proxy listens (`http://127.0.0.1:4020`); its API at `${origin}/api/v2`. */
  origin: string;
  baseUrl: string;
  upstream: Upstream;
  journal: RequestJournal;
  tally: ProxyTally;
  server: Server;
  /** Every exchange under way checked and recorded (the HAR file's writes included once they settle). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** What of each body the proxy keeps to check, record and write to the HAR file: the answer passes whole. */
export const CAPTURE_BYTES = 8 * 2 ** 20;
/** What all exchanges under way may keep together: beyond it, an exchange passes unchecked. */
const CAPTURE_BUDGET_BYTES = 64 * 2 ** 20;
const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

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

/**
 * Added to every answer the upstream gives: a document it sends (an HTML error page, a hostile one) runs in a
 * sandbox, an origin of its own, so its script cannot read the proxy's journal and pages beside it on the proxy's
 * origin (it read all of /__mock/requests). An app's fetch of an API answer is not a document: nothing changes.
 */
const UPSTREAM_SANDBOX: [string, string] = ['Content-Security-Policy', 'sandbox'];

/** The header that marks an answer the proxy made itself, the upstream having made none. */
export const OWN_ANSWER_HEADER = 'standin-proxy';

/** A body read as it passes, up to a cap; `whole` says whether all of it was kept. */
class Capture {
  readonly chunks: Buffer[] = [];
  bytes = 0;
  whole = true;

  constructor(private readonly budget: CaptureBudget) {}

  add(chunk: Buffer): void {
    if (!this.whole) return;
    if (this.bytes + chunk.length > CAPTURE_BYTES || !this.budget.take(chunk.length)) {
      this.whole = false;
      this.release();
      return;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
  }

  release(): void {
    this.budget.give(this.bytes);
    this.chunks.length = 0;
    this.bytes = 0;
  }

  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** The bytes all captures hold together, bounded. */
class CaptureBudget {
  #used = 0;
  take(bytes: number): boolean {
    if (this.#used + bytes > CAPTURE_BUDGET_BYTES) return false;
    this.#used += bytes;
    return true;
  }
  give(bytes: number): void {
    this.#used -= bytes;
  }
}

/** A body as text to check and keep: decoded from its Content-Encoding; null when it cannot be. */
function decoded(raw: Buffer, encoding: string | undefined): Buffer | null {
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

/** Whether a body of this content type is text a journal and a HAR file keep as text. */
const isText = (contentType: string | undefined) =>
  contentType === undefined ||
  /^(text\/|application\/([\w.+-]*\+)?(json|xml|x-www-form-urlencoded))/i.test(contentType);

function pairs(headers: Array<[string, string]>, secrets: Secrets): Array<{ name: string; value: string }> {
  return headers.map(([name, value]) => ({ name, value: secrets.header(name, value) }));
}

function rawPairs(raw: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

/** The proxy's own answer: a problem+json marked as the proxy's, never the upstream's. */
function ownAnswer(response: ServerResponse, status: number, slug: string, detail: string): string {
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

/**
 * Starts the proxy and resolves once it listens.
 * @example const proxy = await startProxy({ upstream: 'https://api.example.com', port: 4020, host: '127.0.0.1' })
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = upstreamTarget(options.upstream);
  const spec = getCompiledSpec();
  const journal = new RequestJournal();
  const tally = new ProxyTally((rule, part) => spec.rules.sourceOf(rule, part));
  const budget = new CaptureBudget();
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const warn = options.warn ?? ((message: string) => process.stderr.write(`standin proxy: ${message}\n`));
  const har = options.har
    ? await HarFile.create(options.har, options.version ?? '0.0.0', (error) =>
        warn(`could not write ${options.har} (${error.message}); exchanges are no longer written to it`),
      )
    : null;
  const hosts = new HostCheck(options.host, options.allowedHosts ?? []);
  const underWay = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    underWay.add(work);
    void work.finally(() => underWay.delete(work));
  };

  /** Checks and records one exchange once its answer has gone back (never on the answer's path). */
  const settle = (done: {
    method: string;
    path: string;
    started: number;
    startedAt: Date;
    waited: number;
    requestHeaders: Array<[string, string]>;
    request: Capture;
    status: number;
    statusText: string;
    responseHeaders: Array<[string, string]>;
    response: Capture;
    own: string | null;
    /** Why the exchange ended before its answer did (the client left, the upstream reset or fell silent). */
    cut?: string;
  }) => {
    const duration = performance.now() - done.started;
    const requestHeaders = Object.fromEntries(done.requestHeaders.map(([n, v]) => [n.toLowerCase(), v]));
    const responseHeaders = Object.fromEntries(done.responseHeaders.map(([n, v]) => [n.toLowerCase(), v]));
    const requestRaw = done.request.whole ? done.request.buffer() : null;
    // A request body sent compressed is read as the upstream reads it: decoded.
    const requestBytes = requestRaw && decoded(requestRaw, requestHeaders['content-encoding']);
    const requestText = requestBytes && requestBytes.length > 0 ? requestBytes.toString('utf8') : undefined;
    // The request's own secrets, its body's secret-named fields among them: an answer may echo any of them.
    const secrets = new Secrets(done.requestHeaders, done.path, requestText);
    // A cut answer is a part of one: never checked as if it were whole.
    if (done.cut !== undefined) done.response.whole = false;
    const responseRaw = done.response.whole ? done.response.buffer() : null;
    done.request.release();
    done.response.release();
    const responseBytes = responseRaw && decoded(responseRaw, responseHeaders['content-encoding']);
    const responseText = responseBytes ? responseBytes.toString('utf8') : null;
    const found = done.own === null ? operationAt(spec, done.method, done.path, BASE_PATH) : null;
    let verdict: ExchangeVerdict | null = null;
    let note: string | null = null;
    if (done.own !== null) note = `answered by the proxy: ${done.own}`;
    else if (done.cut !== undefined) note = `cut midway (${done.cut}): passed on unchecked`;
    else if (!found) note = 'not in the spec: passed on unchecked';
    else if (responseText === null || (requestBytes === null && done.method !== 'GET'))
      note = 'over what the proxy keeps of a body (8 MiB), or in an encoding it cannot read: passed on unchecked';
    else {
      const contentType = responseHeaders['content-type'] ?? null;
      const exchange: ObservedExchange = {
        method: done.method,
        path: found.path,
        requestHeaders: headerReader(requestHeaders),
        requestBody: requestText,
        status: done.status,
        headers: headerReader(responseHeaders),
        body: parsedBody(responseText, contentType),
        text: responseText,
      };
      const checked = checkExchange(spec, found.op, exchange, options.rules);
      // What a finding quotes is the exchange's own text: its secrets go out of it before the journal, the
      // tally (the summary, --junit) and the HAR file keep it; only the journal's copy was redacted.
      verdict = {
        ...checked,
        findings: checked.findings.map((f) => ({ ...f, problem: secrets.quoted(f.problem) })),
        requestProblems: checked.requestProblems.map((p) => secrets.quoted(p)),
      };
    }
    const shownPath = secrets.path(done.path);
    tally.add(
      `${done.method} ${shownPath} → ${done.status}`,
      done.own !== null ? 'own' : (verdict ?? (found ? 'unread' : 'unknown')),
    );
    const textOf = (text: string | undefined | null, type: string | undefined) =>
      text === undefined || text === null || text === ''
        ? null
        : isText(type)
          ? secrets.body(text)
          : `(${Buffer.byteLength(text)} bytes of ${type})`;
    journal.record({
      method: done.method,
      path: shownPath,
      status: done.status,
      duration_ms: Math.round(duration * 10) / 10,
      session: null,
      person: null,
      override: null,
      own_read: false,
      request_body: textOf(requestText, requestHeaders['content-type']),
      response_body: textOf(responseText ?? undefined, responseHeaders['content-type']),
      ...(verdict ? { findings: verdict.findings, request_problems: verdict.requestProblems } : {}),
    });
    if (har) {
      const question = done.path.indexOf('?');
      const entry: HarEntry = {
        startedDateTime: done.startedAt.toISOString(),
        time: Math.round(duration * 1000) / 1000,
        request: {
          method: done.method,
          url: `${upstream.root}${shownPath}`,
          httpVersion: 'HTTP/1.1',
          headers: pairs(done.requestHeaders, secrets),
          queryString:
            question === -1
              ? []
              : [...new URLSearchParams(shownPath.slice(shownPath.indexOf('?') + 1))].map(([name, value]) => ({
                  name,
                  value,
                })),
          cookies: [],
          headersSize: -1,
          bodySize: done.request.whole ? (requestRaw?.length ?? 0) : -1,
          ...(requestText !== undefined
            ? {
                postData: {
                  mimeType: requestHeaders['content-type'] ?? '',
                  text: isText(requestHeaders['content-type']) ? secrets.body(requestText) : '',
                },
              }
            : {}),
        },
        response: {
          status: done.status,
          statusText: done.statusText,
          httpVersion: 'HTTP/1.1',
          headers: pairs(done.responseHeaders, secrets),
          cookies: [],
          content: {
            size: responseBytes?.length ?? -1,
            mimeType: responseHeaders['content-type'] ?? '',
            ...(responseBytes && responseBytes.length > 0
              ? isText(responseHeaders['content-type'])
                ? { text: secrets.body(responseText!) }
                : { text: secrets.bytes(responseBytes).toString('base64'), encoding: 'base64' as const }
              : {}),
            ...(responseBytes
              ? {}
              : { comment: done.cut ?? 'not kept: over 8 MiB, or in an encoding standin cannot read' }),
          },
          redirectURL: responseHeaders.location ?? '',
          headersSize: -1,
          bodySize: done.response.whole ? (responseRaw?.length ?? 0) : -1,
        },
        cache: {},
        timings: {
          send: 0,
          wait: Math.round(done.waited * 1000) / 1000,
          receive: Math.max(0, Math.round((duration - done.waited) * 1000) / 1000),
        },
        ...(note ? { comment: note } : {}),
        _standin: verdict
          ? { operation: verdict.operationId, findings: verdict.findings, request_problems: verdict.requestProblems }
          : { operation: null, note },
      };
      track(har.append(entry));
    }
  };

  const forward = (request: IncomingMessage, response: ServerResponse, path: string) => {
    const started = performance.now();
    const startedAt = new Date();
    const method = request.method ?? 'GET';
    // A page of your dev server (a loopback origin): its preflight is the proxy's to answer (proxy-cors.ts).
    const pageOrigin = loopbackOriginOf(request.headers.origin);
    if (pageOrigin && method === 'OPTIONS' && request.headers['access-control-request-method']) {
      response.writeHead(204, [
        ...preflightHeaders(pageOrigin, request.headers['access-control-request-headers']).flat(),
        OWN_ANSWER_HEADER,
        'preflight',
      ]);
      response.end();
      request.resume();
      return;
    }
    const requestHeaders = rawPairs(request.rawHeaders);
    const requestCapture = new Capture(budget);
    const responseCapture = new Capture(budget);
    let waited = 0;
    let finished = false;
    // Under way until recorded: settled() waits for it. A client can read an answer of known length whole
    // before the proxy hears its upstream's end, and a test that then asked the journal found it a step behind.
    let recorded = () => {};
    track(new Promise<void>((resolve) => (recorded = resolve)));
    /** The upstream's answer once its head came: what a cut exchange is recorded with. */
    let answered: { status: number; statusText: string; headers: Array<[string, string]> } | null = null;
    const finish = (
      status: number,
      statusText: string,
      headers: Array<[string, string]>,
      own: string | null,
      cut?: string,
    ) => {
      if (finished) return;
      finished = true;
      try {
        settle({
          method,
          path,
          started,
          startedAt,
          waited,
          requestHeaders,
          request: requestCapture,
          status,
          statusText,
          responseHeaders: headers,
          response: responseCapture,
          own,
          ...(cut !== undefined ? { cut } : {}),
        });
      } catch (error) {
        // A check that throws is standin's bug: said, never the exchange's end.
        warn(`could not check ${method} ${path.split('?', 1)[0]}: ${(error as Error).message}`);
      } finally {
        recorded();
      }
    };
    const failed = (status: 502 | 504, slug: string, detail: string) => {
      const body = ownAnswer(response, status, slug, detail);
      responseCapture.add(Buffer.from(body));
      finish(
        status,
        status === 502 ? 'Bad Gateway' : 'Gateway Timeout',
        [['content-type', 'application/problem+json']],
        slug,
      );
    };
    const invalidUpstreamAnswer = (invalid: string) =>
      failed(
        502,
        'upstream-invalid-answer',
        `The upstream ${upstream.root} answered ${invalid}, which HTTP does not allow (RFC 9110 §15, §5); this answer is the proxy's, not the upstream's. The upstream is broken: tell its owners.`,
      );
    const outgoing = (upstream.url.protocol === 'https:' ? httpsRequest : httpRequest)(`${upstream.root}${path}`, {
      method,
      // Host names the upstream (Node adds none to a header list given as an array).
      headers: [
        ['Host', upstream.url.host] as [string, string],
        ...forwardedHeaders(request.rawHeaders, ['host']),
        // Transfer-Encoding stops here (hop-by-hop), but the body it framed needs a frame upstream too: without
        // one, Node's client writes a GET's, DELETE's or OPTIONS's body bare, and the upstream reads its bytes as
        // a request of their own — any path, past the /api/v2 check, its answer handed to the next exchange.
        ...(request.headers['transfer-encoding'] !== undefined ? [['Transfer-Encoding', 'chunked'] as const] : []),
      ].flat(),
      agent: upstream.agent,
    });
    outgoing.setTimeout(timeoutMs, () => {
      const detail = `The upstream ${upstream.root} sent nothing for ${timeoutMs / 1000} s (standin proxy's --timeout); this answer is the proxy's, not the upstream's. Check that the upstream is up, or give it longer with --timeout.`;
      outgoing.destroy();
      if (!response.headersSent) failed(504, 'upstream-timeout', detail);
      else response.destroy();
    });
    outgoing.on('error', (error: Error & { code?: string }) => {
      if (response.headersSent) return void response.destroy();
      failed(
        502,
        'upstream-unreachable',
        `The upstream ${upstream.root} could not be reached (${error.code ?? error.message}); this answer is the proxy's, not the upstream's. Check --upstream and that the service is up.`,
      );
    });
    // A 101 the request never asked for (the proxy forwards no Upgrade): with no listener, Node closes the socket
    // and says nothing more, and the client waited for good (no answer, no 504).
    outgoing.on('upgrade', (incoming: IncomingMessage, socket: Duplex) => {
      socket.destroy();
      invalidUpstreamAnswer(`with status ${incoming.statusCode ?? 0}`);
    });
    outgoing.on('response', (incoming) => {
      waited = performance.now() - started;
      const forwarded: Array<[string, string]> = [...forwardedHeaders(incoming.rawHeaders), UPSTREAM_SANDBOX];
      const headers = pageOrigin ? withLoopbackCors(forwarded, pageOrigin) : forwarded;
      const status = incoming.statusCode ?? 0;
      // A status HTTP has no meaning for (`HTTP/1.1 000`, 600 and over) is the upstream's fault, never the
      // proxy's end: writeHead threw a RangeError out of this handler, and the process died with no summary.
      const invalid = invalidAnswer(status, incoming.statusMessage ?? '', headers);
      if (invalid !== null) {
        incoming.resume();
        outgoing.destroy();
        return invalidUpstreamAnswer(invalid);
      }
      answered = { status, statusText: incoming.statusMessage ?? '', headers };
      response.writeHead(status, incoming.statusMessage, headers.flat());
      incoming.on('data', (chunk: Buffer) => responseCapture.add(chunk));
      incoming.pipe(response);
      incoming.on('end', () => finish(status, incoming.statusMessage ?? '', headers, null));
      incoming.on('error', () => response.destroy());
    });
    // The client left: the upstream's answer has nowhere to go.
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
      // An exchange cut midway (the client left, the upstream reset or fell silent within its answer) never
      // reaches 'end': it is recorded all the same, unchecked, and gives back what it captured. Left unsettled,
      // a few cut 8 MiB answers held the whole capture budget for good, and every exchange after went unchecked.
      if (!finished)
        finish(
          answered?.status ?? 0,
          answered?.statusText ?? '',
          answered?.headers ?? [],
          null,
          answered ? 'the answer did not reach the client whole' : 'the client left before the upstream answered',
        );
    });
    request.on('data', (chunk: Buffer) => requestCapture.add(chunk));
    request.pipe(outgoing);
  };

  const ownRoutes = async (request: IncomingMessage, response: ServerResponse, pathname: string, url: URL) => {
    const method = request.method ?? 'GET';
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': type,
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        ...extra,
      });
      response.end(method === 'HEAD' ? undefined : body);
    };
    const problem = (status: number, slug: string, detail: string) =>
      send(status, 'application/problem+json', problemJson(status, slug, detail), { [OWN_ANSWER_HEADER]: slug });
    if (method !== 'GET' && method !== 'HEAD')
      return problem(
        405,
        'method-not-allowed',
        `standin proxy's own pages and journal are read with GET (G8); requests under ${BASE_PATH} and ${HOOKS_PATH} go to the upstream.`,
      );
    if (pathname === '/')
      return send(200, 'text/html; charset=utf-8', proxyPage(upstream.root), {
        'content-security-policy': PROXY_PAGE_CSP,
      });
    if (pathname === PROXY_SCRIPT_PATH)
      return send(200, 'text/javascript; charset=utf-8', await proxyDashboardScript());
    if (pathname === PROXY_STYLE_PATH) return send(200, 'text/css; charset=utf-8', PROXY_STYLE);
    if (pathname === '/__mock/requests') {
      const op = getCompiledControlSpec().operation('listRequests');
      const query: Record<string, string> = {};
      for (const [name, value] of url.searchParams) query[name] ??= value;
      const checked = op.validateQuery(query);
      if (!checked.ok)
        return send(
          422,
          'application/problem+json',
          problemJson(422, 'invalid-values', 'The query has invalid values (G8); see errors.', checked.errors),
        );
      return send(200, 'application/json', JSON.stringify(journal.list(checked.value)));
    }
    return problem(
      404,
      'not-found',
      `standin proxy forwards ${BASE_PATH} and ${HOOKS_PATH} to ${upstream.root}; its own are / (the findings, live) and GET /__mock/requests (the journal). Nothing is at ${pathname.slice(0, 100)}.`,
    );
  };

  const server = createServer(
    { ...DEFAULT_SERVER_LIMITS, requireHostHeader: false },
    (request: IncomingMessage, response: ServerResponse) => {
      if (refuseHost(hosts, request, response)) return;
      // A request in absolute form names a target: only its path counts, the upstream is always --upstream's.
      const target = request.url ?? '/';
      // An origin-form target is a path appended to the origin, as the forwarding reads it: resolved as a
      // reference instead, `//admin/api/v2/me` was a host and the path /api/v2/me, forwarded as //admin/… .
      // An absolute one keeps its path and query (its query was dropped on the way up).
      let url: URL;
      try {
        const absolute = target.startsWith('/') ? null : new URL(target, 'http://x');
        url = new URL(`http://proxy.invalid${absolute ? `${absolute.pathname}${absolute.search}` : target}`);
      } catch {
        // Node's parser lets through targets no URL parser takes (`foo://[/x`): thrown here, that ended the proxy.
        return void ownAnswer(
          response,
          400,
          'malformed-target',
          `The request target is not a path such as ${BASE_PATH}/me, nor an http(s) URL (G8).`,
        );
      }
      const path = target.startsWith('/') ? target : `${url.pathname}${url.search}`;
      const pathname = url.pathname;
      if (pathname === BASE_PATH || pathname.startsWith(`${BASE_PATH}/`) || pathname.startsWith(`${HOOKS_PATH}/`))
        return forward(request, response, path);
      ownRoutes(request, response, pathname, url).catch((error: Error) => {
        if (!response.headersSent) ownAnswer(response, 500, 'proxy-error', `standin proxy failed: ${error.message}`);
      });
    },
  );
  server.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, DEFAULT_SERVER_LIMITS));
  server.on('connect', connectAnswer(`standin proxy forwards ${BASE_PATH} and ${HOOKS_PATH} to ${upstream.root} only`));
  const info = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server.address() as AddressInfo));
  });
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  const origin = `http://${host}:${info.port}`;
  const settled = async () => {
    while (underWay.size > 0) await Promise.all([...underWay]);
  };
  return {
    origin,
    baseUrl: `${origin}${BASE_PATH}`,
    upstream,
    journal,
    tally,
    server,
    settled,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => {
          upstream.agent.destroy();
          void settled()
            .then(() => har?.close())
            .then(done);
        });
        server.closeAllConnections();
      }),
  };
}
