// `standin serve`: the mock on a real port — options from flags or environment, the server's limits, a ready
// banner, clean exit.
import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { isAbsolute, relative } from 'node:path';
import type { Duplex } from 'node:stream';
import { getHeapStatistics } from 'node:v8';
import { formatInstant } from '../domain/calendar.js';
import type { SimulateMode } from '../domain/life-writer.js';
import { BASE_PATH, createMock, type Mock } from '../http/app.js';
import { checkOptions, OptionError, type OptionRule } from '../http/option-rules.js';
import { profileProblems } from '../http/profile-problems.js';
import { DOCS_PATH } from '../pages/docs.js';
import { IN_BINARY } from '../spec/embedded-assets.js';
import { SPEC_PATH } from '../spec/spec-files.js';
import { loadSpecChecks } from '../spec/compiled-spec.js';
import type { Latency } from '../runtime/fault-profile.js';
import { withPages, type ServerFetch } from '../pages/pages-app.js';
import { readBodyAhead } from './body-ahead.js';
import { lingerAfterAnswer } from './lingering-close.js';
import { connectAnswer, HostCheck, refuseHost } from './host-check.js';
import { answerClientError, DEFAULT_SERVER_LIMITS } from './server-limits.js';
import type { RunningServer, ServeOptions, ServerLimits } from './serve-options.js';
import { PlantedLinkError, realTarget, removeStrayTemporaries } from '../files/replace-file.js';
import { SERVE_OPTION_RULES } from './serve-option-rules.js';
import { DEFAULT_CATCH_UP_EVERY_MS } from '../runtime/real-time-life.js';
import { loadStateFile, StateFileError } from './state-file.js';
import { StateFileWriter } from './state-file-writer.js';
import { StateLock, StateLockError, takenOverFrom } from './state-lock.js';
import { workerStateLoader } from './state-loader.js';

export type { ServeOptions } from './serve-options.js';
/** A mock on a real port, the mock within standin's (its runtime's) included: the public one is src/index.ts's. */
export type RunningMock = RunningServer<Mock>;
export { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';

/**
 * Starts the mock and resolves once it listens. Throws an OptionError (a TypeError) naming the option, what was
 * wrong and the fix, for an option it does not take or a value it refuses.
 * @example const { baseUrl, close } = await startServer({ port: 0, host: '127.0.0.1', now: '2026-11-20T09:00:00Z' })
 */
export async function startServer(options: ServeOptions): Promise<RunningMock> {
  // What `standin serve` refuses, refused here in the same words, an unknown option too.
  checkOptions(options, RULES, 'startServer', { profileProblems });
  // G8: the headers are part of the request; Node refuses the pair otherwise, in words that name no option.
  const headersBy = options.headersTimeout ?? DEFAULT_SERVER_LIMITS.headersTimeout;
  if (options.requestTimeout !== undefined && options.requestTimeout < headersBy)
    throw new OptionError(
      'requestTimeout',
      `startServer: requestTimeout must be at least headersTimeout (${headersBy} ms: the headers come first), got ${options.requestTimeout}`,
    );
  const hosts = new HostCheck(options.host, options.allowedHosts ?? []);
  const {
    port: _port,
    host: _host,
    allowedHosts: _allowedHosts,
    state: _state,
    tls: _tls,
    headersTimeout: _headersTimeout,
    requestTimeout: _requestTimeout,
    keepAliveTimeout: _keepAliveTimeout,
    connectionsCheckingInterval: _connectionsCheckingInterval,
    maxHeaderSize: _maxHeaderSize,
    ...mockOptions
  } = options;
  // PUT /__mock/state is read and checked in a worker thread: a large state never stalls other clients.
  const mock = createMock({
    ...mockOptions,
    // LW6: a server's world lives as real time passes, its webhooks and event stream with it (real-time-life.ts).
    catchUpEveryMs: mockOptions.catchUpEveryMs ?? DEFAULT_CATCH_UP_EVERY_MS,
    stateLoader: options.stateLoader ?? workerStateLoader(),
    stateFile: options.stateFile ?? options.state,
  });
  refuseBudgetOverHeap(mock.worlds.budget.limit);
  const answer = withPages(mock, { controlToken: options.controlToken });
  let fetch: ServerFetch = answer;
  let writer: StateFileWriter | null = null;
  let lock: StateLock | null = null;
  let stateLoaded: boolean | null = null;
  // A lock lost (another server took the file over, after this one was held up past the stale window) stops this
  // server: two would write the file otherwise. Before it listens, the lost lock is waited for and then acted on.
  let lockLost: (line: string) => void = () => {};
  const lostLine = new Promise<string>((resolve) => (lockLost = resolve));
  if (options.state) {
    // A state file's world is checked as it is loaded (verify-world.ts), by checks loaded on demand (spec-source.ts).
    await loadSpecChecks();
    ({ writer, lock, loaded: stateLoaded } = await keepState(mock, options.state, (line) => lockLost(line)));
    const stateWriter = writer;
    // Group commit: a write is answered once its change is in the file, so kill -9 loses no answered write;
    // writes arriving meanwhile share the next append.
    fetch = async (request, env) => {
      const response = await answer(request, env);
      if (!READS.has(request.method)) await stateWriter.save();
      return response;
    };
  }
  const limits: ServerLimits = {
    headersTimeout: options.headersTimeout ?? DEFAULT_SERVER_LIMITS.headersTimeout,
    requestTimeout: options.requestTimeout ?? DEFAULT_SERVER_LIMITS.requestTimeout,
    keepAliveTimeout: options.keepAliveTimeout ?? DEFAULT_SERVER_LIMITS.keepAliveTimeout,
    connectionsCheckingInterval:
      options.connectionsCheckingInterval ?? DEFAULT_SERVER_LIMITS.connectionsCheckingInterval,
    maxHeaderSize: options.maxHeaderSize ?? DEFAULT_SERVER_LIMITS.maxHeaderSize,
  };
  const stopKeeping = async () => {
    // WH4: no webhook delivery or retry timer outlives the server.
    mock.close();
    const saved = writer ? await writer.close() : true;
    await lock?.release();
    return saved;
  };
  let server: Server | TlsServer;
  let info: AddressInfo;
  try {
    // MK7: the world the state file brought (another seed, an imported one) must have the person too.
    mock.anyToken?.checkIn(mock.world);
    ({ server, info } = await listen(fetch, options, limits, hosts));
    // A second server refused names where this one serves.
    await lock?.serving(info.address, info.port);
  } catch (error) {
    await stopKeeping();
    throw error;
  }
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  const listening = server;
  const close = () =>
    new Promise<boolean>((done) => {
      listening.close(() => void stopKeeping().then(done));
      // Keep-alive connections would hold the close open; end them now that we stop.
      listening.closeAllConnections();
    });
  const stoppedByItself = lostLine.then(async (line) => {
    process.stderr.write(`${line}\n`);
    // Not one more write: what is pending is dropped, and the file stays whole (state-file-writer.ts, abandon).
    await writer?.abandon();
    await close();
    return line;
  });
  return {
    mock,
    server,
    baseUrl: `${options.tls ? 'https' : 'http'}://${host}:${info.port}${BASE_PATH}`,
    stateLoaded,
    stateWriter: writer,
    stateLock: lock,
    // The connections first: once none is left no answer can go out, and the file then takes the last changes.
    close,
    stoppedByItself,
  };
}

/** Each option's rule: a new option of ServeOptions fails the typecheck until serve-option-rules.ts has one. */
const RULES: Record<keyof ServeOptions, OptionRule> = SERVE_OPTION_RULES;

/** Requests that change nothing: answered without waiting for the state file. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * --state: the file locked for this process, the world loaded from it, and written afresh at once (a new
 * file exists from the start, a loaded one drops its replayed history). Nothing stays locked on a failure.
 */
async function keepState(
  mock: Mock,
  path: string,
  lost: (line: string) => void,
): Promise<{ writer: StateFileWriter; lock: StateLock; loaded: boolean }> {
  let target: string;
  let lock: StateLock;
  try {
    target = await realTarget(path);
    lock = await StateLock.take(target, path, { lost });
  } catch (error) {
    if (error instanceof StateLockError) throw error;
    if (error instanceof PlantedLinkError) throw new StateFileError(`--state ${path}: ${error.message}`);
    throw new StateFileError(
      `could not lock ${path} (${(error as Error).message}); check the folder exists and is writable`,
    );
  }
  let writer: StateFileWriter | null = null;
  try {
    // Left by a process killed while it rewrote the file; none is being written, the lock says.
    await removeStrayTemporaries(target);
    const loaded = loadStateFile(mock, path);
    const held = lock;
    // A rewrite puts a new file in place: its lock by identity moves with it (a failure to move it is said, and
    // the path's lock still holds).
    writer = new StateFileWriter(mock, path, target, () =>
      held.follow().catch((error: unknown) => {
        process.stderr.write(
          `standin: could not lock the rewritten ${path} by identity: ${(error as Error).message}\n`,
        );
      }),
    );
    await writer.save();
    if (writer.failed) throw new StateFileError(`could not write ${path}; check the folder exists and is writable`);
    // A file made just now has an identity only now: locked by it too.
    await lock.follow();
    return { writer, lock, loaded };
  } catch (error) {
    await writer?.close();
    await lock.release();
    throw error;
  }
}

/** Listens, resolving with the server and where it listens; rejects when it cannot (a port in use). */
function listen(
  fetch: ServerFetch,
  options: ServeOptions,
  limits: ServerLimits,
  hosts: HostCheck,
): Promise<{ server: Server | TlsServer; info: AddressInfo }> {
  return new Promise((resolve, reject) => {
    // G13: the Host is checked before anything reads the request (the adapter builds its URL from it). Node's
    // own check for a missing Host answers a bare 400; this one answers a problem.
    const listener = getRequestListener(fetch, { hostname: options.host });
    const answer = (request: IncomingMessage, response: ServerResponse) => {
      lingerAfterAnswer(request);
      if (!refuseHost(hosts, request, response)) readBodyAhead(request, () => void listener(request, response));
    };
    // --tls-cert, --tls-key: the same app, limits and checks over https (a demo a browser app on https can call).
    const settings = { ...limits, requireHostHeader: false };
    const server = options.tls
      ? createTlsServer({ ...settings, cert: options.tls.cert, key: options.tls.key }, answer)
      : createServer(settings, answer);
    server.listen(options.port, options.host, () => resolve({ server, info: server.address() as AddressInfo }));
    server.once('error', reject);
    // G8: what Node's parser refuses gets a problem+json answer too, not Node's bare one.
    server.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, limits));
    server.on('connect', connectAnswer());
  });
}

/** What a request needs beyond the budget while it is answered: a page of long texts, a body, their copies. */
const HEAP_HEADROOM = 256 * 2 ** 20;

/**
 * The memory budget must fit in this process's heap with the world it holds, or the budget would not keep it
 * from crashing: refused at start, saying how to give Node more.
 */
function refuseBudgetOverHeap(budget: number): void {
  const heap = getHeapStatistics();
  const room = heap.heap_size_limit - heap.used_heap_size - HEAP_HEADROOM;
  if (budget <= room) return;
  const mib = (bytes: number) => `${Math.floor(bytes / 2 ** 20)}MiB`;
  throw new Error(
    `the memory budget (${mib(budget)}) does not fit in this Node process's heap: its limit is ${mib(heap.heap_size_limit)}, the world takes ${mib(heap.used_heap_size)} and answers need about ${mib(HEAP_HEADROOM)}; lower --memory-budget to ${mib(Math.max(0, room))} or less, or give Node more heap with NODE_OPTIONS=--max-old-space-size=<MiB>`,
  );
}

/** LW6, LW7: whom the world lives for as its clock moves, as the banner says it. */
const LIFE_WORDS: Readonly<Record<SimulateMode, string>> = {
  others: 'the team lives as the clock moves, all but you (simulate: others)',
  all: 'the team lives as the clock moves, you too (simulate: all)',
  none: 'the team stands still (simulate: none)',
};

/**
 * The lines printed when the mock is ready: where it is, who you are, how to be someone else, where the
 * reference is. With a control token the controls ask for it, and the banner says so rather than offer what
 * would answer 401.
 */
export function readyBanner(running: RunningMock, controlToken?: string): string {
  const { world } = running.mock;
  const person = world.store.people.get(world.defaultPersonId)!;
  const origin = running.baseUrl.slice(0, -BASE_PATH.length);
  return [
    `standin is serving ${BASE_PATH} at ${running.baseUrl}`,
    `  world: seed ${world.seed}, size ${world.size}, clock ${world.clock.frozen ? `frozen at ${formatInstant(world.now())}` : 'real time'}; ${LIFE_WORDS[world.simulate]}`,
    ...(running.stateLoaded === null
      ? []
      : [
          `  state: ${running.stateLoaded ? 'loaded from' : 'kept in'} ${running.stateWriter!.path}${running.stateLoaded ? ', saved there after each change' : ' (a new file)'}`,
        ]),
    ...(running.stateLock?.tookOver
      ? [`  state lock: taken over from ${takenOverFrom(running.stateLock.tookOver)}: ${running.stateLock.path}`]
      : []),
    `  you are ${person.name} (@${person.username}, ${person.id})`,
    `  token: ${person.tokens.readWrite}   (read-only: ${person.tokens.readOnly})`,
    ...(running.mock.anyToken
      ? [
          `  any token, or none: answered as @${running.mock.anyToken.personIn(world)!.username}, read-write (--any-token, MK7)`,
        ]
      : []),
    `  try:   curl -H 'Authorization: Bearer ${person.tokens.readWrite}' ${running.baseUrl}/me`,
    controlToken
      ? `  the controls (${origin}/__mock: tokens, reset, clock…) need Authorization: Bearer <your --control-token>`
      : `  every person's tokens: GET ${origin}/__mock/tokens   reset the world: POST ${origin}/__mock/reset`,
    `  dashboard: ${origin}/   reference: ${origin}${DOCS_PATH}`,
    `  in force: ${inForce(running.mock, controlToken)}`,
    // The binary's spec is embedded: shown as /docs serves it.
    `  the contract: ${IN_BINARY ? `${origin}${DOCS_PATH}/openapi.json (spec/openapi.yaml, embedded)` : shownPath(SPEC_PATH)}`,
  ].join('\n');
}

/** A path as a person at this terminal can open it: relative below the working folder, else absolute (npx). */
function shownPath(path: string): string {
  const below = relative(process.cwd(), path);
  return below.startsWith('..') || isAbsolute(below) ? path : below;
}

/** MK6: a latency as --latency writes it. */
function latencyText(latency: Latency): string {
  if (latency.kind === 'fixed') return `fixed:${latency.ms}`;
  if (latency.kind === 'uniform') return `uniform:${latency.min_ms}-${latency.max_ms}`;
  return `lognormal:${latency.median_ms},${latency.sigma}`;
}

/**
 * What of the options that change answers is in force (G7 strict, G14 rate limits, MK6 latency and faults, the
 * control token), or that none is: a run where answers are slow, failing or refused says so at the start.
 */
function inForce(mock: Mock, controlToken: string | undefined): string {
  const rules = mock.faults?.spec.rules ?? [];
  const timed = rules.filter((rule) => rule.latency);
  const failing = rules.filter((rule) => rule.faults?.length);
  const only = timed.length === 1 && !timed[0]!.path && !timed[0]!.methods ? timed[0]!.latency : undefined;
  const parts = [
    ...(mock.options.strict ? ['strict bodies (G7: unknown fields refused)'] : []),
    ...(mock.rateLimit ? ['rate limits (G14)'] : []),
    ...(only ? [`latency ${latencyText(only)}`] : timed.length > 0 ? [`latency (${timed.length} rules)`] : []),
    ...(failing.length > 0 ? [`faults (${failing.length} rule${failing.length === 1 ? '' : 's'})`] : []),
    ...(controlToken ? ['a control token'] : []),
    ...(mock.anyToken ? ['any token answered (MK7)'] : []),
  ];
  return parts.length > 0
    ? `${parts.join(', ')}${rules.length > 0 ? ' (GET /__mock/faults shows the profile)' : ''}`
    : 'the defaults: no latency, faults or rate limits, unknown body fields ignored (standin serve --help)';
}
