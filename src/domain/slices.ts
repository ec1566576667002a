// Long jobs of the domain (loading a base's records, applying a state's changes) written once, as generators
// that pause between slices of work: run at once by `drain`, or spread over turns of an event loop by a server
// that must keep answering meanwhile (standin serve's restore, src/server/state-loader.ts).

/** Records handled between two pauses: a fraction of a millisecond of work. */
export const SLICE_RECORDS = 256;

/** Work that yields between slices and returns its result at the end. */
export type Sliced<R> = Generator<void, R, void>;

/**
 * Runs sliced work to its end at once and returns its result.
 * @example const base = drain(WorldBase.build(contents, worldWriter, 'imported'))
 */
export function drain<R>(work: Sliced<R>): R {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/**
 * `act` on every item, pausing after every SLICE_RECORDS of them.
 * @example yield* inSlices(contents.goals, (goal) => store.putGoal(goal))
 */
export function* inSlices<T>(items: Iterable<T>, act: (item: T) => void): Sliced<void> {
  let count = 0;
  for (const item of items) {
    act(item);
    // Stryker disable next-line UpdateOperator: counting down pauses as often (-256 % 256 is -0, which === 0).
    if (++count % SLICE_RECORDS === 0) yield;
  }
}
