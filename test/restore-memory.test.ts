// PUT /__mock/state holds one memory budget in bytes on a real `standin serve`: a state of about 100 MiB, applied
// or refused, takes at most what the budget counts for it (128 MiB for its worker and three times its size: restoreBytes)
// in resident memory over where the server was (its peak, VmHWM),
// leaves the server where it was plus the world it applied, within half the body's size (VmRSS after a full
// collection, once V8 gave back the pages it pools, seconds later on Node 24; the world's size what the main
// thread's heap took for it: nothing else may stay, neither the worker's memory nor a copy of the body), and a state the budget has no room for is refused before it is read (413, naming
// --memory-budget). A 100 MiB state once peaked at 3.5 GB and left 943 MiB resident on a
// server of 96 MiB. Bytes only: how long anything took is not asserted.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { declaredStatePut } from './support/declared-state-put.js';
import { CLI } from './support/standin-process.js';
import { restoreBytes } from '../src/runtime/memory-budget.js';

const MiB = 2 ** 20;
const NOW = '2026-11-20T15:00:00Z';
/** Goals in each state, of about 1.1 KB each: about 100 MiB of JSON. */
const GOALS = 99_000;

const folder = mkdtempSync(join(tmpdir(), 'standin-restore-memory-'));
// A full collection on SIGUSR2 that gives back what it can (V8's last resort: on Node 24 a plain gc() leaves the
// young generation at the 128 MiB a burst of allocation grew it to), then the main thread's heap as V8 holds it
// (its pages, used or not).
const probe = join(folder, 'gc-probe.mjs');
writeFileSync(
  probe,
  "process.on('SIGUSR2', () => { gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }); process.stderr.write(`gc-probe: heap ${process.memoryUsage().heapTotal}\\n`); });\n",
);
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  origin: string;
  token: string;
  output: () => string;
}

async function serve(args: string[] = []): Promise<Server> {
  const child = spawn(
    process.execPath,
    // Bytes, not time: a request timeout of an hour, as 100 MiB read and checked on a box at a load of 12 took more
    // than the default 30 s to arrive whole (408).
    ['--expose-gc', '--import', probe, CLI, 'serve', '--port', '0', '--now', NOW, '--request-timeout', '1h', ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('the contract:') && resolve());
    child.once('exit', (code) => reject(new Error(`standin exited with ${code} before it was ready:\n${output}`)));
  });
  return {
    child,
    origin: /serving \/api\/v2 at (http:\/\/\S+)\/api\/v2/.exec(output)![1]!,
    token: /token: (\S+)/.exec(output)![1]!,
    output: () => output,
  };
}

/**
 * A fetch on a connection of its own: a kept-alive one left idle while a state is built can be closed by the
 * server (its keepAliveTimeout) just as it is taken again, and the request fail whatever the server did right.
 */
function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers: { ...headers, connection: 'close' } });
}

/** A figure of /proc/PID/status, in bytes. */
function procStatus(child: ChildProcess, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
}

/** The peak from here on is measured from what is resident now (Linux: clear_refs 5). */
function resetPeak(child: ChildProcess): void {
  writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
}

/** A full collection in the server, done once its probe says so. */
async function collect(server: Server): Promise<void> {
  const lines = () => server.output().split('gc-probe: heap').length;
  const before = lines();
  await new Promise<void>((resolve) => {
    const seen = () => {
      if (lines() === before) return;
      server.child.stderr!.off('data', seen);
      resolve();
    };
    server.child.stderr!.on('data', seen);
    server.child.kill('SIGUSR2');
  });
}

/**
 * After two full collections: resident memory, read until it held within 1 MiB for a second (at most 10 s: V8
 * and the C allocator give back what was freed a little after); the main thread's heap; and the world's size as
 * the budget counts it (its own records and bases: GET /__mock/world).
 */
async function collected(server: Server): Promise<{ rss: number; heap: number; counted: number }> {
  await collect(server);
  await collect(server);
  let rss = procStatus(server.child, 'VmRSS');
  for (let i = 0, steady = 0; i < 40 && steady < 4; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = procStatus(server.child, 'VmRSS');
    steady = Math.abs(next - rss) < MiB ? steady + 1 : 0;
    rss = next;
  }
  const heap = Number([...server.output().matchAll(/gc-probe: heap (\d+)/g)].at(-1)![1]);
  const { memory } = (await (await get(`${server.origin}/__mock/world`)).json()) as {
    memory: { shared_bytes: number; bases_bytes: number };
  };
  return { rss, heap, counted: memory.shared_bytes + memory.bases_bytes };
}

/**
 * Resident memory once it is within `bound`, or as it is after 30 s. Since Node 24, V8 pools the pages a worker's
 * heap and the young generation gave up, process-wide, and gives them back to the system through its memory
 * reducer, seconds after the last collection: a reading held for a second can still be all of them.
 */
async function residentWithin(server: Server, bound: number): Promise<number> {
  for (let i = 0; i < 120; i++) {
    const rss = procStatus(server.child, 'VmRSS');
    if (rss <= bound) return rss;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return procStatus(server.child, 'VmRSS');
}

/** A state of the server's own world with GOALS goals more: valid, or its last goal's owner no one. */
async function stateWithGoals(server: Server, valid: boolean): Promise<Buffer> {
  const state = (await (await get(`${server.origin}/__mock/state`)).json()) as Record<string, unknown>;
  const me = (await (await get(`${server.origin}/api/v2/me`, { authorization: `Bearer ${server.token}` })).json()) as {
    id: string;
  };
  const goals = Array.from({ length: GOALS }, (_, i) => ({
    id: randomUUID(),
    title: `Goal ${i} of a state restored whole, with a title of some length`,
    description: 'A description of a goal, long enough to be like the ones people write, with words. '.repeat(8),
    startDate: '2026-01-01',
    endDate: null,
    updateCadence: 'weekly',
    ownerId: valid || i < GOALS - 1 ? me.id : '00000000-0000-4000-8000-000000000000',
    parentId: null,
    private: false,
    archived: false,
    contributorIds: [],
    teamIds: [],
    createdAt: 1795186800,
    updatedAt: 1795186800,
    seq: 1_000_000_001 + i,
  }));
  return Buffer.from(
    JSON.stringify({
      ...state,
      counters: { created: { goal: GOALS }, seq: 1_000_000_001 + GOALS },
      changes: { goals },
      deleted: {},
    }),
  );
}

/** PUT /__mock/state with the body, with its length or chunked; what was answered, and how much was sent. */
function putState(
  origin: string,
  body: Buffer,
  chunked = false,
): Promise<{ status: number; text: string; headers: Record<string, unknown>; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${origin}/__mock/state`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(body.length) }) },
    });
    req.once('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode!, text, headers: res.headers, sent }));
    });
    // A server that answers before the body's end closes the connection: the rest cannot be written, and the
    // answer may come after the write's error.
    req.on('error', (error) => req.once('close', () => answered || reject(error)));
    const write = () => {
      while (sent < body.length && !answered) {
        const piece = body.subarray(sent, sent + MiB);
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

describe('PUT /__mock/state of about 100 MiB to standin serve', () => {
  it('applied, then (the world reset) refused late for a goal of no one: within what the budget counts for it at the peak, and nothing kept but the world', async () => {
    const server = await serve();
    const good = await stateWithGoals(server, true);
    const bad = await stateWithGoals(server, false);
    expect(good.length).toBeGreaterThan(95 * MiB);

    // A restore of the world's own state first: what the first restore loads once for good (the checks' code,
    // the worker's module graph compiled) is the server's baseline, not something this state left behind.
    const warm = await putState(server.origin, Buffer.from(await (await get(`${server.origin}/__mock/state`)).text()));
    expect(warm.status, warm.text).toBe(200);
    const before = await collected(server);
    resetPeak(server.child);
    const applied = await putState(server.origin, good);
    expect(applied.status, applied.text).toBe(200);
    const peak = procStatus(server.child, 'VmHWM');
    const after = await collected(server);
    // The world, as the larger of its heap (read after two collections, which moved 131-159 MiB from run to run for
    // this same state on a loaded box) and the budget's count of it (146 MiB in those runs alike): with the heap's
    // low reading alone, a V8 page pool a few MiB over made the bound miss by 0.6% (a fresh clone's full run).
    const world = Math.max(after.heap - before.heap, after.counted - before.counted);
    // What "nothing kept" must catch is a copy of the body (or of the worker's heap) left resident: the body's size
    // more. Half of it is the margin: a tenth of the whole (as before) missed by 4 MiB in CI's run on a loaded box,
    // where the C allocator keeps some of what the parse freed; a body held would still exceed it by half its size.
    const bound = before.rss + world + good.length / 2;
    const settled = await residentWithin(server, bound);
    const mib = (bytes: number) => Math.round(bytes / MiB);
    console.log(
      `restore memory: applied ${mib(good.length)} MiB: RSS ${mib(before.rss)} MiB before, peak ${mib(peak)} (+${mib(peak - before.rss)}, ${((peak - before.rss) / good.length).toFixed(2)}x), after ${mib(after.rss)} MiB (${mib(settled)} once V8 gave back its pooled pages); the world ${mib(world)} MiB of heap (${mib(after.counted - before.counted)} by the budget's count)`,
    );
    expect(after.counted - before.counted).toBeGreaterThan(good.length); // the goals are there
    expect(peak - before.rss).toBeLessThanOrEqual(restoreBytes(good.length));
    expect(settled).toBeLessThanOrEqual(bound);

    // The world it applied dropped (with it held, the budget would leave no room for a restore of 100 MiB more).
    const reset = await fetch(`${server.origin}/__mock/reset`, { method: 'POST', headers: { connection: 'close' } });
    expect(reset.status).toBe(200);
    const start = await collected(server);
    resetPeak(server.child);
    const refused = await putState(server.origin, bad);
    expect(refused.status, refused.text).toBe(422);
    expect(JSON.parse(refused.text).detail).toMatch(/names person 00000000-0000-4000-8000-000000000000/);
    const peakRefused = procStatus(server.child, 'VmHWM');
    const end = await collected(server);
    // The same margin as above, half the body's size: a tenth of the whole missed by 12 MiB on Node 24 in CI's run
    // (148 MiB settled over a bound of 136), where the allocator kept some of what the refused parse freed; a body
    // held would still exceed it by half its size.
    const boundRefused = start.rss + Math.max(0, end.heap - start.heap) + bad.length / 2;
    const endSettled = await residentWithin(server, boundRefused);
    console.log(
      `restore memory: refused ${mib(bad.length)} MiB: RSS ${mib(start.rss)} MiB before, peak ${mib(peakRefused)} (+${mib(peakRefused - start.rss)}, ${((peakRefused - start.rss) / bad.length).toFixed(2)}x), after ${mib(end.rss)} MiB (${mib(endSettled)} settled)`,
    );
    expect(end.counted).toBe(start.counted); // the world it refused is not there
    expect(peakRefused - start.rss).toBeLessThanOrEqual(restoreBytes(bad.length));
    expect(endSettled).toBeLessThanOrEqual(boundRefused);
  }, 300_000);

  it('too large for what the memory budget leaves: 413 naming --memory-budget, before it is read', async () => {
    const server = await serve(['--memory-budget', '192MiB']);
    const body = await stateWithGoals(server, true);
    // Declared: answered from the headers alone, no byte of the body sent.
    const port = new URL(server.origin).port;
    const declared = await declaredStatePut(Number(port), body.length);
    expect(declared).toMatch(/^HTTP\/1\.1 413 /);
    expect(declared.toLowerCase()).toContain('connection: close');
    const problem = JSON.parse(declared.slice(declared.indexOf('\r\n\r\n') + 4)) as { type: string; detail: string };
    expect(problem.type).toBe('urn:standin:problem:memory-budget');
    expect(problem.detail).toMatch(/^This state of 100 MiB is over 2\d MiB, the most this server can read and check/);
    expect(problem.detail).toMatch(
      /takes 128 MiB \(its worker\) and up to 3 times .*--memory-budget, 192 MiB\) leaves 19\d MiB.*start it with --memory-budget 512MiB\.$/,
    );

    // Chunked: counted as it comes, and refused once over; the server reads no more of it.
    const before = await collected(server);
    resetPeak(server.child);
    const streamed = await putState(server.origin, body, true);
    expect(streamed.status).toBe(413);
    const most = Number(/^This state is over (2\d) MiB, the most/.exec(JSON.parse(streamed.text).detail)![1]) * MiB;
    expect(streamed.sent).toBeLessThan(body.length / 2);
    // What reading that much takes, not what the state would.
    expect(procStatus(server.child, 'VmHWM') - before.rss).toBeLessThanOrEqual(restoreBytes(most));
    const world = (await (await get(`${server.origin}/__mock/world`)).json()) as { counts: { goals: number } };
    expect(world.counts.goals).toBeLessThan(GOALS);
  }, 120_000);
});
