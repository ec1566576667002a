// What the dashboard reads of the server, in-process: GET /__mock/server says the options that change answers
// (G7 strict, MK7 any-token and as whom, G10 app url, the control token, where the world is kept), and
// GET /__mock/read answers a read of /api/v2 as the default person exactly as the API does, but outside G14's
// rate limits, MK6's faults and the override rules, marked in the journal as the dashboard's own; no header
// takes an /api/v2 request past them (/api/v2 answers any origin, G13).
import { describe, expect, it } from 'vitest';
import { control, Harness } from './support/harness.js';

const ALL_503 = { rules: [{ faults: [{ kind: 'error', status: 503, rate: 1, retry_after: 2 }] }] };

describe('GET /__mock/server', () => {
  it('says the defaults: lenient, no any-token mode, the default app url, no control token, kept nowhere', async () => {
    const h = new Harness();
    expect((await control(h, 'GET', '/server')).body).toEqual({
      strict: false,
      any_token: null,
      app_url: h.mock.options.appUrl,
      control_token: false,
      persistence: null,
    });
  });

  it('says strict mode, any-token mode and as whom, the app url, the control token and the state file', async () => {
    const h = new Harness({
      strict: true,
      anyToken: '@agraham',
      appUrl: 'https://app.example.test',
      controlToken: 'sesame-sesame-sesame',
      stateFile: '/tmp/world.json',
    });
    const answer = await control(h, 'GET', '/server', undefined, { authorization: 'Bearer sesame-sesame-sesame' });
    expect(answer.body).toEqual({
      strict: true,
      any_token: { as: 'agraham' },
      app_url: 'https://app.example.test',
      control_token: true,
      persistence: { kind: 'file', path: '/tmp/world.json' },
    });
  });
});

describe('GET /__mock/read', () => {
  it('answers as /api/v2 answers the default person (read-only), and the journal marks the read as its own', async () => {
    const h = new Harness();
    const api = await h.call('GET', '/api/v2/goals?per_page=5', { token: h.person().tokens.readOnly });
    const read = await control(h, 'GET', `/read?path=${encodeURIComponent('/api/v2/goals?per_page=5')}`);
    expect(read).toEqual({ status: 200, body: api.body });
    const missing = await control(
      h,
      'GET',
      `/read?path=${encodeURIComponent('/api/v2/goals/0f8fad5b-d9cb-469f-a165-70867728950e')}`,
    );
    expect(missing.status).toBe(404);
    const journal = (await control(h, 'GET', '/requests')).body as Array<{ path: string; own_read: boolean }>;
    expect(journal.map(({ path, own_read }) => [path, own_read])).toEqual([
      ['/api/v2/goals/0f8fad5b-d9cb-469f-a165-70867728950e', true],
      ['/api/v2/goals?per_page=5', true],
      ['/api/v2/goals?per_page=5', false],
    ]);
  });

  it('is neither limited (G14) nor faulted (MK6) nor answered by an override, which the API meets', async () => {
    const h = new Harness({ rateLimit: true });
    expect((await control(h, 'PUT', '/faults', ALL_503)).status).toBe(200);
    const outage = { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'Planned outage.' };
    const rule = { method: 'GET', path: '/api/v2/me', status: 503, body: outage, uses: 1 };
    expect((await control(h, 'PUT', '/overrides', { rules: [rule] })).status).toBe(200);
    // Far past the burst window: every read answered, none counted.
    for (let i = 0; i < 40; i++)
      expect((await control(h, 'GET', `/read?path=${encodeURIComponent('/api/v2/me')}`)).body.id).toBe(h.person().id);
    // The override's one use is still there for the app, and the API meets it, then the faults.
    // (Straight to the app: getMe documents no 503, which the harness's call would hold it to.)
    const me = (headers: Record<string, string> = {}) =>
      h.mock.app.request('/api/v2/me', {
        headers: { authorization: `Bearer ${h.person().tokens.readWrite}`, ...headers },
      });
    const overridden = await me();
    expect([overridden.status, ((await overridden.json()) as { detail: string }).detail]).toEqual([
      503,
      'Planned outage.',
    ]);
    const faulted = await me();
    expect([faulted.status, faulted.headers.get('retry-after')]).toEqual([503, '2']);
    // No header an /api/v2 client may send does what the control does.
    expect((await me({ 'x-mock-own-read': 'true', prefer: 'own-read' })).status).toBe(503);
  });

  it('reads the API only: a path that leaves /api/v2 once resolved is refused naming the parameter', async () => {
    const h = new Harness();
    for (const path of ['/api/v2/../__mock/tokens', '/api/v2/%2e%2e/__mock/tokens', '/__mock/tokens']) {
      const answer = await control(h, 'GET', `/read?path=${encodeURIComponent(path)}`);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.body.errors, path).toEqual([expect.objectContaining({ in: 'query', name: 'path' })]);
    }
  });
});
