// The sort in slices (sort-in-slices.ts): Array.prototype.sort's order, ties kept in their order, at every length
// around its runs, pausing as it goes.
import { describe, expect, it } from 'vitest';
import { drain, SLICE_RECORDS } from './slices.js';
import { runSliced } from '../../test/support/run-sliced.js';
import { sortInSlices } from './sort-in-slices.js';

/** `n` items with keys that repeat (ties) in a scrambled order, each with its place to tell ties apart. */
function scrambled(n: number): Array<{ key: number; place: number }> {
  return Array.from({ length: n }, (_, place) => ({ key: (place * 7919) % 97, place }));
}

const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;

describe('sortInSlices', () => {
  it.each([0, 1, 2, 1023, 1024, 1025, 2048, 3000, 4097, 20_000])(
    'sorts %i items as Array.prototype.sort does, ties in their order, without touching the input',
    (n) => {
      const items = scrambled(n);
      const copy = items.slice();
      const sorted = drain(sortInSlices(items, byKey));
      expect(sorted).toEqual([...items].sort(byKey));
      expect(items).toEqual(copy);
    },
  );

  it('pauses between its runs and every SLICE_RECORDS items of a merge, and not at all in a list of one run', () => {
    const { result, pauses } = runSliced(sortInSlices(scrambled(20_000), byKey));
    expect(result).toHaveLength(20_000);
    // Between 20 runs of 1,024 (19), then within each merge of m items ⌈m / 256⌉ − 1 times: merges of 2,048 (nine,
    // and 1,568 left), 4,096 (four, and 3,616), 8,192 (two, and 3,616), 16,384 (and 3,616), then 20,000.
    expect(SLICE_RECORDS).toBe(256);
    expect(pauses).toBe(19 + (9 * 7 + 6) + (4 * 15 + 14) + (2 * 31 + 14) + (63 + 14) + 78);
    expect(runSliced(sortInSlices(scrambled(1024), byKey)).pauses).toBe(0);
  });
});
