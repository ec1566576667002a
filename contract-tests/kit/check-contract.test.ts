// standin/contract's library call: the whole kit against a server, its report and results, no test runner.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import { ALL_GROUPS } from '../checks/index.js';
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
