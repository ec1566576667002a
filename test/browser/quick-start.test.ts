// README's quick start for a Vite app, as printed (src/mocks.ts and the guard in src/main.ts), built by Vite and
// run in Debian's Chromium: the production build carries none of the mock (no standin, faker or msw), the demo
// build (VITE_STANDIN=on) answers the app's own login token from the mock (anyToken, MK7), keeps a write through
// a reload and loads the spec's response checks only when an override asks for them, and Vite's dev server
// answers the app too.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChromium } from '../support/shared-chromium.js';
import {
  buildQuickStart,
  onViteDevServer,
  serveBuild,
  writeQuickStart,
  type BuiltChunk,
} from '../support/quick-start.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let folder: string;
let production: BuiltChunk[];
let demo: BuiltChunk[];
let site: { origin: string; close: () => Promise<void> } | undefined;
let browser: Browser;

beforeAll(async () => {
  // Under the package, as an app's folder is beside its node_modules: `standin` resolves to this package.
  mkdirSync(join(ROOT, '.examples'), { recursive: true });
  folder = mkdtempSync(join(ROOT, '.examples', 'quick-start-'));
  writeQuickStart(folder);
  production = buildQuickStart(folder, 'production');
  demo = buildQuickStart(folder, 'demo');
  site = await serveBuild(join(folder, 'dist'));
  browser = await connectChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The modules a build's chunks hold, the app's own relative to its folder; Vite's helpers left out. */
function modulesOf(chunks: BuiltChunk[]): string[] {
  return chunks
    .flatMap((chunk) => chunk.moduleIds)
    .filter((id) => !id.startsWith('\0'))
    .map((id) => relative(folder, id))
    .sort();
}

/** Opens the app and waits for its first answer from the API. */
async function openApp(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await page.waitForFunction(() => 'firstAnswer' in window, undefined, { timeout: 60_000 });
  return (await page.textContent('main')) ?? '';
}

describe("README's quick start in a Vite app", () => {
  it('leaves the whole mock out of the production build: only the app is in it', () => {
    expect(modulesOf(production)).toEqual(['index.html', 'src/main.ts']);
    expect(production.map((chunk) => chunk.fileName)).toEqual([expect.stringMatching(/^assets\/index-[\w-]+\.js$/)]);
  });

  it("splits the demo build so that no chunk trips Vite's large-chunk warning (500 kB minified)", () => {
    // Vite warns of any chunk over build.chunkSizeWarningLimit, 500 kB of minified code: none may be, msw's own
    // chunk (the page's mocks.ts imports it) included.
    const over = demo.filter((chunk) => chunk.bytes > 500_000).map((chunk) => `${chunk.fileName} ${chunk.bytes}`);
    expect(over).toEqual([]);
    expect(production.every((chunk) => chunk.bytes <= 500_000)).toBe(true);
  });

  it('keeps the mock in a demo build, in a chunk of its own loaded by the guard', () => {
    const modules = modulesOf(demo);
    expect(modules).toContain('src/mocks.ts');
    for (const part of ['dist/src/index.browser.js', 'node_modules/msw/'])
      expect(modules.some((id) => id.includes(part))).toBe(true);
    // A page draws its world without faker (fixtures/faker-class.ts): 28 kB gzipped it no longer pays.
    expect(modules.filter((id) => id.includes('node_modules/@faker-js/faker/'))).toEqual([]);
    const entry = demo.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/main.ts')));
    expect(entry?.moduleIds.some((id) => id.includes('node_modules') || id.endsWith('/src/mocks.ts'))).toBe(false);
  });

  it("answers the demo build from the mock, the app's own token taken (MK7), and a write survives a reload", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const origin = site?.origin ?? '';
    expect(await openApp(page, origin)).toMatch(/^Hello, \S+ \S+/);
    // Written with the app's own login token, which anyToken (MK7) answers as the default person.
    const written = await page.evaluate(async () => {
      const headers = { authorization: 'Bearer the-apps-own-login-token', 'content-type': 'application/json' };
      const response = await fetch('/api/v2/goals', {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'Written in a demo build' }),
      });
      return { status: response.status, id: ((await response.json()) as { id: string }).id };
    });
    expect(written.status).toBe(201);
    await page.reload();
    await page.waitForFunction(() => 'firstAnswer' in window, undefined, { timeout: 60_000 });
    const after = await page.evaluate(async (id) => {
      const response = await fetch(`/api/v2/goals/${id}`, { headers: { authorization: 'Bearer another-login' } });
      return { status: response.status, title: ((await response.json()) as { title: string }).title };
    }, written.id);
    expect(after).toEqual({ status: 200, title: 'Written in a demo build' });
    expect(errors).toEqual([]);
    // The page's files from its host; everything under /api/v2 and /__mock from the worker, nothing elsewhere.
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    await context.close();
  });

  it('loads the spec checks only when one is asked for: an override put after the first answer is checked', async () => {
    const checks = demo.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/spec/generated/spec-checks-0.js')));
    expect(checks?.moduleIds.some((id) => id.endsWith('/spec/generated/specs.js'))).toBe(false);
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
    });
    await openApp(page, site?.origin ?? '');
    expect(scripts).not.toContain(checks?.fileName);
    const seen = await page.evaluate(async () => {
      const put = async (rules: unknown[]) => {
        const response = await fetch('/__mock/overrides', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rules }),
        });
        return { status: response.status, body: (await response.json()) as { errors?: unknown[] } };
      };
      // Not a Person: refused by getMe's response check. A 503 with a Problem body: held to the Problem schema.
      const refused = await put([{ method: 'GET', path: '/api/v2/me', status: 200, body: { name: 'No id' } }]);
      const problem = { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'Planned outage.' };
      const accepted = await put([{ method: 'GET', path: '/api/v2/me', status: 503, body: problem, uses: 1 }]);
      const me = await fetch('/api/v2/me', { headers: { authorization: 'Bearer the-apps-own-login-token' } });
      return { refused, accepted: accepted.status, me: me.status };
    });
    expect(seen.refused).toMatchObject({
      status: 422,
      body: { errors: [{ name: 'rules[0].body', message: expect.stringMatching(/getMe/) }] },
    });
    expect(seen).toMatchObject({ accepted: 200, me: 503 });
    expect(scripts).toContain(checks?.fileName);
    await page.close();
  });

  it('answers 503 when the spec checks cannot be fetched, and loads them on the next request', async () => {
    const checks = demo.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/spec/generated/spec-checks-0.js')));
    const page = await browser.newPage();
    await openApp(page, site?.origin ?? '');
    const chunk = `**/${checks?.fileName}`;
    // The context's routes, not the page's: MSW's service worker fetches the chunk, and a page route never sees that.
    await page.context().route(chunk, (route) => route.abort('internetdisconnected'));
    const put = () =>
      page.evaluate(async () => {
        const problem = { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'Planned outage.' };
        const rules = [{ method: 'GET', path: '/api/v2/me', status: 503, body: problem, uses: 1 }];
        const response = await fetch('/__mock/overrides', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rules }),
        });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.json(),
        };
      });
    const offline = await put();
    expect(offline).toMatchObject({
      status: 503,
      retryAfter: '1',
      body: { type: 'urn:standin:problem:checks-unavailable' },
    });
    await page.context().unroute(chunk);
    expect((await put()).status).toBe(200);
    await page.close();
  });

  it("loads the controls' code and control.yaml's document with the first /__mock request, a 503 while they cannot be fetched", async () => {
    const chunkOf = (module: string) => demo.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(module)));
    const controls = chunkOf('/http/mock-controls.js');
    const document = chunkOf('/spec/generated/page-control-document.js');
    expect(controls?.moduleIds.some((id) => id.endsWith('/http/public-mock.js'))).toBe(false);
    expect(document?.moduleIds.some((id) => id.endsWith('/spec/generated/page-documents.js'))).toBe(false);
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
    });
    await openApp(page, site?.origin ?? '');
    expect(scripts).not.toContain(controls?.fileName);
    expect(scripts).not.toContain(document?.fileName);
    // The control twin first: its catalog loads the document, and it says where the twin runs (not a 500).
    const twin = await page.evaluate(async () => {
      const response = await fetch('/__mock/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(twin).toMatchObject({ status: 501, body: { type: 'urn:standin:problem:mcp-not-in-a-page' } });
    expect(scripts).toContain(document?.fileName);
    const chunk = `**/${controls?.fileName}`;
    // The context's routes, as for the checks: MSW's service worker fetches the chunk.
    await page.context().route(chunk, (route) => route.abort('internetdisconnected'));
    const clock = () =>
      page.evaluate(async () => {
        const response = await fetch('/__mock/clock');
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.json(),
        };
      });
    expect(await clock()).toMatchObject({
      status: 503,
      retryAfter: '1',
      body: { type: 'urn:standin:problem:route-unavailable' },
    });
    await page.context().unroute(chunk);
    expect(await clock()).toMatchObject({ status: 200, body: { frozen: false } });
    expect(scripts).toContain(controls?.fileName);
    await page.close();
  });

  it("answers the app on Vite's dev server, where import.meta.env.DEV is true", async () => {
    await onViteDevServer(folder, async (url) => {
      const page = await browser.newPage();
      // The generated spec modules as served: at their own size (and their imports rewritten), not six times it
      // with a map of them inline.
      const served = new Map<string, Promise<number>>();
      page.on('response', (response) => {
        const name = /\/spec\/generated\/([\w-]+\.js)$/.exec(new URL(response.url()).pathname)?.[1];
        if (name)
          served.set(
            name,
            response.body().then((body) => body.length),
          );
      });
      expect(await openApp(page, url)).toMatch(/^Hello, \S+ \S+/);
      expect([...served.keys()].sort()).toEqual(['page-documents.js', 'spec-check-parts.js', 'specs.js']);
      for (const [name, bytes] of served) {
        const size = statSync(join(ROOT, 'dist', 'src', 'spec', 'generated', name)).size;
        expect(await bytes, name).toBeLessThan(size * 1.05 + 1_000);
      }
      await page.close();
    });
  });
});
