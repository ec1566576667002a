// The kit as a library call: the preflight, every selected check run in order (runChecks, no test runner), the
// sweep of what the run created, and the same summary `standin contract` prints — rule by rule, with coverage.
import { ALL_GROUPS } from '../checks/index.js';
import type { CheckResult } from './check-result.js';
import type { KitOptions } from './kit-options.js';
import { defaultMockToken } from './mock-token.js';
import { preflight } from './preflight.js';
import { selectedChecks, sourceOfCheck, runChecks } from './runner.js';
import type { GroupReport } from './run-files.js';
import { summarize, type PlannedGroup, type Summary } from './summary.js';
import { sweep } from './sweep.js';

/** What a run checks: KitOptions with the token optional (standin's default person's when left out). */
export type ContractOptions = Omit<KitOptions, 'token' | 'setUp'> & { token?: string };

export interface ContractRun extends Summary {
  /** Every check ran and passed (and, with requireFullCoverage, every operation answered a success). */
  ok: boolean;
}

/** Each group's selected checks, in report order. */
export function plannedGroups(rules: KitOptions['rules']): PlannedGroup[] {
  return ALL_GROUPS.map((g) => ({
    name: g.name,
    title: g.title,
    checks: selectedChecks(g, rules).map((c) => ({ rule: c.rule, title: c.title, source: sourceOfCheck(c) })),
  }));
}

/**
 * Checks the server at `baseUrl` against the spec and the behaviour rules. Throws PreflightError, in one line,
 * when the run cannot work at all (the server does not answer, the token is unknown, or read-only while the
 * run would write).
 * @example
 * const run = await checkContract({ baseUrl: 'http://127.0.0.1:4010/api/v2', readOnly: true });
 * console.log(run.text); // the report; run.results has every check, run.ok says whether all passed
 */
export async function checkContract(
  input: ContractOptions,
  { requireFullCoverage = false }: { requireFullCoverage?: boolean } = {},
): Promise<ContractRun> {
  const started = performance.now();
  const baseUrl = input.baseUrl.replace(/\/+$/, '');
  const token = input.token ?? (await defaultMockToken(baseUrl, input.fetch)) ?? '';
  const options: KitOptions = { runId: `run-${Date.now().toString(36)}`, ...input, baseUrl, token };
  const setUp = await preflight(options);
  const report = await runChecks(ALL_GROUPS, { ...options, setUp });
  await sweep(options);
  const setUpFailures = new Set<CheckResult>(setUp.failures);
  const planned = plannedGroups(options.rules);
  const reports: GroupReport[] = planned.map((group, i) => ({
    group: group.name,
    title: group.title,
    results: report.results.filter((r) => r.group === group.name && !setUpFailures.has(r)),
    // The run's coverage and cleanup belong to no one group: the first report carries them.
    coverage: i === 0 ? report.coverage.toJSON() : {},
    cleanupFailures: i === 0 ? report.cleanupFailures : [],
  }));
  const summary = summarize({
    baseUrl,
    ms: performance.now() - started,
    planned,
    reports,
    setUpFailures: setUp.failures,
    rules: options.rules,
    leftOut: report.leftOut,
  });
  const fullCoverage = summary.coverage.ratio() === 1;
  const ok =
    summary.failed === 0 &&
    summary.notRun === 0 &&
    summary.passed > 0 &&
    report.cleanupFailures.length === 0 &&
    (!requireFullCoverage || fullCoverage);
  return { ...summary, ok };
}
