// Runs sliced work (src/domain/slices.ts) to its end in a test, counting the pauses it made on the way: the
// tests of work in slices hold both what it returns and that it paused as often as its size asks.
import type { Sliced } from '../../src/domain/slices.js';

/**
 * Runs `work` to its end: what it returned and how many times it paused.
 * @example const { result, pauses } = runSliced(sortInSlices(items, byKey)); expect(pauses).toBeGreaterThan(0);
 */
export function runSliced<R>(work: Sliced<R>): { result: R; pauses: number } {
  let pauses = 0;
  for (;;) {
    const step = work.next();
    if (step.done) return { result: step.value, pauses };
    pauses++;
  }
}
