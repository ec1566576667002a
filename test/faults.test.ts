// MK6: latency and fault profiles — seeded and replayable, scoped by method and path, per request via
// Prefer; errors, dropped connections and slow bodies, the last two over a real socket.
import { afterEach, describe, expect, it } from 'vitest';
import { FaultProfile, parseLatency, type FaultProfileSpec } from '../src/runtime/fault-profile.js';
import { startServer, type RunningMock } from '../src/server/start-server.js';
import { Harness } from './support/harness.js';
import { defined } from './support/defined.js';

const FLAKY_GOALS: FaultProfileSpec = {
  seed: 7,
  rules: [
    { methods: ['GET'], path: '/api/v2/goals*', faults: [{ kind: 'error', status: 503, rate: 0.5, retry_after: 3 }] },
  ],
};

async function putFaults(h: Harness, profile: unknown) {
  const response = await h.mock.app.request('/__mock/faults', {
    method: 'PUT',
    body: JSON.stringify(profile),
    headers: { 'content-type': 'application/json' },
  });
  return { status: response.status, body: await response.json() };
}

async function statuses(h: Harness, path: string, n: number): Promise<number[]> {
  const token = h.person().tokens.readWrite;
  const out: number[] = [];
  for (let i = 0; i < n; i++)
    out.push((await h.mock.app.request(path, { headers: { authorization: `Bearer ${token}` } })).status);
  return out;
}

describe('MK6 fault profiles', () => {
  it('MK6 the same seed gives the same delays and faults; another seed another sequence', () => {
    const spec: FaultProfileSpec = {
      seed: 3,
      rules: [{ latency: { kind: 'uniform', min_ms: 10, max_ms: 90 }, faults: [{ kind: 'drop', rate: 0.3 }] }],
    };
    const draw = (s: FaultProfileSpec) => {
      const p = new FaultProfile(s);
      return Array.from({ length: 30 }, () => p.decide('GET', '/api/v2/me'));
    };
    const a = draw(spec);
    expect(draw(spec)).toEqual(a);
    expect(draw({ ...spec, seed: 4 })).not.toEqual(a);
    for (const d of a) {
      expect(d.delayMs).toBeGreaterThanOrEqual(10);
      expect(d.delayMs).toBeLessThanOrEqual(90);
    }
    expect(a.some((d) => d.fault) && a.some((d) => !d.fault)).toBe(true);
  });

  it('MK6 fixed and lognormal delays, and rules scoped by method and path, first match wins', () => {
    const p = new FaultProfile({
      rules: [
        { methods: ['PATCH'], path: '/api/v2/check-ins/*', latency: { kind: 'fixed', ms: 250 } },
        { latency: { kind: 'lognormal', median_ms: 100, sigma: 0.5 } },
      ],
    });
    expect(p.decide('PATCH', '/api/v2/check-ins/2026-11-20').delayMs).toBe(250);
    const delays = Array.from({ length: 400 }, () => p.decide('GET', '/api/v2/goals').delayMs).sort((x, y) => x - y);
    expect(delays[200]).toBeGreaterThan(80);
    expect(delays[200]).toBeLessThan(125);
    expect(parseLatency('uniform:50-300')).toEqual({ kind: 'uniform', min_ms: 50, max_ms: 300 });
    expect(() => parseLatency('slow')).toThrow(/fixed:MS/);
  });

  it("MK6 mock.faults is the shared world's profile, in force from the options and set in-process", async () => {
    const h = new Harness({ faults: FLAKY_GOALS });
    expect(h.mock.faults?.spec).toEqual(FLAKY_GOALS);
    const always = new FaultProfile({ rules: [{ faults: [{ kind: 'error', status: 503, rate: 1 }] }] });
    h.mock.faults = always;
    expect(h.mock.faults).toBe(always);
    expect(await (await h.mock.app.request('/__mock/faults')).json()).toEqual({ profile: always.spec });
    expect(await statuses(h, '/api/v2/me', 1)).toEqual([503]);
    h.mock.faults = null;
    expect(await statuses(h, '/api/v2/me', 1)).toEqual([200]);
  });

  it('MK6 PUT /__mock/faults injects 503 with Retry-After where it is scoped, replayably', async () => {
    const h = new Harness();
    expect((await putFaults(h, FLAKY_GOALS)).status).toBe(200);
    const first = await statuses(h, '/api/v2/goals', 20);
    expect(new Set(first)).toEqual(new Set([200, 503]));
    expect(new Set(await statuses(h, '/api/v2/me', 5))).toEqual(new Set([200]));
    await putFaults(h, FLAKY_GOALS);
    expect(await statuses(h, '/api/v2/goals', 20)).toEqual(first);
    const token = h.person().tokens.readWrite;
    let failed: Response;
    do failed = await h.mock.app.request('/api/v2/goals', { headers: { authorization: `Bearer ${token}` } });
    while (failed.status !== 503);
    expect(failed.headers.get('retry-after')).toBe('3');
    expect(failed.headers.get('content-type')).toBe('application/problem+json');
    const off = await h.mock.app.request('/__mock/faults', { method: 'DELETE' });
    expect(off.status).toBe(204);
    expect(new Set(await statuses(h, '/api/v2/goals', 10))).toEqual(new Set([200]));
  });

  it('MK6 CORS preflights pass untouched by a catch-all fault rule', async () => {
    const h = new Harness();
    await putFaults(h, { rules: [{ faults: [{ kind: 'error', status: 503, rate: 1 }] }] });
    const preflight = await h.mock.app.request('/api/v2/me', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect((await statuses(h, '/api/v2/me', 1))[0]).toBe(503);
  });

  it('MK6 an invalid profile is refused with 422 naming the field', async () => {
    const h = new Harness();
    const refused = await putFaults(h, { rules: [{ faults: [{ kind: 'error', status: 418, rate: 2 }] }] });
    expect(refused.status).toBe(422);
    // Each bad value by its exact field (the oneOf's other forms may add entries of their own after them).
    expect(refused.body.errors.slice(0, 2)).toEqual([
      {
        in: 'body',
        name: 'rules[0].faults[0].status',
        message: 'rules[0].faults[0].status must be one of 500, 503; got 418.',
      },
      { in: 'body', name: 'rules[0].faults[0].rate', message: 'rules[0].faults[0].rate must be from 0 to 1; got 2.' },
    ]);
    const reversed = await putFaults(h, {
      rules: [{ latency: { kind: 'fixed', ms: 5 } }, { latency: { kind: 'uniform', min_ms: 300, max_ms: 50 } }],
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual([
      {
        in: 'body',
        name: 'rules[1].latency.min_ms',
        message: 'rules[1].latency.min_ms is 300, above max_ms 50: make it at most max_ms (MK6)',
      },
    ]);
  });

  it('MK6 Prefer: code=500 answers 500, and Prefer: delay=<ms> holds the answer back that long', async () => {
    const h = new Harness();
    const headers = { authorization: `Bearer ${h.person().tokens.readWrite}` };
    const failed = await h.mock.app.request('/api/v2/me', { headers: { ...headers, prefer: 'code=500' } });
    expect(failed.status).toBe(500);
    expect((await failed.json()).type).toBe('urn:standin:problem:injected-fault');
    await h.mock.app.request('/api/v2/me', { headers: { ...headers, prefer: 'delay=60' } });
    expect(defined(h.mock.journal.list({ limit: 1 })[0], 'a journal entry').duration_ms).toBeGreaterThanOrEqual(59);
  });
});

describe('MK6 over a real socket', () => {
  let running: RunningMock | null = null;
  afterEach(async () => {
    await running?.close();
    running = null;
  });

  it("MK6 a dropped connection fails the client's fetch; a slow body arrives whole", async () => {
    running = await startServer({
      port: 0,
      host: '127.0.0.1',
      now: '2026-11-20T15:00:00Z',
      faults: {
        rules: [
          { path: '/api/v2/people', faults: [{ kind: 'drop', rate: 1 }] },
          { path: '/api/v2/teams', faults: [{ kind: 'slow-body', rate: 1, bytes_per_second: 4000 }] },
        ],
      },
    });
    const token = running.mock.world.store.people.get(running.mock.world.defaultPersonId)!.tokens.readWrite;
    const headers = { authorization: `Bearer ${token}` };
    await expect(fetch(`${running.baseUrl}/people`, { headers })).rejects.toThrow();
    const slow = await fetch(`${running.baseUrl}/teams`, { headers });
    expect(slow.status).toBe(200);
    const teams = (await slow.json()) as unknown[];
    expect(teams).toHaveLength(running.mock.world.store.teams.size);
  });
});
