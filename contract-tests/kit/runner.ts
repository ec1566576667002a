// Runs check groups against one target without a test runner (the self-test's engine, and a library
// entry), and owns what both runners share: which checks a --rules selection keeps, and how one check's
// run becomes passed, failed (with the rule and source that broke) or not run (with the reason).
import { getCompiledSpec } from '../../src/spec/compiled-spec.js';
import type { RuleSource } from '../../src/spec/rule-sources.js';
import type { CheckGroup, ContractCheck } from './check.js';
import type { CheckResult } from './check-result.js';
import { NotRun, RuleFailure } from './failures.js';

export type { CheckResult } from './check-result.js';
import { ContractViolation } from './checking-client.js';
import { KitContext, type KitOptions } from './context.js';
import type { Coverage } from './coverage.js';
import { preflight } from './preflight.js';

export interface RunReport {
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
export function selectedChecks(group: CheckGroup, rules?: readonly RuleSource[]): ContractCheck[] {
  return rules ? group.checks.filter((c) => rules.includes(sourceOfCheck(c))) : group.checks;
}

/** How many checks of the groups a selection leaves out, per source. */
export function leftOutBy(
  groups: readonly CheckGroup[],
  rules?: readonly RuleSource[],
): Partial<Record<RuleSource, number>> {
  const counts: Partial<Record<RuleSource, number>> = {};
  if (!rules) return counts;
  for (const check of groups.flatMap((g) => g.checks)) {
    const source = sourceOfCheck(check);
    if (!rules.includes(source)) counts[source] = (counts[source] ?? 0) + 1;
  }
  return counts;
}

/** Runs one check: passed, not run with its reason, or failed with the message and the rule that broke. */
export async function runCheck(group: CheckGroup, check: ContractCheck, ctx: KitContext): Promise<CheckResult> {
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
    return { ...base, outcome: 'failed', message: (error as Error).message, ...(broke ? { broke } : {}) };
  }
}

/**
 * Runs every selected check of the groups in order, then cleans up. Set-up failures of a rule come first
 * in the results; a set-up that cannot work at all throws PreflightError.
 * @example const { results } = await runChecks(ALL_GROUPS, { baseUrl, token });
 */
export async function runChecks(groups: readonly CheckGroup[], options: KitOptions): Promise<RunReport> {
  const started = performance.now();
  const setUp = options.setUp ?? (await preflight(options));
  const ctx = await KitContext.start({ ...options, setUp });
  const results: CheckResult[] = [...setUp.failures];
  let cleanupFailures: string[] = [];
  try {
    for (const group of groups) {
      for (const check of selectedChecks(group, options.rules)) results.push(await runCheck(group, check, ctx));
    }
  } finally {
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
