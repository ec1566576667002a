// The worlds a mock serves and what they cost: the memory budget's meter part by part, and the refusals of
// what would go over it (a session, a snapshot, a reset to a new base, a restored state), each before anything
// is replaced.
import { describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { approxBytes } from '../domain/approx-bytes.js';
import { Clock } from '../domain/clock.js';
import { RECORD_KINDS } from '../domain/record-kinds.js';
import { WorldBase } from '../domain/world-base.js';
import { World } from '../domain/world.js';
import { BudgetError } from './memory-budget.js';
import { MockEvents } from './mock-events.js';
import { snapshotBytes } from './sessions.js';
import { ResetInProgressError, Worlds, type WorldsOptions } from './worlds.js';
import { advanceClock, setClock } from './clock-moves.js';

const NOW = '2026-11-20T15:00:00Z';
const CACHES = 1_000;
const SMALL_BASE = 4 * 2 ** 20;

function worlds(options: Partial<WorldsOptions> = {}): Worlds {
  return new Worlds({
    seed: 42,
    size: 'small',
    now: NOW,
    verify: () => [],
    maxSessions: 8,
    sessionIdleMs: 0,
    faults: null,
    memoryBudget: 512 * 2 ** 20,
    cacheBytes: () => CACHES,
    events: new MockEvents(),
    ...options,
  });
}

/** Renames the first `n` goals of a world: `n` changed records, returned as put. */
function touch(world: World, n: number) {
  const goals = [...world.store.goalsInOrder()].slice(0, n).map((goal) => ({ ...goal, title: `${goal.title}!` }));
  for (const goal of goals) world.store.putGoal(goal);
  return goals;
}

/** The meter's total from its parts. */
function sum(w: Worlds): number {
  const use = w.budget.use();
  return use.shared + [...use.sessions.values()].reduce((a, b) => a + b, 0) + use.snapshots + use.bases + use.caches;
}

/** What an imported base's records weigh (it is held whole). */
function recordsBytes(base: WorldBase): number {
  let bytes = 0;
  for (const kind of RECORD_KINDS) for (const record of base.store.table(kind).values()) bytes += approxBytes(record);
  return bytes;
}

function refused(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(BudgetError);
    return (error as Error).message;
  }
  throw new Error('it was not refused');
}

/** The budget's refusal of a reset (a promise: a reset may generate its base over turns of the event loop). */
async function refusedReset(reset: Promise<unknown>): Promise<string> {
  const error: unknown = await reset.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(BudgetError);
  return (error as Error).message;
}

describe('Worlds: what the memory budget counts', () => {
  it('counts each world, session, snapshot, other base and cache, and its total is their sum', async () => {
    const w = worlds();
    touch(w.shared.world, 3);
    w.takeSnapshot(w.shared, 'a');
    const session = w.slotFor('s1');
    touch(session.world, 2);
    w.takeSnapshot(session, 'b');
    await w.reset(w.slotFor('s2'), 7);
    const use = w.budget.use();
    expect(use.shared).toBe(w.shared.world.store.approxBytes);
    expect(use.shared).toBeGreaterThan(0);
    expect([...use.sessions]).toEqual([
      ['s1', session.world.store.approxBytes],
      ['s2', 0],
    ]);
    // A snapshot of a live layer costs an entry per change; its records are the layer's.
    expect(w.shared.world.store.changeCount).toBe(3);
    expect(use.snapshots).toBe(3 * 48 + 2 * 48);
    expect(use.bases).toBe(SMALL_BASE);
    expect(use.caches).toBe(CACHES);
    expect(w.budget.used()).toBe(sum(w));
    expect(w.shared.world.base.origin).toBe('generated');
  });

  it.each([
    ['the shared world', (w: Worlds) => w.shared],
    ["a session's", (w: Worlds) => w.slotFor('s1')],
  ])('counts a base only a snapshot of %s holds, once the cache has let it go', async (_, slotOf) => {
    const w = worlds();
    const slot = slotOf(w);
    await w.reset(slot, 7);
    w.takeSnapshot(slot, 'seven');
    await w.reset(slot, 42, 'small', new Clock({ now: NOW }));
    const first = w.shared.world.base;
    expect(slot.world.base).toBe(first);
    w.keep(first);
    w.keep(first);
    expect(w.budget.use().bases).toBe(SMALL_BASE);
    slot.snapshots.delete('seven');
    expect(w.budget.use().bases).toBe(0);
  });

  it("counts a snapshot's records once a reset took its layer away, deletions for nothing", async () => {
    const w = worlds();
    const put = touch(w.shared.world, 2);
    const update = [...w.shared.world.store.updatesOfGoal(put[0]!.id)][0]!;
    w.shared.world.store.deleteGoalUpdate(update);
    w.takeSnapshot(w.shared, 'a');
    await w.reset(w.shared, 42);
    const records = put.reduce((bytes, goal) => bytes + approxBytes(goal), 0);
    expect(snapshotBytes(w.shared)).toBe(3 * 48 + records);
    expect(w.budget.use().snapshots).toBe(3 * 48 + records);
  });

  it('counts a base only when it is not the first one: cached, held by a world, or by a snapshot', async () => {
    const w = worlds();
    expect(w.budget.use().bases).toBe(0);
    await w.reset(w.shared, 42, 'small', new Clock({ now: NOW }));
    expect(w.budget.use().bases).toBe(0);
    await w.reset(w.shared, 7);
    w.takeSnapshot(w.shared, 'seven');
    await w.reset(w.shared, 8);
    // 7 in a snapshot and the cache, 8 in the shared world and the cache, each once; 42 is the first.
    expect(w.budget.use().bases).toBe(2 * SMALL_BASE);
    expect(w.budget.used()).toBe(sum(w));
  });
});

describe('Worlds: resets that generate a base over turns of the event loop', () => {
  it('refuses another reset of a world while one is under way, and generates one base at a time, in the order asked', async () => {
    const w = worlds();
    const order: string[] = [];
    const shared = w.reset(w.shared, 11).then(() => order.push('shared'));
    // Refused even when it would need no new base: its answer would come before the first's world.
    const again = await w.reset(w.shared, 42).then(
      () => null,
      (error: unknown) => error,
    );
    expect(again).toBeInstanceOf(ResetInProgressError);
    expect((again as Error).message).toMatch(/^Another POST \/__mock\/reset of the shared world is under way/);
    // Another world's reset is not held up by it.
    const cheap = await w.resetToBase(w.slotFor('s1'));
    expect(w.slotFor('s1').world).toBe(cheap);
    const one = w.reset(w.slotFor('s1'), 12).then(() => order.push('s1'));
    // The same base asked for twice in line is generated once: the second finds the first's.
    const two = w.reset(w.slotFor('s2'), 12).then(() => order.push('s2'));
    await expect(w.reset(w.slotFor('s2'), 12)).rejects.toThrow(/of session s2's world is under way/);
    await Promise.all([shared, one, two]);
    expect(order).toEqual(['shared', 's1', 's2']);
    expect(w.shared.world.seed).toBe(11);
    expect(w.slotFor('s1').world.base).toBe(w.slotFor('s2').world.base);
    // Each reset done, the next of the same world is taken.
    expect((await w.reset(w.shared, 42)).seed).toBe(42);
  });

  it('counts the base being generated against the budget until it is kept', async () => {
    const w = worlds();
    let during = -1;
    const reset = w.reset(w.shared, 14);
    // Read between two of the generation's slices: a turn of the event loop it gave to others.
    await new Promise((resolve) => setImmediate(resolve));
    during = w.budget.use().bases;
    await reset;
    expect(during).toBe(SMALL_BASE);
    expect(w.budget.use().bases).toBe(SMALL_BASE);
    expect(w.budget.used()).toBe(sum(w));
  });
});

describe('Worlds: refusals before anything changes', () => {
  it('refuses a new session that would go over, guessing from the last session made', () => {
    const w = worlds({ memoryBudget: CACHES + 64 * 1024 });
    expect(() => w.slotFor('first')).not.toThrow();
    touch(w.shared.world, 1);
    expect(refused(() => w.slotFor('second'))).toContain('a new session (about ');
    expect([...w.sessions.slots()].map(([name]) => name)).toEqual(['first']);
  });

  it('refuses a reset to a base it would have to make, and never one it keeps', async () => {
    const w = worlds({ memoryBudget: CACHES + 2 ** 20 });
    await w.reset(w.shared, 42);
    // The world's own base, on a clock moved on: kept, however far the clock went.
    w.shared.world.clock.advance(86_400_000);
    await w.reset(w.shared, 42);
    expect(await refusedReset(w.reset(w.shared, 7))).toContain('a world of seed 7 and size small');
    expect(await refusedReset(w.reset(w.shared, 42, 'large'))).toContain('a world of seed 42 and size large');
    expect(w.shared.world.base.seed).toBe(42);
    expect(w.shared.world.size).toBe('small');
  });

  it('resets to a base the cache keeps without asking for room', async () => {
    const w = worlds({ memoryBudget: CACHES + 2 * SMALL_BASE + 2 ** 20 });
    await w.reset(w.shared, 7);
    await w.reset(w.shared, 8);
    expect(w.budget.use().bases).toBe(2 * SMALL_BASE);
    await w.reset(w.shared, 7);
    expect(w.shared.world.base.seed).toBe(7);
  });

  it('resets an imported world to a generated base of its seed', async () => {
    const w = worlds();
    const contents = generateWorld({ seed: 42, size: 'small', now: Date.parse(NOW) / 1000 });
    w.install(
      w.shared,
      new World(new WorldBase(contents, worldWriter, 'imported'), { clock: new Clock({ now: NOW }) }),
    );
    expect(w.shared.world.base.origin).toBe('imported');
    await w.reset(w.shared, 42);
    expect(w.shared.world.base.origin).toBe('generated');
  });

  it("refuses a snapshot over the budget, and counts a retaken one's entries once", () => {
    const probe = worlds();
    touch(probe.shared.world, 4);
    probe.takeSnapshot(probe.shared, 'a');
    const w = worlds({ memoryBudget: probe.budget.used() - 1 });
    touch(w.shared.world, 4);
    expect(refused(() => w.takeSnapshot(w.shared, 'a'))).toContain('a snapshot of 4 changed records');
    const roomy = worlds({ memoryBudget: probe.budget.used() });
    touch(roomy.shared.world, 4);
    roomy.takeSnapshot(roomy.shared, 'a');
    expect(() => roomy.takeSnapshot(roomy.shared, 'a')).not.toThrow();
  });

  it('names a snapshot it does not have, and how to list and take one', () => {
    expect(() => worlds().restoreSnapshot(worlds().shared, 'gone')).toThrow(
      'There is no snapshot gone; GET /__mock/snapshots lists them, PUT /__mock/snapshots/{name} takes one.',
    );
  });

  it("installs a restored world when what it brings fits, an imported base's records included", () => {
    const contents = generateWorld({ seed: 9, size: 'small', now: Date.parse(NOW) / 1000 });
    const imported = () =>
      new World(new WorldBase(contents, worldWriter, 'imported'), { clock: new Clock({ now: NOW }) });
    const probe = worlds();
    touch(probe.shared.world, 2);
    const before = probe.budget.used();
    const world = imported();
    probe.install(probe.shared, world);
    expect(probe.budget.use().bases).toBe(recordsBytes(world.base));
    const brought = probe.budget.used() - before;
    expect(brought).toBe(recordsBytes(world.base) + world.store.approxBytes - (before - CACHES));

    const tight = worlds({ memoryBudget: before + brought - 1 });
    touch(tight.shared.world, 2);
    expect(refused(() => tight.install(tight.shared, imported()))).toContain('this state');
    expect(tight.shared.world.base.origin).toBe('generated');
    const exact = worlds({ memoryBudget: before + brought });
    touch(exact.shared.world, 2);
    expect(() => exact.install(exact.shared, imported())).not.toThrow();
  });

  it("installs a world on a generated base for its own records only (the base is the cache's to count)", () => {
    const probe = worlds();
    touch(probe.shared.world, 2);
    const before = probe.budget.used();
    const own = before - CACHES;
    const generated = new World(probe.baseFor(7, 'small', Date.parse(NOW) / 1000), { clock: new Clock({ now: NOW }) });
    touch(generated, 1);
    // The base is made before the install (cached, counted); the install asks for the world's records alone.
    const w = worlds({ memoryBudget: before + SMALL_BASE + generated.store.approxBytes - own });
    touch(w.shared.world, 2);
    const again = new World(w.baseFor(7, 'small', Date.parse(NOW) / 1000), { clock: new Clock({ now: NOW }) });
    touch(again, 1);
    const told: string[] = [];
    const events = new MockEvents();
    const watched = worlds({ events });
    events.on('world:replaced', (e) => told.push(e.cause));
    watched.install(watched.shared, new World(watched.shared.world.base, { clock: new Clock({ now: NOW }) }));
    expect(told).toEqual(['restore']);
    expect(() => w.install(w.shared, again)).not.toThrow();
    expect(w.shared.world).toBe(again);
    // A generated base is counted at its size, whatever its records would weigh.
    expect(w.budget.use().bases).toBe(SMALL_BASE);
  });
});

describe('Worlds: a clock move tells itself (MK4)', () => {
  it('sets and advances a slot’s clock and tells clock:moved with its world, once per move', () => {
    const events = new MockEvents();
    const w = worlds({ events });
    const moved: Array<[string | null, World, string]> = [];
    events.on('clock:moved', ({ session, world }) =>
      moved.push([session, world, new Date(world.clock.nowMs()).toISOString()]),
    );
    const session = w.slotFor('s1');
    expect(w.moveClock(session, (world, budget) => advanceClock(world, { days: 1 }, budget))).toEqual({
      now: '2026-11-21T15:00:00Z',
      frozen: true,
    });
    // Frozen: a running clock read in the listener is some milliseconds on under load (once 7 ms).
    expect(w.moveClock(w.shared, (world, budget) => setClock(world, '2026-11-22T09:00:00Z', true, budget))).toEqual({
      now: '2026-11-22T09:00:00Z',
      frozen: true,
    });
    expect(moved).toEqual([
      ['s1', session.world, '2026-11-21T15:00:00.000Z'],
      [null, w.shared.world, '2026-11-22T09:00:00.000Z'],
    ]);
  });

  it('tells nothing of a move it refuses', () => {
    const events = new MockEvents();
    const w = worlds({ events });
    let told = 0;
    events.on('clock:moved', () => told++);
    expect(() =>
      w.moveClock(w.shared, (world, budget) => setClock(world, '2026-11-19T09:00:00Z', undefined, budget)),
    ).toThrow(/must not be before/);
    expect(() => w.moveClock(w.shared, (world, budget) => advanceClock(world, { days: 400 }, budget))).toThrow(
      /at most 366 days/,
    );
    expect(told).toBe(0);
  });
});
