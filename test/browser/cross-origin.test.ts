// G13 in Debian's Chromium, as an attacker's page would try it: a page of another site (evil.test, mapped to
// 127.0.0.1 in the browser) can neither read nor change anything under /__mock or the pages of a standin on
// this machine — not with fetch, not with the "simple" requests a browser sends unasked — and a page of a name
// rebound to 127.0.0.1 (DNS rebinding) gets 403 for every path; a page of a dev server's loopback origin still
// uses the controls, and /api/v2 answers both.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningMock } from '../../src/server/start-server.js';
import { getCompiledControlSpec } from '../../src/spec/compiled-spec.js';
import { connectChromium } from '../support/shared-chromium.js';

const NOW = '2026-11-20T15:00:00Z';

let browser: Browser;
let standin: RunningMock;
/** Where standin listens, as the pages name it: http://127.0.0.1:<port>. */
let target: string;
let standinPort: number;
/** Another site's server, serving an empty page wherever it is asked: the attacker's, or a dev server. */
let site: Server;
let sitePort: number;
let token: string;

beforeAll(async () => {
  // The shared Chromium maps evil.test to 127.0.0.1 (test/support/chromium-global-setup.ts).
  browser = await connectChromium();
  standin = await startServer({ port: 0, host: '127.0.0.1', now: NOW });
  target = new URL(standin.baseUrl).origin;
  standinPort = Number(new URL(target).port);
  const world = standin.mock.world;
  token = world.store.people.get(world.defaultPersonId)!.tokens.readWrite;
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>a site</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
});

afterAll(async () => {
  await browser?.close();
  await standin?.close();
  site?.close();
});

/** A page of `origin` (the site's server answers it), ready to run scripts there. */
async function pageOf(origin: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/`);
  return page;
}

/** What a page's script gets when it tries each thing: 'read: <status>' or 'blocked'. */
async function attempts(page: Page, standinOrigin: string, apiToken: string): Promise<Record<string, string>> {
  return await page.evaluate(
    async ({ at, bearer }) => {
      const tryRead = async (path: string, init?: RequestInit) => {
        try {
          const response = await fetch(`${at}${path}`, init);
          return `read: ${response.status} ${(await response.text()).slice(0, 200)}`;
        } catch {
          return 'blocked';
        }
      };
      // A request a browser sends without asking first (no preflight); its answer is opaque to the page.
      const unasked = async (path: string, init: RequestInit) => {
        try {
          await fetch(`${at}${path}`, { ...init, mode: 'no-cors' });
          return 'sent';
        } catch {
          return 'blocked';
        }
      };
      const json = (method: string, body: unknown): RequestInit => ({
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const rule = { rules: [{ path: '/api/v2/me', status: 200, body: { id: 'pwned' }, unchecked: true }] };
      return {
        tokens: await tryRead('/__mock/tokens'),
        world: await tryRead('/__mock/world'),
        dashboard: await tryRead('/'),
        docs: await tryRead('/docs/openapi.json'),
        reset: await unasked('/__mock/reset', { method: 'POST' }),
        advance: await tryRead('/__mock/clock/advance', json('POST', { days: 1 })),
        override: await tryRead('/__mock/overrides', json('PUT', rule)),
        api: await tryRead('/api/v2/me', { headers: { authorization: `Bearer ${bearer}` } }),
      };
    },
    { at: standinOrigin, bearer: apiToken },
  );
}

/** The world as the server sees it: a goal the test made, the clock, the overrides. */
async function state(): Promise<{ goals: string[]; now: string; overrides: number }> {
  const { mock } = standin;
  const goals = [...mock.world.store.goals.values()].map((goal) => goal.title);
  return { goals, now: (await (await fetch(`${target}/__mock/clock`)).json()).now, overrides: mock.overrides.size };
}

describe('G13 in a browser', () => {
  it('a page of another site reads and changes nothing under /__mock or the pages; /api/v2 answers it', async () => {
    const created = await fetch(`${standin.baseUrl}/goals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Made before the attack' }),
    });
    expect(created.status).toBe(201);
    const before = await state();
    const page = await pageOf(`http://evil.test:${sitePort}`);
    const got = await attempts(page, target, token);
    expect(got).toMatchObject({
      tokens: 'blocked',
      world: 'blocked',
      dashboard: 'blocked',
      docs: 'blocked',
      reset: 'sent',
      advance: 'blocked',
      override: 'blocked',
    });
    expect(got.api).toMatch(/^read: 200 /);
    // The requests the browser sent unasked were refused, not only hidden from the page.
    const after = await state();
    expect(after).toEqual(before);
    expect(after.goals).toContain('Made before the attack');
    expect(after.overrides).toBe(0);
  });

  it('a page of another site that opens every GET control in iframes and images gets 403 for each (issue 33)', async () => {
    // Every GET of spec/control.yaml, its path's parameters filled with something of the right shape.
    const paths = getCompiledControlSpec()
      .operations.filter((op) => op.method === 'GET')
      .map((op) => `/__mock${op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`);
    paths.push('/__mock/state?full=true');
    const page = await pageOf(`http://evil.test:${sitePort}`);
    // What the server answered each (a browser hides some: ORB blocks an image's JSON answer from the page).
    const statuses = new Map<string, number>();
    const stop = standin.mock.events.on('request:end', ({ path, status }) => {
      if (path.includes('as=')) statuses.set(path, status);
    });
    await page.evaluate(
      ({ at, paths }) => {
        for (const path of paths)
          for (const tag of ['iframe', 'img']) {
            const element = document.createElement(tag) as HTMLIFrameElement | HTMLImageElement;
            element.src = `${at}${path}${path.includes('?') ? '&' : '?'}as=${tag}`;
            document.body.append(element);
          }
      },
      { at: target, paths },
    );
    // Each answer's status, as it ends (a stream that is answered never ends: its absence fails the count).
    await expect.poll(() => statuses.size).toBe(paths.length * 2);
    stop();
    const wrong = [...statuses].filter(([, status]) => status !== 403);
    expect(wrong).toEqual([]);
    await page.context().close();
  });

  it('a page of a name rebound to 127.0.0.1 (DNS rebinding) gets 403 on every path, the API included', async () => {
    const rebound = `http://evil.test:${standinPort}`;
    for (const path of ['/', '/docs', '/__mock/tokens', '/api/v2/me']) {
      const page = await (await browser.newContext()).newPage();
      const response = await page.goto(`${rebound}${path}`);
      expect(response?.status(), path).toBe(403);
      const text = (await page.textContent('body')) ?? '';
      expect(text).toContain('--allowed-host evil.test');
      expect(text).not.toContain('rw_');
    }
    // Its own origin now, the page's script is refused just the same.
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${rebound}/`);
    const before = await state();
    const status = await page.evaluate(async () => (await fetch('/__mock/reset', { method: 'POST' })).status);
    expect(status).toBe(403);
    expect(await state()).toEqual(before);
  });

  it.each(['localhost', 'app.localhost'])(
    "a dev server's page on http://%s:<port> uses the controls and the API (loopback origins, G13)",
    async (host) => {
      const page = await pageOf(`http://${host}:${sitePort}`);
      const before = await state();
      const got = await attempts(page, target, token);
      expect(got.tokens).toMatch(/^read: 200 .*"read_write":"rw_/);
      expect(got).toMatchObject({ reset: 'sent' });
      expect(got.world).toMatch(/^read: 200 /);
      expect(got.advance).toMatch(/^read: 200 /);
      expect(got.override).toMatch(/^read: 200 /);
      expect(got.api).toMatch(/^read: 200 /);
      // The clock moved and the rule is in force: the controls are this page's to use.
      expect((await state()).now).not.toBe(before.now);
      expect(standin.mock.overrides.size).toBe(1);
      standin.mock.overrides.clear();
    },
  );
});
