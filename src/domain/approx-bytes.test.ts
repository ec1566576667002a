// The estimates a memory budget adds up, against what the heap really holds after a full collection: on the
// high side, and not so far above that a budget would refuse what fits.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { approxBytes } from './approx-bytes.js';
import { Clock } from './clock.js';
import type { Goal } from './records.js';
import { WorldBase } from './world-base.js';
import { World } from './world.js';

// V8's gc(), fetched once: each runInNewContext makes a context of its own, garbage for a later collection.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * The heap's data once full collections stop freeing anything. Code spaces are left out: what V8 compiles and
 * optimizes during a change depends on when its compiler threads get a core, so on a busy machine it varied by
 * more than the tolerance, while records never live there. One collection was not enough in a worker that ran
 * other files first (isolate: false): a year of check-ins once seemed to keep 139 KB, not its 1.9 MB, as if
 * `before` held garbage that only a later collection freed (a node:vm context, likely: V8 frees one that is no
 * longer used some collections later). Collecting until nothing more is freed measures both ends settled.
 */
function heapAfterCollection(): number {
  const data = () =>
    getHeapSpaceStatistics()
      .filter((space) => !space.space_name.includes('code'))
      .reduce((sum, space) => sum + space.space_used_size, 0);
  gc();
  let used = data();
  for (let i = 0; i < 10; i++) {
    gc();
    const now = data();
    if (now >= used) break;
    used = now;
  }
  return used;
}

const NOW = Date.parse('2026-11-20T15:00:00Z');
const base = new WorldBase(generateWorld({ seed: 42, size: 'small', now: NOW / 1000 }), worldWriter, 'generated');

describe('approxBytes', () => {
  it('counts strings at one byte a character, two once one does not fit, and objects and arrays with slots', () => {
    expect(approxBytes('')).toBe(16);
    expect(approxBytes('abcd')).toBe(20);
    expect(approxBytes('café')).toBe(20);
    expect(approxBytes('ab€d')).toBe(24);
    expect(approxBytes('😀')).toBe(20);
    expect(approxBytes(7)).toBe(16);
    expect(approxBytes(['ab'])).toBe(32 + 8 + 18);
    expect(approxBytes({ id: 'ab', n: 1, tags: [] })).toBe(32 + (8 + 18) + (8 + 16) + (8 + 32));
  });

  it.each<[string, (world: World) => void]>([
    [
      'a year of check-ins caught up',
      (world: World) => {
        world.clock.advance(366 * 86_400_000);
        world.catchUp();
      },
    ],
    ...['0', '€'].map((character): [string, (world: World) => void] => [
      `2,000 goals with 2,000-character descriptions of "${character}", then each replaced`,
      (world: World) => {
        const template = world.store.goals.values().next().value as Goal;
        for (const round of ['a', 'b']) {
          for (let i = 0; i < 2000; i++) {
            const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
            const description = `${round}${character.repeat(1999)}`;
            world.store.putGoal({ ...template, id, title: `Goal ${i}`, description });
          }
        }
      },
    ]),
  ])('of %s, a layer holds about what it estimates (within -10% and +100%)', (_what, change) => {
    const world = new World(base, { clock: new Clock({ now: new Date(NOW).toISOString() }) });
    const before = heapAfterCollection();
    change(world);
    const actual = heapAfterCollection() - before;
    const estimated = world.store.approxBytes;
    expect(actual).toBeGreaterThan(1_000_000);
    expect(estimated).toBeGreaterThanOrEqual(0.9 * actual);
    expect(estimated).toBeLessThanOrEqual(2 * actual);
  });

  it('forgets what a layer replaced or deleted, unless a snapshot may hold it', () => {
    const world = new World(base, { clock: new Clock({ now: new Date(NOW).toISOString() }) });
    const goal = world.store.goals.values().next().value as Goal;
    const empty = world.store.approxBytes;
    world.store.putGoal({ ...goal, description: 'x'.repeat(10_000) });
    const once = world.store.approxBytes;
    expect(once - empty).toBeGreaterThan(10_000);
    world.store.putGoal({ ...goal, description: 'y'.repeat(10_000) });
    expect(world.store.approxBytes).toBe(once);
    world.store.retainReplaced();
    world.store.putGoal({ ...goal, description: 'z'.repeat(10_000) });
    expect(world.store.approxBytes - once).toBeGreaterThan(10_000);
  });
});

describe('approxBytes: depth', () => {
  it('stops at a depth, however deep arrays nest below it', () => {
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : [nest(levels - 1)]);
    expect(approxBytes(nest(40))).toBe(approxBytes(nest(10)));
    expect(approxBytes(nest(2))).toBeLessThan(approxBytes(nest(3)));
  });
});

describe('approxBytes: what counts', () => {
  it('weighs null as a scalar, stops at depth 4 in objects as in arrays (strings are weighed at any), and counts own keys only', () => {
    expect(approxBytes(null)).toBe(approxBytes(0));
    const deep = (levels: number): unknown => (levels === 0 ? 'leaf' : { next: deep(levels - 1) });
    // A string is weighed at any depth; an object at depth 4 only as its slot.
    expect(approxBytes(deep(5))).toBe(approxBytes(deep(6)));
    expect(approxBytes(deep(40))).toBe(approxBytes(deep(6)));
    const inheriting: unknown = Object.create({ inherited: 'x'.repeat(100) }) as object;
    expect(approxBytes(inheriting)).toBe(approxBytes({}));
  });
});
