// The suite part (npm run bench -- --only suite; issue 34): `npm test` in a fresh clone of HEAD after `npm ci`
// (cold: no cache of ESLint, Prettier, tsc, the layers or knip), then again in the same clone (warm), each timed
// from spawn to exit, with its exit code and the load average before and after. Not in the default parts: it
// takes many minutes, and on a box with other work running its figures say more about that work than about
// the suite. Each run's output goes to bench/results/suite-cold.log and suite-warm.log.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oneMinuteLoad } from './machine.js';
import { round } from './stats.js';

export interface SuiteRun {
  /** Wall time from spawn to exit, in seconds. */
  seconds: number;
  /** null if it ended by a signal. */
  exitCode: number | null;
  loadAtStart: number;
  loadAtEnd: number;
  /** Where its output went. */
  log: string;
}

export interface SuiteResult {
  /** The commit cloned (`git rev-parse HEAD` of the checkout). */
  commit: string;
  /** `npm ci` in the fresh clone: its own time, not a figure of the suite. */
  install: SuiteRun;
  /** null where `npm ci` failed: there was no clone to test. */
  cold: SuiteRun | null;
  warm: SuiteRun | null;
}

export interface SuiteOptions {
  /** The checkout whose HEAD is cloned. */
  root: string;
  /** Where the logs go (bench/results/). */
  results: string;
  log: (line: string) => void;
}

function git(args: string[], cwd: string): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** Runs `npm ARGS` in `cwd`, its output into `logFile`; resolves with its wall time and exit code. */
function timed(args: string[], cwd: string, logFile: string): Promise<SuiteRun> {
  const loadAtStart = oneMinuteLoad();
  const began = performance.now();
  const out = createWriteStream(logFile);
  // CI's own variables stay as they are: this is the suite as a developer runs it.
  const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const seconds = round((performance.now() - began) / 1000, 1);
      out.end(() => resolve({ seconds, exitCode: code, loadAtStart, loadAtEnd: oneMinuteLoad(), log: logFile }));
    });
  });
}

/**
 * Clones HEAD into a temporary folder, runs `npm ci` there, then `npm test` twice (cold, warm); removes the clone.
 *
 * @example
 *   const result = await suite({ root: ROOT, results: 'bench/results', log: console.error });
 *   result.cold; // { seconds: 141.1, exitCode: 0, loadAtStart: 1.8, loadAtEnd: 5.2, log: '…/suite-cold.log' }
 */
export async function suite(options: SuiteOptions): Promise<SuiteResult> {
  const commit = git(['rev-parse', 'HEAD'], options.root);
  mkdirSync(options.results, { recursive: true });
  const folder = mkdtempSync(join(tmpdir(), 'standin-suite-'));
  const clone = join(folder, 'standin');
  try {
    options.log(`suite: cloning ${commit.slice(0, 7)} into ${clone}`);
    git(['clone', '--quiet', '--no-hardlinks', options.root, clone], folder);
    git(['checkout', '--quiet', '--detach', commit], clone);
    options.log('suite: npm ci');
    const install = await timed(['ci', '--no-audit', '--no-fund'], clone, join(options.results, 'suite-install.log'));
    if (install.exitCode !== 0) return { commit, install, cold: null, warm: null };
    options.log(`suite: npm test, cold (load average ${oneMinuteLoad()})`);
    const cold = await timed(['test'], clone, join(options.results, 'suite-cold.log'));
    options.log(`suite: npm test, warm (load average ${oneMinuteLoad()})`);
    const warm = await timed(['test'], clone, join(options.results, 'suite-warm.log'));
    return { commit, install, cold, warm };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
