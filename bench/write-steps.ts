// The write's own cost, in one process (issue 19, "Speed"): `POST /goals/{id}/goal-updates` on a small world,
// served by `startServer` on a loopback port and sent by a bare socket client in the same process (a few
// connections, each sending its next request once its answer is in: no load generator of its own to pay for),
// as CPU µs and heap bytes allocated per POST, client and kernel included. Beside it, on the same client: a raw
// `node:http` server reading the body and answering a fixed 201 (the floor), a bare Hono route doing the same
// on @hono/node-server, and optionally another commit's build (`--baseline REF`), round after round, so that a
// before and an after meet the same state of the box. Not part of `npm run bench`, and no test: a tool to
// attribute the write's time, with `--profile FILE` writing a CPU profile of this build's POSTs alone.
//   npm run bench:write -- [--posts N] [--rounds K] [--connections C] [--baseline REF] [--compare DIR ...]
//                          [--profile FILE] [--solo]
import { getRequestListener } from '@hono/node-server';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { basename, join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { Hono } from 'hono';
import { prepareBaseline } from './baseline.js';
import { oneMinuteLoad } from './machine.js';
import { ROOT } from './servers.js';

/** What the bench needs of a build's `startServer` (this one's, or a baseline's). */
type StartServer = (options: { port: number; host: string; seed: number; now: string }) => Promise<{
  baseUrl: string;
  close(): Promise<boolean>;
}>;

/** One server the client sends the POST to. */
interface Subject {
  name: string;
  port: number;
  /** The request's bytes, as a client sends them. */
  request: Buffer;
  /** Between rounds: back to the world as generated, so every round meets the same world. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const BODY = '{"title":"Week 47","body":"Load tests pass.","confidence":74}';
const NOW = '2026-11-20T15:00:00Z';
const HOST = '127.0.0.1';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
    baseline: { type: 'string' },
    compare: { type: 'string', multiple: true },
    profile: { type: 'string' },
    solo: { type: 'boolean', default: false },
    'alloc-child': { type: 'string' },
  },
});

function requestBytes(path: string, port: number, authorization?: string): Buffer {
  const lines = [
    `POST ${path} HTTP/1.1`,
    `host: ${HOST}:${port}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(BODY)}`,
    ...(authorization ? [`authorization: ${authorization}`] : []),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${BODY}`);
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const answer = await fetch(url, { headers });
  if (!answer.ok) throw new Error(`GET ${url}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/** standin's `startServer` of the build whose `dist/src/index.js` is `entry`. */
async function standin(name: string, entry: string): Promise<Subject> {
  const { startServer } = (await import(pathToFileURL(entry).href)) as { startServer: StartServer };
  const running = await startServer({ port: 0, host: HOST, seed: 42, now: NOW });
  const origin = new URL(running.baseUrl).origin;
  const tokens = (await getJson(`${origin}/__mock/tokens`)) as Array<{
    read_write: string;
    person: { id: string };
    default: boolean;
  }>;
  const me = tokens.find((entry) => entry.default) ?? tokens[0]!;
  const authorization = `Bearer ${me.read_write}`;
  const goals = (await getJson(`${running.baseUrl}/goals?people_ids[]=${me.person.id}`, { authorization })) as Array<{
    id: string;
  }>;
  const port = Number(new URL(origin).port);
  return {
    name,
    port,
    request: requestBytes(`/api/v2/goals/${goals[0]!.id}/goal-updates`, port, authorization),
    reset: async () => {
      const answer = await fetch(`${origin}/__mock/reset`, { method: 'POST' });
      if (!answer.ok) throw new Error(`reset: ${answer.status}`);
      await answer.text();
    },
    close: async () => void (await running.close()),
  };
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, HOST, () => resolve((server.address() as AddressInfo).port)));
}

const FIXED_ANSWER = JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', title: 'Week 47', confidence: 70 });

/** The floor: a node:http listener reading the body with `data` events, parsing it, answering a fixed 201. */
async function rawNode(): Promise<Subject> {
  const answer = Buffer.from(FIXED_ANSWER);
  const headers = { 'content-type': 'application/json', 'content-length': String(answer.length) };
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      JSON.parse(text);
      response.writeHead(201, headers);
      response.end(answer);
    });
  });
  const port = await listening(server);
  return subjectOf('raw node:http', server, port);
}

/** Node, @hono/node-server and a bare Hono route reading the body: what any Hono app pays. */
async function bareHono(): Promise<Subject> {
  const app = new Hono();
  app.post('/api/v2/goals/:id/goal-updates', async (c) => {
    JSON.parse(await c.req.text());
    return c.body(FIXED_ANSWER, 201, { 'content-type': 'application/json' });
  });
  const listener = getRequestListener(app.fetch);
  const server = createServer((request, response) => void listener(request, response));
  const port = await listening(server);
  return subjectOf('bare Hono', server, port);
}

function subjectOf(name: string, server: Server, port: number): Subject {
  return {
    name,
    port,
    request: requestBytes('/api/v2/goals/x/goal-updates', port),
    reset: () => Promise.resolve(),
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/**
 * Sends `posts` POSTs over `connections` keep-alive connections, each sending its next request once its answer
 * is in; resolves when all are answered. Each answer must be a 201.
 */
function send(subject: Subject, posts: number, connections: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = 0;
    const sockets: Socket[] = [];
    const done = (error?: Error) => {
      for (const socket of sockets) socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    for (let i = 0; i < Math.min(connections, posts); i++) {
      const socket = connect(subject.port, HOST);
      sockets.push(socket);
      socket.setNoDelay(true);
      let pending: Buffer = Buffer.alloc(0);
      const next = () => {
        if (sent < posts) {
          sent++;
          socket.write(subject.request);
        }
      };
      socket.on('connect', next);
      socket.on('error', done);
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        for (;;) {
          const end = pending.indexOf('\r\n\r\n');
          if (end === -1) return;
          const head = pending.toString('latin1', 0, end);
          if (!head.startsWith('HTTP/1.1 201')) return done(new Error(`${subject.name}: ${head.slice(0, 200)}`));
          const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
          if (pending.length < end + 4 + length) return;
          pending = pending.subarray(end + 4 + length);
          if (++answered === posts) return done();
          next();
        }
      });
    }
  });
}

/** CPU µs (user and system, of the whole process: server, client and their kernel work) per POST. */
async function cpuPerPost(subject: Subject, posts: number, connections: number): Promise<number> {
  await subject.reset();
  const before = process.cpuUsage();
  await send(subject, posts, connections);
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / posts;
}

/**
 * Heap bytes allocated per POST (client included): the heap's growth over a batch small enough that no
 * collection runs in it (the child runs with semi-spaces of 256 MiB, and a batch a collection ran in is left
 * out). Garbage and kept records alike.
 */
async function bytesPerPost(subject: Subject, posts: number, connections: number): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  await subject.reset();
  await send(subject, 500, connections);
  gc();
  let collections = 0;
  const observer = new PerformanceObserver((list) => (collections += list.getEntries().length));
  observer.observe({ entryTypes: ['gc'] });
  const before = getHeapStatistics().used_heap_size;
  await send(subject, posts, connections);
  const after = getHeapStatistics().used_heap_size;
  // The observer hears of a collection in the batch on a later turn.
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  return collections > 0 ? NaN : (after - before) / posts;
}

function median(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function subjects(): Promise<Subject[]> {
  const list = [await standin('this build', join(ROOT, 'dist', 'src', 'index.js'))];
  if (args.baseline) {
    const { cli, commit } = prepareBaseline(args.baseline, (line) => console.error(line));
    list.push(await standin(`${args.baseline} (${commit})`, join(cli, '..', '..', 'index.js')));
  }
  // Scratch builds (a copy of dist/ with one step stubbed, say): each named by its folder.
  for (const dir of args.compare ?? []) list.push(await standin(basename(dir), join(dir, 'dist', 'src', 'index.js')));
  list.push(await bareHono(), await rawNode());
  return list;
}

/** A CPU profile of this build's POSTs alone (sampled every 100 µs), written to `file`. */
async function profile(subject: Subject, posts: number, connections: number, file: string): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  await cpuPerPost(subject, posts, connections);
  const { profile: taken } = await session.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(taken));
  session.disconnect();
}

/** The child's part: bytes per POST for each subject over `rounds` rounds, printed as JSON. */
async function allocChild(rounds: number, connections: number): Promise<void> {
  const list = await subjects();
  const bytes: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round++) {
    for (const subject of list) (bytes[subject.name] ??= []).push(await bytesPerPost(subject, 2000, connections));
  }
  for (const subject of list) await subject.close();
  process.stdout.write(JSON.stringify(bytes));
}

function allocations(rounds: number, connections: number): Record<string, number[]> {
  const child = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--max-semi-space-size=256',
      '--min-semi-space-size=256',
      fileURLToPath(import.meta.url),
      '--alloc-child',
      String(rounds),
      '--connections',
      String(connections),
      ...(args.baseline ? ['--baseline', args.baseline] : []),
      ...(args.compare ?? []).flatMap((dir) => ['--compare', dir]),
    ],
    { encoding: 'utf8', maxBuffer: 2 ** 24 },
  );
  if (child.status !== 0) throw new Error(`the allocation child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Record<string, number[]>;
}

async function main(): Promise<void> {
  const posts = Number(args.posts);
  const rounds = Number(args.rounds);
  const connections = Number(args.connections);
  if (args['alloc-child']) return allocChild(Number(args['alloc-child']), connections);
  const list = await subjects();
  const load = oneMinuteLoad();
  if (args.solo) {
    // This build alone, for an outside profiler (perf record -p): posts × rounds of them, one figure.
    const us = await cpuPerPost(list[0]!, posts * rounds, connections);
    for (const subject of list) await subject.close();
    return console.log(`this build alone: ${us.toFixed(1)} µs/POST, load average ${load} → ${oneMinuteLoad()}`);
  }
  // Warm-up: every subject's code optimised before any round counts.
  for (const subject of list) await cpuPerPost(subject, posts, connections);
  const cpu: Record<string, number[]> = {};
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Each round starts one subject further on: none always runs first, or right after the same one.
    const spent = new Map<Subject, number>();
    for (let i = 0; i < list.length; i++) {
      const subject = list[(i + round) % list.length]!;
      spent.set(subject, await cpuPerPost(subject, posts, connections));
    }
    for (const subject of list) (cpu[subject.name] ??= []).push(spent.get(subject)!);
    if (args.baseline) ratios.push(spent.get(list[0]!)! / spent.get(list[1]!)!);
  }
  if (args.profile) await profile(list[0]!, posts * rounds, connections, args.profile);
  for (const subject of list) await subject.close();
  const bytes = allocations(Math.max(3, Math.min(rounds, 5)), connections);
  console.log(
    `${posts} POSTs × ${rounds} rounds, ${connections} connections; CPU of the whole process (client included); load average ${load} → ${oneMinuteLoad()}`,
  );
  const raw = median(cpu['raw node:http']!);
  for (const subject of list) {
    const us = cpu[subject.name]!;
    console.log(
      `${subject.name.padEnd(24)} CPU ${median(us).toFixed(1).padStart(6)} µs/POST (rounds ${us.map((v) => v.toFixed(0)).join(' ')})` +
        ` ${(raw / median(us)).toFixed(2)}× raw's CPU, ${median(us.map((v, i) => v / cpu['this build']![i]!)).toFixed(3)}× this build's` +
        `   heap ${Math.round(median(bytes[subject.name] ?? [])).toLocaleString('en')} B/POST`,
    );
  }
  if (args.baseline) {
    console.log(`this build / baseline, CPU per POST, median of the rounds' pairs: ${median(ratios).toFixed(2)}×`);
  }
}

await main();
