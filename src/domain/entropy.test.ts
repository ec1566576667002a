// Seeded randomness per entity (MK3): the same seed and key give the same draws; chance and pick at their edges.
import { describe, expect, it } from 'vitest';
import { EntityRandom } from './entropy.js';

describe('EntityRandom', () => {
  it('gives a chance equal to the draw no luck: a draw must fall below the probability', () => {
    const draw = new EntityRandom(7, 'edge').random();
    expect(new EntityRandom(7, 'edge').chance(draw)).toBe(false);
    expect(new EntityRandom(7, 'edge').chance(draw + Number.EPSILON)).toBe(true);
  });

  it('refuses to pick from nothing', () => {
    expect(() => new EntityRandom(7).pick([])).toThrow(new RangeError('pick needs at least one item to choose from'));
  });
});
