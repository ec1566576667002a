// One list of an index: items in an order, where an item that belongs at either end goes there in constant
// time. A plain sorted array moves every item to put one first — and in a newest-first index (a goal's
// updates, comments, activities) a new record always comes first: a goal with 30,000 updates paid 20 µs per
// update for the move. Kept as two arrays back to back, the front one reversed, like a deque.
import type { Sliced } from './slices.js';
import { sortInSlices } from './sort-in-slices.js';

/**
 * @example
 * const list = new SortedList<number>();
 * list.insert(3, (a, b) => a - b); list.insert(1, (a, b) => a - b); [...list] // [1, 3]
 */
export class SortedList<T> implements Iterable<T> {
  /** The items before `#back`'s, last one first. */
  #front: T[] = [];
  #back: T[] = [];

  get length(): number {
    return this.#front.length + this.#back.length;
  }

  /** The item at a position in the list's order. */
  at(index: number): T | undefined {
    const front = this.#front.length;
    return index < front ? this.#front[front - 1 - index] : this.#back[index - front];
  }

  /** Adds at the end, unsorted: a bulk load, sorted once afterwards with `sort`. */
  push(item: T): void {
    this.#back.push(item);
  }

  sort(compare: (a: T, b: T) => number): void {
    this.#back = this.#copy().sort(compare);
    this.#front = [];
  }

  /**
   * `sort`, a slice at a time (sort-in-slices.ts: the same order): a base's largest lists run to hundreds of
   * thousands (the large world's check-ins by date), which one sort takes a quarter of a second over.
   * @example yield* list.sorting(compare)
   */
  *sorting(compare: (a: T, b: T) => number): Sliced<void> {
    this.#back = yield* sortInSlices(this.#copy(), compare);
    this.#front = [];
  }

  /** Inserts in `compare`'s order, after any equal items (binary search). */
  insert(item: T, compare: (a: T, b: T) => number): void {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(this.at(mid)!, item) <= 0) low = mid + 1;
      else high = mid;
    }
    const front = this.#front.length;
    // At either end a push (splice, even at the end of an array, costs what the array holds).
    // Stryker disable next-line ConditionalExpression: at 0 the next branch puts it at the front's end as well (a splice there is a push).
    if (low === 0) this.#front.push(item);
    else if (low === this.length) this.#back.push(item);
    // Stryker disable next-line EqualityOperator: at low === front both parts put the item in the same place (the front's first, the back's start).
    else if (low <= front) this.#front.splice(front - low, 0, item);
    else this.#back.splice(low - front, 0, item);
  }

  /** Takes an item out; recent ones, the most often changed, are searched first (near either end). */
  remove(item: T): boolean {
    const inFront = this.#front.lastIndexOf(item);
    if (inFront >= 0) {
      this.#front.splice(inFront, 1);
      return true;
    }
    const inBack = this.#back.lastIndexOf(item);
    if (inBack >= 0) this.#back.splice(inBack, 1);
    return inBack >= 0;
  }

  /** The items in order; no copy while nothing was put first since the last sort. */
  toArray(): readonly T[] {
    // Stryker disable next-line ConditionalExpression: a copy in every case reads the same; the check saves it.
    return this.#front.length === 0 ? this.#back : [...this];
  }

  /**
   * The items in order, a new array: a bulk load's, all pushed, without a walk of the iterator (a small world's base
   * sorts some 1,700 lists at its start, each spread through the generator before).
   */
  #copy(): T[] {
    return this.#front.length === 0 ? this.#back.slice() : [...this];
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (let i = this.#front.length - 1; i >= 0; i--) yield this.#front[i]!;
    yield* this.#back;
  }
}
