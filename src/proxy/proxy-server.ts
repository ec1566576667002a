// `standin proxy`: a Node server that forwards every request under /api/v2 (and the activity hook's path, WH1)
// to an upstream — staging, production — and passes the answer back as it came (forward.ts), then checks the
// exchange off the answer's path and keeps it in the journal, the tally and the HAR file, secrets redacted
// (exchange-record.ts). Its own pages and journal (proxy-pages.ts) answer only on loopback names and to no other
// origin: what it records is real data. standin serve's Host check, CONNECT answer and limits guard its port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { RequestJournal } from '../runtime/request-journal.js';
import { BASE_PATH, HOOKS_PATH } from '../spec/base-path.js';
import { getCompiledSpec, loadSpecChecks } from '../spec/compiled-spec.js';
import type { RuleSource } from '../spec/rule-sources.js';
import { connectAnswer, HostCheck, refuseHost } from '../server/host-check.js';
import { answerClientError, DEFAULT_SERVER_LIMITS } from '../server/server-limits.js';
import { CaptureBudget } from './body-capture.js';
import { ExchangeRecorder } from './exchange-record.js';
import { forward, type Forwarding } from './forward.js';
import { HarFile } from './har-file.js';
import { ownAnswer } from './own-answer.js';
import { answerFromPages, proxyPages } from './proxy-pages.js';
import { proxyTarget } from './proxy-target.js';
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
  /** How long a whole request may take to arrive from the client (G8's 408), in ms: 30 s as standin serve's. */
  requestTimeoutMs?: number;
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

const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * Starts the proxy and resolves once it listens.
 * @example const proxy = await startProxy({ upstream: 'https://api.example.com', port: 4020, host: '127.0.0.1' })
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = upstreamTarget(options.upstream);
  // Every exchange's answer is judged by the spec's response checks (loaded on demand: spec-source.ts).
  await loadSpecChecks();
  const spec = getCompiledSpec();
  const journal = new RequestJournal();
  const tally = new ProxyTally((rule, part) => spec.rules.sourceOf(rule, part));
  const warn = options.warn ?? ((message: string) => process.stderr.write(`standin proxy: ${message}\n`));
  const har = options.har
    ? await HarFile.create(options.har, options.version ?? '0.0.0', (error) =>
        warn(`could not write ${options.har} (${error.message}); exchanges are no longer written to it`),
      )
    : null;
  const recorder = new ExchangeRecorder({
    spec,
    rules: options.rules,
    journal,
    tally,
    har,
    upstreamRoot: upstream.root,
    warn,
  });
  const forwarding: Forwarding = {
    upstream,
    timeoutMs: options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    budget: new CaptureBudget(),
    begin: () => recorder.begin(),
  };
  const pages = proxyPages(upstream.root, journal);
  const hosts = new HostCheck(options.host, options.allowedHosts ?? []);
  const limits = {
    ...DEFAULT_SERVER_LIMITS,
    requestTimeout: options.requestTimeoutMs ?? DEFAULT_SERVER_LIMITS.requestTimeout,
  };
  const server = createServer(
    { ...limits, requireHostHeader: false },
    (request: IncomingMessage, response: ServerResponse) => {
      if (refuseHost(hosts, request, response)) return;
      const target = proxyTarget(request.url ?? '/');
      if (target === null)
        return void ownAnswer(
          response,
          400,
          'malformed-target',
          `The request target is not a path such as ${BASE_PATH}/me, nor an http(s) URL (G8).`,
        );
      if (target.forwarded) return forward(request, response, target.path, forwarding);
      answerFromPages(pages, request, response, target.url).catch((error: Error) => {
        if (!response.headersSent) ownAnswer(response, 500, 'proxy-error', `standin proxy failed: ${error.message}`);
      });
    },
  );
  server.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, limits));
  server.on('connect', connectAnswer(`standin proxy forwards ${BASE_PATH} and ${HOOKS_PATH} to ${upstream.root} only`));
  const info = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server.address() as AddressInfo));
  });
  const origin = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`;
  return {
    origin,
    baseUrl: `${origin}${BASE_PATH}`,
    upstream,
    journal,
    tally,
    server,
    settled: () => recorder.settled(),
    close: () =>
      new Promise<void>((done) => {
        server.close(() => {
          upstream.agent.destroy();
          void recorder
            .settled()
            .then(() => har?.close())
            .then(done);
        });
        server.closeAllConnections();
      }),
  };
}
