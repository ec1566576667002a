// The proxy's cost (npm run bench:proxy): `standin serve` alone, and the same server behind `standin proxy`, each
// its own process, driven in turns within one run — many connections for throughput, one connection for latency —
// and reported as ratios of each round's pair (a shared box's drift lands on both sides of a pair alike), with
// the proxy's CPU per exchange (forwarding and checking). Reports, never fails: the exit code says only whether it ran.
//   npm run bench:proxy -- [--seconds N] [--rounds K]
import { parseArgs } from 'node:util';
import { cannon, oneConnection, type LoadResult, type RequestSpec } from './load.js';
import { cpuMs, start, stop, waitForOutput } from './processes.js';
import { CLI, startStandin } from './servers.js';
import { median, round } from './stats.js';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, rounds: { type: 'string' } } });
const SECONDS = Number(values.seconds ?? 3);
const ROUNDS = Number(values.rounds ?? 3);
const CONNECTIONS = 50;

/** A small answer (GET /me, about 0.5 KiB) and a page of fifty goals (about 40 KiB): the proxy reads both whole. */
const SCENARIOS: Array<{ label: string; spec: RequestSpec }> = [
  { label: 'GET /me', spec: { method: 'GET', path: '/api/v2/me' } },
  { label: 'GET /goals?per_page=50', spec: { method: 'GET', path: '/api/v2/goals?per_page=50' } },
];

const standin = await startStandin('small');
const proxy = start(process.execPath, [CLI, 'proxy', '--upstream', standin.origin, '--port', '0']);
const proxyOrigin = (await waitForOutput(proxy, /forwarding (http:\/\/\S+)\/api\/v2 to/, 30_000))[1]!;

interface Pair {
  direct: LoadResult;
  proxied: LoadResult;
  /** The proxy's CPU per exchange, µs. */
  proxyCpuUs: number | null;
}

async function pair(spec: RequestSpec, run: (origin: string) => Promise<LoadResult>): Promise<Pair> {
  const direct = await run(standin.origin);
  const before = cpuMs(proxy.pid);
  const proxied = await run(proxyOrigin);
  const after = cpuMs(proxy.pid);
  return {
    direct,
    proxied,
    proxyCpuUs: before === null || after === null ? null : round(((after - before) * 1000) / proxied.requests, 0),
  };
}

const rows: string[] = [];
const results: Record<string, unknown> = {};
try {
  for (const { label, spec } of SCENARIOS) {
    const throughput: Pair[] = [];
    const latency: Pair[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      throughput.push(
        await pair(spec, (origin) =>
          cannon(origin, [spec], { token: standin.token, connections: CONNECTIONS, seconds: SECONDS }),
        ),
      );
      latency.push(
        await pair(spec, (origin) => oneConnection(origin, spec, { token: standin.token, seconds: SECONDS })),
      );
    }
    const failed = [...throughput, ...latency].reduce((n, p) => n + p.direct.failed + p.proxied.failed, 0);
    const rpsRatio = median(throughput.map((p) => p.proxied.rps / p.direct.rps));
    const p50Ratio = median(latency.map((p) => p.proxied.p50 / p.direct.p50));
    const cpu = median(throughput.map((p) => p.proxyCpuUs ?? NaN));
    results[label] = { throughput, latency, rpsRatio, p50Ratio, proxyCpuUs: cpu, failed };
    rows.push(
      `| ${label} | ${median(throughput.map((p) => p.direct.rps))} | ${median(throughput.map((p) => p.proxied.rps))} | ${round(rpsRatio, 2)} | ${median(latency.map((p) => p.direct.p50))} | ${median(latency.map((p) => p.proxied.p50))} | ${round(p50Ratio, 2)} | ${Number.isNaN(cpu) ? '—' : cpu} | ${failed} |`,
    );
  }
} finally {
  await stop(proxy);
  await stop(standin.process);
}

process.stdout.write(
  [
    `standin proxy against standin alone: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections for throughput, one for latency; medians of each round's ratio`,
    '',
    '| request | req/s alone | req/s proxied | ratio | p50 ms alone | p50 ms proxied | ratio | proxy CPU µs per exchange | failed |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    JSON.stringify(results),
    '',
  ].join('\n'),
);
