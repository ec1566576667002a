// Owns what a mock is and what it takes: the Mock and MockOptions types and their defaults, apart from the
// factory (app.ts), so that the /__mock routes can name the mock without importing the app that mounts them.
import type { Hono } from 'hono';
import type { PipelineEnv } from './pipeline.js';
import type { WorldSize } from '../domain/world-base.js';
import type { World } from '../domain/world.js';
import type { AnyToken } from './any-token.js';
import type { CrossOriginPolicy } from './cross-origin.js';
import type { FaultProfile, FaultProfileSpec } from './fault-profile.js';
import type { Overrides } from './overrides.js';
import type { RequestJournal } from './request-journal.js';
import type { Sessions } from './sessions.js';
import type { Worlds } from './worlds.js';

/** MK5: the most sessions kept at once, and how long an idle one is kept (one hour). */
export const DEFAULT_MAX_SESSIONS = 32;
export const DEFAULT_SESSION_TTL_MS = 60 * 60 * 1000;

/** The smallest part of the Web Storage API `persist: 'local'` uses: localStorage, or one with its methods. */
export type StateStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What a state loader is handed: a `PUT /__mock/state` request, and what its state is rebuilt and checked with. */
export interface StateLoad {
  request: Request;
  /** Where the world's bases are found (reused, never generated on the request path) and kept. */
  worlds: Worlds;
  /** G10: the base of the url fields the records are presented with to check them against the spec. */
  appUrl: string;
  /** G8: the most body bytes read (413 over it). */
  maxBytes: number;
}

/**
 * Reads, parses and checks a `PUT /__mock/state` body away from the request path, and builds the world it
 * describes: the world, ready to replace the one of the request's session, or the problem that answers it.
 */
export type StateLoader = (load: StateLoad) => Promise<World | Response>;

export interface MockOptions {
  /** MK3: the world's seed. Default 42. */
  seed?: number;
  /** MK4: a fixed clock (ISO datetime); default real time. */
  now?: string;
  size?: WorldSize;
  /** G10: base of `url` fields. */
  appUrl?: string;
  /** G7: reject unknown and read-only body fields with 422 instead of ignoring them. */
  strict?: boolean;
  /** G14: switch production's rate limits on. */
  rateLimit?: boolean;
  /** MK5: the most sessions kept at once. Default 32. */
  maxSessions?: number;
  /** MK5: milliseconds after which an unused session is dropped; 0 keeps sessions until dropped. Default one hour. */
  sessionTtlMs?: number;
  /**
   * When set, every /__mock request needs `Authorization: Bearer <controlToken>`, and the people's API tokens are
   * derived from it too (MK1): the same for the same seed and control token, but not computable without it.
   */
  controlToken?: string;
  /**
   * G13: origins (`https://app.example.dev:8443`) whose pages may use the controls and the pages besides this
   * server's own and loopback origins (`--cors-origin`). /api/v2 answers any origin regardless.
   */
  corsOrigins?: readonly string[];
  /**
   * The most bytes the mock keeps beyond the world it starts on — sessions, snapshots, other bases, caches and
   * the journal, estimated — before it refuses new sessions, snapshots, clock moves and writes with 507.
   * Default 512 MiB.
   */
  memoryBudget?: number;
  /**
   * MK7, for frontend work: answer a bearer token the world does not know, or none, as one person, read-write,
   * instead of 401 (G9). `true` for the world's default person, or a username or person id. Tokens the world
   * knows keep their meaning. Leave it off for the contract kit and for tests of auth handling.
   */
  anyToken?: boolean | string;
  /** MK6: a latency and fault profile in force from the start (its seed defaults to the world's). */
  faults?: FaultProfileSpec;
  /**
   * In a browser, `'local'` keeps the shared world in localStorage across page reloads (one per seed and
   * size), restored when the mock is made and saved before the answer to each request that may change it, so
   * a reload right after an answer keeps the write; a save that fails says so with console.error.
   */
  persist?: 'local';
  /** Where `persist: 'local'` keeps the world; the page's localStorage when left out. */
  storage?: StateStorage;
  /**
   * How `PUT /__mock/state` reads and checks a state: at once on the request's turn when left out (in-process
   * and in a browser); `standin serve` gives a worker thread's (src/cli/state-loader.ts), so that a large state
   * never stalls other clients, one at a time.
   */
  stateLoader?: StateLoader;
}

export interface Mock {
  /** The Hono app: `app.fetch` for a server, `app.request` in tests. */
  readonly app: Hono<PipelineEnv>;
  /** The shared world (replaced by `reset` and `restore`). */
  readonly world: World;
  readonly options: Readonly<Required<Pick<MockOptions, 'seed' | 'size' | 'appUrl' | 'strict' | 'rateLimit'>>>;
  /** The shared world and every session's (MK5), and what replaces them: reset, restore, snapshots. */
  readonly worlds: Worlds;
  /** MK2: back to the world as generated; same seed, same world. Size defaults to the current one. */
  reset(seed?: number, size?: WorldSize, session?: string): World;
  /**
   * Replaces a world (the shared one, or a session's) with a saved state, its clock included. The new world
   * is rebuilt and checked against the spec before it replaces anything; a bad state changes nothing.
   */
  restore(state: unknown, session?: string): World;
  /** MK5: the shared world without a session name, else that session's own world (made on first use). */
  worldFor(session: string | undefined): World;
  readonly sessions: Sessions;
  /** The last requests to /api/v2, for GET /__mock/requests. */
  readonly journal: RequestJournal;
  /** Answers given instead of the world's (PUT /__mock/overrides). */
  readonly overrides: Overrides;
  /** MK6: the shared world's latency and fault profile, or null; setting one restarts its seeded stream. */
  faults: FaultProfile | null;
  /** G14: whether production's rate limits apply now (switchable at run time). */
  rateLimit: boolean;
  /** G13: who may use the controls and the pages from a web page. */
  readonly crossOrigin: CrossOriginPolicy;
  /** MK7: the person any unknown token, or none, is answered as; null in G9's strict default. */
  readonly anyToken: AnyToken | null;
}
