// MK5: named sessions — a request with X-Mock-Session works on its own world slot (a copy-on-write layer
// over the shared base, its own clock, snapshots, rate-limit counters and fault stream), made in
// milliseconds on first use, so parallel test workers never see each other's writes. Capped in number;
// idle ones are dropped after a while, so a demo host running for weeks does not fill up.
import type { FaultProfile } from './fault-profile.js';
import { MockEvents } from './mock-events.js';
import type { RateLimiter } from './rate-limiter.js';
import type { WorldBase } from '../domain/world-base.js';
import type { World, WorldChanges } from '../domain/world.js';

export const SESSION_HEADER = 'x-mock-session';
/** What an X-Mock-Session may be (MK5). */
export const SESSION_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** A named snapshot: changes over a base, taken at an instant (MK5: it costs what changed). */
interface Snapshot {
  base: WorldBase;
  changes: WorldChanges;
  /** What it holds beside its records, estimated: an entry per change (a server's memory budget counts it). */
  bytes: number;
  /** Its records, estimated: counted once the layer they were taken of no longer holds them (a reset). */
  recordsBytes: number;
  /** The serial of the layer that holds its records as well (Store.serial). */
  layer: number;
}

/**
 * Where one world lives, the shared one or a session's (MK5), with what stays when that world is replaced whole
 * by a reset, a restore or a snapshot's restore: its name, rate-limit counters, snapshots and fault profile. A
 * slot holds a world; a world's records are its contents (WorldContents), which a slot never sees.
 */
export interface WorldSlot {
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
  slot: WorldSlot;
  createdAt: number;
  lastUsed: number;
  requests: number;
}

export interface SessionsOptions {
  /** Makes a new session's slot (its world a layer over the shared base). */
  make: (name: string) => WorldSlot;
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
 * @example new Sessions({ make, cap: 32, idleMs: 3_600_000 }).slotFor('worker-3').world // made now if new
 */
export class Sessions {
  /** In order of last use, so idle sessions are found at the front. */
  readonly #sessions = new Map<string, Session>();

  readonly cap: number;
  readonly idleMs: number;
  readonly #make: (name: string) => WorldSlot;
  readonly #events: MockEvents;
  readonly #realTime: () => number;

  constructor(options: SessionsOptions) {
    this.#make = options.make;
    this.cap = options.cap;
    this.idleMs = options.idleMs;
    this.#events = options.events ?? new MockEvents();
    this.#realTime = options.realTime ?? Date.now;
  }

  /** The session's slot, made on first use. */
  slotFor(name: string): WorldSlot {
    if (!SESSION_NAME.test(name)) {
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
      session = { slot: this.#make(name), createdAt: now, lastUsed: now, requests: 0 };
      this.#events.emit('session:created', { session: name });
    }
    session.lastUsed = now;
    session.requests++;
    this.#sessions.set(name, session);
    return session.slot;
  }

  /** Whether the session is kept now (asking neither makes it nor counts as its use). */
  has(name: string): boolean {
    return this.#sessions.has(name);
  }

  list() {
    this.#dropIdle(this.#realTime());
    return [...this.#sessions].map(([name, s]) => ({
      name,
      seed: s.slot.world.seed,
      size: s.slot.world.size,
      created_at: isoSeconds(s.createdAt),
      last_used_at: isoSeconds(s.lastUsed),
      requests: s.requests,
      approx_bytes: slotBytes(s.slot),
    }));
  }

  /** Every session's name and slot, as they are (no session is used or dropped by asking). */
  *slots(): IterableIterator<[string, WorldSlot]> {
    for (const [name, session] of this.#sessions) yield [name, session.slot];
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

/** What a slot's snapshots keep: their entries, and their records once no live layer holds them too. */
export function snapshotBytes(slot: WorldSlot): number {
  const live = slot.world.store.serial;
  let bytes = 0;
  for (const snapshot of slot.snapshots.values()) {
    bytes += snapshot.bytes + (snapshot.layer === live ? 0 : snapshot.recordsBytes);
  }
  return bytes;
}

/** What a world slot keeps over its base: its world's own records and its snapshots, estimated. */
export function slotBytes(slot: WorldSlot): number {
  return slot.world.store.approxBytes + snapshotBytes(slot);
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + 'Z';
}
