// Sliced work (src/domain/slices.ts) run over turns of the event loop: a stretch of slices, then a turn for what
// waits (other clients' requests), so a long job — a world a reset generates, a restored state's world built on
// standin serve — never holds a server or a page for more than about SLICE_MS at a time (issue 33).
import type { Sliced } from '../domain/slices.js';

/** The longest stretch of slices before what waits gets a turn: far below the 100 ms a client may wait. */
export const SLICE_MS = 8;

/** A turn of the event loop: what is waiting goes first (setImmediate in Node; a task in a page, which has none). */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * Runs sliced work to its end, giving what waits a turn whenever a stretch took SLICE_MS.
 * @example const base = await inTurns(WorldBase.build(contents, worldWriter, 'imported'))
 */
export async function inTurns<R>(work: Sliced<R>): Promise<R> {
  let started = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - started >= SLICE_MS) {
      await nextTurn();
      started = performance.now();
    }
  }
}
