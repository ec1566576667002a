// What startServer takes and gives, in types a browser project compiles without Node's: standin's entry names
// them (its `startServer` rejects in a page), so they may not reach `node:*` or `Buffer`
// (test/typings/dom-only-project.test.ts holds it). The server itself is typed in full in start-server.ts.
import type { MockOptions } from '../http/mock.js';
import type { StateFileWriter } from './state-file-writer.js';
import type { StateLock } from './state-lock.js';

/** The Node server's limits (ms and bytes): options of `startServer`, passed on to `http.createServer`. */
export interface ServerLimits {
  /** Time to receive a request's headers; slower (a slowloris) gets 408 and the connection closed. */
  headersTimeout: number;
  /** Time to receive a whole request, body included; at least headersTimeout. */
  requestTimeout: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeout: number;
  /** How often the two request timeouts are checked: they fire up to this much late. */
  connectionsCheckingInterval: number;
  /** The request line and headers together; more gets 431. */
  maxHeaderSize: number;
}

/** What startServer serves https with: the certificate (chain) and its private key, as PEM texts. */
export interface TlsPair {
  cert: string;
  key: string;
}

/** Everything of the mock, where it listens, and the server's limits (each defaults to DEFAULT_SERVER_LIMITS). */
export interface ServeOptions extends MockOptions, Partial<ServerLimits> {
  port: number;
  host: string;
  /**
   * G13: host names this server answers to besides loopback names and `host` (`--allowed-host`): a name, or a
   * domain with a leading dot (`.example.com`). Any other Host gets 403.
   */
  allowedHosts?: readonly string[];
  /** Keep the world in this file across restarts. */
  state?: string;
  /** Serve https with this certificate and key (PEM texts; `--tls-cert` and `--tls-key` read them from files). */
  tls?: TlsPair;
}

/**
 * The listening server: node:http's `Server`, named here by the part a caller needs and that compiles without
 * Node's types (`import type { Server } from 'node:http'` and a cast give the rest).
 */
interface ListeningServer {
  address(): { address: string; family: string; port: number } | string | null;
  close(callback?: (error?: Error) => void): unknown;
  closeAllConnections(): void;
}

/**
 * A mock on a real port, as startServer resolves it: `mock` is the mock within standin (start-server.ts's
 * RunningMock) or its public face (standin's RunningMock, public-mock.ts).
 */
export interface RunningServer<M> {
  mock: M;
  server: ListeningServer;
  baseUrl: string;
  /** With --state: whether the world came from the file (true) or the file was created (false). */
  stateLoaded: boolean | null;
  /** With --state: the file's writer (its longest slice of work, for the reliability figures). */
  stateWriter: StateFileWriter | null;
  /** With --state: the lock that keeps other servers off the file (and whose lock it took over, if any). */
  stateLock: StateLock | null;
  /** Resolves true when everything was saved (always, without --state). */
  close(): Promise<boolean>;
  /**
   * Resolves, with the line said on stderr, once the server has stopped by itself: its state file was taken over
   * by another server (its lock lost), so it closed rather than write the file too. Never resolves otherwise.
   */
  stoppedByItself: Promise<string>;
}
