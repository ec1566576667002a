// standin proxy under attack: what a hostile client, a broken upstream or a hostile page could do to it — a
// request that smuggles a second one upstream, a path that leaves /api/v2, a token where the redaction did not
// look, exchanges cut midway that must not eat the capture budget — each a defect found and fixed, kept here.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPTURE_BYTES } from '../src/proxy/body-capture.js';
import { postToHook, rawRequest, withProxy } from './support/proxy-run.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-proxy-attack-'));

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An upstream that records each request it parsed and answers what `answer` says (raw, by node:http). */
async function rawUpstream(
  answer: (seen: Seen, response: import('node:http').ServerResponse) => void = (_s, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  },
): Promise<{ server: Server; root: string; got: Seen[]; close(): Promise<void> }> {
  const got: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const seen = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      got.push(seen);
      answer(seen, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    root: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    got,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Runs `test` on an upstream once it listens, and closes the upstream after, whether the test passed or not. */
async function withUpstream<U extends { close(): Promise<void> }>(
  starting: Promise<U>,
  test: (upstream: U) => Promise<void>,
): Promise<void> {
  const upstream = await starting;
  try {
    await test(upstream);
  } finally {
    await upstream.close();
  }
}

/** Writes raw bytes to the proxy and resolves with what came back once the proxy closes or `until` matches. */
function rawExchange(origin: string, text: string | Buffer, until = /\r\n\r\n[\s\S]*\}$/): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let got = '';
    socket.on('data', (chunk: Buffer) => {
      got += chunk.toString('latin1');
      if (until.test(got)) {
        socket.destroy();
        resolve(got);
      }
    });
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
    socket.write(text);
  });
}

describe('the request forwarded', () => {
  it('keeps a chunked body of a GET or DELETE chunked upstream: its bytes never become a request of their own', async () => {
    await withUpstream(rawUpstream(), async (upstream) => {
      await withProxy(upstream.root, async (proxy) => {
        const { host } = new URL(proxy.origin);
        const smuggled = `GET /admin/secret HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
        for (const method of ['DELETE', 'GET']) {
          const answer = await rawExchange(
            proxy.origin,
            `${method} /api/v2/goals/x HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
              `${Buffer.byteLength(smuggled).toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`,
          );
          expect(answer).toMatch(/^HTTP\/1\.1 200/);
        }
        // One more on the pool's connections: each answer must be its own request's.
        expect((await rawRequest(`${proxy.baseUrl}/me`)).status).toBe(200);
      });
      expect(upstream.got.map((s) => `${s.method} ${s.url}`)).toEqual([
        'DELETE /api/v2/goals/x',
        'GET /api/v2/goals/x',
        'GET /api/v2/me',
      ]);
      expect(upstream.got[0]!.body.toString()).toContain('GET /admin/secret');
    });
  });

  it('forwards nothing outside /api/v2 and /hooks: a target of //host/api/v2 is not under /api/v2', async () => {
    await withUpstream(rawUpstream(), async (upstream) => {
      await withProxy(upstream.root, async (proxy) => {
        const { host } = new URL(proxy.origin);
        for (const target of ['//admin/api/v2/me', '//evil.example/api/v2/me', '///admin/api/v2/me']) {
          const answer = await rawExchange(
            proxy.origin,
            `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
          );
          expect(answer, target).toMatch(/^HTTP\/1\.1 404/);
        }
      });
      expect(upstream.got).toEqual([]);
    });
  });

  it('answers a target no URL parser takes with a 400, and stays up (it threw out of the request handler)', async () => {
    await withUpstream(rawUpstream(), async (upstream) => {
      await withProxy(upstream.root, async (proxy) => {
        for (const target of ['foo://[/api/v2/me', 'a://b:99999/api/v2/me']) {
          const answer = await rawExchange(
            proxy.origin,
            `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
          );
          expect(answer, target).toMatch(/^HTTP\/1\.1 400/);
        }
        expect((await rawRequest(`${proxy.baseUrl}/me`)).status).toBe(200);
      });
      expect(upstream.got.map((s) => s.url)).toEqual(['/api/v2/me']);
    });
  });

  it('forwards a request in absolute form with its query, to --upstream and nowhere else', async () => {
    await withUpstream(rawUpstream(), async (upstream) => {
      await withProxy(upstream.root, async (proxy) => {
        const answer = await rawExchange(
          proxy.origin,
          `GET ${proxy.baseUrl}/goals?per_page=5 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
        );
        expect(answer).toMatch(/^HTTP\/1\.1 200/);
      });
      expect(upstream.got.map((s) => s.url)).toEqual(['/api/v2/goals?per_page=5']);
    });
  });
});

describe('a broken or hostile upstream', () => {
  /** An upstream that writes `head` (and a small JSON body) as its whole answer, whatever was asked. */
  async function upstreamWriting(head: string): Promise<{ root: string; close(): Promise<void> }> {
    const server = createNetServer((socket) => {
      socket.once('data', () => socket.end(`${head}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      root: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it.each(['HTTP/1.1 000 Nothing', 'HTTP/1.1 099 Below', 'HTTP/1.1 600 Beyond', 'HTTP/1.1 999 Far beyond'])(
    'answers %s with its own 502 naming the status, records it, and stays up (a status below 100 threw out of the proxy)',
    async (head) => {
      await withUpstream(upstreamWriting(head), async (upstream) => {
        await withProxy(upstream.root, async (proxy) => {
          const answer = await rawRequest(`${proxy.baseUrl}/me`);
          expect(answer.status).toBe(502);
          expect(answer.headers['standin-proxy']).toBe('upstream-invalid-answer');
          const problem = JSON.parse(answer.body.toString()) as { detail: string };
          expect(problem.detail).toContain(`status ${head.split(' ')[1]!.replace(/^0+(?=\d)/, '')}`);
          // Still up: the next exchange is forwarded and answered.
          expect((await rawRequest(`${proxy.baseUrl}/me`)).status).toBe(502);
          await proxy.settled();
          expect(proxy.tally.summary()).toMatchObject({ exchanges: 2, own: 2 });
        });
      });
    },
  );

  it('answers a 101 Switching Protocols nobody asked for with its own 502 (the client waited for good: no answer, no 504)', async () => {
    await withUpstream(
      upstreamWriting('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade'),
      async (upstream) => {
        await withProxy(upstream.root, async (proxy) => {
          const answer = await rawRequest(`${proxy.baseUrl}/me`);
          expect(answer.status).toBe(502);
          expect(answer.headers['standin-proxy']).toBe('upstream-invalid-answer');
          expect((JSON.parse(answer.body.toString()) as { detail: string }).detail).toContain('status 101');
          await proxy.settled();
          expect(proxy.tally.summary()).toMatchObject({ exchanges: 1, own: 1 });
        });
      },
    );
  });
});

describe('a kept-alive connection the upstream dropped', () => {
  /**
   * An upstream that answers the first request of each connection and keeps it open, then drops it (a reset, no
   * answer) when a second comes: as a server does that closed the connection idle while the proxy sent on it.
   */
  async function upstreamDroppingIdle(): Promise<{ root: string; got: string[]; close(): Promise<void> }> {
    const got: string[] = [];
    const sockets = new Set<import('node:net').Socket>();
    const server = createNetServer((socket) => {
      sockets.add(socket);
      let served = 0;
      socket.on('data', (chunk: Buffer) => {
        got.push(chunk.toString('latin1').split('\r\n', 1)[0]!);
        if (served++ > 0) return void socket.resetAndDestroy();
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\n{}',
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      root: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      got,
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    };
  }

  it('sends a request without a body again on a connection of its own, once (a whole suite saw a 502 in its place)', async () => {
    await withUpstream(upstreamDroppingIdle(), async (upstream) => {
      await withProxy(upstream.root, async (proxy) => {
        expect((await rawRequest(`${proxy.baseUrl}/me`)).status).toBe(200);
        const again = await rawRequest(`${proxy.baseUrl}/me?again=1`);
        expect([again.status, again.headers['standin-proxy']]).toEqual([200, undefined]);
        // Sent on the dropped connection, then on a new one: the upstream saw it twice, the client once.
        expect(upstream.got).toEqual([
          'GET /api/v2/me HTTP/1.1',
          'GET /api/v2/me?again=1 HTTP/1.1',
          'GET /api/v2/me?again=1 HTTP/1.1',
        ]);
        await proxy.settled();
        expect(proxy.tally.summary()).toMatchObject({ exchanges: 2, own: 0 });
      });
    });
  });

  it('never sends a request with a body twice: its own 502 says the connection dropped', async () => {
    await withUpstream(upstreamDroppingIdle(), async (upstream) => {
      await withProxy(upstream.root, async (proxy) => {
        expect((await rawRequest(`${proxy.baseUrl}/me`)).status).toBe(200);
        const posted = await rawRequest(`${proxy.baseUrl}/goals`, {
          method: 'POST',
          body: Buffer.from('{"title":"x"}'),
        });
        expect([posted.status, posted.headers['standin-proxy']]).toEqual([502, 'upstream-unreachable']);
        expect(upstream.got.filter((line) => line.startsWith('POST'))).toHaveLength(1);
      });
    });
  });
});

describe('secrets', () => {
  const token = 'tok_live_5f3c1e9a7b2d';

  it('keeps a token out of the HAR file and the summary when a finding quotes it', async () => {
    const har = join(dir, 'findings.har');
    // The upstream echoes the caller's token where the schema wants something else: the finding quotes it.
    await withUpstream(
      rawUpstream((seen, response) => {
        const bearer = String(seen.headers.authorization).replace(/^Bearer /, '');
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: bearer, name: bearer, email: bearer, created_at: bearer }));
      }),
      async (upstream) => {
        await withProxy(
          upstream.root,
          async (proxy) => {
            await rawRequest(`${proxy.baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
            await rawRequest(`${proxy.baseUrl}/goals?status=${token}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            await proxy.settled();
            const summary = proxy.tally.summary();
            expect(summary.findings).toBeGreaterThan(0);
            // Nor the start of it, where a quote was cut short.
            const start = token.slice(0, 12);
            expect(JSON.stringify(summary)).not.toContain(start);
            expect(JSON.stringify(proxy.journal.list())).not.toContain(start);
          },
          { har },
        );
        const text = readFileSync(har, 'utf8');
        expect(text).toContain('"findings"');
        expect(text).not.toContain(token.slice(0, 12));
      },
    );
  });

  it('keeps a token out when it is percent-encoded in the URL and echoed as it was sent', async () => {
    const secret = 'abc/def+ghi=jkl';
    const encoded = encodeURIComponent(secret);
    const har = join(dir, 'encoded.har');
    // The upstream echoes the request's URL as it got it, encoded, in a header and the body.
    await withUpstream(
      rawUpstream((seen, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'x-seen-url': seen.url });
        response.end(JSON.stringify({ url: seen.url }));
      }),
      async (upstream) => {
        await withProxy(
          upstream.root,
          async (proxy) => {
            await postToHook(proxy, encoded, '{}');
            await proxy.settled();
            const journal = JSON.stringify(proxy.journal.list());
            expect(journal).not.toContain(encoded);
            expect(journal).not.toContain(secret);
          },
          { har },
        );
        const text = readFileSync(har, 'utf8');
        expect(text).not.toContain(encoded);
      },
    );
  });

  it('redacts a credential header whose name says token, and the value wherever it is echoed', async () => {
    const har = join(dir, 'header.har');
    await withUpstream(
      rawUpstream((seen, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ echoed: seen.headers['x-auth-token'] }));
      }),
      async (upstream) => {
        await withProxy(
          upstream.root,
          async (proxy) => {
            await rawRequest(`${proxy.baseUrl}/me`, { headers: { 'x-auth-token': token } });
            await proxy.settled();
            expect(JSON.stringify(proxy.journal.list())).not.toContain(token);
          },
          { har },
        );
        expect(readFileSync(har, 'utf8')).not.toContain(token);
      },
    );
  });
});

describe('secrets echoed in other forms (issue 33)', () => {
  const secret = 'pw_9f8e7d6c/5b4a+3210';
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  it.each([
    ['application/octet-stream', (body: string) => Buffer.from(`\x00\x01${body}\x02`)],
    ['application/x-ndjson', (body: string) => Buffer.from(`{"n":1}\n${body}\n`)],
    ['application/json', (body: string) => Buffer.from(JSON.stringify({ echo: body }).replaceAll('/', '\\/'))],
  ] as const)(
    'an answer of %s echoing a cookie, a camelCase query parameter and a body field keeps none of them',
    async (type, answer) => {
      const har = join(dir, `echoed-${type.replace(/\W/g, '-')}.har`);
      await withUpstream(
        rawUpstream((seen, response) => {
          const echoed = `${seen.headers.cookie} ${seen.url} ${seen.body.toString()} ${b64(secret)}`;
          response.writeHead(200, { 'content-type': type });
          response.end(answer(echoed));
        }),
        async (upstream) => {
          await withProxy(
            upstream.root,
            async (proxy) => {
              await rawRequest(`${proxy.baseUrl}/goals?accessToken=${encodeURIComponent(secret)}`, {
                method: 'POST',
                headers: { cookie: `session=${secret}`, 'content-type': 'application/json' },
                body: JSON.stringify({ title: 'x', credentials: { password: secret } }),
              });
              await proxy.settled();
              const kept = JSON.stringify([proxy.journal.list(), proxy.tally.summary()]);
              for (const form of [secret, encodeURIComponent(secret), b64(secret).slice(0, 16)])
                expect(kept).not.toContain(form);
            },
            { har },
          );
          const text = readFileSync(har, 'utf8');
          expect(text).toContain('"entries"');
          for (const form of [
            secret,
            secret.replaceAll('/', '\\/'),
            encodeURIComponent(secret),
            b64(secret).slice(0, 16),
          ])
            expect(text).not.toContain(form);
          // Nor inside the base64 of the answer's bytes, at any alignment.
          const entry = (
            JSON.parse(text) as {
              log: { entries: Array<{ response: { content: { text?: string; encoding?: string } } }> };
            }
          ).log.entries[0]!;
          const content = entry.response.content;
          const bytes =
            content.encoding === 'base64' ? Buffer.from(content.text ?? '', 'base64').toString() : (content.text ?? '');
          expect(bytes).not.toContain(secret);
        },
      );
    },
  );
});

describe('exchanges cut midway', () => {
  it('gives back what a cut exchange captured and records it: after many, an ordinary exchange is still checked', async () => {
    // Each answer sends nearly the capture's cap and then stalls: the proxy's timeout cuts it. Nine of them held
    // more than the whole budget (64 MiB) for good, and every exchange after them passed unchecked.
    const big = Buffer.alloc(CAPTURE_BYTES - 1024, 0x20);
    await withUpstream(
      rawUpstream((seen, response) => {
        if (seen.url === '/api/v2/me') {
          response.writeHead(200, { 'content-type': 'application/json', etag: 'W/"a"' });
          return void response.end(JSON.stringify({ pad: 'x'.repeat(16_384) }));
        }
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(big.length + 10) });
        response.write(big);
      }),
      async (upstream) => {
        await withProxy(
          upstream.root,
          async (proxy) => {
            for (let i = 0; i < 9; i++)
              await rawRequest(`${proxy.baseUrl}/goals`).then(
                () => undefined,
                () => undefined,
              );
            await rawRequest(`${proxy.baseUrl}/me`);
            await proxy.settled();
            const entries = proxy.journal.list();
            expect(entries[0]!.path).toBe('/api/v2/me');
            expect(entries[0]!.findings, JSON.stringify(entries[0]).slice(0, 300)).toBeDefined();
            // The cut ones are in the journal too, unchecked, and counted.
            expect(entries).toHaveLength(10);
            expect(proxy.tally.summary().exchanges).toBe(10);
          },
          { timeoutMs: 300 },
        );
      },
    );
  });
});

describe('settled()', () => {
  it('waits for an exchange under way until the journal has it, as the large exchanges below rely on', async () => {
    // The answer's head and half its body go back at once, the rest when the test says: in between, the
    // exchange is under way, and settled() must not say that everything is recorded.
    let rest = () => {};
    await withUpstream(
      rawUpstream((_seen, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '2' });
        response.write('{');
        rest = () => response.end('}');
      }),
      async (upstream) => {
        await withProxy(upstream.root, async (proxy) => {
          const answer = rawRequest(`${proxy.baseUrl}/me`, { method: 'GET' });
          while (upstream.got.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
          let settled = false;
          const settling = proxy.settled().then(() => (settled = true));
          await new Promise((resolve) => setTimeout(resolve, 50));
          expect(settled).toBe(false);
          rest();
          await answer;
          await settling;
          expect(proxy.journal.list({ limit: 5 }).map((e) => e.path)).toEqual(['/api/v2/me']);
        });
      },
    );
  });
});

describe('many large exchanges at once', () => {
  it('passes each byte for byte, over the cap and over the budget, and gives the whole budget back', async () => {
    const body = (n: number) => Buffer.alloc(n, n % 251);
    await withUpstream(
      rawUpstream((seen, response) => {
        const size = Number(new URL(seen.url, 'http://x').searchParams.get('size') ?? '2');
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.end(size === 2 ? '{}' : body(size));
      }),
      async (upstream) => {
        await withProxy(
          upstream.root,
          async (proxy) => {
            const sizes = Array.from({ length: 16 }, (_, i) => CAPTURE_BYTES - 4096 + i * 1024);
            const answers = await Promise.all(
              sizes.map((size) =>
                rawRequest(`${proxy.baseUrl}/goals?size=${size}`, { method: 'POST', body: body(size) }),
              ),
            );
            // Its status too: under a load of 20 one answer of 16 came back other than sent, and a failure that says only
            // "false" cannot say whether the proxy, the upstream or a timeout answered.
            answers.forEach((answer, i) =>
              expect(
                {
                  status: answer.status,
                  own: answer.headers['standin-proxy'],
                  same: answer.body.equals(body(sizes[i]!)),
                },
                `${sizes[i]}: ${answer.body.subarray(0, 300).toString('latin1')}`,
              ).toEqual({ status: 200, own: undefined, same: true }),
            );
            expect(upstream.got.every((seen) => seen.body.equals(body(seen.body.length)))).toBe(true);
            await proxy.settled();
            // Everything given back: a request and answer of nearly the cap each are kept whole, and checked.
            await rawRequest(`${proxy.baseUrl}/me?size=${CAPTURE_BYTES - 1}`, { method: 'GET' });
            await proxy.settled();
            const [last] = proxy.journal.list({ limit: 1 });
            // Once under a whole suite's load (2026-12-07) it went unchecked: the proxy's own 502, a pooled connection
            // the upstream had closed while idle (sent again since: forward.ts' #sendAgain). Say which answer, and its
            // status (a 502 or 504 is the proxy's own; a 200 was cut or over the budget).
            const which = `${last?.method} ${last?.path}: ${last?.status}, ${last?.duration_ms} ms`;
            expect(last!.findings, `the exchange after the load went unchecked: ${which}`).toBeDefined();
            // No --timeout of 30 s here: on a busy box an upstream still reading 128 MiB of requests fell silent
            // that long, and the proxy's own 504 came back in place of a body (the test is of bytes, not of time);
            // nor a request timeout of 30 s: at a load of 15 one request of 16 took longer to arrive whole (408).
          },
          { timeoutMs: 600_000, requestTimeoutMs: 600_000 },
        );
      },
    );
  });
});

describe('the checks', () => {
  it('checks an empty answer marked gzip (a 304 as many servers send it) rather than passing it unchecked', async () => {
    // A 304 to a GET that sent no If-None-Match breaks G12; its empty body is no gzip stream to read.
    await withUpstream(
      rawUpstream((_seen, response) => {
        response.writeHead(304, { 'content-encoding': 'gzip', etag: 'W/"a"', vary: 'accept-encoding' });
        response.end();
      }),
      async (upstream) => {
        await withProxy(upstream.root, async (proxy) => {
          expect((await rawRequest(`${proxy.baseUrl}/me`)).status).toBe(304);
          await proxy.settled();
          const [entry] = proxy.journal.list();
          expect(entry!.findings?.map((f) => f.rule)).toEqual(['G12']);
        });
      },
    );
  });
});
