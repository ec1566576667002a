// The memory budget in-process: what a mock keeps beyond its base world — sessions, snapshots, other bases,
// caches, the journal, writes — is counted, and what would go over it is refused with a 507 that says what
// holds the memory and what to drop; dropping it makes room again. Nothing crashes, and reads go on.
import { describe, expect, it } from 'vitest';
import { control, Harness, NOW } from './support/harness.js';

const MiB = 2 ** 20;

/** A Markdown text at G15's limit: about 64 KiB a write. */
const LONG = 'd'.repeat(65_536);

async function write(h: Harness, session?: string, description = LONG): Promise<Response> {
  return await h.mock.app.request('/api/v2/goals', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${h.person().tokens.readWrite}`,
      'content-type': 'application/json',
      ...(session ? { 'x-mock-session': session } : {}),
    },
    body: JSON.stringify({ title: 'Heavy', description }),
  });
}

async function refusal(response: Response): Promise<string> {
  expect(response.status).toBe(507);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const problem = (await response.json()) as { type: string; detail: string };
  expect(problem.type).toBe('urn:standin:problem:memory-budget');
  expect(problem.detail).toMatch(/--memory-budget/);
  return problem.detail;
}

async function memory(h: Harness) {
  const world = await control(h, 'GET', '/world');
  expect(world.status).toBe(200);
  return world.body.memory as {
    budget_bytes: number;
    used_bytes: number;
    sessions_bytes: number;
    caches_bytes: number;
  };
}

describe('the memory budget', () => {
  it('refuses writes once over it, with a 507 that says what to drop; reads, deletes and a reset go on', async () => {
    const h = new Harness({ memoryBudget: 16 * MiB });
    let refused: Response | undefined;
    for (let i = 0; i < 400 && !refused; i++) {
      const response = await write(h);
      if (response.status !== 201) refused = response;
    }
    const detail = await refusal(refused!);
    expect(detail).toMatch(/refused POST \/goals, a write/);
    expect(detail).toMatch(/POST \/__mock\/reset/);
    const use = await memory(h);
    // The worlds over by at most the write that crossed it; the journal of the refused writes is bounded apart.
    expect(use.used_bytes).toBeGreaterThan(16 * MiB);
    expect(use.used_bytes - use.caches_bytes).toBeLessThan(16 * MiB + 256 * 1024);
    expect((await h.get('/api/v2/me')).status).toBe(200);
    const goals = await h.get('/api/v2/goals?per_page=1');
    expect((await h.delete(`/api/v2/goals/${goals.body[0].id}`)).status).toBe(204);
    expect((await control(h, 'POST', '/reset')).status).toBe(200);
    expect((await write(h)).status).toBe(201);
  });

  it('refuses a new session once the sessions fill it, naming the largest; dropping them makes room', async () => {
    const h = new Harness({ memoryBudget: 16 * MiB, maxSessions: 500 });
    let name = '';
    let refused: Response | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      name = `worker-${i}`;
      const response = await write(h, name);
      if (response.status !== 201) refused = response;
    }
    const detail = await refusal(refused!);
    expect(detail).toMatch(/refused a new session/);
    expect(detail).toMatch(/the largest: worker-\d+ [\d.]+ MiB/);
    expect(detail).toMatch(/DELETE \/__mock\/sessions\/\{name\}/);
    const sessions = await control(h, 'GET', '/sessions');
    expect(sessions.body.length).toBeGreaterThan(5);
    for (const session of sessions.body) expect(session.approx_bytes).toBeGreaterThan(LONG.length);
    expect((await memory(h)).sessions_bytes).toBe(
      sessions.body.reduce((sum: number, s: { approx_bytes: number }) => sum + s.approx_bytes, 0),
    );
    for (const session of sessions.body) {
      expect((await control(h, 'DELETE', `/sessions/${session.name}`)).status).toBe(204);
    }
    expect((await write(h, name)).status).toBe(201);
  });

  it('refuses a snapshot that would go over it, and takes it again once another is dropped', async () => {
    const h = new Harness({ memoryBudget: 8 * MiB });
    // A year of check-ins: thousands of changed records, each a snapshot's entry.
    expect((await control(h, 'POST', '/clock/advance', { days: 366 })).status).toBe(200);
    let taken = 0;
    let refused: { status: number; body: any } | undefined;
    for (; taken < 200 && !refused; taken++) {
      const snapshot = await control(h, 'PUT', `/snapshots/s${taken}`);
      if (snapshot.status !== 200) refused = snapshot;
    }
    expect(refused?.status).toBe(507);
    expect(refused?.body.detail).toMatch(/refused a snapshot of \d+ changed records/);
    expect(refused?.body.detail).toMatch(/DELETE \/__mock\/snapshots\/\{name\}/);
    expect(taken).toBeGreaterThan(3);
    expect((await control(h, 'DELETE', '/snapshots/s0')).status).toBe(204);
    expect((await control(h, 'PUT', '/snapshots/again')).status).toBe(200);
  });

  it('counts what snapshots keep once a reset has let go of their layer: writes, snapshot, reset, again, then 507', async () => {
    // Above what the caches and the journal may take (32 MiB), so that only the snapshots' records fill it.
    const h = new Harness({ memoryBudget: 48 * MiB });
    const wide = '😀'.repeat(65_536); // 256 KiB a record: two bytes a character
    const statuses: number[] = [];
    for (let cycle = 0; cycle < 20 && !statuses.includes(507); cycle++) {
      for (let i = 0; i < 20; i++) statuses.push((await write(h, undefined, wide)).status);
      statuses.push((await control(h, 'PUT', `/snapshots/cycle-${cycle}`)).status);
      statuses.push((await control(h, 'POST', '/reset')).status);
    }
    // 20 cycles would keep 100 MiB of records in the snapshots if nothing counted them once reset.
    expect(statuses).toContain(507);
    const use = await memory(h);
    expect(use.used_bytes - use.caches_bytes).toBeLessThan(48 * MiB + 512 * 1024);
    // Dropping the snapshots lets the records go, and makes room.
    const snapshots = await control(h, 'GET', '/snapshots');
    for (const { name } of snapshots.body) expect((await control(h, 'DELETE', `/snapshots/${name}`)).status).toBe(204);
    expect((await write(h, undefined, wide)).status).toBe(201);
  });

  it('refuses a move of the clock that would make more check-ins than fit, before it makes any', async () => {
    const h = new Harness({ memoryBudget: 4 * MiB });
    const before = await control(h, 'GET', '/world');
    const refused = await control(h, 'POST', '/clock/advance', { days: 366 });
    expect(refused.status).toBe(507);
    expect(refused.body.detail).toMatch(/refused moving the clock 366 days on/);
    const after = await control(h, 'GET', '/world');
    expect(after.body.now).toBe(before.body.now);
    expect(after.body.counts.check_ins).toBe(before.body.counts.check_ins);
    expect((await control(h, 'POST', '/clock/advance', { days: 7 })).status).toBe(200);
  });

  it('refuses a reset to a world that would not fit before generating it', async () => {
    const h = new Harness({ memoryBudget: 16 * MiB });
    const refused = await control(h, 'POST', '/reset', { size: 'large' });
    expect(refused.status).toBe(507);
    expect(refused.body.detail).toMatch(/refused a world of seed 42 and size large \(about 224 MiB more\)/);
    expect((await control(h, 'POST', '/reset', { seed: 7 })).status).toBe(200);
    // The first base stays cached: going back to it costs nothing.
    expect((await control(h, 'GET', '/world')).body.memory.bases_bytes).toBeGreaterThan(0);
  });

  // Issue 18 item 8: going back in time needs a base generated at the earlier instant: held to the budget alike.
  it('refuses a reset to an instant before the base when another base would not fit; the same base costs nothing', async () => {
    const h = new Harness({ memoryBudget: 2 * MiB });
    const world = h.world;
    const refused = await control(h, 'POST', '/reset', { now: '2026-11-01T09:00:00Z' });
    expect(refused.status).toBe(507);
    expect(refused.body.detail).toMatch(/refused a world of seed 42 and size small \(about 4.0 MiB more\)/);
    expect(h.world).toBe(world);
    await control(h, 'POST', '/clock/advance', { days: 2 });
    expect((await control(h, 'POST', '/reset', { now: NOW })).status).toBe(200);
    expect(h.world.base).toBe(world.base);
  });

  it('counts the caches and the journal, which stay within their own bounds whatever the texts weigh', async () => {
    const h = new Harness();
    const created = await write(h);
    const { id } = (await created.json()) as { id: string };
    for (let i = 0; i < 300; i++) await h.get(`/api/v2/goals?per_page=50&n=${i}`);
    await h.get(`/api/v2/goals/${id}`);
    const world = await control(h, 'GET', '/world');
    const { caches_bytes, used_bytes, budget_bytes } = world.body.memory;
    expect(caches_bytes).toBeGreaterThan(100_000);
    expect(caches_bytes).toBeLessThanOrEqual(32 * MiB);
    expect(used_bytes).toBeLessThan(budget_bytes);
    expect(budget_bytes).toBe(512 * MiB);
  });
});
