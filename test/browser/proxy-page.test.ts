// standin proxy's page (GET /) in Debian's Chromium: an exchange made by an app elsewhere shows up on its own,
// with its finding (rule, source, problem) and in the tally of rules broken, opens on a click to its bodies, and
// the page makes no request but to the proxy itself, and throws nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startProxy, type RunningProxy } from '../../src/proxy/proxy-server.js';
import { NOW } from '../support/harness.js';
import { connectChromium } from '../support/shared-chromium.js';
import { startUpstream, type Upstream } from '../support/upstream-server.js';

let browser: Browser;
let upstream: Upstream;
let proxy: RunningProxy;

beforeAll(async () => {
  browser = await connectChromium();
  // An upstream whose goals are labelled wrong: 90 is "At risk" (GO5).
  upstream = await startUpstream({ now: NOW }, (request, answer) =>
    request.method === 'GET' && request.path.startsWith('/api/v2/goals?') && answer.status === 200
      ? {
          ...answer,
          text: JSON.stringify(
            (JSON.parse(answer.text) as Array<Record<string, unknown>>).map((goal) =>
              goal.confidence === 90 ? { ...goal, confidence_description: 'At risk' } : goal,
            ),
          ),
        }
      : answer,
  );
  proxy = await startProxy({ upstream: upstream.root, port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await upstream?.close();
});

it('shows an exchange made elsewhere with its finding, live, and its bodies on a click', async () => {
  const context = await browser.newContext();
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${proxy.origin}/`);
  await expect.poll(() => page.textContent('#tally-empty')).toBe('No findings yet.');

  const token = upstream.mock.world.store.people.get(upstream.mock.world.defaultPersonId)!.tokens.readWrite;
  const headers = { authorization: `Bearer ${token}` };
  await (await fetch(`${proxy.baseUrl}/me`, { headers })).text();
  await (await fetch(`${proxy.baseUrl}/goals?per_page=50`, { headers })).text();

  const broken = page.locator('tr.exchange.found');
  await broken.first().waitFor({ timeout: 10_000 });
  expect(await broken.count()).toBe(1);
  expect(await broken.first().textContent()).toContain('GET /api/v2/goals?per_page=50');
  expect(await page.locator('tr.exchange').count()).toBe(2);
  expect(await page.locator('#tally tbody').textContent()).toMatch(/^GO5interface1$/);
  expect(await page.isHidden('#tally-empty')).toBe(true);

  await broken.first().click();
  const detail = page.locator('tr.detail');
  expect(await detail.textContent()).toMatch(/GO5 \(interface\): response\[\d+\]\.confidence_description "On track"/);
  expect(await detail.textContent()).toContain('Response body');
  expect(await detail.textContent()).not.toContain(token);

  await page.check('#only-findings');
  expect(await page.locator('tr.exchange:visible').count()).toBe(1);

  expect(errors).toEqual([]);
  expect(requests.every((url) => url.startsWith(proxy.origin))).toBe(true);
  await context.close();
});

it("keeps an upstream's HTML from reading the proxy's journal: the page runs sandboxed, in an origin of its own", async () => {
  // A hostile (or compromised) upstream answers a document whose script reads the journal next door.
  const hostile = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>upstream</title><script>
      fetch('/__mock/requests').then((r) => r.text()).then(
        (text) => { document.title = 'read ' + text.length; },
        () => { document.title = 'refused'; });
    </script>`);
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  const hostileProxy = await startProxy({ upstream: root, port: 0, host: '127.0.0.1' });
  try {
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const answer = await page.goto(`${hostileProxy.baseUrl}/a-page`);
    expect(answer?.headers()['content-security-policy']).toBe('sandbox');
    // Its own script does not run (the title stays the document's), and the page's origin is an opaque one...
    expect(await page.title()).toBe('upstream');
    expect(await page.evaluate(() => window.origin)).toBe('null');
    // ...from which the journal cannot be read even by a script that does run there.
    const read = await page.evaluate(() =>
      fetch('/__mock/requests').then(
        (r) => r.text().then((text) => `read ${text.length}`),
        () => 'refused',
      ),
    );
    expect(read).toBe('refused');
    expect(asked.filter((path) => path.startsWith('/__mock'))).toEqual(['/__mock/requests']);
    await page.close();
  } finally {
    await hostileProxy.close();
    hostile.closeAllConnections();
    await new Promise<void>((resolve) => hostile.close(() => resolve()));
  }
});
