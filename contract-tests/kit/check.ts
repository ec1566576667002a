// What a contract check is: a rule id (and the part of the rule it proves), a title, and a run against a kit
// context; grouped per rule group. (How a check fails or does not run: failures.ts, re-exported here.)
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

export { ensure, NotRun } from './failures.js';
