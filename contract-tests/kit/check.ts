// What a contract check is: a rule id (and the part of the rule it proves), a title, and a run against a kit
// context; grouped per rule group. What a check's failure names: the rule, and the part, that broke.
import type { KitContext } from './context.js';

export interface ContractCheck {
  /** The BEHAVIOUR rule id the check proves, e.g. `GU2`; test titles start with it. */
  rule: string;
  /** The part of the rule the check's core claim rests on (spec `x-rules`), when its source differs from the rule's. */
  part?: string;
  title: string;
  run(ctx: KitContext): Promise<void>;
}

export interface CheckGroup {
  /** Short name, also the file name: `goals`, `check-ins`, … */
  name: string;
  title: string;
  checks: ContractCheck[];
}

/** A check that cannot run with the options given; reported as not run with the reason, never as passed. */
export class NotRun extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotRun';
  }
}

/** A broken rule: the message names it, and the report shows where the rule (or its part) comes from. */
export class RuleFailure extends Error {
  constructor(readonly rule: string, message: string, readonly part?: string) {
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
