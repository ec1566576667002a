// Where the package and its spec files are, found from this file whether it runs from `src/` or `dist/src/`:
// apart from compiled-spec.ts, so that knowing the paths does not load the validators. In the single-file binary
// the files are its own assets (embedded-assets.ts), and packageText reads them there.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBEDDED, embeddedText, IN_BINARY } from './embedded-assets.js';

/** The package root, found from this file whether it runs from `src/` or from `dist/src/`; the binary's folder in the binary. */
function packageRoot(): string {
  if (IN_BINARY) return dirname(process.execPath);
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'spec', 'openapi.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('standin: spec/openapi.yaml not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

/** The folder holding package.json, spec/ and contract-tests/ (in the binary, the binary's: none is there). */
export const PACKAGE_ROOT = packageRoot();
export const SPEC_PATH = join(PACKAGE_ROOT, 'spec', 'openapi.yaml');
/** The mock's control API under /__mock (MK1–MK7). */
export const CONTROL_SPEC_PATH = join(PACKAGE_ROOT, 'spec', 'control.yaml');

/** The package's files that a command reads as text, by their path in the package; each an asset in the binary. */
const EMBEDDED_BY_PATH: ReadonlyMap<string, string> = new Map([
  [SPEC_PATH, EMBEDDED.apiSpec],
  [CONTROL_SPEC_PATH, EMBEDDED.controlSpec],
  [join(PACKAGE_ROOT, 'package.json'), EMBEDDED.packageJson],
]);

/**
 * The text of one of the package's files (SPEC_PATH, CONTROL_SPEC_PATH, PACKAGE_ROOT's package.json): from disk,
 * or in the binary from its assets.
 * @example const yaml = packageText(SPEC_PATH)
 */
export function packageText(path: string): string {
  if (!IN_BINARY) return readFileSync(path, 'utf8');
  const name = EMBEDDED_BY_PATH.get(path);
  if (name === undefined) throw new Error(`standin: ${relative(PACKAGE_ROOT, path)} is not embedded in this binary`);
  return embeddedText(name);
}
