// `--fail-on`: which changes fail a run (and its JUnit cases): breaking ones (the default), any, or none.
import type { Category, DriftChange } from './drift-change.js';

export type FailOn = 'breaking' | 'any' | 'never';
export const FAIL_ON: readonly FailOn[] = ['breaking', 'any', 'never'];

/**
 * @example failsRun('any', 'compatible') // true
 */
export function failsRun(failOn: FailOn, category: Category): boolean {
  return failOn === 'any' || (failOn === 'breaking' && category === 'breaking');
}

/** The changes that fail the run under `failOn`. */
export function failingChanges(changes: readonly DriftChange[], failOn: FailOn): DriftChange[] {
  return changes.filter((change) => failsRun(failOn, change.category));
}
