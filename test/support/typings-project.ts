// A TypeScript project of a user's, made for a typings test: a folder under the package's .examples (so that
// `standin` resolves to this package, as an app's folder sits beside its node_modules) holding the test's
// source files and tsconfig.json, and the compiler's verdict on it, run as a user runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
 * What the package's own tsc says of the project in `folder` (`tsc -p`): its output and exit status.
 * @example expect(compileProject(folder)).toEqual({ output: '', status: 0 });
 */
export function compileProject(folder: string): { output: string; status: number | null } {
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', folder], {
    encoding: 'utf8',
  });
  return { output: tsc.stdout + tsc.stderr, status: tsc.status };
}
