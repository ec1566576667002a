// A body read before the app (issue 19, the write): `standin serve` reads a small body of a declared length off
// the IncomingMessage in one `data`/`end` pair (src/server/body-ahead.ts) and hands it to the adapter as
// `rawBody`; the pipeline takes it from `c.env.incoming` and checks it in the turn the request came in. The
// same rules answer either way (G1, G7, G8), and anything else — chunked, larger than G8's limit, broken off —
// is left to the app's own read, as before.
import { once } from 'node:events';
import { createServer, request as httpRequest, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../src/http/request-body.js';
import { readBodyAhead } from '../src/server/body-ahead.js';
import { startServer, type RunningMock } from '../src/server/start-server.js';
import { Harness } from './support/harness.js';

const h = new Harness({ size: 'small' });
const me = h.person();
/** A goal the default person owns: theirs to update (same seed, so the same goal in standin serve's world). */
const goal = [...h.world.store.goals.values()].find((g) => g.ownerId === me.id && !g.archived)!;
const token = me.tokens.readWrite;

/** POST /goals/{id}/goal-updates through app.fetch with `ahead` as the adapter's env carries a body read ahead. */
async function postWithAhead(sent: string, ahead: string | Uint8Array, headers: Record<string, string> = {}) {
  const request = new Request(`http://standin.local/api/v2/goals/${goal.id}/goal-updates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: sent,
  });
  const rawBody = typeof ahead === 'string' ? Buffer.from(ahead) : ahead;
  const response = await h.mock.app.fetch(request, { incoming: { rawBody } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('a body read ahead by the host (issue 19)', () => {
  it('is the body the write takes, not the Request’s own (which nobody reads then)', async () => {
    const { status, body } = await postWithAhead('{"title":"from the Request"}', '{"title":"read ahead"}');
    expect(status).toBe(201);
    expect(body.title).toBe('read ahead');
  });

  it.each([
    { ahead: '', status: 400, type: 'missing-body' },
    { ahead: '{"title":', status: 400, type: 'malformed-json' },
    { ahead: '['.repeat(65) + ']'.repeat(65), status: 400, type: 'too-deep' },
    { ahead: '{"confidence":"high"}', status: 422, type: 'invalid-values' },
  ])('answers $type ($status) as the read body would (G1, G8)', async ({ ahead, status, type }) => {
    const answer = await postWithAhead('{}', ahead);
    expect(answer.status).toBe(status);
    expect(answer.body.type).toContain(type);
    const read = await h.call('POST', `/api/v2/goals/${goal.id}/goal-updates`, {
      rawBody: ahead,
      headers: { 'content-type': 'application/json' },
    });
    expect(read.status).toBe(status);
  });

  it('answers 415 for a body read ahead under another content type (G1)', async () => {
    const answer = await postWithAhead('{}', '{"title":"x"}', { 'content-type': 'text/plain' });
    expect(answer.status).toBe(415);
  });

  it('answers 413 for bytes over the limit, counted as bytes (G8)', async () => {
    const over = new Uint8Array(MAX_BODY_BYTES + 1).fill(0x20);
    const answer = await postWithAhead('{}', over);
    expect(answer.status).toBe(413);
    expect(answer.body.type).toContain('body-too-large');
  });
});

describe('readBodyAhead (src/server/body-ahead.ts)', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** What the server's handler saw: the rawBody set (as text) or none, and how often `then` ran. */
  async function seen(send: (port: number) => ClientRequest): Promise<{ rawBody: string | null; calls: number }> {
    let calls = 0;
    let request: IncomingMessage | undefined;
    const handled = new Promise<string | null>((resolve) => {
      server = createServer((req: IncomingMessage & { rawBody?: Buffer }, res) => {
        request = req;
        readBodyAhead(req, () => {
          calls++;
          resolve(req.rawBody ? req.rawBody.toString('utf8') : null);
          res.end();
        });
      });
    });
    server!.listen(0, '127.0.0.1');
    await once(server!, 'listening');
    const client = send((server!.address() as AddressInfo).port);
    const rawBody = await handled;
    // The connection's end is the last thing the request can hear of: once the client has cut it off and the
    // turns its close sets off have run, no late `end`, `error` or `close` can call `then` again.
    const { socket } = request!;
    // Not events.once: a reset connection's socket errs (ECONNRESET) before it closes, and once() would reject.
    const closed = socket.destroyed ? undefined : new Promise((resolve) => socket.once('close', resolve));
    client.destroy();
    await closed;
    await new Promise(setImmediate);
    return { rawBody, calls };
  }

  function post(port: number, headers: Record<string, string | number>, chunks: string[], end = true): ClientRequest {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/', headers });
    req.on('error', () => {});
    for (const chunk of chunks) req.write(chunk);
    if (end) req.end();
    else setTimeout(() => req.destroy(), 20);
    return req;
  }

  it('reads a body of a declared length whole, in however many chunks it came', async () => {
    const { rawBody, calls } = await seen((port) => post(port, { 'content-length': 11 }, ['{"a":', '"bcd"}']));
    expect(rawBody).toBe('{"a":"bcd"}');
    expect(calls).toBe(1);
  });

  it.each<{ name: string; headers: Record<string, string | number> }>([
    { name: 'a chunked body (no declared length)', headers: { 'transfer-encoding': 'chunked' } },
    { name: 'a declared length over G8’s limit', headers: { 'content-length': MAX_BODY_BYTES + 1 } },
    { name: 'no body at all', headers: {} },
  ])('leaves $name to the app’s own read', async ({ headers }) => {
    const { rawBody, calls } = await seen((port) => post(port, headers, []));
    expect(rawBody).toBeNull();
    expect(calls).toBe(1);
  });

  it('hands over a body that broke off unread, once, for the app to answer as ever', async () => {
    const { rawBody, calls } = await seen((port) => post(port, { 'content-length': 100 }, ['{"a":'], false));
    expect(rawBody).toBeNull();
    expect(calls).toBe(1);
  });

  it('is what standin serve does: a POST answered with the body it sent (GU2 snaps 88 to 90)', async () => {
    const running: RunningMock = await startServer({ port: 0, host: '127.0.0.1', now: '2026-11-20T15:00:00Z' });
    try {
      const answer = await fetch(`${running.baseUrl}/goals/${goal.id}/goal-updates`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"title":"over the wire","confidence":88}',
      });
      expect(answer.status).toBe(201);
      expect(await answer.json()).toMatchObject({ title: 'over the wire', confidence: 90 });
    } finally {
      await running.close();
    }
  });
});

// A path no route knows (404) goes through Hono's compose, a promise: rare, and not this test's.
describe('an API request that needs no promise (issue 19, the front around each API route)', () => {
  it.each([
    { name: 'GET /me', method: 'GET', path: '/api/v2/me', ahead: undefined, status: 200 },
    { name: 'DELETE /me (405)', method: 'DELETE', path: '/api/v2/me', ahead: undefined, status: 405 },
    {
      name: 'a POST of an update read ahead',
      method: 'POST',
      path: `/api/v2/goals/${goal.id}/goal-updates`,
      ahead: '{"title":"in one turn"}',
      status: 201,
    },
  ])('$name is answered in the turn it came in, request:end told by then', ({ method, path, ahead, status }) => {
    const ended: number[] = [];
    const stop = h.mock.events.on('request:end', (event) => ended.push(event.status));
    try {
      const request = new Request(`http://standin.local${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(ahead === undefined ? {} : { body: ahead }),
      });
      const answer = h.mock.app.fetch(
        request,
        ahead === undefined ? undefined : { incoming: { rawBody: Buffer.from(ahead) } },
      );
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(status);
      expect(ended).toEqual([status]);
    } finally {
      stop();
    }
  });
});
