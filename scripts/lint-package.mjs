// npm run lint:package: publint (--strict) and attw (the esm-only profile) on the tarball `npm pack` makes, packed
// once, without scripts, into a folder of its own that is removed after. Each tool packing for itself ran `npm
// pack` twice a run, and attw's ran `prepare` (a whole build) again, beside the tests: the build is npm test's
// first step already.
//
// Usage: npm run lint:package (after npm run build: what dist/ holds is what is packed)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const npm = process.env.npm_execpath;
const folder = mkdtempSync(join(tmpdir(), 'standin-lint-package-'));

/**
 * Runs an installed tool (npm run puts node_modules/.bin on PATH) with its output on this process's.
 * @param {string} name
 * @param {string[]} args
 * @example tool('publint', ['--strict', tarball]);
 */
function tool(name, args) {
  execFileSync(name, args, { stdio: 'inherit' });
}

try {
  // npm_execpath is npm's own script when npm runs this; otherwise the npm on PATH.
  const packed = npm
    ? execFileSync(process.execPath, [npm, 'pack', '--ignore-scripts', '--silent', '--pack-destination', folder])
    : execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', folder]);
  const tarball = join(folder, packed.toString('utf8').trim().split('\n').at(-1) ?? '');
  tool('publint', ['--strict', tarball]);
  tool('attw', [tarball, '--profile', 'esm-only']);
} catch {
  // The tool that failed has printed why.
  process.exitCode = 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
