// What one check's run came to: passed, failed (with the rule and source that broke) or not run (with why).
import type { RuleSource } from '../../src/spec/rule-sources.js';

export interface CheckResult {
  group: string;
  rule: string;
  /** Where the check's rule (or part) comes from. */
  source: RuleSource;
  title: string;
  outcome: 'passed' | 'failed' | 'not run';
  message?: string;
  /** Not run because of a flag given or not given (NotRun's flag): that flag. */
  flag?: string;
  /** On failure, the rule that broke and its source, when the failure names one (it may differ from the check's). */
  broke?: { rule: string; part?: string; source: RuleSource };
  /**
   * On failure, its first cause in words the same for every check it took down (failure-causes.ts): the
   * operation and what was expected, or the rule's message with its ids left out. The report groups by it.
   */
  cause?: string;
}
