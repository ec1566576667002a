// The soak and reliability run (npm run soak): mixed reads and writes at 50 connections across 32 sessions
// for a minute on the small and the large world, then the contract kit against the same process; what a
// session costs on the large world; the longest pause a save causes; what group commit costs a write (with
// and without --state, small and 540 KB records); what kill -9 loses. Each server is a real `standin serve`
// process, but for the longest slice of a save, which only the writer in the same process can tell.
// Prints one report and writes it under bench/results/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { largeCheckInPatch } from './large-check-in.js';
import { cannon, type LoadResult } from './load.js';
import { ownCheckIns } from './own-check-ins.js';
import { median } from './stats.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    parts: { type: 'string', default: 'soak,sessions,save,slices,commit,kill' },
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
const CLI = fileURLToPath(new URL('../cli/standin.js', import.meta.url));
const SERVE = new URL('../src/server/start-server.js', import.meta.url).href;
/** Rounds of each commit-cost load, with and without --state alternating, and their length. */
const COMMIT_ROUNDS = 6;
const COMMIT_SECONDS = 4;
/** 540 KB records saved for the longest slice: the case was 500 records of 500 KB. */
const SLICE_RECORDS = 500;
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

/**
 * --state on the large world: the longest a request waits while a month of catch-up is generated and saved
 * (appended), then while a restored state is saved (the log rewritten), each probed from the moment the
 * control request is sent; beside it the same on a server without --state, so that what saving adds stands
 * out of what generating and restoring cost anyway.
 */
async function savePause(dir: string) {
  const pauses = async (server: Server) => {
    const quietSlowestMs = await probe(server, 1000);
    const appending = probe(server, 3000);
    await json(`${server.origin}/__mock/clock/advance`, undefined, { method: 'POST', body: '{"days":30}' });
    const appendSlowestMs = await appending;
    const state = await (await fetch(`${server.origin}/__mock/state`)).text();
    const rewriting = probe(server, 5000);
    await json(`${server.origin}/__mock/state`, undefined, { method: 'PUT', body: state });
    const rewriteSlowestMs = await rewriting;
    const changes = (JSON.parse(state) as { changes: { checkIns?: unknown[] } }).changes.checkIns?.length ?? 0;
    return { quietSlowestMs, appendSlowestMs, rewriteSlowestMs, changes, stateMib: Math.round(state.length / 2 ** 20) };
  };
  const results = [];
  for (const args of [['--state', join(dir, 'large.jsonl')], []]) {
    const server = await serve(['--size', 'large', '--now', NOW, ...args]);
    try {
      results.push(await pauses(server));
    } finally {
      await stop(server);
    }
  }
  const [kept, plain] = results as [Awaited<ReturnType<typeof pauses>>, Awaited<ReturnType<typeof pauses>>];
  return { state: kept, plain };
}

const medianOf = (rounds: LoadResult[], key: 'rps' | 'p50' | 'p99') => median(rounds.map((r) => r[key]));

/**
 * What group commit costs a write: the same PATCH at 50 connections against a server without --state and one
 * with it (each answer waits for its append), rounds alternating; then 540 KB PATCHes at 3 connections, with
 * the slowest GET /me meanwhile (how long a save holds other requests).
 */
async function commitCost(dir: string) {
  const plain = await serve(['--now', NOW]);
  const kept = await serve(['--now', NOW, '--state', join(dir, 'commit.jsonl')]);
  try {
    // Two check-ins: the small write's record must stay small (an answer carries the whole record).
    const [smallOne, largeOne] = await ownCheckIns(plain.baseUrl, plain.token);
    const small = {
      method: 'PATCH' as const,
      path: `/api/v2/check-ins/${smallOne}`,
      body: '{"intentions":"Ship the fix"}',
    };
    const large = { ...small, path: `/api/v2/check-ins/${largeOne}`, body: largeCheckInPatch('soak') };
    const runs = {
      small: { plain: [] as LoadResult[], state: [] as LoadResult[] },
      large: { plain: [] as LoadResult[], state: [] as LoadResult[] },
    };
    const slowestMe = { plain: [] as number[], state: [] as number[] };
    for (let round = 0; round < COMMIT_ROUNDS; round++) {
      // Each round in the other order: a drift of the box lands on both alike.
      const order = [
        ['plain', plain],
        ['state', kept],
      ] as const;
      for (const [name, server] of round % 2 === 0 ? order : [...order].reverse()) {
        const options = { token: server.token, seconds: COMMIT_SECONDS };
        runs.small[name].push(await cannon(server.origin, [small], { ...options, connections: CONNECTIONS }));
        const [result, slowest] = await Promise.all([
          cannon(server.origin, [large], { ...options, connections: 3 }),
          probe(server, COMMIT_SECONDS * 1000),
        ]);
        runs.large[name].push(result);
        slowestMe[name].push(slowest);
      }
    }
    const summary = (rounds: LoadResult[]) => ({
      rps: medianOf(rounds, 'rps'),
      p50: medianOf(rounds, 'p50'),
      p99: medianOf(rounds, 'p99'),
      failed: rounds.reduce((sum, r) => sum + r.failed, 0),
    });
    return {
      rounds: COMMIT_ROUNDS,
      seconds: COMMIT_SECONDS,
      small: { plain: summary(runs.small.plain), state: summary(runs.small.state) },
      large: {
        plain: { ...summary(runs.large.plain), slowestMeMs: Math.max(...slowestMe.plain) },
        state: { ...summary(runs.large.state), slowestMeMs: Math.max(...slowestMe.state) },
      },
      rawRounds: runs,
    };
  } finally {
    await stop(plain);
    await stop(kept);
  }
}

/**
 * The longest slice of serialization while 500 records of 540 KB are saved, five writers at once so that
 * batches hold several: the writer's own figure, so the server runs in this process.
 */
async function longestSlice(dir: string) {
  const { startServer } = (await import(SERVE)) as typeof import('../src/server/start-server.js');
  const running = await startServer({ port: 0, host: '127.0.0.1', now: NOW, state: join(dir, 'slices.jsonl') });
  try {
    const { world } = running.mock;
    const token = world.store.people.get(world.defaultPersonId)!.tokens.readWrite;
    const ids = await ownCheckIns(running.baseUrl, token);
    let next = 0;
    const writer = async () => {
      for (let n = next++; n < SLICE_RECORDS; n = next++) {
        await json(`${running.baseUrl}/check-ins/${ids[n % ids.length]}`, token, {
          method: 'PATCH',
          body: largeCheckInPatch(`slice-${n}`),
        });
      }
    };
    await Promise.all(Array.from({ length: 5 }, writer));
    return { records: SLICE_RECORDS, longestSliceMs: Math.round(running.stateWriter!.longestSliceMs * 10) / 10 };
  } finally {
    await running.close();
  }
}

/** What a write left to check after the restart: the field of the record at `path` starts with `marker`. */
interface Written {
  path: string;
  field: string;
  marker: string;
}

/** kill -9 after `seconds` of writes from `writers` connections: how many answered writes the restarted server lacks. */
async function killDuring(
  dir: string,
  name: string,
  writers: number,
  write: (server: Server, n: number) => Promise<Written>,
) {
  const file = join(dir, `kill-${name}.jsonl`);
  const first = await serve(['--now', NOW, '--state', file]);
  const answered: Written[] = [];
  let n = 0;
  const writer = async () => {
    while (first.child.exitCode === null) {
      try {
        answered.push(await write(first, n++));
      } catch {
        return; // cut off by the kill: never answered
      }
    }
  };
  const writing = Promise.all(Array.from({ length: writers }, writer));
  await new Promise((done) => setTimeout(done, 3000));
  await stop(first, 'SIGKILL');
  await writing;
  const logMib = Math.round((readFileSync(file).length / 2 ** 20) * 10) / 10;
  const second = await serve(['--now', NOW, '--state', file]);
  try {
    let lost = 0;
    // The last answered write of each record is what it must hold (the large writes come back to a record).
    const last = new Map(answered.map((written) => [written.path, written]));
    for (const { path, field, marker } of last.values()) {
      const record = await json<Record<string, unknown>>(`${second.baseUrl}${path}`, second.token).catch(() => null);
      if (String(record?.[field]).split(' ')[0] !== marker) lost++;
    }
    return { writers, answered: answered.length, records: last.size, lost, logMib };
  } finally {
    await stop(second);
  }
}

/** kill -9 during a stream of small writes (new goals), then of 540 KB ones (check-ins). */
async function killNine(dir: string) {
  const small = await killDuring(dir, 'small', 8, async (server, n) => {
    const goal = await json<{ id: string }>(`${server.baseUrl}/goals`, server.token, {
      method: 'POST',
      body: `{"title":"kill-${n}"}`,
    });
    return { path: `/goals/${goal.id}`, field: 'title', marker: `kill-${n}` };
  });
  let ids: string[] = [];
  const large = await killDuring(dir, 'large', 3, async (server, n) => {
    if (ids.length === 0) ids = await ownCheckIns(server.baseUrl, server.token);
    const id = ids[n % ids.length]!;
    await json(`${server.baseUrl}/check-ins/${id}`, server.token, {
      method: 'PATCH',
      body: largeCheckInPatch(`kill-${n}`),
    });
    return { path: `/check-ins/${id}`, field: 'intentions', marker: `kill-${n}` };
  });
  return { small, large };
}

const dir = mkdtempSync(join(tmpdir(), 'standin-soak-'));
try {
  const machine = { cores: cpus().length, node: process.version, at: new Date().toISOString().slice(0, 19) + 'Z' };
  const soaks = PARTS.has('soak') ? [await soak('small'), await soak('large')] : [];
  const sessions = PARTS.has('sessions') ? await sessionCost() : null;
  const save = PARTS.has('save') ? await savePause(dir) : null;
  const slices = PARTS.has('slices') ? await longestSlice(dir) : null;
  const commit = PARTS.has('commit') ? await commitCost(dir) : null;
  const kill = PARTS.has('kill') ? await killNine(dir) : null;
  const report = {
    machine,
    seconds: SECONDS,
    connections: CONNECTIONS,
    sessions: SESSIONS,
    soaks,
    sessionCost: sessions,
    savePause: save,
    longestSlice: slices,
    commitCost: commit,
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
      `Saving the large world (--state), slowest answer with and without --state: while a month passes (${save.state.changes} check-ins made, a ${save.state.stateMib} MiB state) and is appended ${save.state.appendSlowestMs} ms (without --state ${save.plain.appendSlowestMs} ms); while that state is restored and the whole log rewritten ${save.state.rewriteSlowestMs} ms (${save.plain.rewriteSlowestMs} ms); with nothing to do ${save.state.quietSlowestMs} ms (${save.plain.quietSlowestMs} ms).`,
    );
  if (slices)
    console.log(
      `Saving ${slices.records} records of 540 KB (five writers at once): the longest slice of serialization ${slices.longestSliceMs} ms.`,
    );
  if (commit) {
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    const { small, large } = commit;
    console.log(
      `\nWhat an answer waiting for its append costs (${commit.rounds} rounds of ${commit.seconds} s each, medians; the same server without --state alongside):`,
    );
    console.log('| write | without --state | with --state | ratio |');
    console.log('|---|---:|---:|---:|');
    console.log(
      `| small PATCH, ${CONNECTIONS} connections: req/s | ${small.plain.rps} | ${small.state.rps} | ${ratio(small.state.rps, small.plain.rps)} |`,
    );
    console.log(
      `| small PATCH: p50 / p99 ms | ${small.plain.p50} / ${small.plain.p99} | ${small.state.p50} / ${small.state.p99} | |`,
    );
    console.log(
      `| 540 KB PATCH, 3 connections: req/s | ${large.plain.rps} | ${large.state.rps} | ${ratio(large.state.rps, large.plain.rps)} |`,
    );
    console.log(
      `| 540 KB PATCH: p50 / p99 ms | ${large.plain.p50} / ${large.plain.p99} | ${large.state.p50} / ${large.state.p99} | |`,
    );
    console.log(`| slowest GET /me meanwhile, ms | ${large.plain.slowestMeMs} | ${large.state.slowestMeMs} | |`);
    console.log(
      `failed requests: ${small.plain.failed + small.state.failed + large.plain.failed + large.state.failed}`,
    );
  }
  if (kill)
    for (const [size, k] of Object.entries(kill))
      console.log(
        `kill -9 after 3 s of ${size} writes from ${k.writers} connections: ${k.answered} answered (${k.records} records, a ${k.logMib} MiB log), ${k.lost} of them lost.`,
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
