// The kit is safe on a live server: it leaves nothing of its own behind, --read-only writes nothing, other
// records are restored, and a sweep removes what a killed run created.
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/http/app.js';
import { defined } from '../../test/support/defined.js';
import { ALL_GROUPS } from '../checks/index.js';
import { checkContract } from './check-contract.js';
import { MARKER, type KitOptions } from './context.js';
import { INTERRUPTED, runChecks } from './runner.js';
import { sweep } from './sweep.js';

const BASE_URL = 'http://standin.test/api/v2';

async function setUp() {
  const mock = createMock({ now: '2026-11-20T15:00:00Z' });
  const tokens = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  const options: KitOptions = {
    baseUrl: BASE_URL,
    token: defined(tokens[0], 'a first token').read_write,
    fetch: async (url, init) => mock.app.request(url, init),
  };
  return { mock, options };
}

/** What a run could leave behind or change, as comparable text (activities excepted: AC2 cannot undo). */
function snapshot(mock: ReturnType<typeof createMock>) {
  const { store } = mock.world;
  return JSON.stringify({
    goals: [...store.goals.values()].map((g) => [g.id, g.title, g.archived, g.parentId, g.updatedAt]),
    updates: [...store.goalUpdates.keys()],
    questions: [...store.echoQuestions.values()].map((q) => [q.id, q.title, q.updatedAt]),
    answers: [...store.echoAnswers.keys()],
    comments: [...store.comments.keys()],
    reactions: [...store.reactions.keys()],
    checkIns: [...store.checkIns.values()].map((c) => [
      c.id,
      c.previous,
      c.intentions,
      c.blockers,
      c.mood,
      c.previousCompleted,
      c.teamIds,
    ]),
  });
}

describe('kit safety', () => {
  it('leaves no record of its own behind and restores the check-in answers it changed', async () => {
    const { mock, options } = await setUp();
    const before = snapshot(mock);
    const report = await runChecks(ALL_GROUPS, { ...options, modifyExisting: true });
    expect(report.results.filter((r) => r.outcome !== 'passed')).toEqual([]);
    expect(report.cleanupFailures).toEqual([]);
    expect(snapshot(mock)).toBe(before);
  });

  it('an interrupted run starts no further check, yet undoes what it changed and leaves nothing behind', async () => {
    const { mock, options } = await setUp();
    const before = snapshot(mock);
    const interrupt = new AbortController();
    const order = ALL_GROUPS.map((g) => g.name);
    // Interrupted as the echoes begin: goals, updates and a filled-in check-in (CI3) are behind it to undo.
    const stopAt = order.indexOf('echoes');
    // In the shared world (against standin a run works in a session of its own, which goes whole at the end):
    // the undo steps themselves are what is proven here.
    const run = await checkContract(
      { ...options, modifyExisting: true, sharedWorld: true },
      { signal: interrupt.signal, onProgress: (e) => e.type === 'group' && e.name === 'echoes' && interrupt.abort() },
    );
    const ranBefore = (r: { group: string }) => order.indexOf(r.group) < stopAt;
    expect(run.results.filter((r) => ranBefore(r) && r.outcome !== 'passed')).toEqual([]);
    const after = run.results.filter((r) => !ranBefore(r));
    expect(after.length).toBe(ALL_GROUPS.slice(stopAt).reduce((n, g) => n + g.checks.length, 0));
    expect(after.filter((r) => r.outcome !== 'not run' || r.message !== INTERRUPTED)).toEqual([]);
    expect(run.ok).toBe(false);
    expect(run.cleanupFailures).toEqual([]);
    expect(snapshot(mock)).toBe(before);
  });

  it('--read-only sends only safe methods, writes nothing, and reports write checks as not run', async () => {
    const { mock, options } = await setUp();
    const before = snapshot(mock);
    const methods = new Set<string>();
    const report = await runChecks(ALL_GROUPS, {
      ...options,
      readOnly: true,
      fetch: async (url, init) => {
        methods.add(init?.method ?? 'GET');
        return mock.app.request(url, init);
      },
    });
    expect([...methods].sort()).toEqual(['GET', 'OPTIONS']);
    expect(report.results.filter((r) => r.outcome === 'failed')).toEqual([]);
    const notRun = report.results.filter((r) => r.outcome === 'not run');
    expect(notRun.length).toBeGreaterThan(10);
    for (const result of notRun) expect(result.message).toMatch(/read-only|no |needs|fewer|not /);
    expect(snapshot(mock)).toBe(before);
  });

  it('the whole kit passes against a world whose clock was advanced by 30 days (MK4)', async () => {
    const { mock, options } = await setUp();
    const advanced = await mock.app.request('/__mock/clock/advance', {
      method: 'POST',
      body: '{"days": 30}',
      headers: { 'content-type': 'application/json' },
    });
    expect((await advanced.json()).now).toBe('2026-12-20T15:00:00Z');
    const report = await runChecks(ALL_GROUPS, { ...options, modifyExisting: true });
    expect(report.results.filter((r) => r.outcome !== 'passed')).toEqual([]);
    expect(report.coverage.ratio()).toBe(1);
  });

  it('the whole kit passes against a session, and the shared world never sees its writes (MK5)', async () => {
    const { mock, options } = await setUp();
    const shared = snapshot(mock);
    const inSession: typeof fetch = async (url, init) =>
      mock.app.request(url, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'x-mock-session': 'contract-kit' },
      });
    const report = await runChecks(ALL_GROUPS, { ...options, modifyExisting: true, fetch: inSession });
    expect(report.results.filter((r) => r.outcome !== 'passed')).toEqual([]);
    expect(snapshot(mock)).toBe(shared);
    expect(mock.sessions.list().map((s) => s.name)).toEqual(['contract-kit']);
  });

  it("the sweep removes what a run created, by the run's mark, and nothing else", async () => {
    const { mock, options } = await setUp();
    const before = mock.world.store.goals.size;
    const call = (path: string, body: unknown) =>
      mock.app.request(`/api/v2${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      });
    await call('/goals', { title: `${MARKER} run-abc left behind` });
    await call('/goals', { title: `${MARKER} run-other not this run` });
    await call('/echo/questions', { prompt: `${MARKER} run-abc question?` });
    expect(await sweep({ ...options, runId: 'run-abc' })).toBe(2);
    const titles = [...mock.world.store.goals.values()].map((g) => g.title);
    expect(titles.filter((t) => t.includes('run-abc'))).toEqual([]);
    expect(titles).toContain(`${MARKER} run-other not this run`);
    expect(mock.world.store.goals.size).toBe(before + 1);
  });
});
