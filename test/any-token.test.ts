// MK7 on the command line: --any-token and --any-token-as in the banner, STANDIN_ANY_TOKEN's words, a name
// that is nobody exiting 2 at start, and the kit that stops against such a server. The mode itself, in-process,
// is test/any-token-mode.test.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContract, PreflightError } from '../contract-tests/index.js';
import { startServer } from '../src/server/start-server.js';
import { CLI, startServing, stopAll } from './support/standin-process.js';

describe('MK7 on the command line, and the kit against it', () => {
  afterAll(stopAll);

  it('--any-token answers without a token, says so in the banner, and the kit stops in one line', async () => {
    const serving = await startServing(['--any-token', '--now', '2026-11-20T15:00:00Z']);
    expect(serving.banner).toMatch(/any token, or none: answered as @\w+, read-write \(--any-token, MK7\)/);
    expect(serving.banner).toMatch(/ {2}in force: any token answered \(MK7\)\n/);
    const me = await fetch(`${serving.baseUrl}/me`);
    expect(me.status).toBe(200);
    await expect(checkContract({ baseUrl: serving.baseUrl, token: serving.token })).rejects.toThrow(
      new PreflightError(
        `GET ${serving.baseUrl}/me answered 200 without a token: the server answers anyone (standin's --any-token mode, MK7?); start it without --any-token to check the contract`,
      ),
    );
  });

  it("--any-token-as a person the --state file's world lacks (another seed) exits 2 at start, not 401 later", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'standin-any-token-'));
    try {
      const file = join(folder, 'seven.json');
      // The file of a world of seed 7, written by a server in this process: what it holds is what the
      // refused start reads, and a process of its own would cost a Node start and a world build more.
      await (await startServer({ port: 0, host: '127.0.0.1', seed: 7, state: file })).close();
      await expect(startServing(['--any-token-as', 'agraham', '--state', file])).rejects.toThrow(
        /standin: MK7: the any-token person "agraham" \(--any-token-as, STANDIN_ANY_TOKEN\) names nobody in the world of seed 7/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it.each([
    ['YES', 0, /any token, or none: answered as @agraham/],
    ['On', 0, /any token, or none: answered as @agraham/],
    ['off', 0, /in force: the defaults/],
    ['@', 2, /^standin: STANDIN_ANY_TOKEN needs a username or person id, e.g. STANDIN_ANY_TOKEN=agraham, got "@"/],
    [' ', 2, /^standin: STANDIN_ANY_TOKEN needs a username or person id/],
  ])(
    'STANDIN_ANY_TOKEN=%j: a switch word in any case, else a person; blank is refused',
    async (value, status, output) => {
      const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
        env: { ...process.env, STANDIN_ANY_TOKEN: value },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      // Ready (its banner out) or gone (a refusal): whichever comes first, then stopped.
      const code = await new Promise<number | null>((resolve) => {
        child.stdout.on('data', () => out.includes('the contract:') && resolve(0));
        child.once('exit', (exitCode) => resolve(exitCode));
      });
      child.kill('SIGKILL');
      expect(out).toMatch(output);
      expect(code).toBe(status);
    },
  );

  it('--any-token-as with nobody by that name exits 2 with one line', async () => {
    await expect(startServing(['--any-token-as', 'nobody-here'])).rejects.toThrow(
      /standin: MK7: the any-token person "nobody-here" \(--any-token-as, STANDIN_ANY_TOKEN\) names nobody in the world of seed 42/,
    );
  });
});
