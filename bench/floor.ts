// The floor part (npm run bench -- --only floor; issue 34): `POST /goals/{id}/goal-updates` through autocannon
// on `standin serve` and on the floors of bench/floor-server.ts — a raw node:http 201, node:http doing only the
// domain's write, a bare Hono route doing the same — each in its own process, warmed up, then in rounds whose
// order rotates behind raw. What is judged is CPU, not wall time: each server's CPU per request (user and
// system, /proc), and standin's against bare Hono's in the same round. Every write server meets the world as
// generated in every round (a reset after each load), so no server's world grows by the rounds before.
import { fileURLToPath } from 'node:url';
import { cannon } from './load.js';
import { cpuMs, sleep, start, stop, waitForOutput, type Spawned } from './processes.js';
import { NOW, startStandin } from './servers.js';
import { median, round } from './stats.js';
import { findSubjects } from './subjects.js';

const FLOOR_SERVER = fileURLToPath(new URL('./floor-server.js', import.meta.url));
/** The throughput part's body for the same POST. */
const BODY = '{"title":"Week 47","body":"Load tests pass.","confidence":74}';

export interface FloorRound {
  rps: number;
  /** The server's CPU per request in µs; null where /proc has none. */
  cpuUs: number | null;
  requests: number;
  failed: number;
}

export interface FloorSubject {
  key: 'raw' | 'write' | 'hono-write' | 'standin';
  label: string;
  rounds: FloorRound[];
  /** Medians over the rounds. */
  rps: number;
  cpuUs: number | null;
  /** The median over the rounds of each round's requests per second against raw's in the same round. */
  vsRaw: number;
  failed: number;
}

export interface FloorResult {
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number;
  subjects: FloorSubject[];
  /**
   * Issue 34's figure: standin's CPU per POST against bare Hono's, the median over the rounds of each round's
   * ratio; null where /proc gave no CPU.
   */
  cpuVsHono: number | null;
}

export interface FloorOptions {
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number;
  log: (line: string) => void;
}

interface Running {
  subject: FloorSubject;
  process: Spawned;
  origin: string;
  /** Back to the world as generated; nothing for raw. */
  reset: (() => Promise<void>) | null;
}

async function post(url: string): Promise<void> {
  const response = await fetch(url, { method: 'POST' });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST ${url}: ${response.status}`);
}

/** A reset once the requests autocannon cut off at the end have landed (as the throughput part waits). */
const resetting = (url: string) => async () => {
  await sleep(100);
  await post(url);
};

async function startFloor(key: 'raw' | 'write' | 'hono-write', label: string): Promise<Running> {
  const spawned = start(process.execPath, [FLOOR_SERVER, key]);
  const [, port] = await waitForOutput(spawned, /\{"port":(\d+)\}/, 60_000);
  const origin = `http://127.0.0.1:${port}`;
  return {
    subject: { key, label, rounds: [], rps: 0, cpuUs: null, vsRaw: 0, failed: 0 },
    process: spawned,
    origin,
    reset: key === 'raw' ? null : resetting(`${origin}/__floor/reset`),
  };
}

/**
 * Runs the floor part: standin serve (small world) and the three floors, warmed up, then `rounds` loads of each.
 *
 * @example
 *   const result = await floor({ seconds: 4, rounds: 3, warmupSeconds: 2, connections: 50, log: console.error });
 *   result.cpuVsHono; // e.g. 2.09: standin's CPU per POST is 2.09× bare Hono's
 */
export async function floor(options: FloorOptions): Promise<FloorResult> {
  const standin = await startStandin('small');
  const running: Running[] = [];
  try {
    const subjects = await findSubjects(standin, NOW.slice(0, 10));
    running.push(
      await startFloor('raw', 'raw node:http, a fixed 201'),
      await startFloor('write', 'node:http + the domain write'),
      await startFloor('hono-write', 'bare Hono + the domain write'),
      {
        subject: { key: 'standin', label: 'standin serve', rounds: [], rps: 0, cpuUs: null, vsRaw: 0, failed: 0 },
        process: standin.process,
        origin: standin.origin,
        reset: resetting(`${standin.origin}/__mock/reset`),
      },
    );
    const requests = [{ method: 'POST' as const, path: `/api/v2/goals/${subjects.goalId}/goal-updates`, body: BODY }];
    const load = (server: Running, seconds: number) =>
      cannon(server.origin, requests, { token: subjects.token, connections: options.connections, seconds });
    for (const server of running) {
      await load(server, options.warmupSeconds);
      await server.reset?.();
    }
    for (let r = 0; r < options.rounds; r++) {
      // Raw first in every round (the base of × raw), the others rotating behind it.
      const others = running.slice(1);
      const shift = r % others.length;
      for (const server of [running[0]!, ...others.slice(shift), ...others.slice(0, shift)]) {
        options.log(`floor: round ${r + 1}/${options.rounds}, ${server.subject.label}`);
        const before = cpuMs(server.process.pid);
        const result = await load(server, options.seconds);
        const after = cpuMs(server.process.pid);
        const cpuUs =
          before === null || after === null || result.requests === 0
            ? null
            : round(((after - before) * 1000) / result.requests, 1);
        server.subject.rounds.push({ rps: result.rps, cpuUs, requests: result.requests, failed: result.failed });
        await server.reset?.();
      }
    }
  } finally {
    for (const server of running) await stop(server.process);
    if (!running.some((server) => server.process === standin.process)) await stop(standin.process);
  }
  return summarise(
    running.map((server) => server.subject),
    options,
  );
}

/** Medians over the rounds, each round against raw's and bare Hono's of the same round. */
function summarise(subjects: FloorSubject[], options: FloorOptions): FloorResult {
  const byKey = (key: FloorSubject['key']) => subjects.find((subject) => subject.key === key)!;
  const raw = byKey('raw');
  for (const subject of subjects) {
    subject.rps = median(subject.rounds.map((r) => r.rps));
    const cpu = subject.rounds.map((r) => r.cpuUs);
    subject.cpuUs = cpu.includes(null) ? null : round(median(cpu as number[]), 1);
    subject.vsRaw = round(median(subject.rounds.map((r, i) => r.rps / raw.rounds[i]!.rps)), 2);
    subject.failed = subject.rounds.reduce((sum, r) => sum + r.failed, 0);
  }
  const hono = byKey('hono-write');
  const pairs = byKey('standin').rounds.map((r, i) => {
    const base = hono.rounds[i]!.cpuUs;
    return r.cpuUs === null || base === null || base === 0 ? null : r.cpuUs / base;
  });
  return {
    seconds: options.seconds,
    rounds: options.rounds,
    warmupSeconds: options.warmupSeconds,
    connections: options.connections,
    subjects,
    cpuVsHono: pairs.length === 0 || pairs.includes(null) ? null : round(median(pairs as number[]), 2),
  };
}
