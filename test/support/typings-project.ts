// A TypeScript project of a user's, made for a typings test: a folder under the package's .examples (so that
// `standin` resolves to this package, as an app's folder sits beside its node_modules) holding the test's
// source files and tsconfig.json, and the compiler's verdict on it, run as a user runs it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT as ROOT } from '../../src/spec/spec-files.js';

/**
 * A new folder `.examples/<prefix>…` with `files` (paths relative to it) and `tsconfig` as its tsconfig.json;
 * the caller removes it.
 * @example const folder = writeTypingsProject('typings-', TSCONFIG, files); // files: a path in the project → its text
 */
export function writeTypingsProject(prefix: string, tsconfig: object, files: Record<string, string>): string {
  mkdirSync(join(ROOT, '.examples'), { recursive: true });
  const folder = mkdtempSync(join(ROOT, '.examples', prefix));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  writeFileSync(join(folder, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  return folder;
}

/**
 * Where tsc keeps what it knew of the last run of the project `name` of this checkout: its build info, under
 * node_modules/.cache (a folder every checkout's node_modules may be, hence the checkout's path in the name).
 */
function buildInfoCache(name: string): string {
  const checkout = createHash('sha256').update(ROOT).digest('hex').slice(0, 12);
  return join(ROOT, 'node_modules', '.cache', 'standin-typings', `${name}-${checkout}.tsbuildinfo`);
}

/**
 * What the package's own tsc says of the project in `folder` (`tsc -p`): its output and exit status. tsc runs
 * incrementally from the build info of the last run of `name` (checking every file of @types/node and of the
 * package's declarations took most of the time): tsc itself checks again each file whose text, or whose
 * dependencies' declarations, changed since, and reports the errors it kept of the others, so the verdict is
 * the one a full run gives. The info is copied into the folder and back in one rename, so that two runs at
 * once never read each other's half-written file.
 * @example expect(compileProject(folder, 'public-mock')).toEqual({ output: '', status: 0 });
 */
export function compileProject(folder: string, name: string): { output: string; status: number | null } {
  const cache = buildInfoCache(name);
  const info = join(folder, 'tsconfig.tsbuildinfo');
  if (existsSync(cache)) copyFileSync(cache, info);
  const tsc = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', folder, '--incremental', '--tsBuildInfoFile', info],
    { encoding: 'utf8' },
  );
  if (existsSync(info)) {
    mkdirSync(dirname(cache), { recursive: true });
    const next = `${cache}.${process.pid}.tmp`;
    copyFileSync(info, next);
    renameSync(next, cache);
  }
  return { output: tsc.stdout + tsc.stderr, status: tsc.status };
}
