// `standin serve`: the mock on a real port — options from flags or environment, the server's limits, a ready
// banner, clean exit.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { formatInstant } from '../domain/calendar.js';
import { BASE_PATH, createMock, type Mock, type MockOptions } from '../http/app.js';
import { DOCS_PATH } from '../pages/docs.js';
import { withPages, type ServerFetch } from '../pages/pages-app.js';
import { answerClientError, DEFAULT_SERVER_LIMITS, type ServerLimits } from './server-limits.js';
import { workerStateLoader } from './state-loader.js';
import { loadStateFile, StateFileError, StateFileWriter } from './state-file.js';

/** Everything of the mock, where it listens, and the server's limits (each defaults to DEFAULT_SERVER_LIMITS). */
export { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';

export interface ServeOptions extends MockOptions, Partial<ServerLimits> {
  port: number;
  host: string;
  /** Keep the world in this file across restarts. */
  state?: string;
}

export interface RunningMock {
  mock: Mock;
  server: ServerType;
  baseUrl: string;
  /** With --state: whether the world came from the file (true) or the file was created (false). */
  stateLoaded: boolean | null;
  /** With --state: the file's writer (its longest slice of work, for the reliability figures). */
  stateWriter: StateFileWriter | null;
  /** Resolves true when everything was saved (always, without --state). */
  close(): Promise<boolean>;
}

/**
 * Starts the mock and resolves once it listens.
 * @example const { baseUrl, close } = await startServer({ port: 0, host: '127.0.0.1', now: '2026-11-20T09:00:00Z' })
 */
export async function startServer(options: ServeOptions): Promise<RunningMock> {
  // PUT /__mock/state is read and checked in a worker thread: a large state never stalls other clients.
  const mock = createMock({ ...options, stateLoader: options.stateLoader ?? workerStateLoader() });
  const answer = withPages(mock, { controlToken: options.controlToken });
  let fetch: ServerFetch = answer;
  let writer: StateFileWriter | null = null;
  let stateLoaded: boolean | null = null;
  if (options.state) {
    stateLoaded = loadStateFile(mock, options.state);
    const stateWriter = (writer = new StateFileWriter(mock, options.state));
    // Written afresh at once: a new file exists from the start, a loaded one drops its replayed history.
    await stateWriter.save();
    if (stateWriter.failed)
      throw new StateFileError(`could not write ${options.state}; check the folder exists and is writable`);
    // Anything but a read may change the world: save shortly after.
    fetch = async (request, env) => {
      const response = await answer(request, env);
      if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) stateWriter.changed();
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
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch, port: options.port, hostname: options.host, serverOptions: limits },
      (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolve({
          mock,
          server,
          baseUrl: `http://${host}:${info.port}${BASE_PATH}`,
          stateLoaded,
          stateWriter: writer,
          close: () =>
            new Promise((done) => {
              const saved = writer ? writer.close() : Promise.resolve(true);
              server.close(() => void saved.then(done));
              // Keep-alive connections would hold the close open; end them now that we stop.
              (server as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      },
    );
    server.once('error', reject);
    // G8: what Node's parser refuses gets a problem+json answer too, not Node's bare one.
    server.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, limits));
  });
}

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
    `  world: seed ${world.seed}, size ${world.size}, clock ${world.clock.frozen ? `frozen at ${formatInstant(world.now())}` : 'real time'}`,
    ...(running.stateLoaded === null
      ? []
      : [
          `  state: ${running.stateLoaded ? 'loaded from' : 'kept in'} ${running.stateWriter!.path}${running.stateLoaded ? ', saved there after each change' : ' (a new file)'}`,
        ]),
    `  you are ${person.name} (@${person.username}, ${person.id})`,
    `  token: ${person.tokens.readWrite}   (read-only: ${person.tokens.readOnly})`,
    `  try:   curl -H 'Authorization: Bearer ${person.tokens.readWrite}' ${running.baseUrl}/me`,
    controlToken
      ? `  the controls (${origin}/__mock: tokens, reset, clock…) need Authorization: Bearer <your --control-token>`
      : `  every person's tokens: GET ${origin}/__mock/tokens   reset the world: POST ${origin}/__mock/reset`,
    `  reference: ${origin}${DOCS_PATH}`,
    `  the contract: spec/openapi.yaml`,
  ].join('\n');
}
