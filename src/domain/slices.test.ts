// Work in slices (slices.ts): a base and a world built a slice at a time pause between slices, often enough that
// a server can answer others meanwhile, and are the same base and world as those built at once.
import { describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { Clock } from './clock.js';
import { inSlices, SLICE_RECORDS } from './slices.js';
import { runSliced } from '../../test/support/run-sliced.js';
import type { Change } from './table.js';
import { WorldBase } from './world-base.js';
import { exportFullState } from './world-state.js';
import { World, type WorldChanges } from './world.js';

const NOW = Date.parse('2026-11-20T15:00:00Z') / 1000;
const contents = generateWorld({ seed: 42, size: 'small', now: NOW });
const base = new WorldBase(contents, worldWriter, 'generated');
const clock = () => new Clock({ now: NOW * 1000 });

/** 5,000 comments more over the base: changes as a state of changes brings them. */
function manyComments(): WorldChanges {
  const world = new World(base, { clock: clock() });
  const [template] = contents.comments;
  const comments: Array<Change<unknown>> = Array.from({ length: 5000 }, (_, i) => {
    const id = `c0ffee00-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
    return { id, record: { ...template!, id, seq: 2_000_000_000 + i } };
  });
  const changes = world.changes();
  return { ...changes, tables: { ...changes.tables, comments: comments as WorldChanges['tables']['comments'] } };
}

describe('work in slices', () => {
  const records = [
    contents.goals,
    contents.goalUpdates,
    contents.checkIns,
    contents.comments,
    contents.reactions,
    contents.activities,
  ].reduce((sum, list) => sum + list.length, 0);
  const changes = manyComments();

  it.each([
    [
      'a base of the small world',
      () => WorldBase.build(contents, worldWriter, 'generated'),
      () => new WorldBase(contents, worldWriter, 'generated'),
      records,
      (built: WorldBase) => exportFullState(new World(built, { clock: clock() })),
    ],
    [
      'a world of 5,000 changes',
      () => World.build(base, { clock: clock() }, changes),
      () => new World(base, { clock: clock() }, changes),
      5000,
      (built: World) => exportFullState(built),
    ],
  ] as const)(
    '%s pauses after every SLICE_RECORDS records or fewer, and is what building it at once makes',
    (_name, sliced, atOnce, count, state) => {
      const { result, pauses } = runSliced<WorldBase | World>(sliced());
      expect(pauses).toBeGreaterThanOrEqual(Math.floor(count / SLICE_RECORDS));
      expect(state(result as never)).toEqual(state(atOnce() as never));
    },
  );

  it('pauses once after each whole SLICE_RECORDS items, acting on each once, in order', () => {
    const seen: number[] = [];
    const items = Array.from({ length: 2 * SLICE_RECORDS + SLICE_RECORDS / 2 }, (_, i) => i);
    const { pauses } = runSliced(inSlices(items, (item) => seen.push(item)));
    expect(pauses).toBe(2);
    expect(seen).toEqual(items);
  });
});
