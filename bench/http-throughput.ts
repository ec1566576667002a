// The throughput benchmark: standin against raw node:http and a Hono hello measured in the same run, as ratios.
// Each server runs in its own process; autocannon drives it from this one. Run: npm run bench [-- --seconds N]
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } },
});
const DURATION = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const SERVER = fileURLToPath(new URL('./bench-server.js', import.meta.url));

interface Started {
  child: ChildProcess;
  port: number;
  startMs: number;
  rssMb: number;
  token?: string;
  personId?: string;
  teamId?: string;
}

function startServer(kind: string): Promise<Started> {
  const child = spawn(process.execPath, [SERVER, kind], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve({ child, ...(JSON.parse(out.slice(0, newline)) as object) } as Started);
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'PATCH';
  body?: string;
}

async function load(port: number, scenario: Scenario, token?: string) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${scenario.path}`,
    method: scenario.method ?? 'GET',
    body: scenario.body,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(scenario.body ? { 'content-type': 'application/json' } : {}),
    },
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${scenario.name}: ${failures} failed requests of ${result.requests.total}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const rows: Array<{ server: string; scenario: string; rps: number; p50: number; p99: number }> = [];
const starts: Array<{ server: string; startMs: number; rssMb: number }> = [];

async function measure(kind: string, scenarios: (s: Started) => Scenario[]) {
  const server = await startServer(kind);
  starts.push({ server: kind, startMs: server.startMs, rssMb: server.rssMb });
  try {
    for (const scenario of scenarios(server)) {
      rows.push({ server: kind, scenario: scenario.name, ...(await load(server.port, scenario, server.token)) });
    }
  } finally {
    server.child.kill('SIGTERM');
  }
}

await measure('node-http', () => [{ name: 'hello', path: '/' }]);
await measure('hono', () => [{ name: 'hello', path: '/' }]);
await measure('standin-small', (s) => [
  { name: 'GET /me', path: '/api/v2/me' },
  { name: 'GET /goals (30 goals)', path: '/api/v2/goals' },
  {
    name: 'GET /check-ins find-by-day',
    path: `/api/v2/check-ins?since=2026-11-20&until=2026-11-20&people_ids[]=${s.personId}`,
  },
  {
    name: 'PATCH /check-ins/{date}',
    path: '/api/v2/check-ins/2026-11-20',
    method: 'PATCH',
    body: '{"intentions":"Ship the fix","mood":"focused"}',
  },
]);
await measure('standin-large', (s) => [
  { name: 'GET /check-ins team page 1', path: `/api/v2/check-ins?team_ids[]=${s.teamId}` },
  { name: 'GET /goals by person', path: `/api/v2/goals?people_ids[]=${s.personId}` },
]);

const hono = rows.find((r) => r.server === 'hono')!.rps;
const raw = rows.find((r) => r.server === 'node-http')!.rps;
console.log(
  `\nThroughput: ${CONNECTIONS} connections, ${DURATION} s per row, load generator on the same machine (${process.version})\n`,
);
console.log('| server | scenario | req/s | vs Hono hello | vs node:http hello | p50 ms | p99 ms |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.server} | ${r.scenario} | ${Math.round(r.rps)} | ${(r.rps / hono).toFixed(2)} | ${(r.rps / raw).toFixed(2)} | ${r.p50} | ${r.p99} |`,
  );
}
console.log('\n| server | start (ms, world built and listening) | RSS after start (MiB) |');
console.log('|---|---:|---:|');
for (const s of starts) console.log(`| ${s.server} | ${s.startMs} | ${s.rssMb} |`);
