// The build's last step (`npm run build`): the command line bundled by esbuild into dist/cli/, the `standin` that
// package.json's bin and `npm start` run. A start of `standin serve` spent about two thirds of its CPU loading
// some 250 modules one file at a time (resolving, reading, compiling each); the bundle is a handful of files, the
// commands, the kit and the pages' code still loaded on demand (esbuild's splitting keeps each dynamic import a
// chunk of its own). The library (dist/src, the package's exports) stays module by module, for bundlers and
// types. Not shipped: a user's install gets the bundle and needs no esbuild (a devDependency).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PACKAGE_ROOT } from '../spec/spec-files.js';
import { DASHBOARD_SCRIPT_FILE } from '../pages/dashboard-script.js';

/** Where the bundle goes: its entries (standin.js, state-worker.js) and their chunks, side by side. */
export const BUNDLE_DIR = join(PACKAGE_ROOT, 'dist', 'cli');

/**
 * Bundles dist/src/cli/main.js (the build's own output, so that the bundle runs what tsc checked) and the state
 * worker, which state-loader.ts starts from beside itself, into `out`, with the pages' scripts beside them
 * (dashboard-script.ts reads them relative to its own module, now a chunk there).
 * @example await bundleCli() // dist/cli/standin.js
 */
export async function bundleCli(out = BUNDLE_DIR): Promise<void> {
  const built = join(PACKAGE_ROOT, 'dist', 'src');
  const entry = join(out, 'standin.js');
  // Incremental, as the build's other steps: `npm start` builds before it starts, while other standin processes
  // of this checkout may be running from the bundle and load its chunks on demand (a test suite's, say).
  if (existsSync(entry) && newestIn(join(PACKAGE_ROOT, 'dist'), out) < statSync(entry).mtimeMs) return;
  const { metafile } = await build({
    entryPoints: {
      standin: join(built, 'cli', 'main.js'),
      'state-worker': join(built, 'server', 'state-worker.js'),
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: out,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    // Packages written as CommonJS (ajv, among them) call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as standinRequire } from 'node:module';\nconst require = standinRequire(import.meta.url);",
    },
    metafile: true,
  });
  // The chunks of an earlier bundle go (their names carry their content's hash).
  const written = new Set(Object.keys(metafile.outputs).map((file) => basename(file)));
  for (const file of readdirSync(out)) {
    if (file.endsWith('.js') && !written.has(file)) rmSync(join(out, file));
  }
  const scripts = join(out, DASHBOARD_SCRIPT_FILE, '..');
  mkdirSync(scripts, { recursive: true });
  cpSync(join(built, 'pages', DASHBOARD_SCRIPT_FILE, '..'), scripts, { recursive: true });
}

/** The latest change of a .js file under `folder`, `skip` and node_modules left out. */
function newestIn(folder: string, skip: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (path === skip || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(path, skip));
    else if (entry.name.endsWith('.js')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleCli();
