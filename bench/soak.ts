// The soak and reliability run (npm run soak): mixed reads and writes at 50 connections across 32 sessions
// for a minute on the small and the large world, then the contract kit against the same process; what a
// session costs on the large world; the longest pause a save causes; what kill -9 loses. Each server is a
// real `standin serve` process. Prints one report and writes it under bench/results/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    parts: { type: 'string', default: 'soak,sessions,save,kill' },
  },
});
const PARTS = new Set(values.parts.split(','));
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const CONNECTIONS = 50;
const SESSIONS = 32;
/** Sessions made for the cost of one: enough that their memory stands out of the collector's noise. */
const COST_SESSIONS = 256;
const NOW = '2026-11-20T15:00:00Z';
const DAY = '2026-11-20';
const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const GC_PROBE = fileURLToPath(new URL('./gc-probe.js', import.meta.url));
const RESULTS = fileURLToPath(new URL('../../bench/results/', import.meta.url));

interface Server {
  child: ChildProcess;
  baseUrl: string;
  origin: string;
  token: string;
  /** Everything the server wrote to stderr (the gc probe's answers). */
  stderr: { text: string };
}

function serve(args: string[]): Promise<Server> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', GC_PROBE, CLI, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr = { text: '' };
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('the contract:')) return;
      const baseUrl = /serving \/api\/v2 at (\S+)/.exec(out)?.[1];
      const token = /token: (\S+)/.exec(out)?.[1];
      if (!baseUrl || !token) {
        child.kill();
        reject(new Error(`standin's banner names no base URL or no token: ${out}`));
        return;
      }
      resolve({ child, baseUrl, origin: baseUrl.replace(/\/api\/v2$/, ''), token, stderr });
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
      stderr.text += chunk;
    });
    child.once('exit', (code) => reject(new Error(`standin exited with ${code}: ${out}`)));
  });
}

/** A full garbage collection in the server (bench/gc-probe.ts): the JS heap it keeps, in bytes. */
async function collect(server: Server): Promise<number> {
  const seen = server.stderr.text.split('gc-probe:').length;
  server.child.kill('SIGUSR2');
  while (server.stderr.text.split('gc-probe:').length === seen) await new Promise((done) => setTimeout(done, 20));
  return Number(/heap used (\d+) bytes\n$/.exec(server.stderr.text)![1]);
}

/** Resident memory right after a full garbage collection in the server. */
async function settledRssMib(server: Server): Promise<number> {
  await collect(server);
  return rssMib(server.child.pid!);
}

async function stop(server: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill(signal);
  await exited;
}

/** Resident memory of a process, from /proc (Linux). */
function rssMib(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match![1]) / 1024);
}

async function json<T>(url: string, token?: string, init: RequestInit = {}): Promise<T> {
  const headers = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    'content-type': 'application/json',
    ...(init.headers as Record<string, string>),
  };
  const response = await fetch(url, { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The records the mixed profile works on: the default person's own, so every write is allowed. */
async function targets(server: Server) {
  const me = await json<{ id: string }>(`${server.baseUrl}/me`, server.token);
  // Generated records, so that every session has them too (MK5); the default person is an administrator,
  // who may edit any update (GU8).
  const goals = await json<Array<{ id: string; owner: { id: string } }>>(
    `${server.baseUrl}/goals?people_ids[]=${me.id}&per_page=50`,
    server.token,
  );
  let goal: { id: string } | undefined;
  let update: { id: string } | undefined;
  for (const candidate of goals) {
    [update] = await json<Array<{ id: string }>>(
      `${server.baseUrl}/goals/${candidate.id}/goal-updates?per_page=1`,
      server.token,
    );
    goal = candidate;
    if (update) break;
  }
  if (!goal || !update) throw new Error('the default person has no goal with an update to soak');
  const checkIn = await json<{ id: string }>(`${server.baseUrl}/check-ins/${DAY}`, server.token);
  return { me: me.id, goal: goal.id, update: update.id, checkIn: checkIn.id };
}

/**
 * Nine requests a connection cycles through, four of them writes that replace records rather than add
 * them (so memory may only grow by what sessions change, not by the run's length). Each connection works
 * in one of 32 sessions.
 */
function mixedProfile(server: Server, t: Awaited<ReturnType<typeof targets>>) {
  let client = 0;
  return {
    setupClient(c: { setRequests(requests: unknown[]): void }) {
      const headers = {
        authorization: `Bearer ${server.token}`,
        'content-type': 'application/json',
        'x-mock-session': `soak-${client++ % SESSIONS}`,
      };
      c.setRequests([
        { method: 'GET', path: '/api/v2/me', headers },
        { method: 'GET', path: '/api/v2/goals?per_page=50', headers },
        { method: 'GET', path: `/api/v2/check-ins?since=${DAY}&until=${DAY}&people_ids[]=${t.me}`, headers },
        {
          method: 'PATCH',
          path: `/api/v2/check-ins/${DAY}`,
          headers,
          body: '{"intentions":"Ship the fix","mood":"focused"}',
        },
        { method: 'GET', path: `/api/v2/goals/${t.goal}`, headers },
        { method: 'PATCH', path: `/api/v2/goals/${t.goal}`, headers, body: '{"title":"Soaked goal"}' },
        { method: 'PATCH', path: `/api/v2/goal-updates/${t.update}`, headers, body: '{"confidence":74}' },
        { method: 'POST', path: `/api/v2/check-ins/${t.checkIn}/reactions`, headers, body: '{"name":"tada"}' },
        { method: 'GET', path: '/api/v2/activities?per_page=20', headers },
      ]);
    },
  };
}

async function load(server: Server, seconds: number, profile: ReturnType<typeof mixedProfile>) {
  const result = await autocannon({ url: server.origin, connections: CONNECTIONS, duration: seconds, ...profile });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    failed: result.non2xx + result.errors + result.timeouts,
    p99: result.latency.p99,
  };
}

/** One minute of the mixed profile, RSS after warm-up and after, then the kit against the same process. */
async function soak(size: 'small' | 'large') {
  const server = await serve(['--size', size, '--now', NOW, '--max-sessions', String(SESSIONS)]);
  try {
    const t = await targets(server);
    const profile = mixedProfile(server, t);
    await load(server, WARMUP, profile);
    // Compared after a full collection each time: growth is then what the server keeps, not garbage V8 has
    // yet to collect. The highest RSS under load, garbage included, is reported beside it.
    const rssAfterWarmup = await settledRssMib(server);
    let rssMax = rssAfterWarmup;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMib(server.child.pid!))), 1000);
    const run = await load(server, SECONDS, mixedProfile(server, t));
    clearInterval(sampler);
    const rssEnd = await settledRssMib(server);
    const kit = spawnSync(
      process.execPath,
      [CLI, 'contract', '--base-url', server.baseUrl, '--token', server.token, '--modify-existing'],
      { encoding: 'utf8' },
    );
    const kitLine = kit.stdout.trim().split('\n').at(-1) ?? '';
    return {
      size,
      ...run,
      rssAfterWarmup,
      rssMax,
      rssEnd,
      growthPercent: Math.round(((rssEnd - rssAfterWarmup) / rssAfterWarmup) * 1000) / 10,
      kit: { exit: kit.status, summary: kitLine },
    };
  } finally {
    await stop(server);
  }
}

/** Polls GET /me until `ms` have passed; the slowest answer is the longest the server stalled. */
async function probe(server: Server, ms: number): Promise<number> {
  let slowest = 0;
  for (const end = Date.now() + ms; Date.now() < end;) {
    const started = performance.now();
    await fetch(`${server.baseUrl}/me`, { headers: { authorization: `Bearer ${server.token}` } });
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((done) => setTimeout(done, 5));
  }
  return Math.round(slowest);
}

/** MK5 on the large world: the first request of each new session, memory per session, and the shared world meanwhile. */
async function sessionCost() {
  const server = await serve(['--size', 'large', '--now', NOW, '--max-sessions', String(COST_SESSIONS)]);
  try {
    // The heap kept after a full collection: RSS moves in pages the allocator keeps, too coarse for 1 session.
    const heapBefore = await collect(server);
    const shared = probe(server, 4000);
    const firstRequestMs: number[] = [];
    for (let i = 0; i < COST_SESSIONS; i++) {
      const headers = { 'x-mock-session': `cost-${i}` };
      const started = performance.now();
      await json(`${server.baseUrl}/me`, server.token, { headers });
      firstRequestMs.push(performance.now() - started);
      await json(`${server.baseUrl}/check-ins/${DAY}`, server.token, {
        method: 'PATCH',
        headers,
        body: '{"mood":"calm"}',
      });
    }
    const sharedSlowestMs = await shared;
    const heapAfter = await collect(server);
    firstRequestMs.sort((a, b) => a - b);
    const median = firstRequestMs[COST_SESSIONS >> 1];
    const slowest = firstRequestMs.at(-1);
    if (median === undefined || slowest === undefined) throw new Error('no session answered a first request');
    return {
      sessions: COST_SESSIONS,
      firstRequestMedianMs: Math.round(median * 10) / 10,
      firstRequestMaxMs: Math.round(slowest * 10) / 10,
      heapPerSessionKib: Math.round((heapAfter - heapBefore) / COST_SESSIONS / 1024),
      sharedSlowestMs,
    };
  } finally {
    await stop(server);
  }
}

/** --state on the large world: the longest a request waits while a month of changes is appended, then rewritten. */
async function savePause(dir: string) {
  const server = await serve(['--size', 'large', '--now', NOW, '--state', join(dir, 'large.jsonl')]);
  try {
    const quiet = await probe(server, 1000);
    await json(`${server.origin}/__mock/clock/advance`, undefined, { method: 'POST', body: '{"days":30}' });
    const appendSlowestMs = await probe(server, 3000);
    const state = await (await fetch(`${server.origin}/__mock/state`)).text();
    await json(`${server.origin}/__mock/state`, undefined, { method: 'PUT', body: state });
    const compactSlowestMs = await probe(server, 5000);
    const changes = (JSON.parse(state) as { changes: { checkIns?: unknown[] } }).changes.checkIns?.length ?? 0;
    return {
      quietSlowestMs: quiet,
      appendSlowestMs,
      compactSlowestMs,
      changes,
      stateMib: Math.round(state.length / 2 ** 20),
    };
  } finally {
    await stop(server);
  }
}

/** kill -9 during a stream of writes: what the restarted server no longer has, and how old it was. */
async function killNine(dir: string) {
  const file = join(dir, 'kill.jsonl');
  const first = await serve(['--now', NOW, '--state', file]);
  const written: Array<{ id: string; at: number }> = [];
  for (const end = Date.now() + 3000; Date.now() < end;) {
    const goal = await json<{ id: string }>(`${first.baseUrl}/goals`, first.token, {
      method: 'POST',
      body: `{"title":"kill ${written.length}"}`,
    });
    written.push({ id: goal.id, at: Date.now() });
  }
  const killedAt = Date.now();
  await stop(first, 'SIGKILL');
  const second = await serve(['--now', NOW, '--state', file]);
  try {
    const lost: number[] = [];
    for (const { id, at } of written) {
      const response = await fetch(`${second.baseUrl}/goals/${id}`, {
        headers: { authorization: `Bearer ${second.token}` },
      });
      if (response.status !== 200) lost.push(killedAt - at);
    }
    return { written: written.length, lost: lost.length, oldestLostMs: lost.length ? Math.max(...lost) : 0 };
  } finally {
    await stop(second);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'standin-soak-'));
try {
  const machine = { cores: cpus().length, node: process.version, at: new Date().toISOString().slice(0, 19) + 'Z' };
  const soaks = PARTS.has('soak') ? [await soak('small'), await soak('large')] : [];
  const sessions = PARTS.has('sessions') ? await sessionCost() : null;
  const save = PARTS.has('save') ? await savePause(dir) : null;
  const kill = PARTS.has('kill') ? await killNine(dir) : null;
  const report = {
    machine,
    seconds: SECONDS,
    connections: CONNECTIONS,
    sessions: SESSIONS,
    soaks,
    sessionCost: sessions,
    savePause: save,
    killNine: kill,
  };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, `soak-${machine.at.replace(/[:]/g, '')}.json`), `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `\nSoak: ${SECONDS} s of mixed reads and writes (5 reads, 4 writes), ${CONNECTIONS} connections across ${SESSIONS} sessions, after ${WARMUP} s of warm-up; the load generator on the same ${machine.cores}-core machine (${machine.node}).\n`,
  );
  console.log(
    'RSS after warm-up and at the end are read right after a full garbage collection; max is the highest RSS under load, uncollected garbage included.\n',
  );
  console.log(
    '| world | requests | req/s | failed | p99 ms | RSS after warm-up | max under load | end | growth | contract kit after |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const s of soaks) {
    console.log(
      `| ${s.size} | ${s.requests} | ${s.rps} | ${s.failed} | ${s.p99} | ${s.rssAfterWarmup} MiB | ${s.rssMax} MiB | ${s.rssEnd} MiB | ${s.growthPercent}% | exit ${s.kit.exit}: ${s.kit.summary} |`,
    );
  }
  if (sessions)
    console.log(
      `\nA session on the large world (MK5): first request of a new session ${sessions.firstRequestMedianMs} ms median, ${sessions.firstRequestMaxMs} ms at most (${sessions.sessions} sessions, each with one write); ${sessions.heapPerSessionKib} KiB of heap each (kept after a full collection); the shared world's slowest answer meanwhile ${sessions.sharedSlowestMs} ms.`,
    );
  if (save)
    console.log(
      `Saving the large world (--state): slowest answer while a month of catch-up (${save.changes} changed check-ins, a ${save.stateMib} MiB state) is appended ${save.appendSlowestMs} ms, while the whole log is rewritten ${save.compactSlowestMs} ms (${save.quietSlowestMs} ms with nothing to save).`,
    );
  if (kill)
    console.log(
      `kill -9 after ${kill.written} writes in 3 s: ${kill.lost} lost${kill.lost ? `, all made in the last ${kill.oldestLostMs} ms` : ''}.`,
    );
  if (soaks.length > 0) {
    const met = soaks.every((s) => s.failed === 0 && s.growthPercent < 10 && s.kit.exit === 0);
    console.log(
      `\ntargets (zero failed requests, RSS growth under 10%, the kit passes afterwards): ${met ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
