// README's quick start as a Vite app: its two browser blocks (src/mocks.ts and the guard in src/main.ts) in a
// folder with an index.html, msw's worker in public/ (as `npx msw init public` puts it) and an app that calls
// the API, built with Vite for production or for a demo, and served as a production host serves it. Shared by
// the browser test of the quick start (test/browser/quick-start.test.ts) and the benchmark's browser part,
// as is its run on Vite's dev server.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer as createViteServer } from 'vite';
import { PACKAGE_ROOT as ROOT } from '../../src/spec/spec-files.js';
import { examplesOf } from './doc-examples.js';

/** README's block whose first line names `file` (`// src/mocks.ts: …`). */
export function quickStartBlock(file: 'src/mocks.ts' | 'src/main.ts'): string {
  const block = examplesOf('README.md').find((e) => e.kind === 'browser' && e.code.startsWith(`// ${file}:`));
  if (!block) throw new Error(`README.md: no <!-- example: browser --> block starting "// ${file}:"`);
  return block.code;
}

/**
 * The app behind the guard: its first call of the API, with the app's own login token (the mock's anyToken,
 * MK7, answers it as the default person), the moment its answer is in, as `window.firstAnswer` (ms since the
 * navigation began), and the name on the page.
 */
const APP = `
async function renderApp() {
  const response = await fetch('/api/v2/me', { headers: { authorization: 'Bearer the-apps-own-login-token' } });
  const me = await response.json();
  (window as any).firstAnswer = performance.now();
  document.querySelector('main')!.textContent = \`Hello, \${me.name}\`;
}
`;

/** The same page answered by a bare MSW handler, no standin: what a page costs with MSW alone. */
export const BARE_MOCKS = `// src/mocks.ts: a bare MSW handler, for comparison.
import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';

export async function startMock() {
  const worker = setupWorker(
    http.get('/api/v2/me', () => HttpResponse.json({ id: '6d0c4d5e-4a57-4f8e-9a53-2f1bb2d2a0c1', name: 'Ada Lovelace' })),
  );
  await worker.start({ onUnhandledRequest: 'bypass' });
}
`;

/**
 * Writes the app into `folder` (under the package, so that `standin` resolves to it as to an installed copy):
 * README's src/mocks.ts unless `mocks` replaces it, and README's src/main.ts with APP after it.
 */
export function writeQuickStart(folder: string, mocks = quickStartBlock('src/mocks.ts')): void {
  mkdirSync(join(folder, 'src'), { recursive: true });
  mkdirSync(join(folder, 'public'), { recursive: true });
  writeFileSync(
    join(folder, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>An app on standin</title></head>\n<body><main>Loading…</main><script type="module" src="/src/main.ts"></script></body></html>\n',
  );
  writeFileSync(join(folder, 'src', 'mocks.ts'), mocks);
  writeFileSync(join(folder, 'src', 'main.ts'), `${quickStartBlock('src/main.ts')}\n${APP}`);
  copyFileSync(
    join(ROOT, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'),
    join(folder, 'public', 'mockServiceWorker.js'),
  );
}

export interface BuiltChunk {
  fileName: string;
  /** The modules whose code is in the chunk, as absolute paths (Vite's own helpers start with `\0`). */
  moduleIds: string[];
  bytes: number;
}

/**
 * `vite build` of the app in `folder` into `folder/dist` in a process of its own, as a developer runs it (no
 * NODE_ENV: vitest's `test` would make Vite build for development): `production` (the guard leaves the mock
 * out) or `demo` (`VITE_STANDIN=on`, README's demo build). `groups` puts the modules a pattern matches in a
 * chunk of their own (the benchmark's msw chunk).
 */
export function buildQuickStart(
  folder: string,
  mode: 'production' | 'demo',
  groups: Array<{ name: string; test: RegExp }> = [],
): BuiltChunk[] {
  const script = `
    import { build } from 'vite';
    const groups = ${JSON.stringify(groups.map((g) => ({ name: g.name, test: g.test.source })))};
    const result = await build({
      root: process.cwd(),
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir: 'dist',
        emptyOutDir: true,
        reportCompressedSize: false,
        rolldownOptions: groups.length === 0 ? {} : {
          output: { codeSplitting: { groups: groups.map((g) => ({ name: g.name, test: new RegExp(g.test) })) } },
        },
      },
    });
    const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output).filter((o) => o.type === 'chunk');
    process.stdout.write(JSON.stringify(chunks.map((c) => ({ fileName: c.fileName, moduleIds: c.moduleIds, bytes: Buffer.byteLength(c.code) }))));`;
  const env: NodeJS.ProcessEnv = { ...process.env, VITE_STANDIN: mode === 'demo' ? 'on' : '' };
  delete env.NODE_ENV;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: folder,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (child.status !== 0) throw new Error(`vite build (${mode}) failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as BuiltChunk[];
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/**
 * `folder` served on 127.0.0.1 as a production host serves a Vite build: gzip, `assets/` (named by their hash)
 * cached for good, everything else asked again on each visit.
 */
export async function serveBuild(folder: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const zipped = new Map<string, Buffer>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = normalize(join(folder, path === '/' ? 'index.html' : path));
    let body = zipped.get(file);
    if (!body) {
      try {
        if (!file.startsWith(folder)) throw new Error('outside the folder');
        body = gzipSync(readFileSync(file), { level: 9 });
      } catch {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
        return;
      }
      zipped.set(file, body);
    }
    response
      .writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-encoding': 'gzip',
        'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * `folder` on Vite's dev server (no config file, quiet, a free port of 127.0.0.1) for as long as `use` runs:
 * `use` gets the page's address; the server is closed after, whatever `use` did.
 * @example const text = await onViteDevServer(folder, async (url) => openApp(page, url));
 */
export async function onViteDevServer<T>(folder: string, use: (url: string) => Promise<T>): Promise<T> {
  const server = await createViteServer({
    root: folder,
    configFile: false,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0 },
  });
  try {
    await server.listen();
    return await use(server.resolvedUrls?.local[0] ?? '');
  } finally {
    await server.close();
  }
}
