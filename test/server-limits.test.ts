// G8 limits where the transport is the point, over real sockets to startServer: a body over 1 MiB refused
// while it streams, never buffered whole.
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningMock } from '../src/cli/serve.js';
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
      res.setEncoding('utf8').on('data', (data: string) => (text += data)).on('end', () => {
        clearInterval(sampler);
        source.destroy();
        req.destroy();
        resolve({
          status: res.statusCode!, headers: res.headers, text, sentBytes, ms: performance.now() - started,
          rssGrowth: peak.rss - before.rss, heapGrowth: peak.heapUsed - before.heapUsed,
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
    expect(getCompiledSpec().operation('createGoal').checkResponse(413, 'application/problem+json', problem)).toEqual([]);
    expect(problem.detail).toContain('1 MiB');
    expect(answer.ms).toBeLessThan(5000);
    // The server stopped reading past the limit: only socket buffers' worth more left the client.
    expect(answer.sentBytes).toBeLessThan(20 * MiB);
    expect(answer.rssGrowth).toBeLessThan(20 * MiB);
    expect(answer.heapGrowth).toBeLessThan(20 * MiB);
    const after = await fetch(`${running.baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(200);
  });

  it('G8 a chunked body just under the limit is read whole and validated', async () => {
    const answer = await upload(`${running.baseUrl}/goals`, token, MiB - 64 * 1024, true);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).type).toBe('urn:standin:problem:malformed-json');
  });
});
