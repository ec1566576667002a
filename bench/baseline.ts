// Another commit of standin for the benchmark to compare against in the same run (`--baseline REF`): its tree
// exported beside this one (git archive, under the system's temp folder, kept for the next run) and built with
// this checkout's node_modules, or its own when its lock file differs. On a shared box whose speed drifts within minutes, a before and an after
// measured round after round in one run compare; figures from two runs do not.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
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
 * @example const { cli } = prepareBaseline('main', log) // …/standin-bench-afdc5d4…/dist/cli/standin.js
 */
export function prepareBaseline(ref: string, log: (line: string) => void): Baseline {
  const commit = run('git', ['rev-parse', '--verify', `${ref}^{commit}`], ROOT)
    .toString()
    .trim();
  const dir = join(tmpdir(), `standin-bench-${commit.slice(0, 12)}`);
  const short = commit.slice(0, 7);
  const built = cliOf(dir);
  if (built && existsSync(built)) return { ref, commit: short, cli: built };
  log(`baseline: building ${ref} (${short}) in ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  run('tar', ['-x', '-C', dir], dir, run('git', ['archive', '--format=tar', commit], ROOT));
  // This checkout's packages when the baseline locks the same ones (npm ci would take a minute); its own when
  // not: a baseline from before a package left (ajv-formats) could not start on this checkout's.
  const lock = (root: string) => readFileSync(join(root, 'package-lock.json'), 'utf8');
  if (lock(dir) === lock(ROOT)) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  else {
    log(`baseline: ${short} locks other packages than this checkout: npm ci there`);
    run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], dir);
  }
  // Its own build, whatever its steps are: the bin of a commit since the CLI's bundle is dist/cli/standin.js.
  run('npm', ['run', 'build', '--silent'], dir);
  const cli = cliOf(dir);
  if (!cli || !existsSync(cli)) throw new Error(`${ref} (${short}) built no command line (package.json's bin)`);
  return { ref, commit: short, cli };
}

/** The command line a checkout's package.json names as its bin. */
function cliOf(root: string): string | null {
  if (!existsSync(join(root, 'package.json'))) return null;
  const { bin } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: { standin: string } };
  return join(root, bin.standin);
}
