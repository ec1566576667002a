// The report a person reads at a glance: per rule group and per rule source passed/failed/not run, the
// coverage of operation × status, each failure with its rule's source, the request that failed and what was
// expected, and why checks did not run — apart, those a flag left out by the run's choice. Every selected check
// is accounted for, reported or not.
import type { RuleSource } from '../../src/spec/rule-sources.js';
import { Coverage, isExercised } from './coverage.js';
import type { GroupReport } from './run-files.js';
import type { CheckResult } from './check-result.js';

export interface Summary {
  text: string;
  results: CheckResult[];
  passed: number;
  failed: number;
  notRun: number;
  /** Of the not run, those a flag left out (--read-only; no --modify-existing, --other-token, --read-only-token). */
  notRunByFlag: number;
  coverage: Coverage;
}

/** What a run was to check: each group's selected checks, in report order. */
export interface PlannedGroup {
  name: string;
  title: string;
  checks: Array<{ rule: string; title: string; source: RuleSource }>;
}

export interface SummaryInput {
  baseUrl: string;
  ms: number;
  planned: readonly PlannedGroup[];
  reports: readonly GroupReport[];
  /** Set-up requests that broke a rule. */
  setUpFailures: readonly CheckResult[];
  rules?: readonly RuleSource[];
  leftOut: Partial<Record<RuleSource, number>>;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/**
 * The results of every planned check: its group's report where there is one, else not run with the reason
 * (a group whose worker failed before reporting still shows each of its checks).
 */
export function accountFor(planned: readonly PlannedGroup[], reports: readonly GroupReport[]): CheckResult[] {
  const byGroup = new Map(reports.map((r) => [r.group, r.results]));
  return planned.flatMap((group) => {
    const reported = byGroup.get(group.name) ?? [];
    return group.checks.map(
      (check) =>
        reported.find((r) => r.rule === check.rule && r.title === check.title) ?? {
          group: group.name,
          rule: check.rule,
          source: check.source,
          title: check.title,
          outcome: 'not run' as const,
          message: byGroup.has(group.name)
            ? 'the group ended before this check ran'
            : 'its group reported nothing (the test runner failed it; see its output above)',
        },
    );
  });
}

/**
 * @example console.log(summarize({ baseUrl, ms, planned, reports, setUpFailures: [], leftOut: {} }).text)
 */
export function summarize(input: SummaryInput): Summary {
  const coverage = new Coverage();
  for (const report of input.reports) {
    for (const [op, statuses] of Object.entries(report.coverage)) {
      for (const [status, count] of Object.entries(statuses)) coverage.record(op, Number(status), count);
    }
  }
  const grouped = [
    ...(input.setUpFailures.length > 0 ? [{ title: 'Set-up', results: [...input.setUpFailures] }] : []),
    ...input.planned.map((g) => ({ title: g.title, results: accountFor([g], input.reports) })),
  ];
  const all = grouped.flatMap((g) => g.results);
  const count = (outcome: CheckResult['outcome'], results = all) => results.filter((r) => r.outcome === outcome).length;
  const selection = input.rules ? input.rules.join(', ') : 'every source';
  const lines = [`standin contract: ${input.baseUrl} — ${(input.ms / 1000).toFixed(1)} s — rules: ${selection}`, ''];
  lines.push(`${pad('rule group', 36)}${pad('passed', 8)}${pad('failed', 8)}not run`);
  for (const g of grouped)
    lines.push(
      `${pad(g.title, 36)}${pad(String(count('passed', g.results)), 8)}${pad(String(count('failed', g.results)), 8)}${count('not run', g.results)}`,
    );
  lines.push('', `${pad('rule source', 36)}${pad('passed', 8)}${pad('failed', 8)}not run`);
  for (const source of ['interface', 'production', 'decided'] as const) {
    const of = all.filter((r) => r.source === source);
    if (of.length > 0)
      lines.push(
        `${pad(source, 36)}${pad(String(count('passed', of)), 8)}${pad(String(count('failed', of)), 8)}${count('not run', of)}`,
      );
  }
  const leftOut = Object.entries(input.leftOut).filter(([, n]) => n > 0);
  if (leftOut.length > 0)
    lines.push(`left out by --rules: ${leftOut.map(([source, n]) => `${n} ${source}`).join(', ')}`);
  const rows = coverage.rows();
  const exercised = rows.filter(isExercised).length;
  lines.push(
    '',
    `coverage: ${exercised}/${rows.length} operations answered a success (${Math.round(coverage.ratio() * 100)}%); statuses seen:`,
  );
  for (const row of rows) {
    lines.push(
      `  ${isExercised(row) ? ' ' : '!'} ${pad(row.operationId, 26)}${pad(`${row.method} ${row.path}`, 52)}${row.statuses.join(' ') || 'never called'}`,
    );
  }
  const failures = all.filter((r) => r.outcome === 'failed');
  if (failures.length > 0) {
    lines.push('', 'failures (each with the source of what broke):');
    for (const f of failures) {
      const broke =
        f.broke && (f.broke.rule !== f.rule || f.broke.source !== f.source)
          ? ` — broke ${f.broke.rule}${f.broke.part ? ` (${f.broke.part})` : ''} [${f.broke.source}]`
          : '';
      lines.push(
        `  ✗ ${f.rule} ${f.title} [${f.source}]${broke}`,
        ...String(f.message)
          .split('\n')
          .map((l) => `      ${l}`),
      );
    }
  }
  const notRun = all.filter((r) => r.outcome === 'not run');
  const byFlag = notRun.filter((r) => r.flag !== undefined);
  const flags = [...new Set(byFlag.map((r) => r.flag))];
  if (byFlag.length > 0) {
    lines.push(
      '',
      `not run because of ${flags.join(', ')} (the run's choice; only --require-full-coverage fails on them):`,
    );
    for (const n of byFlag) lines.push(`  - ${n.rule} ${n.title} [${n.source}]: ${n.message}`);
  }
  if (notRun.length > byFlag.length) {
    lines.push('', 'not run:');
    for (const n of notRun)
      if (n.flag === undefined) lines.push(`  - ${n.rule} ${n.title} [${n.source}]: ${n.message}`);
  }
  for (const report of input.reports) {
    for (const failure of report.cleanupFailures) lines.push(`  cleanup failed: ${failure}`);
  }
  const chosen = byFlag.length > 0 ? ` (${byFlag.length} because of ${flags.join(', ')})` : '';
  lines.push('', `${count('passed')} passed, ${failures.length} failed, ${notRun.length} not run${chosen}`);
  return {
    text: lines.join('\n'),
    results: all,
    passed: count('passed'),
    failed: failures.length,
    notRun: notRun.length,
    notRunByFlag: byFlag.length,
    coverage,
  };
}

/**
 * Whether a run passes: no check failed, every check ran but those a flag left out (the run's choice), and
 * some passed; under `requireFullCoverage` also every operation answered a success and no flag left a check
 * out. `short` says what full coverage lacks, for the line that explains an exit code of 1.
 * @example verdict(summary, { requireFullCoverage: false }) // { ok: true, short: ['4 checks not run because of a flag'] }
 */
export function verdict(
  summary: Pick<Summary, 'passed' | 'failed' | 'notRun' | 'notRunByFlag' | 'coverage'>,
  { requireFullCoverage }: { requireFullCoverage: boolean },
): { ok: boolean; short: string[] } {
  const short = [
    ...(summary.coverage.ratio() < 1 ? ['coverage below 100%'] : []),
    ...(summary.notRunByFlag > 0
      ? [`${summary.notRunByFlag} check${summary.notRunByFlag === 1 ? '' : 's'} not run because of a flag`]
      : []),
  ];
  const ok =
    summary.failed === 0 &&
    summary.notRun === summary.notRunByFlag &&
    summary.passed > 0 &&
    (!requireFullCoverage || short.length === 0);
  return { ok, short };
}
