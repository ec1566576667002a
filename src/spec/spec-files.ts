// Where the package and its spec files are, found from this file whether it runs from `src/` or `dist/src/`:
// apart from compiled-spec.ts, so that knowing the paths does not load the validators.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found from this file whether it runs from `src/` or from `dist/src/`. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'spec', 'openapi.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('standin: spec/openapi.yaml not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

/** The folder holding package.json, spec/ and contract-tests/. */
export const PACKAGE_ROOT = packageRoot();
export const SPEC_PATH = join(PACKAGE_ROOT, 'spec', 'openapi.yaml');
/** The mock's control API under /__mock (MK1–MK7). */
export const CONTROL_SPEC_PATH = join(PACKAGE_ROOT, 'spec', 'control.yaml');
