// What a run leaves: one markdown table on stdout (absolute figures, ratios, met / not met per target) and the
// whole run as JSON under bench/results/, by timestamp and as latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserResult, PageResult } from './browser.js';
import type { StartsResult } from './cold-start.js';
import type { FloorResult } from './floor.js';
import type { Machine } from './machine.js';
import type { MemoryReading, MemoryResult } from './memory.js';
import type { Meanwhile, ResetResult, ResetRun } from './reset.js';
import type { RestoreResult, RestoreRun } from './restore.js';
import { round } from './stats.js';
import type { SuiteResult, SuiteRun } from './suite.js';
import type { TargetCheck } from './targets.js';
import type { ScenarioResult, ThroughputResult } from './throughput.js';

export interface Results {
  machine: Machine;
  options: { seconds: number; rounds: number; warmupSeconds: number; connections: number; parts: string[] };
  /** Wall-clock time of the whole run, in seconds. */
  elapsedSeconds: number;
  loadAverageAtEnd: number;
  throughput: ThroughputResult | null;
  floor: FloorResult | null;
  suite: SuiteResult | null;
  starts: StartsResult | null;
  memory: MemoryResult | null;
  restore: RestoreResult | null;
  reset: ResetResult | null;
  browser: BrowserResult | null;
  targets: TargetCheck[];
}

const number = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => (value >= 10_000 ? `${round(value / 1000, 1)} s` : `${number(Math.round(value))} ms`);
const kb = (bytes: number) => `${round(bytes / 1000, 1)} kB`;

/** A page's scripts before its first answer: each file's gzipped size, msw's chunk marked. */
function scriptList(page: PageResult): string {
  return page.scripts
    .map(
      (script) =>
        `${script.file.replace(/-[\w-]{8}\.js$/, '.js')} ${kb(script.gzipBytes)}${script.msw ? ' (msw)' : ''}`,
    )
    .join(' · ');
}

function loadFigure(row: ScenarioResult): string {
  const failed = row.failed ? ` · **${number(row.failed)} failed**` : '';
  const cpu = row.cpuUs !== null && row.cpuUs !== undefined ? ` · server CPU ${row.cpuUs} µs/req` : '';
  if (row.load === 'one-connection')
    return `p99 ${row.p99} ms · p50 ${row.p50} ms · ${number(row.rps)} req/s${cpu}${failed}`;
  return `${number(row.rps)} req/s · p50 ${row.p50} ms · p99 ${row.p99} ms${cpu}${failed}`;
}

function verdict(target: TargetCheck | undefined): [string, string] {
  if (!target) return ['', ''];
  const result = target.met === null ? 'not measured' : target.met ? 'met' : '**not met**';
  return [target.threshold, target.note ? `${result} (${target.note})` : result];
}

/** The one table of a run. */
export function table(results: Results): string[] {
  const targets = new Map(results.targets.map((t) => [t.key, t]));
  const lines = ['| part | figure | value | ratio | target | result |', '|---|---|---:|---:|---|---|'];
  const row = (part: string, figure: string, value: string, ratio = '', target?: string) =>
    lines.push(
      `| ${part} | ${figure} | ${value} | ${ratio} | ${verdict(target ? targets.get(target) : undefined).join(' | ')} |`,
    );
  if (results.throughput) throughputRows(results.throughput, row);
  floorRows(results.floor, row);
  if (results.starts) startRows(results.starts, row);
  const m = results.memory;
  if (m) {
    const part = 'memory, large world';
    const shown = (r: MemoryReading) =>
      `${r.rssMib} MiB · after a full collection ${r.collectedRssMib} MiB, heap kept ${r.heapMib} MiB`;
    row(part, 'RSS after start', shown(m.afterStart));
    row(
      part,
      `RSS after ${m.loadSeconds} s of the mixed profile (${number(m.load.rps)} req/s), its records kept`,
      shown(m.afterLoad),
      '',
      'rss-large',
    );
    row(part, 'RSS highest under load (uncollected garbage included)', `${m.peakMib} MiB`);
    row(part, 'then reset to the generated world (MK2)', shown(m.afterReset));
    row(
      part,
      'RSS growth after the load, collected and reset, against after start, collected',
      `${m.growthPercent > 0 ? '+' : ''}${m.growthPercent}%`,
      '',
      'rss-growth',
    );
  }
  const r = results.restore;
  if (r) {
    const part = 'restore, large world';
    const shown = (m: MemoryReading) => `${m.rssMib} MiB · after a full collection ${m.collectedRssMib} MiB`;
    const growth = (run: RestoreRun) =>
      `${run.after.collectedRssMib >= run.before.collectedRssMib ? '+' : ''}${round(run.after.collectedRssMib - run.before.collectedRssMib)} MiB`;
    row(
      part,
      `the state: changes (version 2) of ${number(r.changedCheckIns)} check-ins, the clock run on ${r.days} days`,
      `${r.stateMib} MiB`,
    );
    for (const [what, run, target] of [
      ['refused (422), the first large body of a fresh server', r.first, 'restore-first-slowest'],
      ['refused (422) again', r.refused, 'restore-refused-slowest'],
      ['applied (200)', r.applied, 'restore-applied-slowest'],
    ] as const) {
      row(
        part,
        `PUT /__mock/state ${what}: slowest of ${number(run.answers)} GET /me meanwhile`,
        `${run.slowestMs} ms · the PUT ${ms(run.putMs)}${run.failed ? ` · **${number(run.failed)} failed**` : ''}`,
        '',
        target,
      );
      row(
        part,
        '↳ RSS before → after',
        `${shown(run.before)} → ${shown(run.after)}`,
        run === r.applied
          ? `${(run.after.collectedRssMib / r.source.collectedRssMib).toFixed(2)}× its source`
          : growth(run),
        run === r.refused ? 'restore-refused-rss' : undefined,
      );
    }
    row(part, 'RSS of the server the state came from (the same world, its clock run on)', shown(r.source));
  }
  if (results.reset) resetRows(results.reset, row);
  const b = results.browser;
  if (b) {
    const part = 'browser, Chromium';
    row(
      part,
      "README's quick start, demo build: JavaScript before the first /api/v2 answer, gzipped, msw excluded",
      kb(b.standin.bytesBeforeAnswer),
      '',
      'browser-bytes',
    );
    row(part, '↳ its scripts then, gzipped', scriptList(b.standin));
    row(part, 'the same page on a bare MSW handler: the same, msw excluded', kb(b.bare.bytesBeforeAnswer));
    row(part, '↳ its scripts then, gzipped', scriptList(b.bare));
    row(
      part,
      `README's quick start: first answer after a first visit, median of ${b.standin.visitsMs.length}`,
      ms(b.standin.medianMs),
      `${b.ratio.toFixed(2)}× bare MSW`,
      'browser-first-answer',
    );
    row(part, `the bare MSW page, the same, alternating with it`, ms(b.bare.medianMs), '1.00× bare MSW');
    row(
      part,
      'the first visits (the worker installed): the quick start, the bare MSW page',
      `${ms(b.standin.firstVisitMs)}, ${ms(b.bare.firstVisitMs)}`,
    );
    row(
      part,
      "README's quick start on Vite's dev server (npm run dev), first visit: every byte up to the first answer",
      `${round(b.dev.bytes / 1e6, 1)} MB in ${number(b.dev.requests)} requests`,
    );
    row(
      part,
      '↳ its largest files',
      b.dev.largest
        .map((file) => `${file.path.replace(/^.*\/(node_modules\/|dist\/)/, '$1')} ${kb(file.bytes)}`)
        .join(' · '),
    );
  }
  suiteRows(results.suite, row);
  return lines;
}

/** A row of the table: its part, figure, value, ratio and the key of its target. */
type Row = (part: string, figure: string, value: string, ratio?: string, target?: string) => void;

/** The write floor's rows (issue 34): each server's CPU per POST, and standin's against bare Hono's. */
/** The throughput rows: each scenario against raw node:http, Prism and the baseline build of the same run. */
function throughputRows(t: NonNullable<Results['throughput']>, row: Row): void {
  const part = `throughput, ${t.connections} conn.`;
  const vsRaw = (r: ScenarioResult) => (r.vsRaw === undefined ? '' : `${r.vsRaw.toFixed(2)}× raw`);
  const find = (key: string) => t.scenarios.find((s) => s.key === key);
  const rawRuns = t.raw.rounds.map((r) => number(r.rps)).join(', ');
  row(
    part,
    `**raw**: ${t.raw.label}, median of ${t.raw.rounds.length} runs (${rawRuns} req/s)`,
    loadFigure(t.raw),
    '1.00× raw',
  );
  const prism = find('prism-goal');
  if (prism) row(part, prism.label, loadFigure(prism), vsRaw(prism));
  else row(part, 'Prism mock: GET /goals/{id}', `skipped: ${t.prismSkipped}`);
  const inRows = (s: ScenarioResult) => s.server !== 'prism' && s.server !== 'baseline' && s.load === 'connections';
  for (const r of t.scenarios.filter(inRows)) {
    const target = { goal: 'goal-vs-raw', 'goals-page': 'goals-page-vs-raw', 'goal-update': 'goal-update-vs-raw' }[
      r.key
    ];
    row(part, `standin ${r.server}: ${r.label}`, loadFigure(r), vsRaw(r), target);
    // MCP3: a tool call against the REST call it makes, in server CPU per request of the same run.
    const rest = { 'mcp-me': 'me', 'mcp-goal': 'goal' }[r.key];
    const restRow = rest ? find(rest) : undefined;
    if (restRow?.cpuUs && r.cpuUs)
      row(
        part,
        `↳ its CPU per request against ${restRow.label}'s (${restRow.cpuUs} µs)`,
        '',
        `${(r.cpuUs / restRow.cpuUs).toFixed(2)}× REST`,
        `${r.key}-vs-rest`,
      );
    const twin = find(`${r.key}@baseline`);
    if (twin && t.baseline && r.vsBaseline !== undefined)
      row(
        part,
        `↳ the baseline ${t.baseline.ref} (${t.baseline.commit}), the same right after`,
        loadFigure(twin),
        `${r.vsBaseline.toFixed(2)}× baseline${r.cpuVsBaseline ? ` · CPU/req ${r.cpuVsBaseline.toFixed(2)}×` : ''}`,
      );
    if (r.key === 'goal')
      row(
        part,
        '↳ the same against Prism',
        '',
        prism ? `${(r.rps / prism.rps).toFixed(2)}× Prism` : '',
        'goal-vs-prism',
      );
  }
  const small = find('team-week-small')!;
  const large = find('team-week-large')!;
  row('latency, 1 conn.', `standin small: ${small.label}`, loadFigure(small));
  row('latency, 1 conn.', `standin large: ${large.label}`, loadFigure(large), '', 'team-week-large-p99');
  row(
    'latency, 1 conn.',
    '↳ large p99 against small p99',
    '',
    `${(large.p99 / small.p99).toFixed(2)}× small`,
    'team-week-large-vs-small',
  );
}

/** The cold starts' and signals' rows. */
function startRows(s: NonNullable<Results['starts']>, row: Row): void {
  const runs = (n: number) => (n === 1 ? 'one run' : `median of ${n} runs`);
  const starts: Array<[string, number, number, string?]> = [
    [
      "node's own bootstrap (performance.now() at the script's first line)",
      s.createMock.bootstrapMs,
      s.createMock.runs.length,
    ],
    [
      'createMock() small in a fresh process, import included',
      s.createMock.createMockMs,
      s.createMock.runs.length,
      'create-mock',
    ],
    [
      'standin serve small, spawn to the first GET /me',
      s.serveSmall.medianMs,
      s.serveSmall.runsMs.length,
      'serve-small',
    ],
    [
      'standin serve large, spawn to the first GET /me',
      s.serveLarge.medianMs,
      s.serveLarge.runsMs.length,
      'serve-large',
    ],
    [
      'npm start on a built checkout (its prestart finds nothing changed and builds nothing), spawn to the first GET /me',
      s.npmStart.medianMs,
      s.npmStart.runsMs.length,
      'npm-start',
    ],
  ];
  for (const [figure, value, n, target] of starts) {
    row('cold start', `${figure}, ${runs(n)}`, ms(value), '', target);
    if (target !== 'serve-small' || s.bareNode === undefined) continue;
    // The floor of any Node server on this machine, started in turn with serve small: what standin adds to it.
    const bare = s.bareNode;
    row(
      'cold start',
      `a bare node:http server (bench/raw-server.ts), spawn to its first answer, in turn with serve small, ${runs(bare.runsMs.length)}`,
      ms(bare.medianMs),
    );
    row(
      'cold start',
      '↳ standin serve small against the bare server',
      `${ms(s.serveSmall.medianMs - bare.medianMs)} more`,
      `${(s.serveSmall.medianMs / bare.medianMs).toFixed(2)}× bare node`,
    );
  }
  for (const o of s.npmStart.signals)
    row(
      'signals',
      `${o.signal} to npm start's own pid: the server stops within 2 s`,
      o.stopped
        ? `yes, port closed after ${o.closedAfterMs} ms`
        : `no: npm ${o.npmExited ? 'exited' : 'still running'}, server still listening (then ${o.cleanup})`,
      '',
      `npm-start-${o.signal.toLowerCase()}`,
    );
}

function floorRows(f: FloorResult | null, row: Row): void {
  if (!f) return;
  const part = `write floor, ${f.connections} conn.`;
  const hono = f.subjects.find((subject) => subject.key === 'hono-write')!;
  for (const subject of f.subjects) {
    const cpu = subject.cpuUs === null ? 'server CPU n/a' : `server CPU ${subject.cpuUs} µs/req`;
    const failed = subject.failed ? ` · **${number(subject.failed)} failed**` : '';
    row(
      part,
      `${subject.label}: POST /goals/{id}/goal-updates, median of ${subject.rounds.length} round(s)`,
      `${cpu} · ${number(subject.rps)} req/s${failed}`,
      `${subject.vsRaw.toFixed(2)}× raw`,
    );
  }
  row(
    part,
    `↳ standin serve's CPU per POST against bare Hono's (${hono.cpuUs ?? 'n/a'} µs), median of the rounds' ratios`,
    '',
    f.cpuVsHono === null ? '' : `${f.cpuVsHono.toFixed(2)}× bare Hono`,
    'floor-write',
  );
}

/** The suite's rows (issue 34): npm ci, then npm test cold and warm in a fresh clone. */
function suiteRows(suite: SuiteResult | null, row: Row): void {
  if (!suite) return;
  const part = `suite, ${suite.commit.slice(0, 7)}`;
  const shown = (run: SuiteRun) =>
    `${run.seconds} s · exit ${run.exitCode ?? 'by a signal'} · load average ${run.loadAtStart} → ${run.loadAtEnd}`;
  row(part, 'npm ci in a fresh clone of HEAD (not judged)', shown(suite.install));
  for (const [what, run, target] of [
    ['npm test in that clone, cold (no lint or type caches)', suite.cold, 'suite-cold'],
    ['npm test again in the same clone, warm', suite.warm, 'suite-warm'],
  ] as const)
    row(part, what, run ? shown(run) : 'not run: npm ci failed', '', target);
}

/** The lines around the table: how it was measured, and what may be compared. */
export function notes(results: Results): string[] {
  const { machine } = results;
  const lines = [
    `standin ${machine.commit}, ${machine.date}: ${machine.cpus} × ${machine.cpuModel}, ${Math.round(machine.totalMemoryMib / 1024)} GiB, Node ${machine.node.slice(1)}, ${machine.platform}; load average ${machine.loadAverageAtStart} at the start, ${results.loadAverageAtEnd} at the end; ${Math.round(results.elapsedSeconds)} s in all.`,
  ];
  const t = results.throughput;
  if (t) {
    const first = t.raw.rounds[0]!.rps;
    const last = t.raw.rounds.at(-1)!.rps;
    const drift = ((last - first) / first) * 100;
    lines.push(
      `Throughput: ${t.rounds} round(s) of ${t.seconds} s per scenario after ${t.warmupSeconds} s of warm-up each, medians; the load generator (autocannon, ${t.connections} connections) runs on the same machine. "× raw" is the median over the rounds of each round's figure against the raw node:http runs just before and just after it. Raw node:http before the first round ${number(first)} req/s, after the last ${number(last)} req/s (${drift >= 0 ? '+' : ''}${drift.toFixed(1)}% over the run).`,
    );
  }
  const f = results.floor;
  if (f)
    lines.push(
      `Write floor: ${f.rounds} round(s) of ${f.seconds} s per server after ${f.warmupSeconds} s of warm-up each, at ${f.connections} connections, every write server reset to the world as generated after each load; CPU per request is the server process's user and system time from /proc over its load, divided by the requests answered; "× bare Hono" is the median over the rounds of each round's pair.`,
    );
  const judged = results.targets.filter((target) => target.met !== null);
  lines.push(
    `Targets: ${judged.filter((target) => target.met).length} met, ${judged.filter((target) => !target.met).length} not met${judged.length < results.targets.length ? `, ${results.targets.length - judged.length} not measured` : ''}.`,
    'Figures drift on this shared box (other work may be running): only ratios measured within one run compare; absolute figures do not compare across runs.',
  );
  return lines;
}

/** Writes the run as bench/results/<UTC timestamp>.json and bench/results/latest.json; returns the first. */
export function writeResults(results: Results, folder: string): string {
  mkdirSync(folder, { recursive: true });
  const text = `${JSON.stringify(results, null, 2)}\n`;
  const file = join(folder, `${results.machine.date.replace(/:/g, '').replace(/\.\d+/, '')}.json`);
  writeFileSync(file, text);
  writeFileSync(join(folder, 'latest.json'), text);
  return file;
}

/** The reset part's rows: the clients with nothing under way, then the reset to the large world, its week lived and the way back, in the order they ran. */
function resetRows(
  reset: ResetResult,
  row: (part: string, figure: string, value: string, ratio?: string, target?: string) => void,
): void {
  const part = 'reset, small world';
  const failed = (run: Meanwhile) => (run.failed ? ` · **${number(run.failed)} failed**` : '');
  row(
    part,
    `no reset, the same clients: slowest of ${number(reset.idle.answers)} GET /me`,
    `${reset.idle.slowestMs} ms · p99 ${reset.idle.p99Ms} ms${failed(reset.idle)}`,
  );
  const resetRow = (what: string, run: ResetRun, target?: string) =>
    row(
      part,
      `POST /__mock/reset ${what}: slowest of ${number(run.answers)} GET /me meanwhile`,
      `${run.slowestMs} ms · p99 ${run.p99Ms} ms · the reset ${ms(run.resetMs)}${failed(run)}`,
      '',
      target,
    );
  resetRow('to the large world (generated)', reset.toLarge, 'reset-large-slowest');
  const week = reset.advanceWeek;
  const made = Object.values(week.happened).reduce((sum, count) => sum + count, 0);
  row(
    part,
    `then POST /__mock/clock/advance {"days":7} on it: slowest of ${number(week.answers)} GET /me meanwhile`,
    `${week.slowestMs} ms · p99 ${week.p99Ms} ms · the week ${ms(week.advanceMs)}, ${number(made)} records made${failed(week)}`,
    '',
    'advance-large-slowest',
  );
  resetRow('back to the small world (held)', reset.toSmall);
}
