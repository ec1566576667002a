// The machine and checkout a run was made on, kept with its figures: absolute figures mean nothing without it.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem } from 'node:os';

export interface Machine {
  cpus: number;
  cpuModel: string;
  totalMemoryMib: number;
  node: string;
  platform: string;
  /** `git rev-parse --short HEAD`, with "+changes" when the tree differs from it. */
  commit: string;
  date: string;
  /** The 1-minute load average when the run started: above the core count, something else was running. */
  loadAverageAtStart: number;
}

function git(args: string[], cwd: string): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}

export function describeMachine(root: string): Machine {
  const commit = git(['rev-parse', '--short', 'HEAD'], root) || 'unknown';
  const changed = git(['status', '--porcelain', '--untracked-files=no'], root) !== '';
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    totalMemoryMib: Math.round(totalmem() / 2 ** 20),
    node: process.version,
    platform: `${process.platform} ${release()} ${process.arch}`,
    commit: changed ? `${commit}+changes` : commit,
    date: new Date().toISOString().slice(0, 19) + 'Z',
    loadAverageAtStart: oneMinuteLoad(),
  };
}

/** The one-minute load average, to two decimals (0 where the platform has none). */
export function oneMinuteLoad(): number {
  const [minute = 0] = loadavg();
  return Math.round(minute * 100) / 100;
}
