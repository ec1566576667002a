// A priority queue of timed things in one total order: instant, then kind, then key (LW6: a catch-up applies what
// is due in this order, so one step of a week and 168 steps of an hour apply the same acts in the same order).
// A binary heap: a week of the large world queues some 60,000 acts.

/** What the queue orders: an instant, a kind's rank among those of one instant, and a key among those. */
export interface Timed {
  at: number;
  order: number;
  key: string;
}

/** Negative when `a` comes first. @example compareTimed({ at: 1, order: 0, key: 'a' }, { at: 1, order: 2, key: '' }) // -2 */
export function compareTimed(a: Timed, b: Timed): number {
  return a.at - b.at || a.order - b.order || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * @example
 * const queue = new TimedQueue<Timed>();
 * queue.push({ at: 2, order: 0, key: 'b' }); queue.push({ at: 1, order: 0, key: 'a' });
 * queue.pop()?.key // 'a'
 */
export class TimedQueue<T extends Timed> {
  readonly #heap: T[] = [];

  get size(): number {
    return this.#heap.length;
  }

  peek(): T | undefined {
    return this.#heap[0];
  }

  push(item: T): void {
    const heap = this.#heap;
    let i = heap.push(item) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compareTimed(heap[parent]!, item) <= 0) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = item;
  }

  pop(): T | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && compareTimed(heap[right]!, heap[left]!) < 0 ? right : left;
      if (compareTimed(heap[child]!, last) >= 0) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
