// What a real `standin serve` process keeps, read from /proc (VmRSS) while clients try to make it grow: long
// texts listed again and again under changing queries (once out of memory at request 77), and sessions that
// move their clocks and take snapshots until the budget refuses them (once a crash at the 11th). The server
// stays within its budget and keeps answering everyone else.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, startServing, stopAll } from './support/standin-process.js';

const MiB = 2 ** 20;

afterEach(stopAll);

interface Server {
  child: ChildProcess;
  base: string;
  control: string;
  token: string;
}

async function serve(args: string[]): Promise<Server> {
  const { child, baseUrl, token } = await startServing(['--now', '2026-11-20T15:00:00Z', ...args]);
  return { child, base: baseUrl, control: baseUrl.replace('/api/v2', '/__mock'), token };
}

/** The process's resident memory now, from /proc. */
function rss(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

function json(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

describe('a server under clients that try to make it grow', () => {
  it('keeps its resident memory bounded while long texts are listed under ever new queries', async () => {
    const server = await serve([]);
    const auth = { authorization: `Bearer ${server.token}` };
    const me = (await (await fetch(`${server.base}/me`, { headers: auth })).json()) as { id: string };
    // 50 goals whose descriptions are at G15's limit and double in JSON (quotes and backslashes), ending before any
    // of the world's: GO6 lists by end date, so they fill a page of 50 whatever goals of the person the seed made.
    const description = '"\\'.repeat(32_768);
    for (let i = 0; i < 50; i++) {
      const body = { title: `Heavy ${i}`, description, end_date: '2000-01-01' };
      const created = await fetch(`${server.base}/goals`, json('POST', body, auth));
      expect(created.status).toBe(201);
    }
    const tokens = (await (await fetch(`${server.control}/tokens`)).json()) as Array<{ read_write: string }>;
    const [first, second] = [tokens[0]!.read_write, tokens[1]!.read_write];
    const before = rss(server.child);
    let peak = before;
    // Two people alternating, every query new: each answer is a page of about 6.5 MB.
    for (let i = 0; i < 60; i++) {
      const token = i % 2 ? second : first;
      const page = await fetch(`${server.base}/goals?per_page=50&people_ids[]=${me.id}&n=${i}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(page.status).toBe(200);
      expect((await page.text()).length).toBeGreaterThan(6_000_000);
      peak = Math.max(peak, rss(server.child));
    }
    const world = (await (await fetch(`${server.control}/world`)).json()) as { memory: { caches_bytes: number } };
    expect(world.memory.caches_bytes).toBeLessThanOrEqual(32 * MiB);
    // 60 pages kept by entry counts would be 390 MB in the list cache and as much in the journal.
    expect(peak - before).toBeLessThan(256 * MiB);
    expect((await fetch(`${server.base}/me`, { headers: auth })).status).toBe(200);
    console.log(
      `memory: long texts listed 60 times: RSS ${Math.round(before / MiB)} MiB before, highest ${Math.round(peak / MiB)} MiB`,
    );
  });

  it('refuses sessions and snapshots past its budget on the large world, and stays within it', async () => {
    const budget = 128 * MiB;
    const server = await serve(['--size', 'large', '--memory-budget', '128MiB']);
    const auth = { authorization: `Bearer ${server.token}` };
    const start = rss(server.child);
    const refusals: string[] = [];
    let snapshots = 0;
    // Each session moves its clock two weeks on (about 50,000 check-ins) and takes up to 64 snapshots.
    for (let s = 0; s < 11; s++) {
      const session = { 'x-mock-session': `worker-${s}` };
      const advanced = await fetch(`${server.control}/clock/advance`, json('POST', { days: 14 }, session));
      if (advanced.status !== 200) {
        expect(advanced.status).toBe(507);
        refusals.push(((await advanced.json()) as { detail: string }).detail);
        continue;
      }
      for (let n = 0; n < 64; n++) {
        const snapshot = await fetch(`${server.control}/snapshots/s${n}`, { method: 'PUT', headers: session });
        if (snapshot.status !== 200) {
          expect(snapshot.status).toBe(507);
          refusals.push(((await snapshot.json()) as { detail: string }).detail);
          break;
        }
        snapshots++;
      }
      // Everyone else is answered all along.
      expect((await fetch(`${server.base}/me`, { headers: auth })).status).toBe(200);
    }
    const end = rss(server.child);
    expect(snapshots).toBeGreaterThan(8);
    expect(refusals.length).toBeGreaterThanOrEqual(10);
    expect(refusals[0]).toMatch(/memory budget/);
    // RSS grows past the budget by what is not a kept record: 238 MiB in all at c9201d2, 255 and 263 MiB with 2026-12-06's
    // story fixes (this box, one run each). scripts/session-memory-study.mjs measured why (docs/speed.md, "twelfth
    // session"): the heap keeps 0.93-1.06x the estimate, but V8 holds some 45 MiB more of pages the first session's
    // heap grew into, and native memory some 30. Hence a slack of 160 MiB (the budget's own figure is held below).
    expect(end - start).toBeLessThan(budget + 160 * MiB);
    const world = (await (await fetch(`${server.control}/world`)).json()) as { memory: { used_bytes: number } };
    // The journal of the refused requests themselves may add a little: it is bounded on its own.
    expect(world.memory.used_bytes).toBeLessThanOrEqual(budget + MiB);
    console.log(
      `memory: large world, --memory-budget 128MiB: ${snapshots} snapshots taken, ${refusals.length} refusals; RSS ${Math.round(start / MiB)} MiB at start, ${Math.round(end / MiB)} MiB at the end; estimated use ${Math.round(world.memory.used_bytes / MiB)} MiB`,
    );
  });
});

describe('standin serve --memory-budget', () => {
  it.each([
    ['lots', /--memory-budget must be a size such as 512MiB or 2GiB, got "lots"/],
    ['10MiB', /--memory-budget must be at least 64MiB/],
    // A budget the heap cannot hold would not keep the server from crashing: refused at start.
    ['64GiB', /the memory budget \(65536MiB\) does not fit in this Node process's heap: .*--max-old-space-size/],
  ])('%s is refused in one line, exit 2', (value, message) => {
    const run = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', '--memory-budget', value], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
