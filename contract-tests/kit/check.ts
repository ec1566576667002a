// What a contract check is: a rule id, a title, and a run against a kit context; grouped per rule group.
import type { KitContext } from './context.js';

export interface ContractCheck {
  /** The BEHAVIOUR rule id the check proves, e.g. `GU2`; test titles start with it. */
  rule: string;
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

/** Fails a check with a message that names the rule. */
export function fail(rule: string, message: string): never {
  throw new Error(`${rule}: ${message}`);
}

/** Asserts a condition of a rule; the message says what was expected and what came instead. */
export function ensure(condition: unknown, rule: string, message: string): asserts condition {
  if (!condition) fail(rule, message);
}
