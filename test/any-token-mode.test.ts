// MK7: the any-token mode for frontend work, in-process — an unknown bearer token, or none, is the chosen
// person's read-write token, a known token keeps its meaning, a name that is nobody is a set-up error; G9's
// strict 401 stays the default. The command line's side (processes) is test/any-token.test.ts.
import { describe, expect, it } from 'vitest';
import { AnyToken } from '../src/runtime/any-token.js';
import { Harness } from './support/harness.js';

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
    ['a username in capitals', (p: { username: string }) => p.username.toUpperCase()],
    ['a username with @ and spaces about it', (p: { username: string }) => ` @${p.username} `],
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
    await h.mock.worlds.reset(h.mock.worlds.shared, 7);
    const refused = await h.get('/api/v2/me', { token: null });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toContain(
      `The any-token mode's person "${chosen.username}" is not in this world of seed 7 (MK7)`,
    );
    expect((await h.get('/__mock/world')).body.any_token_person_id).toBeNull();
    await h.mock.worlds.reset(h.mock.worlds.shared, 42);
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

describe('MK7: what the option names', () => {
  it.each([
    [true, 'default'],
    ['default', 'default'],
    ['  @agraham ', 'agraham'],
    ['@@agraham', '@agraham'],
    ['a@graham', 'a@graham'],
  ] as const)('%j is %j (the banner and the 401 say it so)', (option, who) => {
    expect(new AnyToken(option).who).toBe(who);
  });
});
