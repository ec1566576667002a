// What a contract run tells its reporter while it runs: the checks start (after a passed preflight), each group
// begins, each check ends, and the run removes what it created. `standin contract` draws them on stderr;
// checkContract hands them to the caller's callback. The verdict is the run's result, not an event.
import type { CheckResult } from './check-result.js';

export type ContractEvent =
  /** The preflight passed: this many checks are about to run (set-up requests that broke a rule: failures). */
  | { type: 'run'; checks: number; setUpFailures: number }
  /** A rule group begins, with the number of its checks the run selected. */
  | { type: 'group'; name: string; title: string; checks: number }
  /** A check ended: passed, failed or not run. */
  | { type: 'check'; result: CheckResult }
  /** The checks are done (or interrupted): the run undoes what it changed and sweeps its marked records. */
  | { type: 'cleanup' };

/** Told each event as it happens; what it throws ends the run (the undo steps of the cleanup still run). */
export type ContractReporter = (event: ContractEvent) => void;
