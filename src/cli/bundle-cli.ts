// The build's last step (`npm run build`): the command line and the library bundled by esbuild. The command line
// goes to dist/cli/, the `standin` that package.json's bin and `npm start` run: a start of `standin serve` spent
// about two thirds of its CPU loading some 250 modules one file at a time (resolving, reading, compiling each); the
// bundle is a handful of files, the commands, the kit and the pages' code still loaded on demand (esbuild's
// splitting keeps each dynamic import a chunk of its own). The library's Node entries (`standin` and
// `standin/contract`, package.json's exports) go to dist/lib/ alike, for the same reason: importing createMock
// loaded 219 of our files (270 ms of a fresh process's 450 to a small world); their dependencies stay imports of
// the user's node_modules, Hono apart (externalButHono). dist/src stays module by module, for the page's entry (bundlers read its files and
// package.json's browser map), `standin/msw` and the types. Not shipped: a user's install gets the bundles and
// needs no esbuild (a devDependency).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { PACKAGE_ROOT } from '../spec/spec-files.js';
import { DASHBOARD_SCRIPT_FILE } from '../pages/dashboard-script.js';

/** Where the command line's bundle goes: its entries (standin.js, state-worker.js) and their chunks, side by side. */
export const BUNDLE_DIR = join(PACKAGE_ROOT, 'dist', 'cli');

/** Where the library's bundle goes: index.js, contract.js, state-worker.js and their chunks (package.json's exports). */
export const LIBRARY_DIR = join(PACKAGE_ROOT, 'dist', 'lib');

/** What both bundles are built with. */
const COMMON = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  charset: 'utf8',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
} as const;

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
  if (existsSync(entry) && newestIn(join(PACKAGE_ROOT, 'dist'), [out, LIBRARY_DIR]) < statSync(entry).mtimeMs) return;
  await bundle(out, {
    ...COMMON,
    entryPoints: {
      standin: join(built, 'cli', 'main.js'),
      'state-worker': join(built, 'server', 'state-worker.js'),
    },
    outdir: out,
    // Packages written as CommonJS (ajv, among them) call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as standinRequire } from 'node:module';\nconst require = standinRequire(import.meta.url);",
    },
  });
}

/**
 * Bundles the library's Node entries (dist/src/index.js, dist/contract-tests/index.js) and the state worker that
 * startServer's restores start from beside the code into `out`, the pages' scripts beside them, as bundleCli does.
 * One build, so that `standin` and `standin/contract` share their chunks: one compiled spec for the mock and the
 * kit in a process that imports both. The packages they use stay imports (`packages: 'external'`), resolved from
 * the user's node_modules as before (their updates reach the user without a build of ours), Hono apart
 * (externalButHono).
 * @example await bundleLibrary() // dist/lib/index.js
 */
export async function bundleLibrary(out = LIBRARY_DIR): Promise<void> {
  const entry = join(out, 'index.js');
  if (existsSync(entry) && newestIn(join(PACKAGE_ROOT, 'dist'), [out, BUNDLE_DIR]) < statSync(entry).mtimeMs) return;
  await bundle(out, {
    ...COMMON,
    entryPoints: {
      index: join(PACKAGE_ROOT, 'dist', 'src', 'index.js'),
      contract: join(PACKAGE_ROOT, 'dist', 'contract-tests', 'index.js'),
      'state-worker': join(PACKAGE_ROOT, 'dist', 'src', 'server', 'state-worker.js'),
    },
    outdir: out,
    plugins: [externalButHono],
  });
}

/**
 * Every package the library uses stays an import of the user's node_modules, Hono apart: its 36 modules, resolved
 * and read one by one, were some 9 ms of `createMock` small's start (import and call 209 → 198 ms, 12 pairs of fresh
 * processes), where bundled they are one more chunk. Hono stays a dependency all the same: the types name it, and
 * @hono/node-server (startServer) imports its own. A user's Hono still mounts `mock.app` (`app.route` reads its
 * routes; `app.request` and `fetch` are plain functions), as the two copies speak the same Request and Response.
 */
const externalButHono: Plugin = {
  name: 'external-but-hono',
  setup(builder) {
    // A bare specifier (a package or a Node builtin), but `hono` and `hono/…`, which esbuild resolves and bundles.
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      /^hono(?:\/|$)/.test(path) ? undefined : { path, external: true },
    );
  },
};

/** One esbuild run into `out`: the chunks of an earlier bundle there removed, the pages' scripts copied beside. */
async function bundle(out: string, options: BuildOptions & { metafile: true }): Promise<void> {
  const { metafile } = await build(options);
  // The chunks of an earlier bundle go (their names carry their content's hash).
  const written = new Set(Object.keys(metafile.outputs).map((file) => basename(file)));
  for (const file of readdirSync(out)) {
    if (file.endsWith('.js') && !written.has(file)) rmSync(join(out, file));
  }
  // dashboard-script.ts reads the pages' scripts relative to its own module, now a chunk here.
  const scripts = join(out, DASHBOARD_SCRIPT_FILE, '..');
  mkdirSync(scripts, { recursive: true });
  cpSync(join(PACKAGE_ROOT, 'dist', 'src', 'pages', DASHBOARD_SCRIPT_FILE, '..'), scripts, { recursive: true });
}

/** The latest change of a .js file under `folder`, the bundles' folders (`skip`) and node_modules left out. */
function newestIn(folder: string, skip: readonly string[]): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (skip.includes(path) || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(path, skip));
    else if (entry.name.endsWith('.js')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleCli();
  await bundleLibrary();
}
