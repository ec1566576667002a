// What the explorer's oracle says when a sequence breaks a rule (issue 37): the rule, and which of its three levels
// judged it (the spec, HTTP semantics, or a domain rule), so that a report says where a failure came from; and the
// two helpers every file of steps judges and picks with.
import { RuleFailure } from '../kit/failures.js';

/** Which oracle a failure came from: the spec, HTTP semantics, or a domain rule. */
export type OracleLevel = 'spec' | 'http' | 'domain';

/** A broken expectation of the explorer: the rule, and the oracle level that judged it. */
export class ExploreFailure extends RuleFailure {
  constructor(
    readonly level: OracleLevel,
    rule: string,
    message: string,
  ) {
    super(rule, `${message} (${level === 'http' ? 'HTTP semantics' : level === 'domain' ? 'domain rule' : 'spec'})`);
    this.name = 'ExploreFailure';
  }
}

export function expect(condition: unknown, level: OracleLevel, rule: string, message: string): asserts condition {
  if (!condition) throw new ExploreFailure(level, rule, message);
}

/** An index taken modulo how many there are: a step's pick stays valid whatever the model holds. */
export const pickOf = <T>(items: readonly T[], pick = 0): T => items[pick % items.length]!;
