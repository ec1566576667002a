// Seeded randomness per entity (MK3): the same seed and key give the same draws; chance and pick at their edges; a
// sample in slices is the sample.
import { describe, expect, it } from 'vitest';
import { EntityRandom } from './entropy.js';
import { SLICE_RECORDS } from './slices.js';

describe('EntityRandom', () => {
  it('gives a chance equal to the draw no luck: a draw must fall below the probability', () => {
    const draw = new EntityRandom(7, 'edge').random();
    expect(new EntityRandom(7, 'edge').chance(draw)).toBe(false);
    expect(new EntityRandom(7, 'edge').chance(draw + Number.EPSILON)).toBe(true);
  });

  it('refuses to pick from nothing', () => {
    expect(() => new EntityRandom(7).pick([])).toThrow(new RangeError('pick needs at least one item to choose from'));
  });

  it.each([0, 3, 2_000, 20_000])('samples %i of 10,000 items in slices as at once, and draws as much', (count) => {
    const items = Array.from({ length: 10_000 }, (_, i) => i);
    const atOnce = new EntityRandom(7, 'sample');
    const sliced = new EntityRandom(7, 'sample');
    const work = sliced.sampleInSlices(items, count);
    let pauses = 0;
    let step = work.next();
    for (; !step.done; step = work.next()) pauses++;
    expect(step.value).toEqual(atOnce.sample(items, count));
    expect(step.value).toHaveLength(Math.min(count, items.length));
    expect(pauses).toBe(Math.floor(items.length / SLICE_RECORDS));
    expect(sliced.random()).toBe(atOnce.random());
  });
});
