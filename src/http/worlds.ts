// The worlds a mock serves: the shared one and each session's (MK5), all layers over generated base worlds,
// and what replaces one — a reset (MK2), a restored state or a snapshot — checked before it replaces
// anything, so a bad state changes nothing. Bases are generated here from the fixtures, once per seed,
// size and generation instant, and shared by every world on them.
import { echoAnswerBody, generateWorld } from '../../fixtures/index.js';
import { Clock } from '../domain/clock.js';
import { DomainError } from '../domain/domain-error.js';
import { FaultProfile } from './fault-profile.js';
import { RateLimiter } from './rate-limiter.js';
import { WorldBase, type WorldSize } from '../domain/world-base.js';
import { World, type WorldChanges } from '../domain/world.js';
import type { Presenter } from './present.js';
import { rebuildState } from './state-rebuild.js';
import { Sessions, type WorldContext } from './sessions.js';

/** The most named snapshots one world context keeps (each costs what its world had changed). */
export const MAX_SNAPSHOTS = 64;

/** Bases kept for reuse besides those worlds hold: a reset or restore to a recent base costs nothing. */
const BASE_CACHE = 2;

export interface WorldsOptions {
  seed: number;
  size: WorldSize;
  /** MK4: a frozen clock's instant, or real time when absent. */
  now?: string;
  /** Presents a restored world's records, to check them against the spec before it replaces anything. */
  present: Presenter;
  maxSessions: number;
  /** MK5: idle sessions are dropped after this long; 0 keeps them. */
  sessionIdleMs: number;
  faults: FaultProfile | null;
}

/**
 * @example const worlds = new Worlds({ seed: 42, size: 'small', present, maxSessions: 32, sessionIdleMs: 0, faults: null });
 * worlds.contextFor('worker-1').world // a session's world, a layer over the shared world's base
 */
export class Worlds {
  readonly shared: WorldContext;
  readonly sessions: Sessions;
  /** Called when the shared world is replaced (reset, restore): the state file rewrites itself. */
  onSharedReplaced: ((world: World) => void) | null = null;
  readonly #present: Presenter;
  readonly #bases: WorldBase[] = [];

  constructor(options: WorldsOptions) {
    this.#present = options.present;
    const clock = new Clock(options.now === undefined ? {} : { now: options.now });
    const base = this.#generate(options.seed, options.size, clock.nowSeconds());
    this.shared = this.#context(new World(base, { clock }), options.faults);
    // MK5: a session starts from the shared world's base and clock, not from the shared world's writes.
    this.sessions = new Sessions(
      () => {
        const { world, faults } = this.shared;
        const session = new World(world.base, { clock: world.clock.copy() });
        return this.#context(session, faults && new FaultProfile(faults.spec));
      },
      options.maxSessions,
      options.sessionIdleMs,
    );
  }

  /** The shared context without a session name, else that session's (made on first use). */
  contextFor(session: string | undefined): WorldContext {
    return session === undefined ? this.shared : this.sessions.contextFor(session);
  }

  /** The generated base of a seed, size and instant: reused while a world or the cache holds it. */
  baseFor(seed: number, size: WorldSize, generatedAt: number): WorldBase {
    return this.knownBase(seed, size, generatedAt) ?? this.#generate(seed, size, generatedAt);
  }

  /** The generated base of a seed, size and instant if the shared world or the cache holds it; none is made. */
  knownBase(seed: number, size: WorldSize, generatedAt: number): WorldBase | undefined {
    const key = { seed, size, generatedAt };
    return [this.shared.world.base, ...this.#bases].find((base) => base.sameAs(key));
  }

  #generate(seed: number, size: WorldSize, generatedAt: number): WorldBase {
    return this.keep(new WorldBase(generateWorld({ seed, size, now: generatedAt }), echoAnswerBody, 'generated'));
  }

  /** Keeps a generated base for reuse, made here or elsewhere (standin serve's state worker sends its records). */
  keep(base: WorldBase): WorldBase {
    this.#bases.unshift(base);
    this.#bases.length = Math.min(this.#bases.length, BASE_CACHE);
    return base;
  }

  /**
   * MK2: back to the world as generated, caught up to the context's clock: the same base when seed and size
   * stay (milliseconds, even for the large world), a base generated at the clock's now otherwise.
   */
  reset(context: WorldContext, seed: number, size = context.world.size): World {
    const { clock } = context.world;
    const current = context.world.base;
    const base =
      current.origin === 'generated' && current.seed === seed && current.size === size
        ? current
        : this.baseFor(seed, size, clock.nowSeconds());
    this.replace(context, new World(base, { clock }));
    context.limiter = new RateLimiter();
    return context.world;
  }

  /**
   * Replaces a context's world with a saved state (version 1 or 2), its clock included. The new world is
   * rebuilt and checked against the spec and for integrity before it replaces anything (state-rebuild.ts).
   */
  restore(context: WorldContext, state: unknown): World {
    const { world } = rebuildState(state, this.#present, (seed, size, at) => this.baseFor(seed, size, at));
    this.replace(context, world);
    return world;
  }

  /** Takes a snapshot of the context's world under a name (MK5: its own snapshots). */
  takeSnapshot(context: WorldContext, name: string): WorldChanges {
    if (!context.snapshots.has(name) && context.snapshots.size >= MAX_SNAPSHOTS) {
      throw new DomainError(
        'conflict',
        `There are already ${MAX_SNAPSHOTS} snapshots, the most one world keeps; delete one with DELETE /__mock/snapshots/{name}.`,
      );
    }
    const changes = context.world.changes();
    context.snapshots.set(name, { base: context.world.base, changes });
    return changes;
  }

  /** Restores a snapshot: its base and changes, its clock included. */
  restoreSnapshot(context: WorldContext, name: string): World {
    const snapshot = context.snapshots.get(name);
    if (!snapshot)
      throw new DomainError(
        'not-found',
        `There is no snapshot ${name}; GET /__mock/snapshots lists them, PUT /__mock/snapshots/{name} takes one.`,
      );
    const clock = new Clock();
    clock.set(
      snapshot.changes.frozen ? snapshot.changes.now : Math.max(snapshot.changes.now, Date.now()),
      snapshot.changes.frozen,
    );
    this.replace(context, new World(snapshot.base, { clock }, snapshot.changes));
    return context.world;
  }

  /** Puts `world` in the context's place, at once: no request ever sees a world half replaced. */
  replace(context: WorldContext, world: World): void {
    context.world = world;
    if (context === this.shared) this.onSharedReplaced?.(world);
  }

  #context(world: World, faults: FaultProfile | null): WorldContext {
    return { world, limiter: new RateLimiter(), snapshots: new Map(), faults };
  }
}
