// MK7: the any-token mode for frontend work — an unknown bearer token, or none, is the chosen person's read-write
// token, a known token keeps its meaning, a name that is nobody is a set-up error — and the kit that stops
// against it; G9's strict 401 stays the default.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContract, PreflightError } from '../contract-tests/index.js';
import { Harness } from './support/harness.js';
import { CLI, startServing, stopAll } from './support/standin-process.js';

const SOMEONE_ELSES_LOGIN = 'eyJhbGciOiJIUzI1NiJ9.from-the-apps-own-login.sig';

describe('MK7 any-token mode', () => {
  it('is off by default: no token and an unknown token get 401 (G9)', async () => {
    const strict = new Harness();
    expect((await strict.get('/api/v2/me', { token: null })).status).toBe(401);
    expect((await strict.get('/api/v2/me', { token: SOMEONE_ELSES_LOGIN })).status).toBe(401);
    expect(strict.mock.anyToken).toBeNull();
  });

  it.each([
    ['no token', null],
    ["the app's own login token", SOMEONE_ELSES_LOGIN],
  ])('answers %s as the default person, read-write', async (_, token) => {
    const h = new Harness({ anyToken: true });
    const me = await h.get('/api/v2/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(h.world.defaultPersonId);
    const created = await h.post('/api/v2/goals', { title: 'Ship the onboarding flow' }, { token });
    expect(created.status).toBe(201);
    expect(created.body.owner.id).toBe(h.world.defaultPersonId);
  });

  it('keeps the meaning of tokens the world knows: another person, and a read-only token', async () => {
    const h = new Harness({ anyToken: true });
    const other = h.person((p) => p.id !== h.world.defaultPersonId);
    expect((await h.get('/api/v2/me', { token: other.tokens.readWrite })).body.id).toBe(other.id);
    const readOnly = await h.post('/api/v2/goals', { title: 'Nope' }, { token: other.tokens.readOnly });
    expect(readOnly.status).toBe(403);
  });

  it.each([
    ['a username', (p: { username: string }) => p.username],
    ['a username with @', (p: { username: string }) => `@${p.username}`],
    ['an id', (p: { id: string }) => p.id],
  ])('answers as the person named by %s', async (_, name) => {
    const probe = new Harness();
    const chosen = probe.person((p) => p.id !== probe.world.defaultPersonId && p.kind === 'human');
    const h = new Harness({ anyToken: name(chosen) });
    expect((await h.get('/api/v2/me', { token: null })).body.id).toBe(chosen.id);
    expect((await h.get('/__mock/world')).body.any_token_person_id).toBe(chosen.id);
  });

  it('refuses at set-up a name that is nobody, saying where the names are', () => {
    expect(() => new Harness({ anyToken: 'nobody-here' })).toThrow(
      /MK7: the any-token person "nobody-here" \(--any-token-as, STANDIN_ANY_TOKEN\) names nobody in the world of seed 42; use a username or id of a person of that world/,
    );
  });

  it('answers 401 saying why once a reset to another seed made other people, and again after a reset back', async () => {
    const probe = new Harness();
    const chosen = probe.person((p) => p.id !== probe.world.defaultPersonId);
    const h = new Harness({ anyToken: chosen.username });
    h.mock.worlds.reset(h.mock.worlds.shared, 7);
    const refused = await h.get('/api/v2/me', { token: null });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toContain(
      `The any-token mode's person "${chosen.username}" is not in this world of seed 7 (MK7)`,
    );
    expect((await h.get('/__mock/world')).body.any_token_person_id).toBeNull();
    h.mock.worlds.reset(h.mock.worlds.shared, 42);
    expect((await h.get('/api/v2/me', { token: null })).body.id).toBe(chosen.id);
  });

  it('follows the session: each X-Mock-Session world answers as its own copy of the person (MK5)', async () => {
    const h = new Harness({ anyToken: true });
    const headers = { 'x-mock-session': 'tab-a' };
    const created = await h.post('/api/v2/goals', { title: 'Only in tab-a' }, { token: null, headers });
    expect(created.status).toBe(201);
    const inSession = await h.get('/api/v2/goals?per_page=50', { token: null, headers });
    const shared = await h.get('/api/v2/goals?per_page=50', { token: null });
    expect(inSession.body.map((g: { id: string }) => g.id)).toContain(created.body.id);
    expect(shared.body.map((g: { id: string }) => g.id)).not.toContain(created.body.id);
  });
});

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
      const seven = await startServing(['--seed', '7', '--state', file]);
      seven.child.kill('SIGTERM');
      await new Promise((resolve) => seven.child.once('exit', resolve));
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
