// WH1: the collect-activity hook at the service root, through app.request: what it records and where that shows,
// every refusal named, the account and token stable per seed and listed by /__mock/world, the journal, sessions
// and CORS as the API's.
import { describe, expect, it } from 'vitest';
import { createMock } from '../src/http/app.js';
import { expectProblem, Harness } from './support/harness.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** GET /__mock/world's activity_hook of a mock. */
async function hookOf(mock: { app: { request: (path: string) => Response | Promise<Response> } }) {
  const world = (await (await mock.app.request('/__mock/world')).json()) as {
    activity_hook: { account_id: string; token: string; path: string };
  };
  return world.activity_hook;
}

describe('WH1 the activity hook', () => {
  it('WH1 records kind api, group = source, the person the email names, recorded_at now; GET /activities lists it', async () => {
    const h = new Harness();
    const person = h.person((p) => p.id !== h.world.defaultPersonId);
    const created = await h.post(h.hookPath(), {
      email: person.email.toUpperCase(),
      source: 'Deploys',
      description: 'Shipped 2.4 to production',
      source_url: 'https://ci.example.com/runs/42',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'api',
      group: 'Deploys',
      title: 'Deploys',
      description: 'Shipped 2.4 to production',
      url: 'https://ci.example.com/runs/42',
      recorded_at: '2026-11-20T15:00:00Z',
      person: { id: person.id, name: person.name },
    });
    expect((await h.get(`/api/v2/activities/${created.body.id}`)).body).toEqual(created.body);
    const listed = await h.get(`/api/v2/activities?people_ids[]=${person.id}&kinds[]=api&per_page=1`);
    expect(listed.body).toEqual([created.body]);
  });

  it('WH1 takes url as well as source_url, the same link in both, and neither', async () => {
    const h = new Harness();
    const email = h.person().email;
    const cases: Array<[Record<string, string>, string | null]> = [
      [{ url: 'https://a.example/1' }, 'https://a.example/1'],
      [{ url: 'https://a.example/2', source_url: 'https://a.example/2' }, 'https://a.example/2'],
      [{}, null],
    ];
    for (const [links, url] of cases) {
      const created = await h.post(h.hookPath(), { email, source: 'Links', description: 'A link', ...links });
      expect([created.status, created.body.url]).toEqual([201, url]);
    }
  });

  it.each([
    [
      'no token',
      (path: string) => path.replace(/\?token=.*$/, ''),
      401,
      /token query parameter: \?token=hook_… \(WH1\)/,
    ],
    ['an empty token', (path: string) => path.replace(/token=.*$/, 'token='), 401, /not this account's hook token/],
    ['a wrong token', (path: string) => `${path}x`, 401, /not this account's hook token \(WH1\)/],
    [
      "a person's token",
      (path: string, rw: string) => path.replace(/token=.*$/, `token=${rw}`),
      401,
      /not this account's hook token/,
    ],
    ['an unknown account', (path: string) => path.replace(/a\/[^?]+/, `a/${UNKNOWN_ID}`), 404, /No account 0000/],
  ])('WH1 %s: refused with its status as problem+json, and nothing recorded', async (_name, pathOf, status, hint) => {
    const h = new Harness();
    const before = h.world.store.activities.size;
    const response = await h.post(pathOf(h.hookPath(), h.person().tokens.readWrite), {
      email: h.person().email,
      source: 'Refused',
      description: 'Refused',
    });
    expectProblem(response, status, undefined, hint);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(h.world.store.activities.size).toBe(before);
  });

  it.each<[Record<string, string>, string, RegExp]>([
    [{ source: 'S', description: 'D' }, 'email', /email is required/],
    [
      { email: 'nobody@example.invalid', source: 'S', description: 'D' },
      'email',
      /no one has "nobody@example.invalid"/,
    ],
    [{ email: '@', source: '', description: 'D' }, 'source', /must not be empty \(WH1\)/],
    [{ email: '@', source: 'x'.repeat(1001), description: 'D' }, 'source', /at most 1000 characters long \(G15\)/],
    [{ email: '@', source: 'S', description: '' }, 'description', /must not be empty \(WH1\)/],
    [{ email: '@', source: 'S', description: 'x'.repeat(257) }, 'description', /at most 256 characters long \(WH1\)/],
    [{ email: '@', source: 'S', description: 'D', url: 'http://a.example' }, 'url', /\^https:\/\/ \(WH1\)/],
    [{ email: '@', source: 'S', description: 'D', source_url: 'ftp://a.example' }, 'source_url', /\^https:\/\//],
    [
      { email: '@', source: 'S', description: 'D', url: 'https://a.example/1', source_url: 'https://a.example/2' },
      'source_url',
      /another name for url \(WH1\), and the two differ/,
    ],
  ])('WH1 a bad body %j: 422 naming %s', async (body, field, hint) => {
    const h = new Harness();
    // '@' stands for the email of a person of the world.
    const response = await h.post(h.hookPath(), body.email === '@' ? { ...body, email: h.person().email } : body);
    expectProblem(response, 422, field, hint);
  });

  it('G7 strict mode refuses an unknown field of the hook, naming it; the default ignores it', async () => {
    const body = (h: Harness) => ({ email: h.person().email, source: 'S', description: 'D', channel: '#ops' });
    const lax = new Harness();
    expect((await lax.post(lax.hookPath(), body(lax))).status).toBe(201);
    const strict = new Harness({ strict: true });
    expectProblem(await strict.post(strict.hookPath(), body(strict)), 422, 'channel');
  });

  it('G8 bad JSON 400, not JSON 415, GET 405 with Allow: POST', async () => {
    const h = new Harness();
    const bad = await h.call('POST', h.hookPath(), {
      rawBody: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(bad, 400);
    const text = await h.call('POST', h.hookPath(), { rawBody: 'email=x', headers: { 'content-type': 'text/plain' } });
    expectProblem(text, 415);
    const get = await h.call('GET', h.hookPath());
    expectProblem(get, 405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('MK3 the account id and token are the same for the same seed, other for another seed, and keyed by a control token', async () => {
    const first = await hookOf(createMock({ seed: 7 }));
    expect(await hookOf(createMock({ seed: 7 }))).toEqual(first);
    expect(first.token).toMatch(/^hook_[0-9a-f]{24}$/);
    expect(first.path).toBe(`/hooks/activity/a/${first.account_id}?token=${first.token}`);
    const other = await hookOf(createMock({ seed: 8 }));
    expect([other.account_id === first.account_id, other.token === first.token]).toEqual([false, false]);
    const guarded = createMock({ seed: 7, controlToken: 's3cret-control-token' });
    const world = await guarded.app.request('/__mock/world', {
      headers: { authorization: 'Bearer s3cret-control-token' },
    });
    const keyed = ((await world.json()) as { activity_hook: typeof first }).activity_hook;
    expect([keyed.account_id === first.account_id, keyed.token === first.token]).toEqual([true, false]);
    // The seed-only token does not open the guarded server's hook.
    const refused = await guarded.app.request(first.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: guarded.world.store.peopleInOrder[0]?.email, source: 'S', description: 'D' }),
    });
    expect(refused.status).toBe(401);
  });

  it('MK2 a reset to another seed moves the hook with the world', async () => {
    const mock = createMock({ seed: 7 });
    const before = await hookOf(mock);
    await mock.app.request('/__mock/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"seed": 8}',
    });
    expect(await hookOf(mock)).toEqual(await hookOf(createMock({ seed: 8 })));
    expect((await hookOf(mock)).account_id).not.toBe(before.account_id);
  });

  it('MK5 X-Mock-Session writes to that session, the shared world never sees it', async () => {
    const h = new Harness();
    const body = { email: h.person().email, source: 'Session only', description: 'D' };
    const created = await h.post(h.hookPath(), body, { headers: { 'x-mock-session': 'hooked' } });
    expect(created.status).toBe(201);
    const inSession = await h.get(`/api/v2/activities/${created.body.id}`, { headers: { 'x-mock-session': 'hooked' } });
    expect(inSession.status).toBe(200);
    expect((await h.get(`/api/v2/activities/${created.body.id}`)).status).toBe(404);
  });

  it('the journal lists the hook with the person the email named; the event feed as an API request', async () => {
    const h = new Harness();
    const person = h.person();
    await h.post(h.hookPath(), { email: person.email, source: 'Journal', description: 'D' });
    const journal = (await (await h.mock.app.request('/__mock/requests')).json()) as Array<Record<string, unknown>>;
    expect(journal[0]).toMatchObject({
      method: 'POST',
      path: h.hookPath(),
      status: 201,
      person: { id: person.id, name: person.name },
    });
  });

  it('G13 answers any origin, preflight included, as the API does', async () => {
    const h = new Harness();
    const preflight = await h.preflight(h.hookPath(), 'POST');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const created = await h.post(
      h.hookPath(),
      { email: h.person().email, source: 'S', description: 'D' },
      {
        headers: { origin: 'https://zapier.example' },
      },
    );
    expect(created.headers.get('access-control-allow-origin')).toBe('*');
  });
});
