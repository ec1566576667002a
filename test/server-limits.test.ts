// G8 limits where the transport is the point, over real sockets to startServer: a body over 1 MiB refused
// while it streams, never buffered whole; slow, oversized and malformed requests and idle connections cut
// off by the Node server's limits, with problem+json answers.
import { request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningMock } from '../src/server/start-server.js';
import { MAX_URL_LENGTH } from '../src/http/url-limit.js';
import { getCompiledSpec } from '../src/spec/compiled-spec.js';
import { NOW } from './support/harness.js';

const MiB = 2 ** 20;

interface Upload {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Bytes the client's body stream handed to the socket before the answer came. */
  sentBytes: number;
  ms: number;
  /** The most the process's RSS and heap grew above their level before the upload, sampled while it ran. */
  rssGrowth: number;
  heapGrowth: number;
}

/** POSTs a body of `totalBytes` streamed from one reused chunk, chunked or with its Content-Length declared. */
function upload(url: string, token: string, totalBytes: number, chunked: boolean): Promise<Upload> {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const before = process.memoryUsage();
  let peak = { rss: before.rss, heapUsed: before.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) };
  }, 10);
  const started = performance.now();
  let sentBytes = 0;
  const source = new Readable({
    read() {
      if (sentBytes >= totalBytes) return void this.push(null);
      sentBytes += chunk.length;
      this.push(chunk);
    },
  });
  return new Promise<Upload>((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = String(totalBytes);
    const req = request(url, { method: 'POST', headers });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (data: string) => (text += data))
        .on('end', () => {
          clearInterval(sampler);
          source.destroy();
          req.destroy();
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text,
            sentBytes,
            ms: performance.now() - started,
            rssGrowth: peak.rss - before.rss,
            heapGrowth: peak.heapUsed - before.heapUsed,
          });
        });
    });
    // Writing on after the server closed fails with EPIPE or ECONNRESET: expected once it has answered.
    req.on('error', (error) => {
      if (!answered) {
        clearInterval(sampler);
        reject(error);
      }
    });
    source.pipe(req);
  });
}

describe('G8 request bodies over a real socket', () => {
  let running: RunningMock;
  let token: string;
  beforeAll(async () => {
    running = await startServer({ port: 0, host: '127.0.0.1', now: NOW });
    token = running.mock.world.store.people.get(running.mock.world.defaultPersonId)!.tokens.readWrite;
  });
  afterAll(() => running.close());

  it.each([
    { form: 'chunked, with no length given', chunked: true },
    { form: 'with its Content-Length declared', chunked: false },
  ])('G8 a 50 MiB body $form gets 413 while it streams, and the server never holds it', async ({ chunked }) => {
    const answer = await upload(`${running.baseUrl}/goals`, token, 50 * MiB, chunked);
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.headers.connection).toBe('close');
    const problem = JSON.parse(answer.text);
    expect(getCompiledSpec().operation('createGoal').checkResponse(413, 'application/problem+json', problem)).toEqual(
      [],
    );
    expect(problem.detail).toContain('1 MiB');
    // The server stopped reading past the limit: only socket buffers' worth more left the client.
    expect(answer.sentBytes).toBeLessThan(20 * MiB);
    expect(answer.rssGrowth).toBeLessThan(20 * MiB);
    expect(answer.heapGrowth).toBeLessThan(20 * MiB);
    const after = await fetch(`${running.baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(200);
  });

  it('G8 after a 413 given before the body was read, the server reads the rest and closes without a reset', async () => {
    // A close with the client's bytes unread makes a reset that can take the answer with it (fetch's EPIPE).
    const port = new URL(running.baseUrl).port;
    const declared = 2 * MiB;
    const first = 64 * 1024;
    // Half-open, as an HTTP client is while it sends: the server's FIN does not end our side.
    const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    const errors: string[] = [];
    socket.on('error', (error: Error & { code?: string }) => errors.push(error.code ?? error.message));
    let text = '';
    socket.setEncoding('utf8').on('data', (data: string) => (text += data));
    const closed = new Promise<boolean>((done) => socket.on('close', done));
    const ended = new Promise<void>((done) => socket.on('end', done));
    socket.write(
      `POST /api/v2/goals HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(first, 'x'));
    await ended;
    expect(headAndBody(text).head).toMatch(/^HTTP\/1\.1 413 /);
    // The answer and the server's FIN are in; the rest of the body is still taken, and nothing is reset.
    const written = await new Promise<Error | null | undefined>((done) =>
      socket.write(Buffer.alloc(declared - first, 'x'), done),
    );
    expect(written ?? null).toBeNull();
    socket.end();
    expect(await closed).toBe(false);
    expect(errors).toEqual([]);
  });

  it.each([
    { bound: 'body: none declared over 16 MiB', declared: 64 * MiB, more: 16 * MiB, readAtMost: 8 * MiB },
    { bound: 'time: 2 s', declared: 4 * MiB, more: 0, readAtMost: MiB },
  ])('G8 the lingering after a 413 is bounded in $bound', async ({ declared, more, readAtMost }) => {
    const port = Number(new URL(running.baseUrl).port);
    // The server's side of this connection: its close is what the bound is about (ours stays half-open).
    const serverSide = new Promise<Socket>((done) => (running.server as Server).once('connection', done));
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => {});
    let text = '';
    socket.setEncoding('utf8').on('data', (data: string) => (text += data));
    const ended = new Promise<void>((done) => socket.on('end', done));
    const closed = serverSide.then(
      (side) => new Promise<number>((done) => side.on('close', () => done(performance.now()))),
    );
    socket.write(
      `POST /api/v2/goals HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    await ended;
    expect(headAndBody(text).head).toMatch(/^HTTP\/1\.1 413 /);
    const answered = performance.now();
    if (more) socket.write(Buffer.alloc(more, 'x'));
    // Without a bound the server would read all that is declared, or wait for requestTimeout (30 s).
    const giveUp = new Promise<number>((done) => setTimeout(() => done(Infinity), 15_000).unref());
    const closedAt = await Promise.race([closed, giveUp]);
    socket.destroy();
    expect(closedAt - answered).toBeLessThan(15_000);
    expect((await serverSide).bytesRead).toBeLessThan(readAtMost);
  });

  it('G8 a chunked body just under the limit is read whole and validated', async () => {
    const answer = await upload(`${running.baseUrl}/goals`, token, MiB - 64 * 1024, true);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).type).toBe('urn:standin:problem:malformed-json');
  });
});

interface RawExchange {
  /** Everything the server sent, as text. */
  text: string;
  /** When the server's first byte came, and when it closed the connection, in ms after connecting. */
  firstByteMs: number | null;
  closedMs: number;
}

/**
 * Writes `head` on a fresh connection, then one `drip` byte a second if given, and collects the answer until
 * the server closes the connection (or `giveUpMs` passes: then `closedMs` is Infinity).
 */
function rawExchange(
  port: number,
  head: string,
  options: { drip?: string; giveUpMs?: number } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let firstByteMs: number | null = null;
    const drip = options.drip === undefined ? undefined : setInterval(() => socket.write(options.drip!), 1000);
    const finish = (closedMs: number) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ text, firstByteMs, closedMs });
    };
    const giveUp = setTimeout(() => finish(Infinity), options.giveUpMs ?? 10_000);
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      firstByteMs ??= performance.now() - started;
      text += data;
    });
    // A write racing the server's close fails; what matters is when it closed.
    socket.on('error', () => {});
    socket.on('close', () => finish(performance.now() - started));
    socket.write(head);
  });
}

/** The head and the body of a raw HTTP/1.1 answer, either side of the blank line that ends the head. */
function headAndBody(text: string): { head: string; body: string } {
  const end = text.indexOf('\r\n\r\n');
  expect(end, `a blank line ending the head of ${JSON.stringify(text.slice(0, 200))}`).toBeGreaterThan(0);
  return { head: text.slice(0, end), body: text.slice(end + 4) };
}

/** The status and problem document of a raw HTTP/1.1 answer. */
function problemOf(text: string) {
  const { head, body } = headAndBody(text);
  expect(head).toMatch(/^HTTP\/1\.1 \d{3} /);
  expect(head.toLowerCase()).toContain('content-type: application/problem+json');
  expect(head.toLowerCase()).toContain('connection: close');
  const problem = JSON.parse(body);
  expect(getCompiledSpec().checkSchema('Problem', problem)).toEqual([]);
  return { status: Number(head.slice(9, 12)), problem };
}

describe('G8 the Node server limits, over a real socket', () => {
  const limits = {
    headersTimeout: 1000,
    // Far above headersTimeout: a cut-off before it can only be headersTimeout's, however late a busy box fires it.
    requestTimeout: 60_000,
    keepAliveTimeout: 500,
    connectionsCheckingInterval: 100,
  };
  let running: RunningMock;
  let port: number;
  let token: string;
  beforeAll(async () => {
    running = await startServer({ port: 0, host: '127.0.0.1', now: NOW, ...limits });
    port = (running.server.address() as AddressInfo).port;
    token = running.mock.world.store.people.get(running.mock.world.defaultPersonId)!.tokens.readWrite;
  });
  afterAll(() => running.close());

  it('G8 a slowloris client, one header byte a second, is cut off after headersTimeout with a 408 problem', async () => {
    const answer = await rawExchange(port, 'GET /api/v2/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', {
      drip: 'a',
      giveUpMs: limits.requestTimeout,
    });
    expect(answer.closedMs).toBeGreaterThanOrEqual(limits.headersTimeout - 100);
    expect(answer.closedMs).toBeLessThan(limits.requestTimeout);
    const { status, problem } = problemOf(answer.text);
    expect(status).toBe(408);
    expect(problem).toMatchObject({ status: 408, type: 'urn:standin:problem:request-timeout' });
    expect(problem.detail).toContain('1 s for the headers');
  });

  it('G8 20 KiB of headers get a 431 problem naming the limit', async () => {
    const answer = await rawExchange(
      port,
      `GET /api/v2/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    );
    // 431, not headersTimeout's 408: refused for its size, not for its time.
    const { status, problem } = problemOf(answer.text);
    expect(status).toBe(431);
    expect(problem.detail).toContain('16 KiB');
  });

  it('G8 a request line Node cannot parse gets a 400 problem', async () => {
    const answer = await rawExchange(port, 'GET /api/v2/me NOT-HTTP\r\n\r\n');
    const { status, problem } = problemOf(answer.text);
    expect(status).toBe(400);
    expect(problem.type).toBe('urn:standin:problem:unparsable-request');
  });

  it("G8 TRACE, which fetch cannot send in-process, gets a 405 problem; TRACK, unknown to Node's parser, a 400 problem", async () => {
    const trace = await rawExchange(
      port,
      `TRACE /api/v2/me HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
    const { head, body } = headAndBody(trace.text);
    expect(head).toMatch(/^HTTP\/1\.1 405 /);
    expect(head.toLowerCase()).toContain('allow: get');
    expect(JSON.parse(body)).toMatchObject({ status: 405, type: 'urn:standin:problem:method-not-allowed' });
    const track = await rawExchange(port, 'TRACK /api/v2/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(problemOf(track.text)).toMatchObject({
      status: 400,
      problem: { type: 'urn:standin:problem:unparsable-request' },
    });
  });

  it("G8 a 10 KiB URL, within the header limit, gets the app's 414 problem", async () => {
    const response = await fetch(`${running.baseUrl}/goals?colour=${'a'.repeat(10 * 1024)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(414);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect((await response.json()).detail).toContain(String(MAX_URL_LENGTH));
  });

  it('G8 an idle keep-alive connection is closed after keepAliveTimeout', async () => {
    const answer = await rawExchange(
      port,
      `GET /api/v2/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
    expect(answer.text).toMatch(/^HTTP\/1\.1 200 /);
    // Node keeps the socket a second past the timeout it announces, so a client honouring it closes first.
    const idleMs = answer.closedMs - answer.firstByteMs!;
    expect(idleMs).toBeGreaterThanOrEqual(limits.keepAliveTimeout - 100);
    // Below Node's own default of 5 s, which a server that ignored the limit would keep, however busy the box.
    expect(idleMs).toBeLessThan(5000);
  });

  it('G8 the server still answers after all that', async () => {
    const response = await fetch(`${running.baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
  });
});
