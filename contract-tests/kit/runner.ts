// Runs check groups against one target in-process, no test runner: the engine of every run (checkContract,
// hence `standin contract`, and the self-test). Owns which checks a --rules selection keeps, how one check's
// run becomes passed, failed (with the rule and source that broke) or not run (with the reason), and the
// order: each selected check once, group by group, then the cleanup.
import { getCompiledSpec } from '../../src/spec/compiled-spec.js';
import type { RuleSource } from '../../src/spec/rule-sources.js';
import type { CheckGroup, ContractCheck } from './check.js';
import type { CheckResult } from './check-result.js';
import { exchangeCause, messageCause } from './failure-causes.js';
import { NotRun, RuleFailure } from './failures.js';

export type { CheckResult } from './check-result.js';
import { ContractViolation } from './checking-client.js';
import { KitContext, type KitOptions } from './context.js';
import type { Coverage } from './coverage.js';
import { preflight } from './preflight.js';
import type { ContractReporter } from './progress.js';

export interface RunReport {
  /** Set-up failures (group `set-up`) first, then one result per selected check, in group order. */
  results: CheckResult[];
  /** Checks a --rules selection left out, by source. */
  leftOut: Partial<Record<RuleSource, number>>;
  coverage: Coverage;
  cleanupFailures: string[];
  ms: number;
}

/** The source of a check: its rule's, or its part's. */
export function sourceOfCheck(check: Pick<ContractCheck, 'rule' | 'part'>): RuleSource {
  return getCompiledSpec().rules.sourceOf(check.rule, check.part);
}

/** The checks of a group that a --rules selection keeps (all without one). */
function selectedChecks(group: CheckGroup, rules?: readonly RuleSource[]): ContractCheck[] {
  return rules ? group.checks.filter((c) => rules.includes(sourceOfCheck(c))) : group.checks;
}

/** How many checks of the groups a selection leaves out, per source. */
function leftOutBy(groups: readonly CheckGroup[], rules?: readonly RuleSource[]): Partial<Record<RuleSource, number>> {
  const counts: Partial<Record<RuleSource, number>> = {};
  if (!rules) return counts;
  for (const check of groups.flatMap((g) => g.checks)) {
    const source = sourceOfCheck(check);
    if (!rules.includes(source)) counts[source] = (counts[source] ?? 0) + 1;
  }
  return counts;
}

/** Runs one check: passed, not run with its reason, or failed with the message and the rule that broke. */
async function runCheck(group: CheckGroup, check: ContractCheck, ctx: KitContext): Promise<CheckResult> {
  const base = { group: group.name, rule: check.rule, source: sourceOfCheck(check), title: check.title };
  try {
    await check.run(ctx);
    return { ...base, outcome: 'passed' };
  } catch (error) {
    if (error instanceof NotRun)
      return { ...base, outcome: 'not run', message: error.reason, ...(error.flag ? { flag: error.flag } : {}) };
    const named = error instanceof RuleFailure || error instanceof ContractViolation ? error : null;
    const broke = named?.rule
      ? { rule: named.rule, part: named.part, source: getCompiledSpec().rules.sourceOf(named.rule, named.part) }
      : undefined;
    const message = (error as Error).message;
    const cause =
      error instanceof ContractViolation
        ? exchangeCause(error.exchange.method, error.exchange.path, error.problems)
        : messageCause(message);
    return { ...base, outcome: 'failed', message, ...(broke ? { broke } : {}), cause };
  }
}

export interface RunControls {
  /** Told when the checks start, each group begins, each check ends, and the cleanup starts. */
  onProgress?: ContractReporter;
  /** Once aborted, no further check starts (the one under way ends): the rest are not run, and cleanup runs. */
  signal?: AbortSignal;
}

/** Why a check did not run after an interrupt: not a flag's choice, so the run does not pass. */
export const INTERRUPTED = 'the run was interrupted before this check';

/**
 * Runs every selected check of the groups in order, then cleans up. Set-up failures of a rule come first
 * in the results; a set-up that cannot work at all throws PreflightError.
 * @example const { results } = await runChecks(ALL_GROUPS, { baseUrl, token }, { onProgress: console.log });
 */
export async function runChecks(
  groups: readonly CheckGroup[],
  options: KitOptions,
  { onProgress, signal }: RunControls = {},
): Promise<RunReport> {
  const started = performance.now();
  const setUp = options.setUp ?? (await preflight(options));
  const ctx = await KitContext.start({ ...options, setUp });
  const results: CheckResult[] = [...setUp.failures];
  const selected = groups.map((group) => ({ group, checks: selectedChecks(group, options.rules) }));
  let cleanupFailures: string[] = [];
  try {
    onProgress?.({
      type: 'run',
      checks: selected.reduce((n, s) => n + s.checks.length, 0),
      setUpFailures: setUp.failures.length,
    });
    for (const { group, checks } of selected) {
      onProgress?.({ type: 'group', name: group.name, title: group.title, checks: checks.length });
      for (const check of checks) {
        const result = signal?.aborted
          ? {
              group: group.name,
              rule: check.rule,
              source: sourceOfCheck(check),
              title: check.title,
              outcome: 'not run' as const,
              message: INTERRUPTED,
            }
          : await runCheck(group, check, ctx);
        results.push(result);
        onProgress?.({ type: 'check', result });
      }
    }
  } finally {
    onProgress?.({ type: 'cleanup' });
    cleanupFailures = await ctx.cleanup.run();
  }
  return {
    results,
    leftOut: leftOutBy(groups, options.rules),
    coverage: ctx.coverage,
    cleanupFailures,
    ms: Math.round(performance.now() - started),
  };
}
