// G13 on a port: every path refuses a Host that is not a loopback name, the bound address or an allowed one
// (DNS rebinding), with a problem naming --allowed-host; a missing or malformed Host and CONNECT get problems
// too (G8), never Node's bare answers or none; standin proxy's front gives the same answers, its own words only
// where they say what it forwards. Over real sockets to startServer and startProxy.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type RunningProxy } from '../src/proxy/proxy-server.js';
import { allowedHostOf, HostCheck, hostOf } from '../src/server/host-check.js';
import { startServer, type RunningMock } from '../src/server/start-server.js';
import { NOW } from './support/harness.js';

/** One raw request (the Host is ours to choose, which fetch does not allow); the whole answer as text. */
function raw(port: number, head: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      text += data;
      // One answer is enough: a keep-alive connection would stay open.
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (end !== -1 && length !== undefined && text.length >= end + 4 + Number(length)) socket.destroy();
    });
    socket.on('close', () => {
      const end = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), head: text.slice(0, end), body: text.slice(end + 4) });
    });
    socket.on('error', reject);
  });
}

/** standin serve on a free loopback port that also answers to demo.example.com (--allowed-host), and that port. */
async function serveWithAllowedHost(): Promise<{ running: RunningMock; port: number }> {
  const running = await startServer({ port: 0, host: '127.0.0.1', now: NOW, allowedHosts: ['demo.example.com'] });
  return { running, port: Number(new URL(running.baseUrl).port) };
}

describe('G13 host names', () => {
  it.each([
    ['localhost:4010', 'localhost'],
    ['LOCALHOST', 'localhost'],
    ['app.localhost:5173', 'app.localhost'],
    ['[::1]:4010', '::1'],
    ['127.0.0.1', '127.0.0.1'],
    ['a b', null],
    ['[::1', null],
    ['x/y', null],
    ['user@evil.example', null],
    ['evil.example:port', null],
    ['localhost:70000', null],
    ['localhost:65535', 'localhost'],
    ['[evil.example]:80', null],
  ])('the Host %s names the host %s', (value, host) => {
    expect(hostOf(value)).toBe(host);
  });

  it.each([
    ['demo.example.com', 'demo.example.com'],
    ['.Example.com', '.example.com'],
    ['https://demo.example.com', null],
    ['demo.example.com:4010', null],
    ['..example.com', null],
    ['', null],
  ])('--allowed-host %s reads as %s', (value, host) => {
    expect(allowedHostOf(value)).toBe(host);
  });

  it.each([
    // [bound, allowed, Host, answered]
    ['127.0.0.1', [], 'localhost:4010', true],
    ['127.0.0.1', [], 'dev.localhost:4010', true],
    ['127.0.0.1', [], '[::1]:4010', true],
    ['127.0.0.1', [], '127.0.0.1:4010', true],
    ['127.0.0.1', [], 'evil.example:4010', false],
    ['127.0.0.1', [], '192.168.1.20:4010', false],
    ['127.0.0.1', [], 'localhost.evil.example', false],
    ['192.168.1.20', [], '192.168.1.20:4010', true],
    ['0.0.0.0', [], '192.168.1.20:4010', true],
    ['::', [], '[fe80::1]:4010', true],
    ['0.0.0.0', [], 'my-laptop.lan:4010', false],
    ['0.0.0.0', ['my-laptop.lan'], 'my-laptop.lan:4010', true],
    ['127.0.0.1', ['.example.com'], 'demo.example.com', true],
    ['127.0.0.1', ['.example.com'], 'example.com', true],
    ['127.0.0.1', ['.example.com'], 'evilexample.com', false],
  ] as const)('bound to %s, allowing %j, the Host %s is answered: %s', (bound, allowed, host, answered) => {
    expect(new HostCheck(bound, allowed).verdict(host, '1.1').ok).toBe(answered);
  });

  it('a server refuses an --allowed-host value that is not a host name, naming it', () => {
    expect(() => new HostCheck('127.0.0.1', ['https://demo.example.com'])).toThrow(
      /allowed host "https:\/\/demo\.example\.com" is not a host name/,
    );
  });
});

describe('G13 a server on a port', () => {
  let running: RunningMock;
  let port: number;
  let token: string;

  beforeAll(async () => {
    ({ running, port } = await serveWithAllowedHost());
    token = running.mock.world.store.people.get(running.mock.world.defaultPersonId)!.tokens.readWrite;
  });
  afterAll(async () => {
    await running.close();
  });

  it.each(['/api/v2/me', '/mcp', '/__mock/tokens', '/', '/docs', '/docs/openapi.json', '/nowhere'])(
    'refuses %s for a Host it does not answer to (DNS rebinding), naming --allowed-host, and reads nothing',
    async (path) => {
      const answer = await raw(
        port,
        `GET ${path} HTTP/1.1\r\nHost: evil.example:${port}\r\nAuthorization: Bearer ${token}`,
      );
      expect(answer.status).toBe(403);
      expect(answer.head).toMatch(/content-type: application\/problem\+json/i);
      const problem = JSON.parse(answer.body) as { type: string; detail: string };
      expect(problem.type).toBe('urn:standin:problem:host-refused');
      expect(problem.detail).toContain('--allowed-host evil.example');
      expect(answer.body).not.toContain('rw_');
    },
  );

  it.each([`localhost:PORT`, `127.0.0.1:PORT`, `[::1]:PORT`, `demo.example.com`, 'app.localhost:PORT'])(
    'answers the Host %s',
    async (host) => {
      const answer = await raw(
        port,
        `GET /api/v2/me HTTP/1.1\r\nHost: ${host.replace('PORT', String(port))}\r\nAuthorization: Bearer ${token}`,
      );
      expect(answer.status).toBe(200);
    },
  );

  it.each(['http', 'HTTP', 'Https'])(
    'checks the target of a request in absolute form (%s://), which stands in for its Host (RFC 9112)',
    async (scheme) => {
      const answer = await raw(port, `GET ${scheme}://evil.example/__mock/tokens HTTP/1.1\r\nHost: 127.0.0.1:${port}`);
      expect(answer.status).toBe(403);
    },
  );

  it.each([
    ['a malformed Host', 'GET /api/v2/me HTTP/1.1\r\nHost: a b', 'malformed-host'],
    ['no Host on HTTP/1.1', 'GET /api/v2/me HTTP/1.1\r\nConnection: close', 'host-required'],
    ['a port past 65535', 'GET /api/v2/me HTTP/1.1\r\nHost: localhost:70000\r\nConnection: close', 'malformed-host'],
  ])('answers %s with a 400 problem, not a bare 400', async (_what, head, slug) => {
    const answer = await raw(port, head);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ type: `urn:standin:problem:${slug}`, status: 400 });
  });

  it('answers an HTTP/1.0 request without a Host (a tool, never a browser)', async () => {
    const answer = await raw(port, `GET /api/v2/me HTTP/1.0\r\nAuthorization: Bearer ${token}`);
    expect(answer.status).toBe(200);
  });

  it('answers CONNECT with a 405 problem and closes, rather than dropping the connection unanswered', async () => {
    const answer = await raw(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443');
    expect(answer.status).toBe(405);
    expect(answer.head).toMatch(/^Allow: GET/m);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 405, detail: expect.stringContaining('not a proxy') });
  });
});

describe("standin proxy's front: standin serve's Host check and CONNECT answer", () => {
  let running: RunningMock;
  let proxy: RunningProxy;
  let servePort: number;
  let proxyPort: number;

  beforeAll(async () => {
    ({ running, port: servePort } = await serveWithAllowedHost());
    proxy = await startProxy({
      upstream: running.baseUrl,
      port: 0,
      host: '127.0.0.1',
      allowedHosts: ['demo.example.com'],
    });
    proxyPort = Number(new URL(proxy.origin).port);
  });
  afterAll(async () => {
    await proxy.close();
    await running.close();
  });

  /** An answer as it came, but for what differs by the moment and by the port: Date, and the port in a Host. */
  const comparable = (answer: { head: string; body: string }, port: number) =>
    `${answer.head.replace(/^date: [^\r\n]*(?:\r\n|$)/im, '')}\r\n\r\n${answer.body}`.replaceAll(String(port), 'PORT');

  it.each([
    ['a Host it does not answer to', 'GET /api/v2/me HTTP/1.1\r\nHost: evil.example:PORT'],
    ['a target in absolute form naming another host', 'GET http://evil.example/api/v2/me HTTP/1.1\r\nHost: 127.0.0.1'],
    ['a malformed Host', 'GET /api/v2/me HTTP/1.1\r\nHost: a b'],
    ['no Host on HTTP/1.1', 'GET /api/v2/me HTTP/1.1\r\nConnection: close'],
  ])('answers %s with the same bytes as standin serve', async (_what, head) => {
    const served = await raw(servePort, head.replace('PORT', String(servePort)));
    const proxied = await raw(proxyPort, head.replace('PORT', String(proxyPort)));
    expect(served.status).toBeGreaterThanOrEqual(400);
    expect(comparable(proxied, proxyPort)).toBe(comparable(served, servePort));
  });

  it("answers CONNECT with standin serve's answer byte for byte, but for the sentence naming what it forwards", async () => {
    const request = 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443';
    const served = await raw(servePort, request);
    const proxied = await raw(proxyPort, request);
    /** The answer's own sentence (what the server is), and the answer with it and the length that counts it left out. */
    const sentence = (answer: { body: string }) =>
      (JSON.parse(answer.body) as { detail: string }).detail.split(': CONNECT')[0]!;
    const without = (answer: { head: string; body: string }) =>
      `${answer.head.replace(/^Content-Length: \d+$/m, '')}\r\n\r\n${answer.body.replace(sentence(answer), '')}`;
    expect(sentence(served)).toBe('standin is not a proxy');
    expect(sentence(proxied)).toBe(`standin proxy forwards /api/v2 and /hooks to ${proxy.upstream.root} only`);
    expect(without(proxied)).toBe(without(served));
    expect(proxied.status).toBe(405);
  });
});

describe('standin serve --cors-origin and --allowed-host', () => {
  const CLI = fileURLToPath(new URL('../dist/cli/standin.js', import.meta.url));

  it.each([
    [
      ['--cors-origin', 'https://app.example.dev/path'],
      /--cors-origin must be an origin such as https:\/\/app\.example\.dev:8443/,
    ],
    [['--allowed-host', 'https://demo.example.com'], /--allowed-host must be a host name such as demo\.example\.com/],
  ])('refuses %j in one line, before it starts', (args, message) => {
    const run = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', ...args], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('standin serve --control-token', () => {
  const CLI = fileURLToPath(new URL('../dist/cli/standin.js', import.meta.url));

  it.each([
    [['--control-token', ''], 'an empty one'],
    [['--control-token', 'short'], '5'],
  ])('refuses %j, which would leave the controls open or guessable', (args, got) => {
    const run = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', ...args], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`--control-token must be at least 12 characters, got ${got}`);
  });
});
