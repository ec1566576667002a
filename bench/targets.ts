// The targets, judged on one run's figures: throughput only as ratios to the raw baseline and to Prism
// measured in the same run (absolute figures drift on a shared box), the write as CPU against a bare Hono route's
// in the same run, starts, memory and the suite's wall time against fixed limits.
import type { BrowserResult } from './browser.js';
import type { StartsResult } from './cold-start.js';
import type { FloorResult } from './floor.js';
import type { MemoryResult } from './memory.js';
import type { ResetResult } from './reset.js';
import type { RestoreResult, RestoreRun } from './restore.js';
import { round } from './stats.js';
import type { SuiteResult, SuiteRun } from './suite.js';
import type { ScenarioResult, ThroughputResult } from './throughput.js';

export interface TargetCheck {
  key: string;
  /** What is judged, in words. */
  what: string;
  value: number | string | null;
  /** How the value compares with the threshold, e.g. "≥ 0.5× raw" or "< 200 ms". */
  threshold: string;
  /** null: not measured in this run (a part left out, Prism not started). */
  met: boolean | null;
  note?: string;
}

function ratio(of: number, to: number): number {
  return round(of / to, 2);
}

/** A figure with failed requests measured a server that went wrong: never a met target. */
function failures(...rows: Array<ScenarioResult | undefined>): string | undefined {
  const failed = rows.reduce((sum, row) => sum + (row?.failed ?? 0), 0);
  return failed > 0 ? `${failed} failed requests` : undefined;
}

function check(
  key: string,
  what: string,
  value: number | string | null,
  threshold: string,
  met: boolean | null,
  note?: string,
): TargetCheck {
  return { key, what, value, threshold, met: note && met !== null ? false : met, ...(note ? { note } : {}) };
}

export function throughputTargets(t: ThroughputResult): TargetCheck[] {
  const row = (key: string) => t.scenarios.find((s) => s.key === key);
  const rawFailures = failures(t.raw);
  const goal = row('goal')!;
  const prism = row('prism-goal');
  const page = row('goals-page')!;
  const update = row('goal-update')!;
  const small = row('team-week-small')!;
  const large = row('team-week-large')!;
  const vsRaw = (key: string, what: string, of: ScenarioResult, least: number) => {
    // Each round against the raw runs on either side of it (throughput.ts).
    const value = of.vsRaw ?? null;
    if (value === null) return check(key, what, null, `≥ ${least}× raw`, null, 'not measured against raw');
    return check(key, what, value, `≥ ${least}× raw`, value >= least, rawFailures ?? failures(of));
  };
  const goalVsPrism = prism ? ratio(goal.rps, prism.rps) : null;
  // MCP3: a tool call is the REST call plus the protocol's envelope; issue 36 allows it twice the REST CPU.
  const mcpVsRest = (key: string, what: string, mcp: ScenarioResult | undefined, rest: ScenarioResult | undefined) => {
    const value = mcp?.cpuUs && rest?.cpuUs ? ratio(mcp.cpuUs, rest.cpuUs) : null;
    return check(key, what, value, '≤ 2× REST CPU/req', value === null ? null : value <= 2, failures(mcp, rest));
  };
  return [
    vsRaw('goal-vs-raw', 'GET /goals/{id} against raw node:http', goal, 0.5),
    check(
      'goal-vs-prism',
      'GET /goals/{id} against Prism',
      goalVsPrism,
      '≥ 5× Prism',
      goalVsPrism === null ? null : goalVsPrism >= 5,
      prism ? failures(goal, prism) : (t.prismSkipped ?? 'Prism not measured'),
    ),
    vsRaw('goals-page-vs-raw', 'a page of goals against raw node:http', page, 0.2),
    mcpVsRest('mcp-me-vs-rest', 'MCP get_me against GET /me, server CPU per request', row('mcp-me'), row('me')),
    mcpVsRest(
      'mcp-goal-vs-rest',
      'MCP get_goal against GET /goals/{id}, server CPU per request',
      row('mcp-goal'),
      goal,
    ),
    vsRaw('goal-update-vs-raw', 'POST goal update against raw node:http', update, 0.3),
    check(
      'team-week-large-p99',
      'team-week query p99, large world, 1 connection',
      large.p99,
      '< 5 ms',
      large.p99 < 5,
      failures(large),
    ),
    check(
      'team-week-large-vs-small',
      'team-week query p99, large world against small',
      ratio(large.p99, small.p99),
      '≤ 2× small',
      large.p99 <= 2 * small.p99,
      failures(large, small),
    ),
  ];
}

export function startTargets(s: StartsResult): TargetCheck[] {
  const signalCheck = (name: 'SIGTERM' | 'SIGINT') => {
    const outcome = s.npmStart.signals.find((o) => o.signal === name)!;
    return check(
      `npm-start-${name.toLowerCase()}`,
      `${name} to npm start stops the server (port closed within 2 s)`,
      outcome.stopped ? 'yes' : 'no',
      'yes',
      outcome.stopped,
    );
  };
  return [
    check(
      'create-mock',
      'createMock() small, fresh process, import included',
      s.createMock.createMockMs,
      '< 200 ms',
      s.createMock.createMockMs < 200,
    ),
    check(
      'serve-small',
      'standin serve small, spawn to first answer',
      s.serveSmall.medianMs,
      // Issue 34: 200 ms (it was 500 from issue 19; about 340 ms on a quiet box before the CLI's bundle).
      '≤ 200 ms',
      s.serveSmall.medianMs <= 200,
    ),
    check(
      'serve-large',
      'standin serve large, spawn to first answer',
      s.serveLarge.medianMs,
      '< 3000 ms',
      s.serveLarge.medianMs < 3000,
    ),
    check(
      'npm-start',
      'npm start, built checkout, spawn to first answer',
      s.npmStart.medianMs,
      '< 2000 ms',
      s.npmStart.medianMs < 2000,
    ),
    signalCheck('SIGTERM'),
    signalCheck('SIGINT'),
  ];
}

export function memoryTargets(m: MemoryResult): TargetCheck[] {
  // The higher of the two readings, uncollected garbage included: the world must fit both once built and once
  // used, its new records with it.
  const rss = Math.max(m.afterStart.rssMib, m.afterLoad.rssMib);
  return [
    check('rss-large', 'large world RSS, after start and after the load', rss, '< 400 MiB', rss < 400),
    check(
      'rss-growth',
      'large world RSS growth after the load (collected, its records reset)',
      m.growthPercent,
      '≤ 10%',
      m.growthPercent <= 10,
      m.load.failed > 0 ? `${m.load.failed} failed requests` : undefined,
    ),
  ];
}

/** Finding 6 of issue 17: a large restore never stalls other clients, and gives back what it took. */
export function restoreTargets(r: RestoreResult): TargetCheck[] {
  const growth = (r.refused.after.collectedRssMib / r.refused.before.collectedRssMib - 1) * 100;
  const slowest = (key: string, run: RestoreRun, what: string) =>
    check(
      key,
      `slowest answer to other clients during ${what}`,
      run.slowestMs,
      '< 100 ms',
      run.slowestMs < 100,
      run.failed > 0 ? `${run.failed} failed requests` : undefined,
    );
  return [
    slowest('restore-first-slowest', r.first, `a refused ${r.stateMib} MiB PUT /__mock/state, the first`),
    slowest('restore-refused-slowest', r.refused, `a refused ${r.stateMib} MiB PUT /__mock/state`),
    slowest('restore-applied-slowest', r.applied, `an applied ${r.stateMib} MiB PUT /__mock/state`),
    check('restore-refused-rss', 'RSS growth after a refused state (collected)', round(growth, 1), '≤ 5%', growth <= 5),
  ];
}

/** Issue 33, point 8: a reset that generates the large world never stalls other clients. */
export function resetTargets(r: ResetResult): TargetCheck[] {
  const { toLarge, advanceWeek } = r;
  return [
    check(
      'advance-large-slowest',
      'slowest answer to other clients during POST /__mock/clock/advance {"days":7} on the large world',
      advanceWeek.slowestMs,
      '< 100 ms',
      advanceWeek.slowestMs < 100,
      advanceWeek.failed > 0 ? `${advanceWeek.failed} failed requests` : undefined,
    ),
    check(
      'reset-large-slowest',
      'slowest answer to other clients during POST /__mock/reset {"size":"large"} from the small world',
      toLarge.slowestMs,
      '< 100 ms',
      toLarge.slowestMs < 100,
      toLarge.failed > 0 ? `${toLarge.failed} failed requests` : undefined,
    ),
  ];
}

/**
 * Issue 18, item 5: what a page loads before its first answer (200 kB was promised; 180 kB leaves room for what is
 * coming, and test/page-weight.test.ts holds the same budget), and how soon that answer comes.
 */
export function browserTargets(b: BrowserResult): TargetCheck[] {
  const kb = round(b.standin.bytesBeforeAnswer / 1000, 1);
  return [
    check(
      'browser-bytes',
      'JavaScript before the first /api/v2 answer, gzipped, msw excluded',
      kb,
      '≤ 180 kB',
      b.standin.bytesBeforeAnswer <= 180_000,
    ),
    check(
      'browser-first-answer',
      'first /api/v2 answer after a first visit, against a bare MSW handler',
      b.ratio,
      '≤ 2× bare MSW',
      b.ratio <= 2,
    ),
  ];
}

/**
 * Issue 34, the write: standin serve's CPU per `POST /goals/{id}/goal-updates` at most 1.5× a bare Hono route
 * doing the same domain write, both measured in the same run (bench/floor.ts).
 *
 * @example
 *   floorTargets(result); // [{ key: 'floor-write', value: 2.09, threshold: '≤ 1.5× bare Hono', met: false, … }]
 */
export function floorTargets(f: FloorResult): TargetCheck[] {
  const failed = f.subjects.reduce((sum, subject) => sum + subject.failed, 0);
  const value = f.cpuVsHono;
  return [
    check(
      'floor-write',
      'standin serve CPU per POST goal update against a bare Hono route doing the same domain write',
      value,
      '≤ 1.5× bare Hono',
      value === null ? null : value <= 1.5,
      value === null ? 'no CPU figure from /proc' : failed > 0 ? `${failed} failed requests` : undefined,
    ),
  ];
}

/**
 * Issue 34, the suite: `npm test` ≤ 120 s cold (a fresh clone after `npm ci`) and ≤ 90 s warm. A run that
 * failed is a figure with its exit code, never a met target; one that never ran (npm ci failed) is not measured.
 *
 * @example
 *   suiteTargets(result); // [{ key: 'suite-cold', value: 141.1, threshold: '≤ 120 s', met: false }, …]
 */
export function suiteTargets(s: SuiteResult): TargetCheck[] {
  const judged = (key: string, what: string, run: SuiteRun | null, limit: number) => {
    const threshold = `≤ ${limit} s`;
    if (run === null) return check(key, what, null, threshold, null, `npm ci failed (exit ${s.install.exitCode})`);
    const note = run.exitCode === 0 ? undefined : `exit code ${run.exitCode ?? 'none: ended by a signal'}`;
    return check(key, what, run.seconds, threshold, run.seconds <= limit, note);
  };
  return [
    judged('suite-cold', 'npm test in a fresh clone after npm ci (cold)', s.cold, 120),
    judged('suite-warm', 'npm test again in the same clone (warm)', s.warm, 90),
  ];
}
