// `npm run build:binary [-- --target linux-x64] [--out FILE]`: standin as one executable that needs no Node, built
// with Node 26's --build-sea — the command line bundled whole into one ES module (esbuild; the specs' compiled
// documents and validators with it), the files the package reads from its folder embedded as assets
// (embedded-assets.ts), the state worker bundled whole and embedded too, the code cache on, and the Node binary
// stripped of its symbols first (about 33 MiB). A SEA is built by the Node of the platform it runs on: a target
// other than this machine's is not built here, and the script prints what a release machine runs instead.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, createGzip } from 'node:zlib';
import { build } from 'esbuild';
import { DASHBOARD_SCRIPT_FILE, PROXY_SCRIPT_FILE } from '../pages/dashboard-script.js';
import { SWAGGER_UI_FILES } from '../pages/swagger-ui-assets.js';
import { EMBEDDED } from '../spec/embedded-assets.js';
import { CONTROL_SPEC_PATH, PACKAGE_ROOT, SPEC_PATH } from '../spec/spec-files.js';

/** The Node the binary is made of: the npm package's, pinned, so that two builds of one commit embed the same. */
const NODE_VERSION = '26.12.1';
/** The targets a release makes, each built on a machine of its own platform (docs/binary.md). */
const TARGETS = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win-x64'] as const;
type Target = (typeof TARGETS)[number];

const CACHE = join(PACKAGE_ROOT, 'node_modules', '.cache', 'standin', 'binary');
const BUILT = join(PACKAGE_ROOT, 'dist', 'src');

/** This machine's target, as node-<target> packages name it. */
function hostTarget(): string {
  return `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
}

/** What a release machine of `target` runs, and the signing its platform asks for (docs/binary.md says the same). */
function releaseSteps(target: Target): string {
  const build = `npm ci && npm run build:binary -- --target ${target}`;
  if (target.startsWith('darwin'))
    return `on a macOS ${target.endsWith('arm64') ? 'arm64 (Apple silicon)' : 'x64 (Intel)'} machine: ${build}; then codesign --sign "Developer ID Application: <team>" --options runtime --timestamp standin, and notarise it: xcrun notarytool submit standin.zip --apple-id <id> --team-id <team> --wait (the build signs it ad hoc, codesign --sign -, for running it locally)`;
  if (target === 'win-x64')
    return `on a Windows x64 machine: ${build} (it writes standin.exe); then signtool sign /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 /f <certificate.pfx> standin.exe`;
  return `on a Linux arm64 machine (or an arm64 runner): ${build}; Linux needs no signing (publish a SHA-256 sum beside it)`;
}

/** The Node 26 that builds the binary and whose executable it is made of: installed once into the cache. */
function node26(): string {
  const prefix = join(CACHE, `node-${NODE_VERSION}`);
  const node = join(prefix, 'node_modules', `node-${hostTarget()}`, 'bin', 'node');
  if (!existsSync(node)) {
    process.stdout.write(`== Node ${NODE_VERSION} from npm (node-${hostTarget()}), into ${prefix}\n`);
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, `node-${hostTarget()}@${NODE_VERSION}`],
      { stdio: 'inherit' },
    );
  }
  return node;
}

/** Node's executable without its symbol table (strip keeps what runs): about 33 MiB less to download. */
function strippedNode(node: string): string {
  const stripped = join(CACHE, `node-${NODE_VERSION}-stripped`);
  if (existsSync(stripped) && statSync(stripped).mtimeMs >= statSync(node).mtimeMs) return stripped;
  copyFileSync(node, stripped);
  try {
    execFileSync('strip', [stripped], { stdio: 'inherit' });
  } catch {
    process.stdout.write('   strip (binutils) is not here: the binary keeps the symbols, about 33 MiB more\n');
  }
  return stripped;
}

/**
 * The command line and the state worker, each one ES module with everything it imports (no chunks: a SEA's
 * module can import only Node's built-ins), for Node 26. `require` is made from the executable's path: the
 * worker runs from a data: URL, where import.meta.url is no file.
 */
async function bundle(): Promise<{ main: string; worker: string }> {
  const main = join(CACHE, 'standin.mjs');
  const worker = join(CACHE, 'state-worker.mjs');
  const common = {
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node26',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    // Whitespace and syntax only: names stay as written, in stack traces and error messages.
    minifyWhitespace: true,
    minifySyntax: true,
    banner: {
      js: "import { createRequire as standinRequire } from 'node:module';\nconst require = standinRequire(process.execPath);",
    },
  } as const;
  await Promise.all([
    build({ ...common, entryPoints: [join(BUILT, 'cli', 'main.js')], outfile: main }),
    build({ ...common, entryPoints: [join(BUILT, 'server', 'state-worker.js')], outfile: worker }),
  ]);
  return { main, worker };
}

/** Every asset the binary carries, by its name (EMBEDDED), each file compressed as embedded-assets.ts inflates it. */
function assets(worker: string): Record<string, string> {
  const compressed = join(CACHE, 'assets');
  return Object.fromEntries(
    Object.entries(assetSources(worker)).map(([name, source], index) => {
      const file = join(compressed, `${index}.br`);
      mkdirSync(compressed, { recursive: true });
      writeFileSync(
        file,
        brotliCompressSync(readFileSync(source), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      return [name, file];
    }),
  );
}

/** The files the assets are made from, by their names. */
function assetSources(worker: string): Record<string, string> {
  const require = createRequire(import.meta.url);
  const swaggerUi = dirname(require.resolve('swagger-ui-dist/package.json'));
  const pages = join(BUILT, 'pages');
  return {
    [EMBEDDED.apiSpec]: SPEC_PATH,
    [EMBEDDED.controlSpec]: CONTROL_SPEC_PATH,
    [EMBEDDED.packageJson]: join(PACKAGE_ROOT, 'package.json'),
    [EMBEDDED.pageScript(DASHBOARD_SCRIPT_FILE)]: join(pages, DASHBOARD_SCRIPT_FILE),
    [EMBEDDED.pageScript(PROXY_SCRIPT_FILE)]: join(pages, PROXY_SCRIPT_FILE),
    [EMBEDDED.swaggerUi('package.json')]: join(swaggerUi, 'package.json'),
    ...Object.fromEntries(SWAGGER_UI_FILES.map((name) => [EMBEDDED.swaggerUi(name), join(swaggerUi, name)])),
    [EMBEDDED.stateWorker]: worker,
  };
}

/** A file's size gzipped (level 9), streamed: what a download of it takes. */
async function gzippedSize(file: string): Promise<number> {
  let size = 0;
  await pipeline(
    createReadStream(file),
    createGzip({ level: 9 }),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done();
      },
    }),
  );
  return size;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * Builds the binary for this machine's target into `out`; another target is refused with what a machine of it runs.
 * @example await buildBinary(['--target', 'linux-x64']) // ./standin
 */
export async function buildBinary(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { target: { type: 'string' }, out: { type: 'string' } } });
  const target = values.target ?? hostTarget();
  if (!(TARGETS as readonly string[]).includes(target)) {
    process.stderr.write(`build:binary: --target must be one of ${TARGETS.join(', ')}, got "${target}"\n`);
    return 2;
  }
  if (target !== hostTarget()) {
    process.stderr.write(
      `build:binary: ${target} is not built here (this machine is ${hostTarget()}): a single executable is made by the Node of its own platform, its code cache too. Build it ${releaseSteps(target as Target)}. See docs/binary.md.\n`,
    );
    return 1;
  }
  const out = resolve(values.out ?? join(PACKAGE_ROOT, target === 'win-x64' ? 'standin.exe' : 'standin'));
  mkdirSync(CACHE, { recursive: true });
  const node = node26();
  process.stdout.write('== one ES module of the command line and one of the state worker (esbuild)\n');
  const { main, worker } = await bundle();
  const config = join(CACHE, 'sea-config.json');
  writeFileSync(
    config,
    `${JSON.stringify(
      {
        main,
        mainFormat: 'module',
        executable: strippedNode(node),
        output: out,
        disableExperimentalSEAWarning: true,
        useCodeCache: true,
        assets: assets(worker),
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`== node ${NODE_VERSION} --build-sea (code cache on)\n`);
  execFileSync(node, ['--build-sea', config], { stdio: 'inherit' });
  if (target.startsWith('darwin')) execFileSync('codesign', ['--sign', '-', out], { stdio: 'inherit' });
  chmodSync(out, 0o755);
  const size = statSync(out).size;
  process.stdout.write(`built ${out}: ${mib(size)}, ${mib(await gzippedSize(out))} gzipped\n`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await buildBinary(process.argv.slice(2));
