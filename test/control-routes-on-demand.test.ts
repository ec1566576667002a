// A page's controls (control-routes.browser.ts), routed with its first /__mock request, answer as Node's routed at
// start do (control-routes.ts): the same requests to a mock of each give the same bytes, status and headers, and
// the same steps once routed. A chunk a page could not fetch is a 503 with Retry-After, never a 500, and the next
// request loads it again; a 404 whose slip may have meant a control loads control.yaml's document first.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

type App = typeof import('../src/http/app.js');
type Paths = typeof import('../src/http/request-paths.js');

/** Which routing createMock takes (the page's, on demand, or Node's), and the control document's load as a page has it. */
const page = {
  onDemand: false,
  /** Whether control.yaml's document is at hand before a load (Node: yes; a page: no). */
  documentAtHand: true,
  loads: 0,
  loaded: false,
  /** How many of the next loads fail, as a page offline does. */
  failing: 0,
};

let createMock: App['createMock'];
let describeRequestPath: Paths['describeRequestPath'];

// The workers share one module graph (vitest.config.ts's isolate: false): the two stand-ins are put in for this
// file's own fresh modules, and taken out, with a fresh graph again, for the files after it.
beforeAll(async () => {
  vi.doMock('../src/http/control-routes.js', async () => {
    const [atStart, onDemand] = await Promise.all([
      vi.importActual<typeof import('../src/http/control-routes.js')>('../src/http/control-routes.js'),
      import('../src/http/control-routes.browser.js'),
    ]);
    return {
      routeControlSurface: (...args: Parameters<typeof atStart.routeControlSurface>) =>
        (page.onDemand ? onDemand : atStart).routeControlSurface(...args),
    };
  });
  // And the page's lighter app (hono-app.browser.ts: a RegExpRouter alone), which must take every route a page's
  // app declares: the same requests, the same answers.
  vi.doMock('../src/http/hono-app.js', async () => {
    const [node, browser] = await Promise.all([
      vi.importActual<typeof import('../src/http/hono-app.js')>('../src/http/hono-app.js'),
      import('../src/http/hono-app.browser.js'),
    ]);
    return {
      Hono: function Hono(...args: ConstructorParameters<typeof node.Hono>) {
        return page.onDemand ? new browser.Hono(...args) : new node.Hono(...args);
      },
    };
  });
  vi.doMock('../src/spec/compiled-spec.js', async () => {
    const actual = await vi.importActual<typeof import('../src/spec/compiled-spec.js')>('../src/spec/compiled-spec.js');
    return {
      ...actual,
      controlDocumentAtHand: () => page.documentAtHand || page.loaded,
      loadControlDocument: () => {
        page.loads++;
        if (page.failing > 0) {
          page.failing--;
          return Promise.reject(new Error('Failed to fetch page-control-document.js'));
        }
        page.loaded = true;
        return Promise.resolve();
      },
    };
  });
  vi.resetModules();
  ({ createMock } = await import('../src/http/app.js'));
  ({ describeRequestPath } = await import('../src/http/request-paths.js'));
});

afterAll(() => {
  vi.doUnmock('../src/http/control-routes.js');
  vi.doUnmock('../src/spec/compiled-spec.js');
  vi.doUnmock('../src/http/hono-app.js');
  vi.resetModules();
});

const NOW = '2026-11-20T15:00:00Z';
const ORIGIN = 'http://localhost:5173';
const OUTAGE = { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'Planned outage.' };

/** Each request in turn, as [method, path, body?, headers?]; a later one may read what an earlier one did. */
const REQUESTS: ReadonlyArray<[string, string, unknown?, Record<string, string>?]> = [
  ['GET', '/__mock/clock'],
  ['GET', '/__mock/tokens'],
  ['POST', '/__mock/clock/advance', { hours: 5 }],
  ['POST', '/__mock/clock/advance', { hours: 'five', weeks: 1 }],
  ['PUT', '/__mock/clock', { now: 'tomorrow' }],
  ['DELETE', '/__mock/tokens'],
  ['HEAD', '/__mock/world'],
  ['GET', '/__mock/world'],
  ['OPTIONS', '/__mock/world', undefined, { origin: ORIGIN, 'access-control-request-method': 'PUT' }],
  ['GET', '/__mock/server', undefined, { origin: 'https://evil.example' }],
  ['GET', '/__mock/nope'],
  ['GET', '/__mock/Tokens'],
  ['GET', '/__mock/tokens/'],
  ['GET', '/__mock'],
  ['GET', '/__MOCK/clock'],
  ['GET', '/api/v2/nope'],
  ['PUT', '/__mock/faults', { rules: [{ faults: [{ kind: 'error', status: 418, rate: 2 }] }] }],
  ['PUT', '/__mock/overrides', { rules: [{ method: 'GET', path: '/api/v2/me', status: 200, body: {} }] }],
  ['PUT', '/__mock/overrides', { rules: [{ method: 'GET', path: '/api/v2/me', status: 503, body: OUTAGE, uses: 1 }] }],
  ['PUT', '/__mock/clock', { now: '2026-11-25T08:00:00Z' }],
  ['GET', '/__mock/snapshots'],
  ['GET', '/__mock/state'],
  ['GET', '/__mock/overrides'],
  ['GET', '/__mock/webhooks'],
  ['GET', '/__mock/rate-limit'],
  ['GET', '/__mock/sessions'],
  ['GET', '/__mock/read?path=/api/v2/me'],
  ['GET', '/__mock/requests/2/explain'],
  ['GET', '/__mock/requests?limit=5'],
  ['POST', '/__mock/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
];

/** The answers of every request of REQUESTS to a new mock, whole: status, headers and the body's text. */
async function answers(options: Parameters<App['createMock']>[0] = {}) {
  const mock = createMock({ seed: 42, size: 'small', now: NOW, ...options });
  const seen: Array<{ request: string; status: number; headers: Array<[string, string]>; body: string }> = [];
  for (const [method, path, body, headers = {}] of REQUESTS) {
    const response = await mock.app.request(path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    seen.push({
      request: `${method} ${path}`,
      status: response.status,
      headers: [...response.headers],
      // The journal's wall-clock instants and durations are the run's, not the mock's.
      body: (await response.text()).replace(/"(at|duration_ms)":("[^"]*"|[\d.]+)/g, '"$1":0'),
    });
  }
  return { mock, seen };
}

beforeEach(() => {
  Object.assign(page, { onDemand: false, documentAtHand: true, loads: 0, loaded: false, failing: 0 });
});

describe("a page's controls, routed with its first /__mock request", () => {
  it('answer every request as the controls routed at start do, byte for byte', async () => {
    const atStart = await answers();
    page.onDemand = true;
    page.documentAtHand = false;
    const onDemand = await answers();
    expect(onDemand.seen).toEqual(atStart.seen);
    // Routed on demand indeed: control.yaml's document loaded once, by the first request.
    expect(page.loads).toBe(1);
    // The table reaches the controls' handlers, their refusals, the 404s and 405s, not only the guards.
    expect(atStart.seen.map((answer) => `${answer.request} ${answer.status}`)).toEqual([
      'GET /__mock/clock 200',
      'GET /__mock/tokens 200',
      'POST /__mock/clock/advance 200',
      'POST /__mock/clock/advance 422',
      'PUT /__mock/clock 422',
      'DELETE /__mock/tokens 405',
      'HEAD /__mock/world 200',
      'GET /__mock/world 200',
      'OPTIONS /__mock/world 204',
      'GET /__mock/server 403',
      'GET /__mock/nope 404',
      'GET /__mock/Tokens 404',
      'GET /__mock/tokens/ 404',
      'GET /__mock 404',
      'GET /__MOCK/clock 404',
      'GET /api/v2/nope 404',
      'PUT /__mock/faults 422',
      'PUT /__mock/overrides 422',
      'PUT /__mock/overrides 200',
      'PUT /__mock/clock 200',
      'GET /__mock/snapshots 200',
      'GET /__mock/state 200',
      'GET /__mock/overrides 200',
      'GET /__mock/webhooks 200',
      'GET /__mock/rate-limit 200',
      'GET /__mock/sessions 200',
      'GET /__mock/read?path=/api/v2/me 200',
      'GET /__mock/requests/2/explain 200',
      'GET /__mock/requests?limit=5 200',
      'POST /__mock/mcp 406',
    ]);
    // Once routed, each control's steps are the same list.
    for (const [method, path] of [
      ['POST', '/__mock/clock/advance'],
      ['GET', '/__mock/webhooks/deliveries'],
      ['DELETE', '/__mock/tokens'],
      ['GET', '/__mock/nope'],
    ] as const)
      expect(describeRequestPath(onDemand.mock, method, path)).toEqual(describeRequestPath(atStart.mock, method, path));
  });

  it('answer 503 with Retry-After while their chunk does not load, after the guards, and load it with the next request', async () => {
    page.onDemand = true;
    page.documentAtHand = false;
    const mock = createMock({ seed: 42, size: 'small', now: NOW, controlToken: 'secret-token-1234' });
    const authorization = { authorization: 'Bearer secret-token-1234' };
    page.failing = 2;
    // The guards first: without the token, the 401 though the load failed…
    expect((await mock.app.request('/__mock/clock')).status).toBe(401);
    // …with it, the load fails: a 503 saying so, to be sent again.
    const offline = await mock.app.request('/__mock/clock', { headers: authorization });
    expect([offline.status, offline.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await offline.json()).toMatchObject({
      type: 'urn:standin:problem:route-unavailable',
      detail:
        "This control's code did not load (Failed to fetch page-control-document.js); send the request again, which loads it again.",
    });
    const again = await mock.app.request('/__mock/clock', { headers: authorization });
    expect([again.status, await again.json()]).toEqual([200, { now: NOW, frozen: true }]);
    expect(page.loads).toBe(3);
  });

  it('load control.yaml’s document for the control twin’s catalog when it is the first /__mock request', async () => {
    page.onDemand = true;
    page.documentAtHand = false;
    const mock = createMock({ seed: 42, size: 'small', now: NOW });
    const list = () =>
      mock.app.request('/__mock/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    page.failing = 1;
    const offline = await list();
    expect([offline.status, offline.headers.get('retry-after')]).toEqual([503, '1']);
    expect((await list()).status).toBe(200);
    expect(page.loads).toBe(2);
  });

  it('load control.yaml’s document for a 404 that may have meant a control, and only for one', async () => {
    page.onDemand = true;
    page.documentAtHand = false;
    const mock = createMock({ seed: 42, size: 'small', now: NOW });
    // A slip of the API's path needs the API's spec alone.
    expect((await mock.app.request('/api/v2/goals/')).status).toBe(404);
    expect(page.loads).toBe(0);
    page.failing = 1;
    const offline = await mock.app.request('/__MOCK/clock');
    expect([offline.status, offline.headers.get('retry-after')]).toEqual([503, '1']);
    const meant = await mock.app.request('/__MOCK/clock');
    expect(meant.status).toBe(404);
    expect((await meant.json()).detail).toContain('Did you mean GET /__mock/clock?');
    expect(page.loads).toBe(2);
  });
});
