// G13 in-process: the controls and the pages answer this server's own pages, loopback origins and the origins
// it names, and refuse every other page with a 403 — reads, preflights and the "simple" writes a browser sends
// without asking first — while /api/v2 answers any origin. (The Host check is a port's: server-hosts.test.ts.)
import { describe, expect, it } from 'vitest';
import { createMock } from '../src/http/app.js';
import { isLoopbackOrigin, normalizeOrigin } from '../src/http/cross-origin.js';
import { pagesApp } from '../src/pages/pages-app.js';
import { getCompiledSpec } from '../src/spec/compiled-spec.js';
import { NOW } from './support/harness.js';

const SERVER = 'http://127.0.0.1:4010';

interface Sent {
  method?: string;
  origin?: string;
  headers?: Record<string, string>;
  body?: string;
}

function requestTo(app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }) {
  return async (path: string, { method = 'GET', origin, headers = {}, body }: Sent = {}) =>
    await app.request(`${SERVER}${path}`, {
      method,
      body,
      headers: { ...(origin === undefined ? {} : { origin }), ...headers },
    });
}

async function problemOf(response: Response): Promise<{ type: string; detail: string }> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return (await response.json()) as { type: string; detail: string };
}

describe('G13 the origins a mock trusts', () => {
  it.each([
    ['http://localhost:5173', true],
    ['https://localhost', true],
    ['http://app.localhost:3000', true],
    ['http://127.0.0.1:8080', true],
    ['http://[::1]:4010', true],
    ['https://evil.example', false],
    ['http://localhost.evil.example', false],
    ['http://127.0.0.2:80', false],
    ['http://localhost:5173.evil.example', false],
    ['file://', false],
    ['null', false],
  ])('%s is a loopback origin: %s', (origin, loopback) => {
    expect(isLoopbackOrigin(origin)).toBe(loopback);
  });

  it.each([
    ['HTTPS://App.Example.dev:443/', 'https://app.example.dev'],
    ['http://app.example.dev:8443', 'http://app.example.dev:8443'],
    ['https://app.example.dev/path', null],
    ['*', null],
    ['app.example.dev', null],
    ['ftp://app.example.dev', null],
  ])('--cors-origin %s reads as %s', (text, origin) => {
    expect(normalizeOrigin(text)).toBe(origin);
  });

  it('createMock refuses a cors origin that is not one, naming it', () => {
    // In the words of standin serve's --cors-origin (src/http/option-rules.ts).
    expect(() => createMock({ corsOrigins: ['https://app.example.dev/path'] })).toThrow(
      'createMock: corsOrigins[0] must be an origin such as https://app.example.dev:8443 (no path), got "https://app.example.dev/path"',
    );
  });
});

describe('G13 the controls (/__mock)', () => {
  it('refuse a page of another origin, reads and the writes a browser sends unasked, and change nothing', async () => {
    const mock = createMock({ now: NOW });
    const send = requestTo(mock.app);
    const token = mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readWrite;
    const goal = await mock.app.request('/api/v2/goals', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Survives a foreign page' }),
    });
    expect(goal.status).toBe(201);
    const attacks: Array<[string, Sent]> = [
      ['/__mock/tokens', { origin: 'https://evil.example' }],
      // A "simple" request: no preflight, the browser sends it and only hides the answer.
      ['/__mock/reset', { method: 'POST', origin: 'https://evil.example' }],
      ['/__mock/reset', { method: 'POST', origin: 'https://evil.example', headers: { 'content-type': 'text/plain' } }],
      ['/__mock/overrides', { method: 'DELETE', origin: 'http://192.168.1.20:5173' }],
      ['/__mock/clock/advance', { method: 'POST', origin: 'null', body: '{"days":30}' }],
      // Not as a browser serializes an origin: a user part, an address written as a number, upper case.
      ['/__mock/reset', { method: 'POST', origin: 'http://evil.example@localhost' }],
      ['/__mock/reset', { method: 'POST', origin: 'http://127.1:4010' }],
      ['/__mock/reset', { method: 'POST', origin: 'http://LOCALHOST:5173' }],
      // A form of another site, which sends no Origin in some browsers: Fetch Metadata tells.
      ['/__mock/reset', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } }],
      ['/__mock/tokens', { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' } }],
      // A link or an iframe of another site: a navigation, which opens the pages but no control (issue 33).
      ['/__mock/state?full=true', { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } }],
      ['/__mock/tokens', { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } }],
    ];
    for (const [path, sent] of attacks) {
      const response = await send(path, sent);
      expect(response.status, `${sent.method ?? 'GET'} ${path} from ${sent.origin ?? 'a cross-site load'}`).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      const problem = await problemOf(response);
      expect(problem.type).toBe('urn:standin:problem:cross-origin-refused');
      expect(problem.detail).toMatch(/\(G13\).*--cors-origin/);
      expect(problem.detail).not.toContain('rw_');
    }
    // Nothing changed: the goal is still there and the clock where it was.
    const goals = await mock.app.request('/api/v2/goals?per_page=50', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await goals.json()) as Array<{ title: string }>).map((g) => g.title)).toContain('Survives a foreign page');
    expect(((await (await send('/__mock/clock')).json()) as { now: string }).now).toBe(NOW);
  });

  it('refuse a foreign preflight, and answer a loopback one with its own origin and a fixed list of headers', async () => {
    const send = requestTo(createMock({ now: NOW }).app);
    const asked = {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, x-evil-header',
    };
    const foreign = await send('/__mock/reset', { method: 'OPTIONS', origin: 'https://evil.example', headers: asked });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const local = await send('/__mock/reset', { method: 'OPTIONS', origin: 'http://localhost:5173', headers: asked });
    expect(local.status).toBe(204);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(local.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type,X-Mock-Session');
    expect(local.headers.get('access-control-allow-methods')).toBe('GET,PUT,POST,PATCH,DELETE');
    expect(local.headers.get('vary')).toBe('Origin');
  });

  it.each([
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://app.localhost:3000', 'http://app.localhost:3000'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://[::1]:4010', 'http://[::1]:4010'],
  ])('answer a page of %s, readable to it alone', async (origin, allowed) => {
    const send = requestTo(createMock({ now: NOW }).app);
    const response = await send('/__mock/world', { origin });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(response.headers.get('vary')).toContain('Origin');
    const reset = await send('/__mock/reset', { method: 'POST', origin });
    expect(reset.status).toBe(200);
  });

  it("answer this server's own pages wherever it is reached (a demo host's name): same origin, nothing to allow", async () => {
    const mock = createMock({ now: NOW });
    const own = 'https://demo.example.com';
    const response = await mock.app.request(`${own}/__mock/reset`, { method: 'POST', headers: { origin: own } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const other = await mock.app.request(`${own}/__mock/reset`, {
      method: 'POST',
      headers: { origin: 'https://demo.example.com:8443' },
    });
    expect(other.status).toBe(403);
  });

  it('answer tools that are not browsers (no Origin, no Fetch Metadata) as before, with no open CORS header', async () => {
    const response = await requestTo(createMock({ now: NOW }).app)('/__mock/tokens');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answer the origins a server names with corsOrigins, and only those', async () => {
    const send = requestTo(createMock({ now: NOW, corsOrigins: ['https://app.example.dev'] }).app);
    const named = await send('/__mock/tokens', { origin: 'https://app.example.dev' });
    expect(named.status).toBe(200);
    expect(named.headers.get('access-control-allow-origin')).toBe('https://app.example.dev');
    expect((await send('/__mock/tokens', { origin: 'https://other.example.dev' })).status).toBe(403);
  });

  it('refuse a foreign page before the control token is asked for, so it learns nothing of it', async () => {
    const send = requestTo(createMock({ now: NOW, controlToken: 'ctl-1-long-enough' }).app);
    const response = await send('/__mock/tokens', { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});

describe('G13 /api/v2', () => {
  it('answers any origin, with its open CORS headers, on every operation it routes', async () => {
    const mock = createMock({ now: NOW });
    const token = mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readWrite;
    const send = requestTo(mock.app);
    for (const origin of ['https://evil.example', 'http://localhost:5173', 'null']) {
      const me = await send('/api/v2/me', { origin, headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(me.headers.get('access-control-allow-origin')).toBe('*');
      const methods = [...new Set(getCompiledSpec().operations.map((op) => op.method))];
      const preflight = await send('/api/v2/goals', {
        method: 'OPTIONS',
        origin,
        headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'sentry-trace' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')?.split(',')).toEqual(methods);
      expect(preflight.headers.get('access-control-allow-headers')).toBe('sentry-trace');
    }
  });
});

describe('G13 the pages (/ and /docs)', () => {
  const app = pagesApp(createMock({ now: NOW }));
  const send = requestTo(app);

  it.each(['/', '/dashboard/app.js', '/docs', '/docs/openapi.json', '/docs/init.js'])(
    '%s refuses a page of another origin and a cross-site load, and answers a loopback page',
    async (path) => {
      const foreign = await send(path, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect((await problemOf(foreign)).type).toBe('urn:standin:problem:cross-origin-refused');
      const scripted = await send(path, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' } });
      expect(scripted.status).toBe(403);
      const local = await send(path, { origin: 'http://localhost:5173' });
      expect(local.status).toBe(200);
      expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    },
  );

  it('opens from a link on any site: a top-level navigation is no request of that site', async () => {
    const response = await send('/', { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } });
    expect(response.status).toBe(200);
  });

  it('the dashboard may not be framed by another site (clickjacking), and loads from this server alone', async () => {
    const response = await send('/');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
