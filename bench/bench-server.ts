// One server for the throughput benchmark, in its own process: raw node:http, Hono hello, or standin.
// Prints one JSON line {port, startMs, rssMb, token?, personId?, teamId?} once it listens.
import { createServer } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createMock } from '../src/http/app.js';

const kind = process.argv[2];
const started = performance.now();

function ready(port: number, extra: Record<string, unknown> = {}): void {
  const line = {
    port,
    startMs: Math.round(performance.now() - started),
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
    ...extra,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

if (kind === 'node-http') {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello');
  });
  server.listen(0, '127.0.0.1', () => ready((server.address() as AddressInfo).port));
} else if (kind === 'hono') {
  const app = new Hono().get('/', (c) => c.text('hello'));
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => ready(info.port));
} else if (kind === 'standin-small' || kind === 'standin-large') {
  const mock = createMock({ size: kind === 'standin-small' ? 'small' : 'large', now: '2026-11-20T15:00:00Z' });
  const person = mock.world.store.people.get(mock.world.defaultPersonId)!;
  serve({ fetch: mock.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
    ready(info.port, { token: person.tokens.readWrite, personId: person.id, teamId: person.teamIds[0] }),
  );
} else {
  process.stderr.write(`unknown server kind ${kind}\n`);
  process.exit(2);
}

// Exit through process.exit on signals so `node --cpu-prof` can write its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
