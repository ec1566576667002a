// Another commit of standin for the benchmark to compare against in the same run (`--baseline REF`): its tree
// exported beside this one (git archive, under the system's temp folder, kept for the next run) and built with
// this checkout's node_modules. On a shared box whose speed drifts within minutes, a before and an after
// measured round after round in one run compare; figures from two runs do not.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './servers.js';

export interface Baseline {
  /** As given: a branch, a tag, a commit. */
  ref: string;
  /** Its commit, abbreviated. */
  commit: string;
  /** Its built command line. */
  cli: string;
}

function run(command: string, args: string[], cwd: string, input?: Buffer): Buffer {
  const result = spawnSync(command, args, { cwd, input, maxBuffer: 2 ** 30 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}: ${result.stderr.toString().slice(-2000)}`);
  }
  return result.stdout;
}

/**
 * The baseline's command line, built once per commit.
 * @example const { cli } = prepareBaseline('main', log) // …/standin-bench-afdc5d4…/dist/src/cli/main.js
 */
export function prepareBaseline(ref: string, log: (line: string) => void): Baseline {
  const commit = run('git', ['rev-parse', '--verify', `${ref}^{commit}`], ROOT)
    .toString()
    .trim();
  const dir = join(tmpdir(), `standin-bench-${commit.slice(0, 12)}`);
  const cli = join(dir, 'dist', 'src', 'cli', 'main.js');
  const short = commit.slice(0, 7);
  if (existsSync(cli)) return { ref, commit: short, cli };
  log(`baseline: building ${ref} (${short}) in ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  run('tar', ['-x', '-C', dir], dir, run('git', ['archive', '--format=tar', commit], ROOT));
  // This checkout's packages: a baseline older than them needs nothing they lack, and npm ci would take a minute.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'tsconfig.build.json'], dir);
  run(process.execPath, [join('dist', 'src', 'spec', 'build-validators.js')], dir);
  if (!existsSync(cli)) throw new Error(`${ref} (${short}) built no ${cli}`);
  return { ref, commit: short, cli };
}
