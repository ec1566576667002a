// Sliced work (src/domain/slices.ts) run over turns of the event loop: a stretch of slices, then a turn for what
// waits (other clients' requests), so a long job — a world a reset generates, a restored state's world built on
// standin serve — never holds a server or a page for more than about SLICE_MS at a time (issue 33).
import type { Sliced } from '../domain/slices.js';

/** The longest stretch of slices before what waits gets a turn: far below the 100 ms a client may wait. */
const SLICE_MS = 8;

/** A turn of the event loop: what is waiting goes first (setImmediate in Node; a task in a page, which has none). */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * What a caller of inTurns does around each turn it gives: `before` it (a microtask's work of its own, awaited), and
 * after it, whether the work goes on (`goOn`: false ends it there, undefined its result).
 */
export interface AroundTurns {
  before?(): Promise<void>;
  goOn?(): boolean;
}

/**
 * Runs sliced work to its end, giving what waits a turn whenever a stretch took SLICE_MS.
 * @example const base = await inTurns(WorldBase.build(contents, worldWriter, 'imported'))
 */
export async function inTurns<R>(work: Sliced<R>): Promise<R>;
export async function inTurns<R>(work: Sliced<R>, around: AroundTurns): Promise<R | undefined>;
export async function inTurns<R>(work: Sliced<R>, around: AroundTurns = {}): Promise<R | undefined> {
  let started = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - started >= SLICE_MS) {
      await around.before?.();
      await nextTurn();
      if (around.goOn?.() === false) return undefined;
      started = performance.now();
    }
  }
}
