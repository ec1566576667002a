// Owns what a mock is over HTTP within standin: the runtime (src/runtime/mock-runtime.ts) with its Hono app, and
// what createMock takes besides the runtime's options; apart from the factory (app.ts), so that the /__mock
// routes, the pages and the server can name the mock without importing the app that mounts them. Embedding users
// get its public face instead (public-mock.ts), which shows none of the runtime.
import type { Hono } from 'hono';
import type { World } from '../domain/world.js';
import type { StateStorage } from '../runtime/local-storage.js';
import type { MockRuntime, RuntimeOptions } from '../runtime/mock-runtime.js';
import type { WorldBase, WorldSize } from '../domain/world-base.js';
import type { CrossOriginPolicy } from './cross-origin.js';
import type { RequestPaths } from './request-paths.js';
import type { MockEnv } from './steps.js';
import type { Transcript } from './transcript.js';

/**
 * Where a state loader finds the generated bases a state is over (reused, never generated on the request path),
 * and keeps those it built: the part of the mock's worlds (runtime/worlds.ts) it needs.
 */
export interface StateBases {
  /** MK1: the control token the people's tokens are keyed by, if any. */
  readonly tokenKey: string | undefined;
  knownBase(seed: number, size: WorldSize, generatedAt: number): WorldBase | undefined;
  keep(base: WorldBase): WorldBase;
}

/** What a state loader is handed: a `PUT /__mock/state` request, and what its state is rebuilt and checked with. */
export interface StateLoad {
  request: Request;
  worlds: StateBases;
  /** G10: the base of the url fields the records are presented with to check them against the spec. */
  appUrl: string;
  /** G8: the most body bytes read (413 over it): the limit's, or less to fit the memory budget. */
  maxBytes: number;
  /** The 413 of a body over maxBytes, saying which bound it is over. */
  tooLarge: () => Response;
  /** The request's transcript, for the text of a problem the loader answers with. */
  transcript: Transcript;
}

/**
 * Reads, parses and checks a `PUT /__mock/state` body away from the request path, and builds the world it
 * describes: the world, ready to replace the one of the request's session, or the problem that answers it.
 */
export type StateLoader = (load: StateLoad) => Promise<World | Response>;

export interface MockOptions extends RuntimeOptions {
  /** G10: base of `url` fields. */
  appUrl?: string;
  /** G7: reject unknown and read-only body fields with 422 instead of ignoring them. */
  strict?: boolean;
  /**
   * G13: origins (`https://app.example.dev:8443`) whose pages may use the controls and the pages besides this
   * server's own and loopback origins (`--cors-origin`). /api/v2 answers any origin regardless.
   */
  corsOrigins?: readonly string[];
  /**
   * In a browser, `'local'` keeps the shared world in localStorage across page reloads (one per seed and
   * size), restored when the mock is made and saved before the answer to each request that changed it, so
   * a reload right after an answer keeps the write; a save that fails says so with console.error.
   */
  persist?: 'local';
  /** Where `persist: 'local'` keeps the world; the page's localStorage when left out. */
  storage?: StateStorage;
  /**
   * The state file `standin serve --state` keeps the world in, as GET /__mock/server tells it; createMock itself
   * writes nothing there (start-server.ts does).
   */
  stateFile?: string;
  /**
   * How `PUT /__mock/state` reads and checks a state: at once on the request's turn when left out (in-process
   * and in a browser); `standin serve` gives a worker thread's (src/server/state-loader.ts), so that a large state
   * never stalls other clients, one at a time.
   */
  stateLoader?: StateLoader;
}

/** The mock within standin: its runtime, its app and what HTTP adds (the public face is public-mock.ts's Mock). */
export interface Mock extends MockRuntime {
  /** The Hono app: `app.fetch` for a server, `app.request` in tests. */
  readonly app: Hono<MockEnv>;
  readonly options: Readonly<Required<Pick<MockOptions, 'seed' | 'size' | 'appUrl' | 'strict' | 'rateLimit'>>>;
  /** G13: who may use the controls and the pages from a web page. */
  readonly crossOrigin: CrossOriginPolicy;
  /** Every route's list of steps, as its requests run them (describeRequestPath prints one). */
  readonly requestPaths: RequestPaths;
}
