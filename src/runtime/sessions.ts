// MK5: named sessions — a request with X-Mock-Session works on its own world context (a copy-on-write layer
// over the shared base, its own clock, snapshots, rate-limit counters and fault stream), made in
// milliseconds on first use, so parallel test workers never see each other's writes. Capped in number;
// idle ones are dropped after a while, so a demo host running for weeks does not fill up.
import type { FaultProfile } from './fault-profile.js';
import { MockEvents } from './mock-events.js';
import type { RateLimiter } from './rate-limiter.js';
import type { WorldBase } from '../domain/world-base.js';
import type { World, WorldChanges } from '../domain/world.js';

export const SESSION_HEADER = 'x-mock-session';
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** A named snapshot: changes over a base, taken at an instant (MK5: it costs what changed). */
export interface Snapshot {
  base: WorldBase;
  changes: WorldChanges;
  /** What it holds beside its records, estimated: an entry per change (a server's memory budget counts it). */
  bytes: number;
  /** Its records, estimated: counted once the layer they were taken of no longer holds them (a reset). */
  recordsBytes: number;
  /** The serial of the layer that holds its records as well (Store.serial). */
  layer: number;
}

/** Everything a world context owns: the shared world's, or one session's (MK5). */
export interface WorldContext {
  /** The session's name, or null for the shared world (events say which world they happened in). */
  readonly name: string | null;
  world: World;
  limiter: RateLimiter;
  readonly snapshots: Map<string, Snapshot>;
  /** MK6: the fault profile in force here, with its own seeded stream. */
  faults: FaultProfile | null;
}

export class SessionError extends Error {
  constructor(
    readonly status: 400 | 429,
    message: string,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

interface Session {
  context: WorldContext;
  createdAt: number;
  lastUsed: number;
  requests: number;
}

export interface SessionsOptions {
  /** Makes a new session's context (its world a layer over the shared base). */
  make: (name: string) => WorldContext;
  /** The most sessions kept at once. */
  cap: number;
  /** A session unused this long is dropped (0 keeps sessions until dropped). */
  idleMs: number;
  /** Where sessions made and dropped are told. */
  events?: MockEvents;
  /** The wall clock idleness is measured on (never the world's clock, which a demo may freeze). */
  realTime?: () => number;
}

/**
 * @example new Sessions({ make, cap: 32, idleMs: 3_600_000 }).contextFor('worker-3').world // made now if new
 */
export class Sessions {
  /** In order of last use, so idle sessions are found at the front. */
  readonly #sessions = new Map<string, Session>();

  readonly cap: number;
  readonly idleMs: number;
  readonly #make: (name: string) => WorldContext;
  readonly #events: MockEvents;
  readonly #realTime: () => number;

  constructor(options: SessionsOptions) {
    this.#make = options.make;
    this.cap = options.cap;
    this.idleMs = options.idleMs;
    this.#events = options.events ?? new MockEvents();
    this.#realTime = options.realTime ?? Date.now;
  }

  /** The session's context, made on first use. */
  contextFor(name: string): WorldContext {
    if (!NAME.test(name)) {
      throw new SessionError(
        400,
        `X-Mock-Session must be 1–64 letters, digits, dots, dashes or underscores (MK5); got ${JSON.stringify(name.slice(0, 80))}.`,
      );
    }
    const now = this.#realTime();
    this.#dropIdle(now);
    let session = this.#sessions.get(name);
    if (session) this.#sessions.delete(name);
    else {
      if (this.#sessions.size >= this.cap) {
        throw new SessionError(
          429,
          `There are already ${this.cap} sessions, the most this server keeps (MK5). Drop one with DELETE /__mock/sessions/{name}, or start the server with a higher --max-sessions.`,
        );
      }
      session = { context: this.#make(name), createdAt: now, lastUsed: now, requests: 0 };
      this.#events.emit('session:created', { session: name });
    }
    session.lastUsed = now;
    session.requests++;
    this.#sessions.set(name, session);
    return session.context;
  }

  list() {
    this.#dropIdle(this.#realTime());
    return [...this.#sessions].map(([name, s]) => ({
      name,
      seed: s.context.world.seed,
      size: s.context.world.size,
      created_at: isoSeconds(s.createdAt),
      last_used_at: isoSeconds(s.lastUsed),
      requests: s.requests,
      approx_bytes: contextBytes(s.context),
    }));
  }

  /** Every session's name and context, as they are (no session is used or dropped by asking). */
  *contexts(): IterableIterator<[string, WorldContext]> {
    for (const [name, session] of this.#sessions) yield [name, session.context];
  }

  drop(name: string): boolean {
    if (!this.#sessions.delete(name)) return false;
    this.#events.emit('session:dropped', { session: name, reason: 'deleted' });
    return true;
  }

  get size(): number {
    return this.#sessions.size;
  }

  #dropIdle(now: number): void {
    if (this.idleMs <= 0) return;
    for (const [name, session] of this.#sessions) {
      if (now - session.lastUsed < this.idleMs) return;
      this.#sessions.delete(name);
      this.#events.emit('session:dropped', { session: name, reason: 'idle' });
    }
  }
}

/** What a context's snapshots keep: their entries, and their records once no live layer holds them too. */
export function snapshotBytes(context: WorldContext): number {
  const live = context.world.store.serial;
  let bytes = 0;
  for (const snapshot of context.snapshots.values()) {
    bytes += snapshot.bytes + (snapshot.layer === live ? 0 : snapshot.recordsBytes);
  }
  return bytes;
}

/** What a world context keeps over its base: its world's own records and its snapshots, estimated. */
export function contextBytes(context: WorldContext): number {
  return context.world.store.approxBytes + snapshotBytes(context);
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + 'Z';
}
