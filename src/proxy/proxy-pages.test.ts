// The proxy's own pages as a Hono app: its page, its journal with the mock's query checks, a 404 naming what it
// forwards, paths matched as they came; and through a Node server, HEAD answered as GET without the body and any
// other method refused with a 405 (TRACE too, which a fetch Request cannot carry).
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_PAGE_CSP } from '../pages/proxy-page.js';
import { RequestJournal } from '../runtime/request-journal.js';
import { OWN_ANSWER_HEADER } from './own-answer.js';
import { answerFromPages, proxyPages } from './proxy-pages.js';
import { proxyTarget } from './proxy-target.js';

const ROOT = 'https://api.example.com';
const journal = new RequestJournal();
for (const status of [200, 404])
  journal.record({
    method: 'GET',
    path: `/api/v2/me?n=${status}`,
    status,
    duration_ms: 1,
    session: null,
    person: null,
    override: null,
    own_read: false,
    request_body: null,
    response_body: null,
  });
const pages = proxyPages(ROOT, journal);

describe("the proxy's pages", () => {
  it('serves its page, never cached or sniffed, under the CSP that lets it reach nothing else', async () => {
    const page = await pages.request('/');
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(Object.fromEntries(page.headers)).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': PROXY_PAGE_CSP,
    });
    expect(text).toContain(ROOT);
  });

  it("serves the journal with the mock's filters, and a 422 problem for a query they refuse", async () => {
    const listed = await pages.request('/__mock/requests?status=404&status=200');
    expect(((await listed.json()) as Array<{ path: string }>).map((e) => e.path)).toEqual(['/api/v2/me?n=404']);
    const refused = await pages.request('/__mock/requests?limit=lots');
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({ type: 'urn:standin:problem:invalid-values' });
  });

  it.each(['/__mock/world', '/proxy/style%2Ecss', '/proxy/style.css/'])(
    "answers %s with the proxy's 404, naming what it forwards (paths are matched as they came)",
    async (path) => {
      const missing = await pages.request(path);
      expect(missing.status).toBe(404);
      expect(missing.headers.get(OWN_ANSWER_HEADER)).toBe('not-found');
      expect(((await missing.json()) as { detail: string }).detail).toBe(
        `standin proxy forwards /api/v2 and /hooks to ${ROOT}; its own are / (the findings, live) and GET /__mock/requests (the journal). Nothing is at ${path}.`,
      );
    },
  );
});

describe("the proxy's pages on a Node server", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((request, response) => {
      void answerFromPages(pages, request, response, proxyTarget(request.url!)!.url);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** One request by node:http, which sends any method. */
  const send = (method: string, path: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = httpRequest({ port, host: '127.0.0.1', method, path }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      });
      request.on('error', reject);
      request.end();
    });

  it('answers HEAD as GET, with the length of the body it leaves out', async () => {
    const got = await send('GET', '/proxy/style.css');
    const head = await send('HEAD', '/proxy/style.css');
    expect([head.status, head.body]).toEqual([200, '']);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(got.body)));
    expect(head.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it.each(['POST', 'DELETE', 'OPTIONS', 'TRACE'])('refuses %s with a 405 problem of its own', async (method) => {
    const refused = await send(method, '/');
    expect(refused.status).toBe(405);
    expect(refused.headers[OWN_ANSWER_HEADER]).toBe('method-not-allowed');
    expect(JSON.parse(refused.body)).toMatchObject({
      status: 405,
      detail:
        "standin proxy's own pages and journal are read with GET (G8); requests under /api/v2 and /hooks go to the upstream.",
    });
  });
});
