// The browser part: README's quick start built by Vite for a demo (production build, the mock kept), served as a
// production host serves it (gzip, hashed assets cached), opened in Debian's Chromium; beside it the same page
// answered by a bare MSW handler. For each: the JavaScript the page loads before its first /api/v2 answer,
// gzipped as sent, msw's chunk apart (the target excludes it); and the time to that answer on visits after the
// first (the service worker installed), the two pages visited alternately so that both meet the same box. Then
// the quick start on Vite's dev server (unbundled, as `npm run dev` serves it): every byte the page loads up to
// its first answer, and the largest files.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium.js';
import {
  BARE_MOCKS,
  buildQuickStart,
  onViteDevServer,
  serveBuild,
  writeQuickStart,
} from '../test/support/quick-start.js';
import { ROOT } from './servers.js';
import { median, round } from './stats.js';

export interface BrowserOptions {
  /** Visits of each page after its first, alternating. */
  visits: number;
  log: (line: string) => void;
}

export interface PageScript {
  /** The file under assets/, as built. */
  file: string;
  /** Bytes on the wire, gzipped (Resource Timing's encodedBodySize). */
  gzipBytes: number;
  /** In msw's chunk (msw and what it alone depends on), which the target leaves out. */
  msw: boolean;
}

export interface PageResult {
  /** The scripts requested before the first /api/v2 answer of the first visit. */
  scripts: PageScript[];
  /** Their gzipped bytes, msw's chunk left out. */
  bytesBeforeAnswer: number;
  mswBytes: number;
  /** The first visit, which installs the service worker: navigation start to the first /api/v2 answer. */
  firstVisitMs: number;
  /** Each later visit's navigation start to the first /api/v2 answer. */
  visitsMs: number[];
  medianMs: number;
}

/** The quick start on Vite's dev server, its first visit. */
export interface DevResult {
  /** Every response's bytes on the wire up to the first /api/v2 answer (Vite serves them uncompressed). */
  bytes: number;
  requests: number;
  /** The largest files, by path (under node_modules/.vite/deps for what Vite pre-bundled). */
  largest: Array<{ path: string; bytes: number }>;
}

export interface BrowserResult {
  standin: PageResult;
  bare: PageResult;
  /** The standin page's median against the bare page's, in the same run. */
  ratio: number;
  dev: DevResult;
}

/** The quick start in `folder` on Vite's dev server, opened once in a fresh context: what it loads. */
async function devLoad(chromium: Browser, folder: string): Promise<DevResult> {
  return onViteDevServer(folder, async (url) => {
    const context = await chromium.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const paths = new Map<string, string>();
    const sizes = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => paths.set(event.requestId, new URL(event.response.url).pathname));
    cdp.on('Network.loadingFinished', (event) => sizes.set(event.requestId, event.encodedDataLength));
    await visit(page, url);
    await context.close();
    const files = [...sizes].map(([id, bytes]) => ({ path: paths.get(id) ?? id, bytes }));
    return {
      bytes: files.reduce((total, file) => total + file.bytes, 0),
      requests: files.length,
      largest: files.sort((a, b) => b.bytes - a.bytes).slice(0, 6),
    };
  });
}

/** The package directory a module path is in (its last node_modules/NAME), relative to ROOT, or null. */
function packageDirOf(path: string): string | null {
  const found = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(path.replaceAll('\\', '/'));
  return found ? found[1]!.replace(/^.*?(node_modules\/)/, '$1') : null;
}

/**
 * msw and every package it brings (its dependencies' closure, each where Node resolves it: nested under the
 * package that needs it, or hoisted), as a chunk pattern. A package the page's standin code bundles too (esbuild's
 * bundle of the quick start, msw left out) would be counted as msw's, so there must be none; a package only
 * standin's server side needs (express under the MCP SDK, which a page never loads) may share a name with msw's.
 */
async function mswPattern(mocks: string): Promise<RegExp> {
  const resolve = (name: string, from: string): string => {
    const nested = join(from, 'node_modules', name);
    return existsSync(join(ROOT, nested, 'package.json')) ? nested : join('node_modules', name);
  };
  const dirs = new Set<string>();
  const queue = [join('node_modules', 'msw')];
  for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
    if (dirs.has(dir)) continue;
    dirs.add(dir);
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    queue.push(...Object.keys(manifest.dependencies ?? {}).map((name) => resolve(name, dir)));
  }
  const { metafile } = await build({
    entryPoints: [mocks],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    external: ['msw', 'msw/*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: ROOT,
  });
  const page = new Set(Object.keys(metafile.inputs).flatMap((path) => packageDirOf(path) ?? []));
  const shared = [...dirs].filter((dir) => page.has(dir));
  if (shared.length > 0) throw new Error(`msw and standin share ${shared.join(', ')}: its bytes would count as msw's`);
  const names = [...dirs].map((dir) => dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`/(${names.join('|')})/`);
}

/** Opens (or reopens) the page and returns when its first /api/v2 answer came, in ms since navigation start. */
async function visit(page: Page, origin: string): Promise<number> {
  await page.goto(origin);
  await page.waitForFunction(() => 'firstAnswer' in window, undefined, { timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { firstAnswer: number }).firstAnswer);
}

/** The scripts the page requested before its first answer, with the bytes each came in. */
async function scriptsBefore(page: Page, answeredAt: number): Promise<PageScript[]> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, bytes: e.encodedBodySize })),
  );
  return entries
    .filter((e) => e.name.endsWith('.js') && e.start < answeredAt)
    .map((e) => ({ file: e.name.replace(/^\/assets\//, ''), gzipBytes: e.bytes, msw: /^\/assets\/msw-/.test(e.name) }));
}

export async function browser({ visits, log }: BrowserOptions): Promise<BrowserResult> {
  mkdirSync(join(ROOT, '.examples'), { recursive: true });
  const folders = {
    standin: mkdtempSync(join(ROOT, '.examples', 'bench-standin-')),
    bare: mkdtempSync(join(ROOT, '.examples', 'bench-bare-')),
  };
  const chromium = await launchChromium();
  const sites: Array<{ close: () => Promise<void> }> = [];
  try {
    writeQuickStart(folders.standin);
    writeQuickStart(folders.bare, BARE_MOCKS);
    const groups = [{ name: 'msw', test: await mswPattern(join(folders.standin, 'src', 'mocks.ts')) }];
    log('browser: building the quick start and the bare MSW page with Vite (VITE_STANDIN=on)');
    const pages = {} as Record<'standin' | 'bare', { page: Page; origin: string; first: PageResult }>;
    for (const name of ['standin', 'bare'] as const) {
      buildQuickStart(folders[name], 'demo', groups);
      const site = await serveBuild(join(folders[name], 'dist'));
      sites.push(site);
      // A context each: its own service worker, storage and cache, as two sites would have.
      const page = await (await chromium.newContext()).newPage();
      const firstVisitMs = await visit(page, site.origin);
      const scripts = await scriptsBefore(page, firstVisitMs);
      const sum = (list: PageScript[]) => list.reduce((total, script) => total + script.gzipBytes, 0);
      pages[name] = {
        page,
        origin: site.origin,
        first: {
          scripts,
          bytesBeforeAnswer: sum(scripts.filter((s) => !s.msw)),
          mswBytes: sum(scripts.filter((s) => s.msw)),
          firstVisitMs: round(firstVisitMs),
          visitsMs: [],
          medianMs: NaN,
        },
      };
    }
    log(`browser: ${visits} visits of each page after the first, alternating`);
    for (let i = 0; i < visits; i++) {
      for (const name of ['standin', 'bare'] as const) {
        const { page, origin, first } = pages[name];
        first.visitsMs.push(round(await visit(page, origin)));
      }
    }
    for (const name of ['standin', 'bare'] as const)
      pages[name].first.medianMs = round(median(pages[name].first.visitsMs));
    const standin = pages.standin.first;
    const bare = pages.bare.first;
    log("browser: the quick start on Vite's dev server");
    const dev = await devLoad(chromium, folders.standin);
    return { standin, bare, ratio: round(standin.medianMs / bare.medianMs, 2), dev };
  } finally {
    await chromium.close();
    for (const site of sites) await site.close();
    for (const folder of Object.values(folders)) rmSync(folder, { recursive: true, force: true });
  }
}
