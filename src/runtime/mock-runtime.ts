// Owns what a mock is below its fronts: its worlds (the shared one and each session's), the request journal,
// override rules, the rate-limit switch, the any-token person, and the lifecycle events everything watches —
// made by createRuntime, which HTTP (createMock), MSW, the CLI and the next fronts (webhooks, a proxy) share.
// It knows no Hono and no Response: a front reads requests and writes answers over it.
import { DEFAULT_SEED, type WorldSize } from '../domain/world-base.js';
import type { World } from '../domain/world.js';
import type { RecordKind } from '../domain/record-kinds.js';
import { AnyToken } from './any-token.js';
import type { EventFeed } from './event-feed.js';
import { FaultProfile, type FaultProfileSpec } from './fault-profile.js';
import { DEFAULT_MEMORY_BUDGET } from './memory-budget.js';
import { MockEvents } from './mock-events.js';
import { Overrides } from './overrides.js';
import { RealTimeLife } from './real-time-life.js';
import { RequestJournal } from './request-journal.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS } from './session-defaults.js';
import type { Sessions } from './sessions.js';
import type { WorldVerifier } from './state-rebuild.js';
import type { WebhookSettings } from './webhook-settings.js';
import type { PublishedRecordText } from './webhook-listener.js';
import { Webhooks } from './webhooks.js';
import { Worlds } from './worlds.js';

export interface RuntimeOptions {
  /** MK3: the world's seed. Default 42. */
  seed?: number;
  /** MK4: a fixed clock (ISO datetime); default real time. */
  now?: string;
  size?: WorldSize;
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
   * WH4, WH5: the outbound webhooks' retry delays, timeout and queue bounds; each defaults to production's
   * schedule (1 s, 5 s, 30 s, 2 min, 10 min), 10 s and 4 MiB / 500 deliveries waiting per world. Tests shorten
   * the delays.
   */
  webhooks?: Partial<WebhookSettings>;
  /**
   * LW6: every this many milliseconds the worlds on a running clock catch up to it by themselves (their team's
   * acts, webhooks and events as they fall due), not only when a request reads them; 0 (createMock's default)
   * leaves it to the requests. startServer's default is 10 s (real-time-life.ts).
   */
  catchUpEveryMs?: number;
}

/** What the runtime needs from the front above it. */
export interface RuntimeParts {
  /** Checks a restored world against the spec, presenting its records as answers would (state-rebuild.ts). */
  verify: WorldVerifier;
  /** What the front's own caches hold, in bytes: they count against the memory budget beside the journal. */
  cacheBytes: () => number;
  /** A record kind's name on the wire, for the lines of the event feed. */
  kindName: (kind: RecordKind) => string;
  /** WH3: a published record as its GET gives it to an administrator, the `data` of a webhook's payload. */
  publishedRecord: PublishedRecordText;
}

export interface MockRuntime {
  /** The shared world (replaced by a reset and a restore). */
  readonly world: World;
  /** MK3: the seed and size the mock started with (a reset without them goes back to these). */
  readonly seed: number;
  readonly size: WorldSize;
  /** The shared world and every session's (MK5), and what replaces them: reset, restore, snapshots. */
  readonly worlds: Worlds;
  /**
   * Replaces a world (the shared one, or a session's) with a saved state, its clock included. The new world
   * is rebuilt and checked against the spec before it replaces anything; a bad state changes nothing.
   */
  restore(state: unknown, session?: string): World;
  /** MK5: the shared world without a session name, else that session's own world (made on first use). */
  worldFor(session: string | undefined): World;
  readonly sessions: Sessions;
  /** The last requests to /api/v2, for GET /__mock/requests (it listens to request:end). */
  readonly journal: RequestJournal;
  /** Answers given instead of the world's (PUT /__mock/overrides). */
  readonly overrides: Overrides;
  /** MK6: the shared world's latency and fault profile, or null; setting one restarts its seeded stream. */
  faults: FaultProfile | null;
  /** G14: whether production's rate limits apply now (switchable at run time). */
  rateLimit: boolean;
  /** MK7: the person any unknown token, or none, is answered as; null in G9's strict default. */
  readonly anyToken: AnyToken | null;
  /**
   * What a request waits for before it starts, or null: a page's kept world taken up (persist: 'local', a world
   * another tab saved, or the one kept across a reload whose checks are still loading: local-persistence.ts), and
   * for a request that `writes` (any method but GET, HEAD and OPTIONS), the code that saves it.
   */
  beforeRequest: ((writes: boolean) => Promise<void> | undefined) | null;
  /** What happens to the mock, as it happens: requests, records, clocks, sessions, worlds (mock-events.ts). */
  readonly events: MockEvents;
  /**
   * The events as lines for GET /__mock/events, per subscriber within a byte bound (event-feed.ts): made by the
   * first stream (event-stream.ts), so that a page that never streams never fetches its code; null before.
   */
  feed: EventFeed | null;
  /** A record kind's name on the wire, for the lines of the event feed. */
  readonly kindName: (kind: RecordKind) => string;
  /** WH2–WH5: each world's webhook subscriptions and deliveries. */
  readonly webhooks: Webhooks;
  /** Stops what runs on after requests (webhook deliveries, real-time catch-ups and their timers); the worlds stay readable. */
  close(): void;
}

/**
 * The runtime of one mock over a freshly generated world; two runtimes never share state.
 * @example const runtime = createRuntime({ seed: 42 }, { verify: worldVerifier(present), cacheBytes: () => 0 })
 */
export function createRuntime(options: RuntimeOptions, parts: RuntimeParts): MockRuntime {
  const seed = options.seed ?? DEFAULT_SEED;
  const size = options.size ?? 'small';
  const events = new MockEvents();
  const journal = new RequestJournal();
  const webhooks = new Webhooks(events, seed, parts.publishedRecord, options.webhooks);
  // The journal keeps what the API was asked; the controls' own requests are the user's, not the app's.
  events.on('request:end', (end) => {
    if (end.area === 'api') journal.record(end);
  });
  const worlds = new Worlds({
    seed,
    size,
    now: options.now,
    verify: parts.verify,
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    sessionIdleMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    faults: options.faults ? new FaultProfile({ seed, ...options.faults }) : null,
    memoryBudget: options.memoryBudget ?? DEFAULT_MEMORY_BUDGET,
    cacheBytes: () => journal.bytes + webhooks.bytes + parts.cacheBytes(),
    // MK1: a server guarded by a control token answers no token computable from the seed alone.
    tokenKey: options.controlToken || undefined,
    events,
  });
  let rateLimit = options.rateLimit ?? false;
  const life = options.catchUpEveryMs ? new RealTimeLife(worlds.shared, worlds.sessions, options.catchUpEveryMs) : null;
  return {
    get world() {
      return worlds.shared.world;
    },
    seed,
    size,
    worlds,
    restore: (state, session) => worlds.restore(worlds.slotFor(session), state),
    worldFor: (session) => worlds.slotFor(session).world,
    sessions: worlds.sessions,
    journal,
    overrides: new Overrides(),
    get faults() {
      return worlds.shared.faults;
    },
    set faults(profile: FaultProfile | null) {
      worlds.shared.faults = profile;
    },
    get rateLimit() {
      return rateLimit;
    },
    set rateLimit(enabled: boolean) {
      rateLimit = enabled;
    },
    anyToken: options.anyToken ? new AnyToken(options.anyToken) : null,
    beforeRequest: null,
    events,
    // Made after the journal's listener, whenever it is: a request's line is the journal's entry for it.
    feed: null,
    kindName: parts.kindName,
    webhooks,
    close: () => {
      life?.close();
      webhooks.close();
    },
  };
}
