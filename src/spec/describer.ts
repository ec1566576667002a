// Who writes a refused value's G8 description (describe-errors.ts, about 2 kB gzipped in a page): in Node, put in
// place with the specs (spec-source.ts); in a page, loaded with the first request a check refuses, the first that
// sends a body, the first control or a kept world's restore (spec-source.browser.ts), for a first answer is seldom
// a refusal (test/page-weight.test.ts).
import type { describeErrors } from './describe-errors.js';

type Describe = typeof describeErrors;

let describe: Describe | null = null;

/** Thrown by a check that refuses a value before its describer is in place (a page's): load it, then check again. */
export class DescriberNotLoaded extends Error {
  constructor() {
    super('standin: the G8 descriptions are not loaded yet; await loadDescriber() and check again');
  }
}

/** Puts the describer in place, or takes it away (null: a test of a page's first refusal). */
export function useDescriber(describeWith: Describe | null): void {
  describe = describeWith;
}

/** Whether the describer is in place. */
export function describerAtHand(): boolean {
  return describe !== null;
}

/**
 * The describer, or DescriberNotLoaded.
 * @example describer()(validate.errors ?? [], value, 'query', 'query')
 */
export function describer(): Describe {
  if (!describe) throw new DescriberNotLoaded();
  return describe;
}
