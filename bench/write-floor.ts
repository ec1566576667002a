// How far the write can go on this box (issue 19, "Speed"), on its own: the floor part of `npm run bench`
// (bench/floor.ts) — `POST /goals/{id}/goal-updates` on `standin serve` and on the floors of
// bench/floor-server.ts, a raw node:http 201, node:http and a bare Hono route each doing only the domain's
// write — with its own round length, printed as lines rather than the benchmark's table.
//   npm run bench:floor -- [--seconds S] [--rounds K] [--warmup W]
import { parseArgs } from 'node:util';
import { floor } from './floor.js';
import { oneMinuteLoad } from './machine.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
  },
});

const loadBefore = oneMinuteLoad();
const result = await floor({
  seconds: Number(args.seconds),
  rounds: Number(args.rounds),
  warmupSeconds: Number(args.warmup),
  connections: 50,
  log: (line) => process.stderr.write(`${line}\n`),
});
console.log(
  `POST /goals/{id}/goal-updates, ${result.connections} connections, ${result.rounds} rounds × ${result.seconds} s; load average ${loadBefore} → ${oneMinuteLoad()}`,
);
for (const s of result.subjects) {
  const cpu = s.cpuUs === null ? 'n/a' : `${s.cpuUs} µs/req`;
  console.log(
    `${s.label.padEnd(32)} ${String(Math.round(s.rps)).padStart(7)} req/s  ${s.vsRaw.toFixed(2)}× raw  server CPU ${cpu}  (rounds ${s.rounds.map((r) => r.rps).join(' ')})`,
  );
}
console.log(`standin's CPU per POST against bare Hono's: ${result.cpuVsHono ?? 'n/a'}×`);
