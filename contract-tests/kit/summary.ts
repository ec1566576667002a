// The report a person reads at a glance, its summary first: the counts, then each cause of the failures once
// with the checks it took down (one defect fails every check that meets it: failure-causes.ts), and against a
// standin what it had in force; then per rule group and per rule source passed/failed/not run, the coverage of
// operation × status, each cause in detail with its rule's source, the request that failed and what was
// expected, and why checks did not run — apart, those a flag left out by the run's choice. Every selected check
// is in it: the runner gives each one a result, also those an interrupt kept from running.
import type { RuleSource } from '../../src/spec/rule-sources.js';
import type { CheckGroup } from './check.js';
import type { CheckResult } from './check-result.js';
import { isExercised, type Coverage } from './coverage.js';
import { causeOf, groupFailures, type FailureCause } from './failure-causes.js';
import type { RunReport } from './runner.js';
import { SET_UP_GROUP } from './preflight.js';
import { conditionLines, type StandinConditions } from './standin-in-force.js';

export interface Summary {
  text: string;
  /** Set-up failures first, then every selected check, in report order. */
  results: CheckResult[];
  passed: number;
  failed: number;
  notRun: number;
  /** Of the not run, those a flag left out (--read-only; no --modify-existing, --other-token, --read-only-token). */
  notRunByFlag: number;
  coverage: Coverage;
  /** Undo steps of the run that failed: something it created or changed may be left behind. */
  cleanupFailures: string[];
  /** The failures grouped by first cause, the cause that took down the most checks first. */
  causes: FailureCause[];
}

export interface SummaryInput {
  baseUrl: string;
  ms: number;
  /** The groups the run went through, in report order (their titles head the table). */
  groups: readonly Pick<CheckGroup, 'name' | 'title'>[];
  run: Pick<RunReport, 'results' | 'coverage' | 'cleanupFailures' | 'leftOut'>;
  rules?: readonly RuleSource[];
  /** Against a standin: its session and what it had in force at the run's start and end. */
  standin?: StandinConditions | null;
  /** With --explore: what the exploration ran, in one line (its seed, sequences and requests). */
  explored?: string;
}

/** `text` in a column of `width`, and never run into the next column: two spaces at least. */
function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(2, width - text.length));
}

/** The most causes the summary lists (a server unlike the spec throughout may have 150): the detail has them all. */
const CAUSES_LISTED = 10;
/** The most checks the summary names per cause (the detail below names them all), and how much of each title. */
const NAMED_CHECKS = 3;
const NAME_CHARS = 70;

/** A check's name in the summary's list: cut at NAME_CHARS. */
function short(name: string): string {
  return name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name;
}

function brokeText(cause: FailureCause): string {
  return cause.broke.map((b) => `${b.rule} [${b.source}]`).join(', ');
}

/** The summary's lines on the failures: how many causes, and each once with the checks it took down. */
function causeLines(causes: readonly FailureCause[], failed: number): string[] {
  if (causes.length === 0) return [];
  const lines = [
    `${failed} failure${failed === 1 ? '' : 's'} from ${causes.length} cause${causes.length === 1 ? '' : 's'}:`,
  ];
  for (const cause of causes.slice(0, CAUSES_LISTED)) {
    const checks = `${cause.checks.length} check${cause.checks.length === 1 ? '' : 's'}`;
    const more = cause.checks.length > NAMED_CHECKS ? `; and ${cause.checks.length - NAMED_CHECKS} more` : '';
    lines.push(
      `  ${cause.n}. ${checks}: ${cause.text} — broke ${brokeText(cause)}`,
      `       ${cause.checks.slice(0, NAMED_CHECKS).map(short).join('; ')}${more}`,
    );
  }
  const rest = causes.slice(CAUSES_LISTED);
  if (rest.length > 0) {
    const checks = rest.reduce((n, cause) => n + cause.checks.length, 0);
    lines.push(`  and ${rest.length} more causes of ${checks} checks in all: each is in the detail below`);
  }
  return lines;
}

/** Each cause in detail: the first check's message in full, then every check it took down, one line each. */
function causeDetail(causes: readonly FailureCause[], failures: readonly CheckResult[]): string[] {
  if (causes.length === 0) return [];
  const lines = ['', 'failures by cause (each with the source of what broke):'];
  for (const cause of causes) {
    lines.push(
      `  cause ${cause.n} of ${causes.length}, ${cause.checks.length} check${cause.checks.length === 1 ? '' : 's'}: ${cause.text} — broke ${brokeText(cause)}`,
      ...cause.example.split('\n').map((l) => `      ${l}`),
    );
    // The part of a rule that broke, when it is not the whole rule, is said per check (it has its own source).
    for (const f of failures.filter((r) => causeOf(r) === cause.text)) {
      const part = f.broke?.part ? ` — broke ${f.broke.rule} (${f.broke.part}) [${f.broke.source}]` : '';
      lines.push(`    ✗ ${f.rule} ${f.title} [${f.source}]${part}`);
    }
  }
  return lines;
}

/**
 * @example console.log(summarize({ baseUrl, ms, groups: ALL_GROUPS, run: await runChecks(ALL_GROUPS, options) }).text)
 */
export function summarize(input: SummaryInput): Summary {
  const { coverage, cleanupFailures, results } = input.run;
  const setUp = results.filter((r) => r.group === SET_UP_GROUP);
  const grouped = [
    ...(setUp.length > 0 ? [{ title: 'Set-up', results: setUp }] : []),
    ...input.groups.map((g) => ({ title: g.title, results: results.filter((r) => r.group === g.name) })),
  ];
  const all = grouped.flatMap((g) => g.results);
  const count = (outcome: CheckResult['outcome'], results = all) => results.filter((r) => r.outcome === outcome).length;
  const failures = all.filter((r) => r.outcome === 'failed');
  const notRun = all.filter((r) => r.outcome === 'not run');
  const byFlag = notRun.filter((r) => r.flag !== undefined);
  const flags = [...new Set(byFlag.map((r) => r.flag))];
  const chosen = byFlag.length > 0 ? ` (${byFlag.length} because of ${flags.join(', ')})` : '';
  const totals = `${count('passed')} passed, ${failures.length} failed, ${notRun.length} not run${chosen}`;
  const causes = groupFailures(all);
  const selection = input.rules ? input.rules.join(', ') : 'every source';
  // The summary first: what the run met (against standin), the counts, each cause once.
  const lines = [
    `standin contract: ${input.baseUrl} — ${(input.ms / 1000).toFixed(1)} s — rules: ${selection}`,
    ...(input.standin ? conditionLines(input.standin) : []),
    totals,
    ...causeLines(causes, failures.length),
    '',
  ];
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
  const leftOut = Object.entries(input.run.leftOut).filter(([, n]) => n > 0);
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
  lines.push(...causeDetail(causes, failures));
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
  for (const failure of cleanupFailures) lines.push(`  cleanup failed: ${failure}`);
  if (input.explored) lines.push('', input.explored);
  // The counts again, last: where a terminal's scroll ends, and what scripts read.
  lines.push('', totals);
  return {
    text: lines.join('\n'),
    results: all,
    passed: count('passed'),
    failed: failures.length,
    notRun: notRun.length,
    notRunByFlag: byFlag.length,
    coverage,
    cleanupFailures,
    causes,
  };
}

/**
 * Whether a run passes: no check failed, every check ran but those a flag left out (the run's choice), some
 * passed, and the cleanup left nothing behind; under `requireFullCoverage` also every operation answered a
 * success and no flag left a check out. `short` says what full coverage lacks, for the line that explains an
 * exit code of 1.
 * @example verdict(summary, { requireFullCoverage: false }) // { ok: true, short: ['4 checks not run because of a flag'] }
 */
export function verdict(
  summary: Pick<Summary, 'passed' | 'failed' | 'notRun' | 'notRunByFlag' | 'coverage' | 'cleanupFailures'>,
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
    summary.cleanupFailures.length === 0 &&
    (!requireFullCoverage || short.length === 0);
  return { ok, short };
}
