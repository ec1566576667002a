// How a check ends other than passing: not run (with the reason), or failed naming the rule, and the part of
// it, that broke, so that the report can show where that rule comes from.

/**
 * A check that cannot run with the options given; reported as not run with the reason, never as passed.
 * `flag` names the flag that leaves it out, when one does: given (`--read-only`) or not given
 * (`--modify-existing`, `--other-token`, `--read-only-token`). Such a check is out by the run's choice, and
 * fails the run only under --require-full-coverage.
 */
export class NotRun extends Error {
  constructor(
    readonly reason: string,
    readonly flag?: string,
  ) {
    super(reason);
    this.name = 'NotRun';
  }
}

/** A broken rule: the message names it, and the report shows where the rule (or its part) comes from. */
export class RuleFailure extends Error {
  constructor(
    readonly rule: string,
    message: string,
    readonly part?: string,
  ) {
    super(`${rule}: ${message}`);
    this.name = 'RuleFailure';
  }
}

/** Fails a check with a message that names the rule (and the part of it, when its source differs). */
export function fail(rule: string, message: string, part?: string): never {
  throw new RuleFailure(rule, message, part);
}

/** Asserts a condition of a rule; the message says what was expected and what came instead. */
export function ensure(condition: unknown, rule: string, message: string, part?: string): asserts condition {
  if (!condition) fail(rule, message, part);
}
