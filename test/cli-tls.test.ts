// `standin serve --tls-cert FILE --tls-key FILE`: the same app over https, with a certificate made here by
// openssl; and each wrong pair refused in one line, exit 2, before anything listens.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/server/start-server.js';
import { exampleOn } from './support/doc-examples.js';
import { startOrRefusal, startServing, stopAll } from './support/standin-process.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-tls-'));
const file = (name: string) => join(dir, name);

/** docs/tls.md's example: the line that makes a certificate and key, and the line that serves with them. */
const [makeLine, serveLine] = exampleOn('docs/tls.md', 'shell', 'openssl req').code.split('\n');

/** A self-signed certificate for 127.0.0.1 and localhost and its key, made in `dir/name` as docs/tls.md prints it. */
function makePair(name: string): void {
  mkdirSync(file(name));
  const made = spawnSync('bash', ['-euo', 'pipefail', '-c', makeLine!], { cwd: file(name), encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
}

/** GET over https trusting `ca` alone: the status and body. */
function getTrusting(url: string, ca: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { ca, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

beforeAll(() => {
  makePair('one');
  makePair('other');
  mkdirSync(file('a-folder.pem'));
});
afterEach(() => stopAll());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const one = { cert: file('one/cert.pem'), key: file('one/key.pem') };

describe('standin serve over https', () => {
  it("serves the API, the pages and the controls with docs/tls.md's certificate, and no plain http", async () => {
    expect(serveLine).toBe('npx standin serve --tls-cert cert.pem --tls-key key.pem');
    const { baseUrl, token, port, banner } = await startServing(
      serveLine!.replace('npx standin serve ', '').split(' '),
      file('one'),
    );
    expect(baseUrl).toBe(`https://127.0.0.1:${port}/api/v2`);
    expect(banner).toContain(`dashboard: https://127.0.0.1:${port}/`);
    const ca = readFileSync(one.cert, 'utf8');
    const me = await getTrusting(`${baseUrl}/me`, ca, token);
    expect(me.status).toBe(200);
    expect((JSON.parse(me.body) as { id: string }).id).toBe(/you are .* \(@\S+, (\S+)\)/.exec(banner)?.[1]);
    expect((await getTrusting(`https://localhost:${port}/docs`, ca, token)).status).toBe(200);
    expect((await getTrusting(`https://localhost:${port}/__mock/tokens`, ca, token)).status).toBe(200);
    // Another certificate is not trusted for it: the handshake is over the one given.
    await expect(getTrusting(`${baseUrl}/me`, readFileSync(file('other/cert.pem'), 'utf8'), token)).rejects.toThrow(
      /self[- ]signed|unable to verify|certificate/i,
    );
    await expect(fetch(`http://127.0.0.1:${port}/api/v2/me`)).rejects.toThrow();
  });
});

describe('standin serve refuses a wrong --tls-cert or --tls-key', () => {
  it.each([
    [
      ['--tls-cert', one.cert],
      '--tls-cert needs --tls-key too: https takes the certificate and its key (STANDIN_TLS_CERT, STANDIN_TLS_KEY)',
    ],
    [
      ['--tls-key', one.key],
      '--tls-key needs --tls-cert too: https takes the certificate and its key (STANDIN_TLS_CERT, STANDIN_TLS_KEY)',
    ],
    [
      ['--tls-cert', one.cert, '--tls-key', file('missing-key.pem')],
      `--tls-key ${file('missing-key.pem')} cannot be read (there is no such file); give the PEM file of the certificate's private key`,
    ],
    [
      ['--tls-cert', file('a-folder.pem'), '--tls-key', one.key],
      `--tls-cert ${file('a-folder.pem')} cannot be read (EISDIR: illegal operation on a directory, read); give the PEM file of the server's certificate`,
    ],
    [
      ['--tls-cert', one.cert, '--tls-key', file('other/key.pem')],
      `--tls-key ${file('other/key.pem')} is not the key of --tls-cert ${one.cert} (they do not match); give the key the certificate was made with`,
    ],
    [
      ['--tls-cert', one.key, '--tls-key', one.key],
      `--tls-cert ${one.key} is not a PEM certificate (-----BEGIN CERTIFICATE-----); give the server's certificate`,
    ],
    [
      ['--tls-cert', one.cert, '--tls-key', one.cert],
      `--tls-key ${one.cert} is not an unencrypted PEM private key (-----BEGIN PRIVATE KEY-----); give the certificate's key`,
    ],
  ])('%j: one line, exit code 2, nothing started', async (args, message) => {
    const { code, stdout, stderr } = await startOrRefusal(args);
    expect([code, stdout, stderr]).toEqual([2, '', `standin: ${message} (standin serve --help lists the options)\n`]);
  });

  it("startServer refuses a key that is not the certificate's, in the library's names", async () => {
    await expect(
      startServer({
        port: 0,
        host: '127.0.0.1',
        tls: { cert: readFileSync(one.cert, 'utf8'), key: readFileSync(file('other/key.pem'), 'utf8') },
      }),
    ).rejects.toThrow(
      'tls.key is not the key of tls.cert (they do not match); give the key the certificate was made with',
    );
  });
});
