// The benchmark's entry (npm run bench): throughput, the write's floor, memory, restore, reset, the browser and
// starts, one after the other (never two loads at once on a small box), then one table and the JSON results; the
// suite (npm test cold and warm, many minutes) only when asked for. Targets are reported, never failed: the exit
// code says only whether the benchmark itself ran.
//   npm run bench -- [--seconds N] [--rounds K] [--warmup S]
//                    [--only throughput|floor|memory|restore|reset|starts|browser|suite[,...]]
//                    [--quick]
//                    [--baseline REF]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareBaseline } from './baseline.js';
import { browser, type BrowserResult } from './browser.js';
import { starts, type StartsResult } from './cold-start.js';
import { floor, type FloorResult } from './floor.js';
import { describeMachine, oneMinuteLoad } from './machine.js';
import { memory, type MemoryResult } from './memory.js';
import { notes, table, writeResults, type Results } from './report.js';
import { reset, type ResetResult } from './reset.js';
import { restore, type RestoreResult } from './restore.js';
import { ROOT } from './servers.js';
import { suite, type SuiteResult } from './suite.js';
import {
  browserTargets,
  floorTargets,
  memoryTargets,
  resetTargets,
  restoreTargets,
  startTargets,
  suiteTargets,
  throughputTargets,
} from './targets.js';
import { throughput, type ThroughputResult } from './throughput.js';

const RESULTS = fileURLToPath(new URL('../../bench/results/', import.meta.url));
const PARTS = ['throughput', 'floor', 'memory', 'restore', 'reset', 'starts', 'browser', 'suite'] as const;
/** Every part but the suite, which takes many minutes (two whole runs of npm test and an npm ci). */
const DEFAULT_PARTS = PARTS.filter((part) => part !== 'suite');
/** The load: 50 connections for throughput, the mixed profile on the large world for memory. */
const CONNECTIONS = 50;
/** Issue 17, finding 6: the size of the state restored while other clients ask. */
const STATE_MIB = 100;

const USAGE = `Usage: npm run bench -- [options]
  --seconds N    seconds per scenario and round (default 4; the memory load runs seconds × rounds)
  --rounds K     rounds of every scenario; medians are reported (default 3)
  --warmup S     seconds of warm-up per scenario before the rounds (default: the lesser of 2 and --seconds)
  --only P,...   only these parts: throughput, floor, memory, restore, reset, starts, browser, suite (default all
                 but suite: npm test in a fresh clone after npm ci, then again, many minutes)
  --quick        a smoke run: 1 round of 1 s, 1 run of each start, 3 visits of each browser page
  --baseline REF also run the small world's throughput scenarios against the build of REF (a commit, a branch),
                 each right after its twin, and report the ratio of each pair: a before and an after in one run
  -h, --help     this help`;

function options() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      baseline: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const positive = (name: string, text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!(value > 0)) fail(`--${name} must be a positive number, got "${text}"`);
    return value;
  };
  const seconds = positive('seconds', values.seconds, values.quick ? 1 : 4);
  const rounds = Math.round(positive('rounds', values.rounds, values.quick ? 1 : 3));
  const parts = values.only ? values.only.split(',').map((part) => part.trim()) : [...DEFAULT_PARTS];
  for (const part of parts)
    if (!(PARTS as readonly string[]).includes(part)) fail(`--only takes ${PARTS.join(', ')}; got "${part}"`);
  return {
    seconds,
    rounds,
    warmupSeconds: positive('warmup', values.warmup, Math.min(2, seconds)),
    parts,
    baseline: values.baseline,
    // Cold starts are cheap but noisy: five runs; the large world takes seconds to build, three.
    startRuns: values.quick ? 1 : 5,
    largeStartRuns: values.quick ? 1 : 3,
    // Page visits take a fraction of a second each: enough for a median that one slow visit does not move.
    browserVisits: values.quick ? 3 : 15,
  };
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

const settings = options();
const machine = describeMachine(ROOT);
const began = performance.now();
log(
  `${settings.parts.join(', ')}; ${settings.rounds} round(s) of ${settings.seconds} s (machine load ${machine.loadAverageAtStart})`,
);

let throughputResult: ThroughputResult | null = null;
let floorResult: FloorResult | null = null;
let suiteResult: SuiteResult | null = null;
let memoryResult: MemoryResult | null = null;
let restoreResult: RestoreResult | null = null;
let resetResult: ResetResult | null = null;
let startsResult: StartsResult | null = null;
let browserResult: BrowserResult | null = null;
const baseline = settings.baseline ? prepareBaseline(settings.baseline, log) : undefined;
if (settings.parts.includes('throughput'))
  throughputResult = await throughput({
    baseline,
    seconds: settings.seconds,
    rounds: settings.rounds,
    warmupSeconds: settings.warmupSeconds,
    connections: CONNECTIONS,
    log,
  });
if (settings.parts.includes('floor'))
  floorResult = await floor({
    seconds: settings.seconds,
    rounds: settings.rounds,
    warmupSeconds: settings.warmupSeconds,
    connections: CONNECTIONS,
    log,
  });
if (settings.parts.includes('memory'))
  memoryResult = await memory({ seconds: settings.seconds * settings.rounds, connections: CONNECTIONS, log });
if (settings.parts.includes('restore')) restoreResult = await restore({ stateMib: STATE_MIB, log });
if (settings.parts.includes('reset')) resetResult = await reset({ log });
if (settings.parts.includes('browser')) browserResult = await browser({ visits: settings.browserVisits, log });
// Last: npm start rebuilds the checkout, which nothing else may be running from meanwhile.
if (settings.parts.includes('starts'))
  startsResult = await starts({ runs: settings.startRuns, largeRuns: settings.largeStartRuns, log });
// After everything else: it spawns npm test's own servers and checks, which would load the box under any part.
if (settings.parts.includes('suite')) suiteResult = await suite({ root: ROOT, results: RESULTS, log });

const results: Results = {
  machine,
  options: {
    seconds: settings.seconds,
    rounds: settings.rounds,
    warmupSeconds: settings.warmupSeconds,
    connections: CONNECTIONS,
    parts: settings.parts,
  },
  elapsedSeconds: Math.round((performance.now() - began) / 1000),
  loadAverageAtEnd: oneMinuteLoad(),
  throughput: throughputResult,
  floor: floorResult,
  suite: suiteResult,
  starts: startsResult,
  memory: memoryResult,
  restore: restoreResult,
  reset: resetResult,
  browser: browserResult,
  targets: [
    ...(throughputResult ? throughputTargets(throughputResult) : []),
    ...(floorResult ? floorTargets(floorResult) : []),
    ...(startsResult ? startTargets(startsResult) : []),
    ...(memoryResult ? memoryTargets(memoryResult) : []),
    ...(restoreResult ? restoreTargets(restoreResult) : []),
    ...(resetResult ? resetTargets(resetResult) : []),
    ...(browserResult ? browserTargets(browserResult) : []),
    ...(suiteResult ? suiteTargets(suiteResult) : []),
  ],
};
const file = writeResults(results, RESULTS);
const [first, ...rest] = notes(results);
process.stdout.write(
  `\n${first}\n\n${table(results).join('\n')}\n\n${rest.join('\n')}\nResults: ${file} (and latest.json beside it)\n`,
);
