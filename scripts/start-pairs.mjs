// Start-up of several ways to run `standin serve`, paired: each round starts every command once, in turn, so that
// a drift of a busy box spreads over all of them. Per start: spawn to the banner, spawn to the first 200 of
// GET /api/v2/me, and the process's CPU (user and system, from /proc) by then; medians and minima printed.
// The figures of docs/speed.md's "the single-file binary" section come from it.
//
// Usage: node scripts/start-pairs.mjs RUNS 'LABEL=COMMAND ARGS…' … (each command gets `serve --port 0 --now …`)
// e.g.   node scripts/start-pairs.mjs 20 'node 20=node dist/cli/standin.js' 'binary=./standin'
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [runs, ...specs] = process.argv.slice(2);
const commands = specs.map((spec) => {
  const [label = spec, command = ''] = spec.split('=');
  return { label, argv: command.split(' ') };
});

/**
 * One start of `argv serve`: its times to the banner and to the first answer, and its CPU by then (ms).
 * @param {string[]} argv
 * @returns {Promise<{ ready: number, first: number, cpu: number | null }>}
 */
function start(argv) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [file = 'node', ...args] = argv;
    const child = spawn(file, [...args, 'serve', '--port', '0', '--now', '2026-11-20T15:00:00Z'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    /** @param {string} chunk */
    const onData = (chunk) => {
      out += chunk;
      if (!out.includes('the contract:')) return;
      child.stdout.off('data', onData);
      void answered();
    };
    const answered = async () => {
      const ready = performance.now() - started;
      const base = /serving \/api\/v2 at (\S+)/.exec(out)?.[1];
      const token = /token: (\S+)/.exec(out)?.[1];
      const answer = await fetch(`${base}/me`, { headers: { authorization: `Bearer ${token}` } });
      await answer.text();
      const first = performance.now() - started;
      // utime and stime, in clock ticks of 10 ms; a command run through npm is npm's, so its CPU is not the server's.
      const stat = (readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
      const cpu = file === 'npm' ? null : (Number(stat[11]) + Number(stat[12])) * 10;
      child.once('exit', () => resolve({ ready, first, cpu }));
      child.kill('SIGTERM');
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.once('error', reject);
  });
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
/** @type {{ ready: number[], first: number[], cpu: number[] }[]} */
const results = commands.map(() => ({ ready: [], first: [], cpu: [] }));
for (let round = 0; round < Number(runs); round++) {
  for (const [index, { argv }] of commands.entries()) {
    const { ready, first, cpu } = await start(argv);
    results[index].ready.push(ready);
    results[index].first.push(first);
    if (cpu !== null) results[index].cpu.push(cpu);
  }
}
for (const [index, { label }] of commands.entries()) {
  const { ready, first, cpu } = results[index] ?? { ready: [], first: [], cpu: [] };
  const cpuText = cpu.length > 0 ? `, CPU ${median(cpu)} ms (min ${Math.min(...cpu)})` : '';
  console.log(
    `${label}: banner ${median(ready).toFixed(0)} ms (min ${Math.min(...ready).toFixed(0)}), first answer ${median(first).toFixed(0)} ms (min ${Math.min(...first).toFixed(0)})${cpuText}, ${runs} starts`,
  );
}
