// The worlds a mock serves: the shared one and each session's (MK5), all layers over generated base worlds,
// and what replaces one — a reset (MK2), a restored state or a snapshot — checked before it replaces
// anything, so a bad state changes nothing. Bases are generated here from the fixtures, once per seed,
// size and generation instant, and shared by every world on them (and by other mocks: generated-bases.ts).
// A reset generates its base a slice at a time over turns of the event loop (in-turns.ts), one generation at a
// time per mock: the large world takes seconds, which held every client of a server (issue 33, point 8).
import { activityHookAccount, type ActivityHookAccount } from '../../fixtures/activity-hook.js';
import { worldWriter, generateWorldInSlices } from '../../fixtures/index.js';
import { Clock } from '../domain/clock.js';
import { DomainError } from '../domain/domain-error.js';
import { approxBytes } from '../domain/approx-bytes.js';
import { RECORD_KINDS } from '../domain/record-kinds.js';
import { drain, type Sliced } from '../domain/slices.js';
import { WorldBase, type WorldSize } from '../domain/world-base.js';
import { World, type WorldChanges } from '../domain/world.js';
import { FaultProfile } from './fault-profile.js';
import { generatedBases, type GeneratedBaseKey } from './generated-bases.js';
import { inTurns } from './in-turns.js';
import { MemoryBudget, type MemoryUse } from './memory-budget.js';
import type { MockEvents } from './mock-events.js';
import { RateLimiter } from './rate-limiter.js';
import { slotBytes, Sessions, snapshotBytes, type WorldSlot } from './sessions.js';
import type { WorldVerifier } from './state-rebuild.js';
import { rebuildAtHand } from './state-rebuild-module.js';
import type { ClockView } from './time-travel.js';
import type { SimulateMode } from '../domain/life-writer.js';

/** The most named snapshots one world slot keeps (each costs what its world had changed). */
const MAX_SNAPSHOTS = 64;

/** Bases kept for reuse besides those worlds hold: a reset or restore to a recent base costs nothing. */
const BASE_CACHE = 2;

/**
 * What a generated base world holds, from its heap after a full collection (1.4 MiB for the small world, 185
 * MiB for the large one, measured with approx-bytes.test.ts's method), with room: the budget's guess before
 * generating one.
 */
const GENERATED_BASE_BYTES: Readonly<Record<WorldSize, number>> = { small: 4 * 2 ** 20, large: 224 * 2 ** 20 };

/** What a snapshot holds per change: the change's object and its slot (its records are the world's). */
const SNAPSHOT_ENTRY_BYTES = 48;

/** A new session's first guess, before one has been measured: a layer with a few days caught up. */
const FIRST_SESSION_BYTES = 64 * 1024;

export interface WorldsOptions {
  seed: number;
  size: WorldSize;
  /** MK4: a frozen clock's instant, or real time when absent. */
  now?: string;
  /** Checks a restored world's records against the spec before it replaces anything. */
  verify: WorldVerifier;
  maxSessions: number;
  /** MK5: idle sessions are dropped after this long; 0 keeps them. */
  sessionIdleMs: number;
  faults: FaultProfile | null;
  /** The most bytes kept beyond the base world the mock starts on (memory-budget.ts). */
  memoryBudget: number;
  /** What the mock's caches and journal hold, in bytes (they count against the budget too). */
  cacheBytes: () => number;
  /** The control token, when there is one: every base's people get tokens keyed by it (fixtures/tokens.ts). */
  tokenKey?: string;
  /** Where records changed, clocks moved, sessions and replaced worlds are told. */
  events: MockEvents;
}

/** The records of a snapshot's changes, estimated. */
function changesBytes(changes: WorldChanges): number {
  let bytes = 0;
  for (const name of RECORD_KINDS) {
    for (const { record } of changes.tables[name] as Array<{ record: unknown }>)
      if (record) bytes += approxBytes(record);
  }
  return bytes;
}

/**
 * A generated base a slice at a time: its world's records generated, then loaded. Drained at once (a mock's first
 * base, a restore in process) or run over turns (a reset), it is the same base (MK3).
 */
function* generatingBase({ seed, size, generatedAt, tokenKey }: GeneratedBaseKey): Sliced<WorldBase> {
  const contents = yield* generateWorldInSlices({ seed, size, now: generatedAt, tokenKey });
  return yield* WorldBase.build(contents, worldWriter, 'generated');
}

/**
 * MK2: a reset of a world while another reset of it is under way, refused (409 with Retry-After): answering both
 * would put the first's world in place after the second's answer said otherwise.
 */
export class ResetInProgressError extends Error {
  constructor(session: string | null) {
    super(
      `Another POST /__mock/reset of ${session === null ? 'the shared world' : `session ${session}'s world`} is under way (a world it generates is made a slice at a time while other requests are answered); send this one again once that one is answered.`,
    );
    this.name = 'ResetInProgressError';
  }
}

/** An imported base's records, estimated: it is held whole, unlike a generated one named by its seed. */
function importedBytes(base: WorldBase): number {
  let bytes = 0;
  for (const name of RECORD_KINDS) for (const record of base.store.table(name).values()) bytes += approxBytes(record);
  return bytes;
}

/**
 * @example const worlds = new Worlds({ seed: 42, size: 'small', present, maxSessions: 32, sessionIdleMs: 0, faults: null });
 * worlds.slotFor('worker-1').world // a session's world, a layer over the shared world's base
 */
export class Worlds {
  readonly shared: WorldSlot;
  readonly sessions: Sessions;
  /** What the worlds, snapshots, bases and caches keep beyond the first base; what would go over is refused. */
  readonly budget: MemoryBudget;
  /** The control token the people's tokens are keyed by, if any (a state worker generates bases with it). */
  readonly tokenKey: string | undefined;
  readonly #events: MockEvents;
  readonly #verify: WorldVerifier;
  readonly #bases: WorldBase[] = [];
  /** The base the mock started on: the budget counts what is kept beyond it. */
  readonly #firstBase: WorldBase;
  /** Each base's estimated bytes (a generated one by its size, an imported one by its records). */
  readonly #baseBytes = new WeakMap<WorldBase, number>();
  /** What the last new session cost once made: the guess for the next (MK5). */
  #sessionBytes = FIRST_SESSION_BYTES;
  /**
   * Whether no base besides the first was ever kept or installed: the bases' count, asked on every write, is 0
   * then without a walk over every slot and snapshot. Once another came, the walk is made (it may have gone).
   */
  #onlyFirstBase: boolean;
  /** The slots a reset is under way in: another reset of one of them meanwhile is refused. */
  readonly #resetting = new WeakSet<WorldSlot>();
  /**
   * Bases a reset generates are made one after the other, each once those asked before it are done: two large
   * worlds at once would hold twice the memory, which the budget could count only once they were kept.
   */
  #generations: Promise<unknown> = Promise.resolve();
  /** The estimated bytes of the base being generated: counted against the budget while it is made. */
  #generatingBytes = 0;

  /**
   * WH1: the collect-activity hook of a world, its account id and token: from the world's seed, keyed by the
   * control token as the people's tokens are (fixtures/activity-hook.ts).
   * @example const { accountId, token } = worlds.activityHook(worlds.shared.world)
   */
  activityHook(world: World): ActivityHookAccount {
    return activityHookAccount(world.seed, this.tokenKey);
  }

  constructor(options: WorldsOptions) {
    this.#verify = options.verify;
    this.#events = options.events;
    this.tokenKey = options.tokenKey;
    // Stryker disable next-line ConditionalExpression: Clock reads `{ now: undefined }` as `{}`; the check is for exactOptionalPropertyTypes.
    const clock = new Clock(options.now === undefined ? {} : { now: options.now });
    const base = (this.#firstBase = this.#generate(options.seed, options.size, clock.nowSeconds()));
    // The first base was kept before it was known as the first.
    // Stryker disable next-line BooleanLiteral: false only costs the walk #otherBasesBytes would skip; it counts the same.
    this.#onlyFirstBase = true;
    this.shared = this.#slot(null, new World(base, { clock }), options.faults);
    this.budget = new MemoryBudget(options.memoryBudget, {
      use: () => this.#memoryUse(options.cacheBytes()),
      used: () => this.#memoryUsed(options.cacheBytes()),
    });
    // MK5: a session starts from the shared world's base and clock, not from the shared world's writes.
    this.sessions = new Sessions({
      make: (name) => {
        this.budget.ensure(this.#sessionBytes, 'a new session');
        const { world, faults } = this.shared;
        // LW7: a session simulates as the shared world does until it is told otherwise.
        const session = new World(world.base, { clock: world.clock.copy(), simulate: world.simulate });
        this.#sessionBytes = Math.max(FIRST_SESSION_BYTES, session.store.approxBytes);
        return this.#slot(name, session, faults && new FaultProfile(faults.spec));
      },
      cap: options.maxSessions,
      idleMs: options.sessionIdleMs,
      events: this.#events,
    });
  }

  /**
   * MK5 G9: where a request naming a session that is not kept is answered when it could not authenticate there:
   * the shared world, read by its refusal alone (a token, the hook's account and token), with no faults and
   * counters of its own, kept nowhere. The session is made by the first request that can authenticate in it: 32
   * requests with no token took every session for an hour.
   */
  unopenedSlot(name: string): WorldSlot {
    return { name, world: this.shared.world, limiter: new RateLimiter(), snapshots: new Map(), faults: null };
  }

  /** The shared slot without a session name, else that session's (made on first use). */
  slotFor(session: string | undefined): WorldSlot {
    return session === undefined ? this.shared : this.sessions.slotFor(session);
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

  /** A base of the process's generated bases (another mock's on the same four), or one generated now, at once. */
  #generate(seed: number, size: WorldSize, generatedAt: number): WorldBase {
    const key = { seed, size, generatedAt, tokenKey: this.tokenKey };
    return this.keep(generatedBases.get(key, GENERATED_BASE_BYTES[size], () => drain(generatingBase(key))));
  }

  /**
   * The generated base of a seed, size and instant for a reset: one held at once; else, once the generations
   * asked before it are done, one generated over turns of the event loop, within the memory budget (507 before
   * anything is generated).
   */
  #generatedBase(seed: number, size: WorldSize, generatedAt: number): Promise<WorldBase> {
    const known = this.knownBase(seed, size, generatedAt);
    if (known) return Promise.resolve(known);
    const generated = this.#generations.then(() => this.#generateInTurns(seed, size, generatedAt));
    this.#generations = generated.catch(() => undefined);
    return generated;
  }

  async #generateInTurns(seed: number, size: WorldSize, generatedAt: number): Promise<WorldBase> {
    // A reset before this one in line may have made it.
    const known = this.knownBase(seed, size, generatedAt);
    if (known) return known;
    const bytes = GENERATED_BASE_BYTES[size];
    this.budget.ensure(bytes, `a world of seed ${seed} and size ${size}`);
    const key = { seed, size, generatedAt, tokenKey: this.tokenKey };
    this.#generatingBytes = bytes;
    try {
      const base = generatedBases.kept(key) ?? generatedBases.keep(key, await inTurns(generatingBase(key)), bytes);
      return this.keep(base);
    } finally {
      this.#generatingBytes = 0;
    }
  }

  /** Keeps a generated base for reuse, made here or elsewhere (standin serve's state worker sends its records). */
  keep(base: WorldBase): WorldBase {
    // Stryker disable next-line ConditionalExpression: always false only costs the walk #otherBasesBytes would skip.
    if (base !== this.#firstBase) this.#onlyFirstBase = false;
    this.#baseBytes.set(base, GENERATED_BASE_BYTES[base.size]);
    this.#bases.unshift(base);
    this.#bases.length = Math.min(this.#bases.length, BASE_CACHE);
    return base;
  }

  /**
   * MK2: back to the world as generated, caught up to its clock: the slot's clock as it is, or `clock` (a
   * new now, earlier too, or real time: how time goes back, MK4). The same base when seed and size stay and,
   * for a clock given, the base was generated at its now (milliseconds, even for the large world); a base
   * generated at the clock's now otherwise (kept bases are reused: back to the start is milliseconds too),
   * over turns of the event loop, other requests answered meanwhile by the world as it was. The new world
   * replaces it at once when it is ready; another reset of the slot meanwhile is refused (ResetInProgressError).
   * @example await worlds.reset(slot, 42, 'small', new Clock({ now: '2026-11-20T09:00:00Z' })) // frozen there
   */
  reset(slot: WorldSlot, seed: number, size = slot.world.size, clock = slot.world.clock): Promise<World> {
    const current = slot.world.base;
    // MK3: a reset that takes a clock gives the world a server started at that instant has, so it keeps the
    // base only when it was generated at that very instant (back to the start); any other base would be
    // caught up over the gap, days of check-ins nobody filled in (after a reset to the past and back to real
    // time, months of them), or hold records from the clock's future.
    const reused =
      current.origin === 'generated' &&
      current.seed === seed &&
      current.size === size &&
      // Stryker disable next-line ConditionalExpression: a base generated at the clock's now is the slot's own, which knownBase finds below: the same base, nothing to ensure.
      (clock === slot.world.clock || clock.nowSeconds() === current.generatedAt);
    const at = clock.nowSeconds();
    return this.#resetTo(slot, clock, () => (reused ? Promise.resolve(current) : this.#generatedBase(seed, size, at)));
  }

  /**
   * MK2 for a world on an imported base (standin import, a full state restored): its changes thrown away, back to
   * that very base, which no seed could generate again; the clock as it is, or `clock`.
   * @example await worlds.resetToBase(slot) // the imported organisation as it was read
   */
  resetToBase(slot: WorldSlot, clock = slot.world.clock): Promise<World> {
    const { base } = slot.world;
    return this.#resetTo(slot, clock, () => Promise.resolve(base));
  }

  /** A reset of the slot to a fresh world on `baseOf()`'s base, once no other reset of the slot is under way. */
  async #resetTo(slot: WorldSlot, clock: Clock, baseOf: () => Promise<WorldBase>): Promise<World> {
    if (this.#resetting.has(slot)) throw new ResetInProgressError(slot.name);
    this.#resetting.add(slot);
    try {
      // LW7: a reset keeps whom the slot's world simulates for, as it keeps its fault profile.
      const world = new World(await baseOf(), { clock, simulate: slot.world.simulate });
      this.#replace(slot, world, 'reset');
      slot.limiter = new RateLimiter();
      return world;
    } finally {
      this.#resetting.delete(slot);
    }
  }

  /**
   * Replaces a slot's world with a saved state (version 1 or 2), its clock included. The new world is
   * rebuilt and checked against the spec and for integrity before it replaces anything (state-rebuild.ts; a page
   * loads it first: loadStateRebuild).
   */
  restore(slot: WorldSlot, state: unknown): World {
    const { world } = rebuildAtHand()(state, this.#verify, (seed, size, at) => this.baseFor(seed, size, at));
    this.install(slot, world);
    return world;
  }

  /**
   * Puts a restored world in the slot's place once it fits the memory budget: what it brings (its records,
   * and an imported base's) in place of what the slot's world holds now.
   */
  install(slot: WorldSlot, world: World): void {
    const { base } = world;
    // Stryker disable next-line ConditionalExpression: always false only costs the walk #otherBasesBytes would skip.
    if (base !== this.#firstBase) this.#onlyFirstBase = false;
    // Every generated base is measured once kept (keep): one not measured yet is an imported one.
    if (!this.#baseBytes.has(base)) this.#baseBytes.set(base, importedBytes(base));
    const brought = world.store.approxBytes + (base.origin === 'imported' ? this.#baseBytes.get(base)! : 0);
    this.budget.ensure(brought - slot.world.store.approxBytes, 'this state');
    this.#replace(slot, world, 'restore');
  }

  /** Takes a snapshot of the slot's world under a name (MK5: its own snapshots). */
  takeSnapshot(slot: WorldSlot, name: string): WorldChanges {
    if (!slot.snapshots.has(name) && slot.snapshots.size >= MAX_SNAPSHOTS) {
      throw new DomainError(
        'conflict',
        `There are already ${MAX_SNAPSHOTS} snapshots, the most one world keeps; delete one with DELETE /__mock/snapshots/{name}.`,
      );
    }
    const { store } = slot.world;
    const bytes = store.changeCount * SNAPSHOT_ENTRY_BYTES;
    const replaced = slot.snapshots.get(name)?.bytes ?? 0;
    this.budget.ensure(bytes - replaced, `a snapshot of ${store.changeCount} changed records`);
    const changes = slot.world.changes();
    // The snapshot shares the world's records: one the world replaces from now on stays alive, and counted.
    store.retainReplaced();
    slot.snapshots.set(name, {
      base: slot.world.base,
      changes,
      bytes,
      recordsBytes: changesBytes(changes),
      layer: store.serial,
    });
    return changes;
  }

  /** Restores a snapshot: its base and changes, its clock included. */
  restoreSnapshot(slot: WorldSlot, name: string): World {
    const snapshot = slot.snapshots.get(name);
    if (!snapshot)
      throw new DomainError(
        'not-found',
        `There is no snapshot ${name}; GET /__mock/snapshots lists them, PUT /__mock/snapshots/{name} takes one.`,
      );
    const clock = Clock.restored(snapshot.changes.now, snapshot.changes.frozen);
    const world = new World(snapshot.base, { clock, simulate: slot.world.simulate }, snapshot.changes);
    // The new layer holds the snapshot's records now: counted there, and kept counted once it replaces them.
    world.store.retainReplaced();
    snapshot.layer = world.store.serial;
    this.#replace(slot, world, 'snapshot');
    return slot.world;
  }

  /**
   * MK4: moves the slot's clock as `move` does (clock-moves.ts' setClock or advanceClock, which the clock controls
   * pass, so that a page loads their code with the controls), the world caught up with it, and tells clock:moved;
   * a move refused tells nothing.
   * @example worlds.moveClock(slot, (world, budget) => advanceClock(world, { days: 1 }, budget)).now
   */
  moveClock(slot: WorldSlot, move: (world: World, budget: MemoryBudget) => ClockView): ClockView {
    return this.#moved(slot, move(slot.world, this.budget));
  }

  /**
   * MK4, LW6: moves the slot's clock as `move` does, step by step (clock-moves.ts' advancingClock or settingClock),
   * lived by `live` (clock-happenings.ts' livedMove: in turns, what waits answered between steps); then tells
   * clock:moved. A move refused tells nothing.
   * @example await worlds.moveClockLived(slot, (world, budget) => advancingClock(world, { days: 7 }, budget), (move) => livedMove(events, slot, move))
   */
  async moveClockLived<T extends ClockView>(
    slot: WorldSlot,
    move: (world: World, budget: MemoryBudget) => Sliced<ClockView>,
    live: (move: Sliced<ClockView>) => Promise<T>,
  ): Promise<T> {
    const view = await live(move(slot.world, this.budget));
    this.#events.emit('clock:moved', { session: slot.name, world: slot.world });
    return view;
  }

  /**
   * LW7: whom the slot's world simulates for from now on (`others`, `all` or `none`); what it did stays.
   * @example worlds.setSimulate(slot, 'none') // { simulate: 'none' }
   */
  setSimulate(slot: WorldSlot, simulate: SimulateMode): { simulate: SimulateMode } {
    slot.world.simulate = simulate;
    return { simulate };
  }

  /** Tells that the slot's clock moved, once its world caught up with it. */
  #moved(slot: WorldSlot, view: ClockView): ClockView {
    this.#events.emit('clock:moved', { session: slot.name, world: slot.world });
    return view;
  }

  /** Puts `world` in the slot's place, at once: no request ever sees a world half replaced. */
  #replace(slot: WorldSlot, world: World, cause: 'reset' | 'restore' | 'snapshot'): void {
    slot.world.store.onChange(null);
    slot.world = world;
    this.#watch(slot);
    this.#events.emit('world:replaced', { session: slot.name, world, cause });
  }

  #slot(name: string | null, world: World, faults: FaultProfile | null): WorldSlot {
    const slot = { name, world, limiter: new RateLimiter(), snapshots: new Map(), faults };
    this.#watch(slot);
    return slot;
  }

  /** Every put and delete of the slot's world is told as record:changed, while anything listens. */
  #watch(slot: WorldSlot): void {
    const { world, name: session } = slot;
    const events = this.#events;
    world.store.onChange((kind, id, previous) => {
      // Stryker disable next-line ConditionalExpression: emitting to nobody does nothing; asking first saves building the event on every write.
      if (events.heard('record:changed')) events.emit('record:changed', { session, world, kind, id, previous });
    });
  }

  /** What every world, snapshot, base and cache keeps beyond the first base, by part (for a refusal). */
  #memoryUse(caches: number): MemoryUse {
    const sessions = new Map<string, number>();
    let snapshots = snapshotBytes(this.shared);
    for (const [name, slot] of this.sessions.slots()) {
      sessions.set(name, slot.world.store.approxBytes);
      snapshots += snapshotBytes(slot);
    }
    const shared = this.shared.world.store.approxBytes;
    return { shared, sessions, snapshots, bases: this.#otherBasesBytes(), caches };
  }

  /** The sum of #memoryUse's parts, without building them: asked on every write. */
  #memoryUsed(caches: number): number {
    let used = caches + slotBytes(this.shared);
    for (const [, slot] of this.sessions.slots()) used += slotBytes(slot);
    return used + this.#otherBasesBytes();
  }

  /** Bases alive besides the first: cached, held by a world or a snapshot, or being generated. */
  #otherBasesBytes(): number {
    // Stryker disable next-line ConditionalExpression: the walk below counts 0 as well while only the first base came.
    if (this.#onlyFirstBase) return this.#generatingBytes;
    const others = new Set<WorldBase>();
    const note = (base: WorldBase) => {
      if (base !== this.#firstBase) others.add(base);
    };
    for (const base of this.#bases) note(base);
    const noteSlot = (slot: WorldSlot) => {
      note(slot.world.base);
      for (const snapshot of slot.snapshots.values()) note(snapshot.base);
    };
    noteSlot(this.shared);
    for (const [, slot] of this.sessions.slots()) noteSlot(slot);
    let bytes = this.#generatingBytes;
    for (const base of others) bytes += this.#baseBytes.get(base) ?? 0;
    return bytes;
  }
}
