// standin/contract's library call: the whole kit against a server, its report and results, no test runner;
// against a standin, in a session of its own (the shared world and its webhook subscribers see nothing of the
// run) unless sharedWorld, and reporting what the standin had in force.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/http/app.js';
import { putOverrides } from '../../src/runtime/override-rules.js';
import { ALL_GROUPS } from '../checks/index.js';
import { defined } from '../../test/support/defined.js';
import { checkContract, PreflightError, type ContractEvent, type ContractRun } from '../index.js';

const BASE_URL = 'http://standin.test/api/v2';

function mockFetch(options: Parameters<typeof createMock>[0] = {}) {
  const mock = createMock({ now: '2026-11-20T15:00:00Z', ...options });
  const fetch: typeof globalThis.fetch = async (url, init) =>
    mock.app.request(url instanceof Request ? url.url : url, init);
  return { mock, fetch };
}

describe('checkContract', () => {
  it('passes standin with every check accounted for, the token taken from /__mock/tokens', async () => {
    const { fetch } = mockFetch();
    const run = await checkContract({ baseUrl: BASE_URL, fetch, modifyExisting: true }, { requireFullCoverage: true });
    const planned = ALL_GROUPS.reduce((n, group) => n + group.checks.length, 0);
    expect(run.results).toHaveLength(planned);
    expect([run.passed, run.failed, run.notRun]).toEqual([planned, 0, 0]);
    expect(run.ok).toBe(true);
    expect(run.coverage.ratio()).toBe(1);
    expect(run.text).toContain(`${planned} passed, 0 failed, 0 not run`);
  });

  describe('a --read-only run of standin', () => {
    const events: ContractEvent[] = [];
    let run: ContractRun;
    beforeAll(async () => {
      run = await checkContract(
        { baseUrl: BASE_URL, fetch: mockFetch().fetch, readOnly: true },
        { onProgress: (e) => events.push(e) },
      );
    });

    it('tells the reporter each stage, group and check as it goes, in the order of the report', () => {
      const planned = ALL_GROUPS.reduce((n, group) => n + group.checks.length, 0);
      expect(events[0]).toEqual({ type: 'run', checks: planned, setUpFailures: 0 });
      expect(events.at(-1)).toEqual({ type: 'cleanup' });
      expect(events.filter((e) => e.type === 'group')).toEqual(
        ALL_GROUPS.map((g) => ({ type: 'group', name: g.name, title: g.title, checks: g.checks.length })),
      );
      // Each check once, after its group's event, with the result the run reports.
      let group = '';
      for (const event of events.slice(1, -1)) {
        if (event.type === 'group') group = event.name;
        else if (event.type === 'check') expect(event.result.group).toBe(group);
        else throw new Error(`unexpected ${event.type} event between the checks`);
      }
      expect(events.flatMap((e) => (e.type === 'check' ? [e.result] : []))).toEqual(run.results);
    });

    // The CLI's verdict and the library's are one: a check --read-only leaves out is the run's choice.
    it('passes: what --read-only left out is not run because of the flag, and nothing else', () => {
      expect([run.failed, run.notRun]).toEqual([0, run.notRunByFlag]);
      expect(run.notRunByFlag).toBeGreaterThan(0);
      expect(run.ok).toBe(true);
    });
  });

  it('fails a --read-only run under requireFullCoverage, naming what it lacks', async () => {
    const { fetch } = mockFetch();
    const run = await checkContract({ baseUrl: BASE_URL, fetch, readOnly: true }, { requireFullCoverage: true });
    expect(run.ok).toBe(false);
    expect(run.short).toEqual(['coverage below 100%', `${run.notRunByFlag} checks not run because of a flag`]);
  });

  it('reports a broken rule as a failed check of that rule, and is not ok', async () => {
    const { fetch } = mockFetch();
    // A server that answers GET /me with milliseconds in its instants breaks G3 (through the Person schema).
    const broken: typeof globalThis.fetch = async (url, init) => {
      const response = await fetch(url, init);
      if (!(url instanceof Request ? url.url : url.toString()).endsWith('/me') || response.status !== 200)
        return response;
      const body = (await response.json()) as Record<string, unknown>;
      body.created_at = '2026-11-20T15:00:00.123Z';
      return new Response(JSON.stringify(body), { status: 200, headers: response.headers });
    };
    const run = await checkContract({ baseUrl: BASE_URL, fetch: broken, readOnly: true });
    expect(run.ok).toBe(false);
    expect(run.failed).toBeGreaterThan(0);
    expect(run.results.filter((r) => r.outcome === 'failed').map((r) => r.rule)).toContain('PT1');
  });

  it('takes a base URL without /api/v2 that serves the API, as a gateway or a proxy mounts it (G1)', async () => {
    const { mock, fetch } = mockFetch();
    const gateway: typeof globalThis.fetch = async (url, init) =>
      fetch(
        (url instanceof Request ? url.url : url.toString()).replace('http://gateway.test/goals-api', BASE_URL),
        init,
      );
    const [first, second] = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{
      read_write: string;
      read_only: string;
    }>;
    const run = await checkContract({
      baseUrl: 'http://gateway.test/goals-api',
      fetch: gateway,
      token: first!.read_write,
      otherToken: second!.read_write,
      readOnlyToken: first!.read_only,
      readOnly: true,
    });
    expect(run.failed).toBe(0);
    expect(run.passed).toBeGreaterThan(100);
  });

  it('throws PreflightError in one line when the run cannot work', async () => {
    const { fetch } = mockFetch();
    await expect(checkContract({ baseUrl: BASE_URL, fetch, token: 'rw_nobody' })).rejects.toThrow(PreflightError);
    await expect(checkContract({ baseUrl: BASE_URL, fetch, token: 'rw_nobody' })).rejects.toThrow(/401/);
  });
});

/** A webhook receiver on a real port: counts what it is sent, and tells when the first came. */
async function receiver() {
  let received = 0;
  let first!: () => void;
  const firstCame = new Promise<void>((resolve) => (first = resolve));
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      first();
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received: () => received,
    firstCame,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('against a standin, a run that writes (MK5)', () => {
  const { mock, fetch } = mockFetch();
  let hooks: Awaited<ReturnType<typeof receiver>>;
  const json = async (path: string, init?: RequestInit) => (await mock.app.request(path, init)).json();
  /** What the shared world holds: a run that writes nothing into it leaves every count as it was. */
  const counts = async () => ((await json('/__mock/world')) as { counts: unknown }).counts;
  let before: unknown;
  let run: ContractRun;

  beforeAll(async () => {
    hooks = await receiver();
    const subscribed = await mock.app.request('/__mock/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: hooks.url }),
    });
    expect(subscribed.status).toBe(201);
    before = await counts();
    run = await checkContract({ baseUrl: BASE_URL, fetch, modifyExisting: true });
  });

  afterAll(async () => {
    mock.close();
    await hooks.close();
  });

  it("works in a session of its own: every request of the run names it, the activity hook's too", () => {
    expect(run.ok).toBe(true);
    const session = defined(run.standin?.session, "the run's session");
    expect(session).toMatch(/^standin-contract-run-[a-z0-9]+-[0-9a-f]{8}$/);
    const journal = mock.journal.list({ limit: 1000 });
    expect(journal.filter((entry) => entry.session !== session)).toEqual([]);
    expect(journal.some((entry) => entry.path.startsWith('/hooks/activity/'))).toBe(true);
  });

  it('writes nothing into the shared world: a subscriber on it is sent no delivery', async () => {
    expect(await counts()).toEqual(before);
    expect(await json('/__mock/webhooks/deliveries')).toEqual([]);
    expect(hooks.received()).toBe(0);
  });

  it('drops its session at the end', async () => {
    expect(await json('/__mock/sessions')).toEqual([]);
  });

  it('with sharedWorld, writes into the shared world, where the subscriber is sent deliveries', async () => {
    const shared = await checkContract({ baseUrl: BASE_URL, fetch, modifyExisting: true, sharedWorld: true });
    expect(shared.ok).toBe(true);
    expect(shared.standin?.session).toBeNull();
    expect(shared.text.split('\n')[1]).toBe('against standin, in its shared world (--shared-world)');
    expect(((await json('/__mock/webhooks/deliveries')) as unknown[]).length).toBeGreaterThan(0);
    await hooks.firstCame;
    expect(hooks.received()).toBeGreaterThan(0);
  });
});

describe('against a standin with settings that change answers', () => {
  it('says at the top which were in force, and which changed during the run', async () => {
    const { mock, fetch } = mockFetch({
      strict: true,
      faults: {
        rules: [{ methods: ['GET'], path: '/api/v2/nowhere*', faults: [{ kind: 'error', status: 503, rate: 0.1 }] }],
      },
    });
    const run = await checkContract(
      { baseUrl: BASE_URL, fetch },
      {
        // An override put while the run goes: the report's reading at the end shows it.
        onProgress: (event) =>
          event.type === 'cleanup' &&
          putOverrides(mock.overrides, [{ method: 'GET', path: '/api/v2/nowhere', status: 503, unchecked: true }]),
      },
    );
    const session = defined(run.standin?.session, "the run's session");
    expect(run.text.split('\n').slice(1, 4)).toEqual([
      `against standin, in a session of the run's own (X-Mock-Session: ${session}, dropped at the end)`,
      'in force: a fault profile (GET /api/v2/nowhere*: 503 at 10%), strict mode (G7: unknown body fields refused): a failure these cause is no defect of the server',
      'changed during the run: overrides: 0 at the start, 1 at the end; in force at the end: 1 override(s) (override-1 GET /api/v2/nowhere → 503), a fault profile (GET /api/v2/nowhere*: 503 at 10%), strict mode (G7: unknown body fields refused)',
    ]);
    expect(run.standin?.atStart).toMatchObject({ strict: true, rateLimits: false, overrides: [] });
    expect(run.standin?.changed).toEqual(['overrides: 0 at the start, 1 at the end']);
    // Strict mode refuses the unknown field G7's checks send: failures the report puts down to what was in force.
    expect(run.causes.every((cause) => cause.broke.some((b) => b.rule === 'G7'))).toBe(true);
    expect(run.failed).toBeGreaterThan(0);
  });

  it('is not said of a server that is not standin, which is sent no session', async () => {
    const { mock, fetch } = mockFetch();
    const sent: string[] = [];
    // A gateway that serves the API and nothing of standin's controls.
    const gateway: typeof globalThis.fetch = async (url, init) => {
      const href = url instanceof Request ? url.url : url.toString();
      if (href.includes('/__mock/')) return new Response('not found', { status: 404 });
      if (new Headers(init?.headers).has('x-mock-session')) sent.push(href);
      return fetch(url, init);
    };
    const [first, second] = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{
      read_write: string;
      read_only: string;
    }>;
    const run = await checkContract({
      baseUrl: BASE_URL,
      fetch: gateway,
      token: first!.read_write,
      otherToken: second!.read_write,
      readOnlyToken: first!.read_only,
      rules: ['interface'],
    });
    expect(run.standin).toBeNull();
    expect(sent).toEqual([]);
    expect(run.failed).toBe(0);
    expect(mock.journal.list({ limit: 1000 }).filter((entry) => entry.session !== null)).toEqual([]);
    // No line on a standin: the counts follow the title.
    expect(run.text.split('\n')[1]).toMatch(/^\d+ passed, 0 failed, \d+ not run/);
  });
});
