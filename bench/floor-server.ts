// The floors under standin's write, each in its own process (bench/floor.ts drives them): a node:http
// server, and a bare Hono route on @hono/node-server, each doing only the domain's part of
// `POST /goals/{id}/goal-updates` on the same world standin serves — the token looked up, the world caught up,
// the update written (its id, record and indexes) and answered as JSON.stringify of the record — without any
// of the API's rules around it (no validation, sessions, rate limits, journal, events, presenter, render
// cache, CORS, faults). `raw` answers a fixed 201 unread, as bench/raw-server.ts does. `POST /__floor/reset`
// builds the world afresh (as standin's `POST /__mock/reset` does), so each round of bench/floor.ts meets the
// world as generated on every server. Prints one JSON line `{"port":…}` once it listens.
//   node dist/bench/floor-server.js raw|write|hono-write
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGoalUpdate, type GoalUpdateInput } from '../src/domain/goal-updates.js';
import { createMock } from '../src/http/app.js';
import { NOW } from './servers.js';

const kind = process.argv[2];
let { world } = createMock({ now: NOW });
const RESET = '/__floor/reset';

/** Back to the world as generated: the next round writes into the same world as the first. */
function resetWorld(): void {
  ({ world } = createMock({ now: NOW }));
}

/** The domain's write alone: what no server of this API can do without. */
function write(authorization: string | undefined, goalId: string, body: GoalUpdateInput): string {
  const auth = world.authenticate((authorization ?? '').slice('Bearer '.length));
  if (!auth) throw new Error('floor-server: unknown token');
  world.catchUp();
  return JSON.stringify(createGoalUpdate(world, auth.person, goalId, body));
}

const PATH = /^\/api\/v2\/goals\/([^/?]+)\/goal-updates$/;
const FIXED = '{"id":"00000000-0000-4000-8000-000000000000"}';

function nodeWrite(request: IncomingMessage, response: ServerResponse): void {
  if (request.url === RESET) {
    resetWorld();
    response.writeHead(204).end();
    return;
  }
  if (kind === 'raw') {
    response.writeHead(201, { 'content-type': 'application/json', 'content-length': FIXED.length });
    response.end(FIXED);
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const goalId = PATH.exec(request.url ?? '')?.[1] ?? '';
    const text = write(
      request.headers.authorization,
      goalId,
      JSON.parse(Buffer.concat(chunks).toString()) as GoalUpdateInput,
    );
    response.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  });
}

const app = new Hono();
app.post(RESET, (c) => {
  resetWorld();
  return c.body(null, 204);
});
app.post('/api/v2/goals/:id/goal-updates', async (c) => {
  const text = write(c.req.header('authorization'), c.req.param('id'), await c.req.json<GoalUpdateInput>());
  return c.body(text, 201, { 'content-type': 'application/json' });
});

const server = createServer(kind === 'hono-write' ? getRequestListener(app.fetch) : nodeWrite);
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
