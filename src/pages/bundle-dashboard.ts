// The build's step for the dashboard's script (`npm run build`, after tsc): src/pages/dashboard/main.ts and the
// modules it imports (and standin proxy's page, proxy-main.ts, in a script of its own), bundled by esbuild into one script for the browser, written beside the sources (for the
// tests, which run them; vitest's global setup writes it too) and beside the build (for everyone else), as
// generated/dashboard.js next to dashboard.tsx, which serves it. Not shipped: a user's install gets the bundle
// and needs no esbuild (a devDependency).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PACKAGE_ROOT } from '../spec/spec-files.js';
import { DASHBOARD_SCRIPT_FILE, PROXY_SCRIPT_FILE } from './dashboard-script.js';

/** The clients' entries: every module of a script is reached from its entry. */
const ENTRY = join(PACKAGE_ROOT, 'src', 'pages', 'dashboard', 'main.ts');
/** standin proxy's page (proxy-page.ts), a script of its own. */
const PROXY_ENTRY = join(PACKAGE_ROOT, 'src', 'pages', 'dashboard', 'proxy-main.ts');

/**
 * The dashboard's script: the client's modules in one ES module for the browser, readable (not minified: a
 * reader of the page, and its test, see the calls it makes), with nothing left to import.
 * @example writeFileSync('dashboard.js', await bundleDashboard())
 */
export async function bundleDashboard(entry = ENTRY): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    banner: { js: '// standin dashboard: src/pages/dashboard/*.ts bundled by npm run build (bundle-dashboard.ts).' },
  });
  const [script] = result.outputFiles;
  if (!script) throw new Error('standin: esbuild wrote no dashboard script');
  return script.text;
}

/**
 * Bundles the script and writes it beside the pages' sources and beside their build (when there is one).
 * @example await writeDashboardScript()
 */
export async function writeDashboardScript(): Promise<void> {
  const [script, proxyScript] = await Promise.all([bundleDashboard(), bundleDashboard(PROXY_ENTRY)]);
  const here = dirname(fileURLToPath(import.meta.url));
  const folders = new Set([join(PACKAGE_ROOT, 'src', 'pages'), here]);
  for (const folder of folders) {
    mkdirSync(join(folder, dirname(DASHBOARD_SCRIPT_FILE)), { recursive: true });
    writeIfChanged(join(folder, DASHBOARD_SCRIPT_FILE), script);
    writeIfChanged(join(folder, PROXY_SCRIPT_FILE), proxyScript);
  }
}

/** Written only when its text changed: the CLI's bundle (bundle-cli.ts) is made again only when its inputs are newer. */
function writeIfChanged(file: string, text: string): void {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writeDashboardScript();
