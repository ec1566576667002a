// A sort that pauses between slices (slices.ts): the generator's creation orders run to 119,000 goal updates in the
// large world, which Array.prototype.sort orders in one go of tens of milliseconds, past what a server may hold
// other clients for while it generates a world (issue 33). Its result is Array.prototype.sort's, ties included.
import { SLICE_RECORDS, type Sliced } from './slices.js';

/** Items sorted at once per run before the runs are merged: about a millisecond of sorting. */
const RUN = 4 * SLICE_RECORDS;

/** Where a merge of two neighbouring runs of `from` into `to` stands. */
interface Merge {
  left: number;
  middle: number;
  right: number;
  high: number;
  /** The next place of `to` to fill. */
  at: number;
}

/**
 * Moves up to `count` items of a merge into place, taking the left run's item on a tie (stable). A plain function,
 * not the generator's body: the hot loop is optimized as a generator's is not always.
 */
function mergeSome<T>(from: readonly T[], to: T[], merge: Merge, count: number, compare: (a: T, b: T) => number) {
  const end = Math.min(merge.high, merge.at + count);
  let { left, right, at } = merge;
  const { middle, high } = merge;
  for (; at < end; at++) {
    to[at] =
      right >= high || (left < middle && compare(from[left]!, from[right]!) <= 0) ? from[left++]! : from[right++]!;
  }
  merge.left = left;
  merge.right = right;
  merge.at = at;
}

/**
 * `items` sorted by `compare` into a new array, as `[...items].sort(compare)` sorts them (stably: runs sorted by
 * the stable Array.prototype.sort, merged taking the earlier run's item on a tie), pausing between the runs sorted
 * and every SLICE_RECORDS items merged.
 * @example const ordered = yield* sortInSlices(updates, (a, b) => a.createdAt - b.createdAt)
 */
export function* sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number): Sliced<T[]> {
  const n = items.length;
  let from: T[] = [];
  for (let at = 0; at < n; at += RUN) {
    for (const item of items.slice(at, at + RUN).sort(compare)) from.push(item);
    // A list of one run is sorted at once, as Array.prototype.sort would, with no pause.
    if (at + RUN < n) yield;
  }
  let to: T[] = from.slice();
  for (let width = RUN; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n);
      const merge: Merge = { left: low, middle, right: middle, high: Math.min(low + 2 * width, n), at: low };
      for (;;) {
        mergeSome(from, to, merge, SLICE_RECORDS, compare);
        if (merge.at === merge.high) break;
        yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
