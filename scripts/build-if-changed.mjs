// `npm start`'s prestart: `npm run build`, only when something the build reads changed since the last build finished
// (dist/.built, which `--stamp` writes as the build's last step). A build with nothing to do still took about 2 s
// (tsc -b loads the compiler to find that out; npm and four steps more), half of `npm start`'s 4 s to its first
// answer on a built checkout, whose target is 2 s (docs/speed.md).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', '.built');

/**
 * What the build reads: the sources (src/spec/generated/ among them, which the build itself writes before its
 * stamp), the specs, the settings and the packages installed (npm writes node_modules/.package-lock.json at each
 * install).
 */
const INPUTS = [
  'src',
  'fixtures',
  'contract-tests',
  'spec',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'node_modules/.package-lock.json',
];

/**
 * The latest change under `path`: its files' and its folders' (a file removed changes its folder), 0 if absent.
 * @param {string} path
 * @returns {number}
 */
function latestChange(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  let latest = stat.mtimeMs;
  if (stat.isDirectory())
    for (const entry of readdirSync(path)) latest = Math.max(latest, latestChange(join(path, entry)));
  return latest;
}

if (process.argv[2] === '--stamp') {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
} else {
  const built = latestChange(STAMP);
  // Equal counts as changed: a file system that keeps whole seconds builds again rather than miss a change.
  if (built === 0 || INPUTS.some((input) => latestChange(join(ROOT, input)) >= built)) {
    const run = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    process.exit(run.status ?? 1);
  }
}
