// How far the write can go on this box (issue 19, "Speed"): `POST /goals/{id}/goal-updates` through autocannon
// at 50 connections, as the throughput part sends it, on `standin serve` and on the floors of
// bench/floor-server.ts — a node:http server and a bare Hono route doing only the domain's write, and a raw
// node:http 201 — each in its own process, in rounds whose order rotates. Per subject: requests per second
// against raw in the same round, and the server's CPU per request (/proc). Not part of `npm run bench`, and no
// test: it says what share of raw any server of this API on Hono could reach before any of its rules.
//   npm run bench:floor -- [--seconds S] [--rounds K]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cannon } from './load.js';
import { oneMinuteLoad } from './machine.js';
import { cpuMs, start, stop, waitForOutput, type Spawned } from './processes.js';
import { NOW, startStandin } from './servers.js';
import { median, round } from './stats.js';
import { findSubjects } from './subjects.js';

const FLOOR_SERVER = fileURLToPath(new URL('./floor-server.js', import.meta.url));
const BODY = '{"title":"Week 47","body":"Load tests pass.","confidence":74}';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '6' }, rounds: { type: 'string', default: '3' } },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);

interface Subject {
  name: string;
  process: Spawned;
  origin: string;
  rps: number[];
  cpuUs: number[];
}

async function floor(kind: string, name: string): Promise<Subject> {
  const spawned = start(process.execPath, [FLOOR_SERVER, kind]);
  const [, port] = await waitForOutput(spawned, /\{"port":(\d+)\}/, 60_000);
  return { name, process: spawned, origin: `http://127.0.0.1:${port}`, rps: [], cpuUs: [] };
}

const loadBefore = oneMinuteLoad();
const standin = await startStandin('small');
const subjects = await findSubjects(standin, NOW.slice(0, 10));
const all: Subject[] = [
  await floor('raw', 'raw node:http, a fixed 201'),
  await floor('write', 'node:http + the domain write'),
  await floor('hono-write', 'bare Hono + the domain write'),
  { name: 'standin serve', process: standin.process, origin: standin.origin, rps: [], cpuUs: [] },
];
const post = [{ method: 'POST' as const, path: `/api/v2/goals/${subjects.goalId}/goal-updates`, body: BODY }];
try {
  for (let r = 0; r < rounds; r++) {
    // Raw first in every round (the ratios' base), the others rotating behind it.
    const others = all.slice(1);
    for (const subject of [all[0]!, ...others.slice(r % others.length), ...others.slice(0, r % others.length)]) {
      const before = cpuMs(subject.process.pid);
      const result = await cannon(subject.origin, post, { token: subjects.token, connections: 50, seconds });
      const after = cpuMs(subject.process.pid);
      if (result.failed > 0) throw new Error(`${subject.name}: ${result.failed} failed requests`);
      subject.rps.push(result.rps);
      if (before !== null && after !== null) subject.cpuUs.push(((after - before) * 1000) / result.requests);
    }
  }
} finally {
  for (const subject of all) await stop(subject.process);
}
const raw = all[0]!;
console.log(
  `POST /goals/{id}/goal-updates, 50 connections, ${rounds} rounds × ${seconds} s; load average ${loadBefore} → ${oneMinuteLoad()}`,
);
for (const s of all) {
  const vsRaw = median(s.rps.map((rps, i) => rps / raw.rps[i]!));
  const cpu = s.cpuUs.length ? `${round(median(s.cpuUs))} µs/req` : 'n/a';
  console.log(
    `${s.name.padEnd(32)} ${String(Math.round(median(s.rps))).padStart(7)} req/s  ${vsRaw.toFixed(2)}× raw  server CPU ${cpu}  (rounds ${s.rps.join(' ')})`,
  );
}
