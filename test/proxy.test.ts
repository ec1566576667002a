// standin proxy against real upstreams on real ports: the whole kit through it with standin upstream finds
// nothing; an upstream that breaks one visible rule gets that rule's finding and no other; bodies pass byte for
// byte both ways, hop-by-hop headers stop; an unreachable or silent upstream gets the proxy's own 502 and 504;
// no token reaches the journal or the HAR file; the Host check and the page.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract } from '../contract-tests/kit/check-contract.js';
import { activityHookAccount } from '../fixtures/activity-hook.js';
import { OWN_ANSWER_HEADER } from '../src/proxy/own-answer.js';
import type { RunningProxy } from '../src/proxy/proxy-server.js';
import { NOW } from './support/harness.js';
import { postToHook, rawRequest, withProxy } from './support/proxy-run.js';
import { startUpstream, type Transform, type Upstream } from './support/upstream-server.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-proxy-'));

/** Every rule (and part) the proxy's findings name, as `G12/every-get`. */
function brokenRules(proxy: RunningProxy): string[] {
  return proxy.tally
    .summary()
    .rules.filter((r) => r.broken > 0)
    .map((r) => (r.part ? `${r.rule}/${r.part}` : r.rule));
}

describe('standin upstream', () => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream({ now: NOW });
  });
  afterAll(() => upstream.close());

  it("passes the kit's whole run with no finding, and keeps no token in the journal or the HAR file", async () => {
    const har = join(dir, 'kit.har');
    let hookToken = '';
    const token = upstream.mock.world.store.people.get(upstream.mock.world.defaultPersonId)!.tokens.readWrite;
    await withProxy(
      upstream,
      async (proxy) => {
        // The hook through the proxy too (WH1): the kit finds standin's from /__mock/world, which the proxy does not forward.
        const hook = activityHookAccount(upstream.mock.world.seed, upstream.mock.worlds.tokenKey);
        hookToken = hook.token;
        const activityHookUrl = `${proxy.origin}/hooks/activity/a/${hook.accountId}?token=${hook.token}`;
        const run = await checkContract({ baseUrl: proxy.baseUrl, token, activityHookUrl });
        await proxy.settled();
        const summary = proxy.tally.summary();
        expect(run.ok, run.text).toBe(true);
        // The kit's every exchange went through the proxy, was checked, and broke nothing.
        expect(summary.checked).toBeGreaterThan(300);
        expect(summary.own).toBe(0);
        expect(
          summary.rules.filter((r) => r.broken > 0),
          JSON.stringify(summary.rules.filter((r) => r.broken > 0).map((r) => r.samples[0])),
        ).toEqual([]);
        // The rules one exchange shows were each looked at.
        const checked = new Set(summary.rules.map((r) => (r.part ? `${r.rule}/${r.part}` : r.rule)));
        for (const rule of ['G1', 'G8', 'G4', 'G4/clamp', 'G12', 'G12/every-get', 'GO5', 'GU2/thresholds', 'GU7'])
          expect(checked, rule).toContain(rule);
        const journal = JSON.stringify(proxy.journal.list({ limit: 1000 }));
        expect(journal).toContain('findings');
        expect(journal).not.toContain(token);
      },
      { har },
    );
    const text = readFileSync(har, 'utf8');
    const log = JSON.parse(text) as {
      log: { version: string; entries: Array<{ request: { headers: Array<{ name: string; value: string }> } }> };
    };
    expect(log.log.version).toBe('1.2');
    expect(log.log.entries.length).toBeGreaterThan(300);
    expect(text).not.toContain(token);
    expect(text).toContain('/hooks/activity/a/');
    expect(text).not.toContain(hookToken);
    // Every person's tokens, the read-only ones the kit also uses, and the hook's token in its query (WH1).
    for (const person of upstream.mock.world.store.peopleInOrder) {
      expect(text).not.toContain(person.tokens.readWrite);
      expect(text).not.toContain(person.tokens.readOnly);
    }
    const authorization = log.log.entries
      .flatMap((e) => e.request.headers)
      .filter((h) => h.name.toLowerCase() === 'authorization');
    expect(authorization.length).toBeGreaterThan(0);
    expect(new Set(authorization.map((h) => h.value))).toEqual(new Set(['Bearer [redacted]']));
  }, 120_000);
});

/** Requests that show each one-exchange rule at least once (with rate limits on, G14's headers come too). */
async function exercise(baseUrl: string, token: string, goalId: string): Promise<void> {
  const send = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    }).then(async (response) => {
      await response.arrayBuffer();
      return response;
    });
  const me = await send('/me');
  expect(me.status).toBe(200);
  expect((await send('/me', { headers: { 'if-none-match': me.headers.get('etag')! } })).status).toBe(304);
  await send('/goals?per_page=60');
  await send('/people?per_page=60');
  await send(`/goals/${goalId}/goal-updates`);
  await send(`/goals/${goalId}/goal-updates`, { method: 'POST', body: JSON.stringify({ confidence: 50 }) });
  await send('/check-ins?per_page=50');
  await send('/me', { headers: { authorization: '' } });
  await send('/goals?per_page=0');
}

type Json = Record<string, any>;

/** An answer's JSON changed by `change`, when the request is `match`'s. */
function onJson(match: (method: string, path: string) => boolean, change: (body: any) => unknown): Transform {
  return (request, answer) => {
    if (!match(request.method, request.path) || answer.status >= 300 || answer.text === '') return answer;
    return { ...answer, text: JSON.stringify(change(JSON.parse(answer.text))) };
  };
}

function onHeaders(match: (method: string, path: string) => boolean, change: (headers: Headers) => void): Transform {
  return (request, answer) => {
    if (!match(request.method, request.path)) return answer;
    const headers = new Headers(answer.headers);
    change(headers);
    return { ...answer, headers };
  };
}

const isMe = (method: string, path: string) => method === 'GET' && path === '/api/v2/me';

/** Each upstream breaks one rule a single exchange shows, and only that one. */
const BROKEN: Array<[string, Transform]> = [
  ['G12/every-get', onHeaders(isMe, (h) => h.set('etag', (h.get('etag') ?? '').replace(/^W\//, '')))],
  ['G3', onJson(isMe, (me: Json) => ({ ...me, created_at: me.created_at.replace('Z', '.250Z') }))],
  ['G10', onJson(isMe, (me: Json) => ({ ...me, url: me.url.replace('/people/', '/person/') }))],
  ['G14', onHeaders(isMe, (h) => h.set('ratelimit', 'burst;r=29;t=10'))],
  [
    'G9/statuses',
    (request, answer) => {
      if (answer.status !== 401) return answer;
      const headers = new Headers(answer.headers);
      headers.delete('www-authenticate');
      return { ...answer, headers };
    },
  ],
  [
    'G4/clamp',
    onJson(
      (m, p) => m === 'GET' && p.startsWith('/api/v2/people?'),
      (people: Json[]) => Array.from({ length: 51 }, (_, i) => people[i % people.length]),
    ),
  ],
  [
    'G4',
    (request, answer) =>
      request.path.endsWith('per_page=0')
        ? { status: 200, headers: new Headers({ 'content-type': 'application/json', etag: 'W/"empty"' }), text: '[]' }
        : answer,
  ],
  [
    'GU7',
    onJson(
      (m, p) => m === 'GET' && p.endsWith('/goal-updates'),
      (updates: Json[]) => [...updates].reverse(),
    ),
  ],
  [
    'CI5/order',
    onJson(
      (m, p) => m === 'GET' && p.startsWith('/api/v2/check-ins?'),
      (checkIns: Json[]) => [...checkIns].reverse(),
    ),
  ],
  [
    'GO5',
    onJson(
      (m, p) => m === 'GET' && p.startsWith('/api/v2/goals?'),
      (goals: Json[]) => goals.map((g) => (g.confidence === 90 ? { ...g, confidence_description: 'At risk' } : g)),
    ),
  ],
  [
    'GU2/thresholds',
    onJson(
      (m, p) => m === 'POST' && p.endsWith('/goal-updates'),
      (update: Json) => ({ ...update, confidence: 90, confidence_description: 'On track' }),
    ),
  ],
];

describe('an upstream that breaks one rule', () => {
  /** A visible goal with two updates or more at different instants, for GU7. */
  function goalWithUpdates(upstream: Upstream): string {
    const { store } = upstream.mock.world;
    for (const update of store.updatesByPerson(upstream.mock.world.defaultPersonId)) {
      const updates = store.updatesOfGoal(update.goalId);
      if (updates.length >= 2 && new Set(updates.map((u) => u.createdAt)).size >= 2) return update.goalId;
    }
    throw new Error('the world has no goal with two updates by the default person');
  }

  async function findings(transform?: Transform): Promise<string[]> {
    const upstream = await startUpstream({ now: NOW, rateLimit: true }, transform);
    try {
      const token = upstream.mock.world.store.people.get(upstream.mock.world.defaultPersonId)!.tokens.readWrite;
      return await withProxy(upstream, async (proxy) => {
        await exercise(proxy.baseUrl, token, goalWithUpdates(upstream));
        await proxy.settled();
        expect(proxy.tally.summary().checked).toBe(9);
        return brokenRules(proxy);
      });
    } finally {
      await upstream.close();
    }
  }

  it('finds nothing when the upstream keeps every rule', async () => {
    expect(await findings()).toEqual([]);
  });

  it.each(BROKEN)('%s: that finding and no other', async (rule, transform) => {
    expect(await findings(transform)).toEqual([rule]);
  });
});

describe('an upstream that fails (G8, MK6)', () => {
  /** The rules the proxy finds broken in exchanges with a mock whose fault profile answers every request 503. */
  async function failing(transform?: Transform): Promise<{ rules: string[]; statuses: number[] }> {
    const faults = {
      seed: 1,
      rules: [{ faults: [{ kind: 'error' as const, status: 503 as const, rate: 1, retry_after: 5 }] }],
    };
    const upstream = await startUpstream({ now: NOW, faults }, transform);
    try {
      const token = upstream.mock.world.store.people.get(upstream.mock.world.defaultPersonId)!.tokens.readWrite;
      const hook = activityHookAccount(upstream.mock.world.seed, upstream.mock.worlds.tokenKey);
      return await withProxy(upstream, async (proxy) => {
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const statuses: number[] = [];
        for (const [path, init] of [
          ['/api/v2/me', {}],
          ['/api/v2/goals?per_page=5', {}],
          ['/api/v2/goals', { method: 'POST', body: '{"title":"x"}' }],
          // A request the spec refuses: a 503 says the service is unavailable, not that it failed on the input.
          ['/api/v2/goals?per_page=0', {}],
          [`/hooks/activity/a/${hook.accountId}?token=${hook.token}`, { method: 'POST', body: '{}' }],
        ] as const) {
          const response = await fetch(`${proxy.origin}${path}`, { ...init, headers });
          await response.arrayBuffer();
          statuses.push(response.status);
        }
        await proxy.settled();
        expect(proxy.tally.summary().checked).toBe(5);
        return { rules: brokenRules(proxy), statuses };
      });
    } finally {
      await upstream.close();
    }
  }

  it("finds nothing in a fault profile's 503s, which every operation declares", async () => {
    expect(await failing()).toEqual({ rules: [], statuses: [503, 503, 503, 503, 503] });
  });

  it('finds an undeclared status (504) under G8, and a 500 for a request the spec refuses', async () => {
    const as =
      (status: number, when: (path: string) => boolean): Transform =>
      (request, answer) =>
        when(request.path)
          ? { ...answer, status, text: answer.text.replace('"status":503', `"status":${status}`) }
          : answer;
    expect((await failing(as(504, (path) => path === '/api/v2/me'))).rules).toEqual(['G8']);
    expect((await failing(as(500, (path) => path === '/api/v2/me'))).rules).toEqual([]);
    // G8: never a 5xx for bad input; per_page=0 is refused by the spec (G4), so its 500 is G4's finding.
    expect((await failing(as(500, (path) => path.endsWith('per_page=0')))).rules).toEqual(['G4']);
  });
});

/** A raw upstream: records what it got, answers what it is told (bytes, headers in their letter case). */
async function rawUpstream(
  answer: (request: { headers: IncomingHttpHeaders; body: Buffer }) => {
    status: number;
    headers: string[];
    body: Buffer;
  } | null,
): Promise<{ server: Server; root: string; got: Array<{ headers: IncomingHttpHeaders; body: Buffer; url: string }> }> {
  const got: Array<{ headers: IncomingHttpHeaders; body: Buffer; url: string }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const seen = { headers: request.headers, body: Buffer.concat(chunks), url: request.url ?? '' };
      got.push(seen);
      const told = answer(seen);
      if (!told) return; // silent: never answers
      response.writeHead(told.status, told.headers);
      response.end(told.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, root: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, got };
}

describe('what the proxy cannot read whole', () => {
  it('counts an answer in an encoding it cannot read as unread, not as outside the spec', async () => {
    const upstream = await rawUpstream(() => ({
      status: 200,
      headers: ['Content-Type', 'application/json', 'Content-Encoding', 'zstd'],
      body: Buffer.from([0x28, 0xb5, 0x2f, 0xfd]),
    }));
    try {
      await withProxy(upstream.root, async (proxy) => {
        await rawRequest(`${proxy.baseUrl}/me`, {});
        await rawRequest(`${proxy.baseUrl}/no-such-thing`, {});
        await proxy.settled();
        expect(proxy.tally.summary()).toMatchObject({ exchanges: 2, checked: 0, unread: 1, unchecked: 1 });
      });
    } finally {
      upstream.server.close();
    }
  });

  it('reads a gzip-encoded request body as the upstream does: the spec judges its JSON', async () => {
    const upstream = await rawUpstream(() => ({
      status: 422,
      headers: ['Content-Type', 'application/problem+json'],
      body: Buffer.from(JSON.stringify({ type: 'urn:x', title: 'Invalid values', status: 422, detail: 'no' })),
    }));
    try {
      await withProxy(upstream.root, async (proxy) => {
        await rawRequest(`${proxy.baseUrl}/goals/3b241101-e2bb-4255-8caf-4136c566a962/goal-updates`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          body: gzipSync(JSON.stringify({ confidence: 'high' })),
        });
        await proxy.settled();
        const [entry] = proxy.journal.list();
        expect(entry!.request_problems!.join(' ')).toMatch(/confidence/);
        expect(entry!.request_problems!.join(' ')).not.toMatch(/does not parse|not JSON/);
      });
    } finally {
      upstream.server.close();
    }
  });
});

describe('pages of your dev server', () => {
  it("answers a loopback page's preflight itself and makes answers readable to it; other origins are the upstream's", async () => {
    const upstream = await rawUpstream(() => ({
      status: 200,
      headers: ['Content-Type', 'application/json', 'Vary', 'Accept'],
      body: Buffer.from('{}'),
    }));
    try {
      await withProxy(upstream.root, async (proxy) => {
        const preflight = await rawRequest(`${proxy.baseUrl}/me`, {
          method: 'OPTIONS',
          headers: {
            origin: 'http://localhost:5173',
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization, sentry-trace',
          },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
        expect(preflight.headers['access-control-allow-headers']).toBe('authorization, sentry-trace');
        expect(upstream.got).toHaveLength(0);
        const read = await rawRequest(`${proxy.baseUrl}/me`, { headers: { origin: 'http://app.localhost:3000' } });
        expect(read.headers['access-control-allow-origin']).toBe('http://app.localhost:3000');
        expect(read.headers['access-control-expose-headers']).toContain('ETag');
        expect(read.body.toString()).toBe('{}');
        // Another site's page: its preflight and Origin go to the upstream, which answered no CORS here.
        const other = await rawRequest(`${proxy.baseUrl}/me`, {
          method: 'OPTIONS',
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
        });
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
        expect(upstream.got.at(-1)!.headers.origin).toBe('https://evil.example');
      });
    } finally {
      upstream.server.close();
    }
  });
});

describe('the wire', () => {
  it('passes bodies byte for byte both ways, compressed ones as they are, and stops hop-by-hop headers', async () => {
    const sent = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0xfe, 0x00, 0x7d]);
    const answerBody = gzipSync(JSON.stringify({ type: 'goal', note: 'ünïcødé' }));
    const upstream = await rawUpstream(() => ({
      status: 201,
      headers: [
        'Content-Type',
        'application/json',
        'Content-Encoding',
        'gzip',
        'Set-Cookie',
        'a=1',
        'Set-Cookie',
        'b=2',
        'X-Mixed-Case',
        'Kept',
        'Connection',
        'x-up-hop',
        'X-Up-Hop',
        'dropped',
        'Content-Length',
        String(answerBody.length),
      ],
      body: answerBody,
    }));
    try {
      await withProxy(upstream.root, async (proxy) => {
        const got = await rawRequest(`${proxy.baseUrl}/goals?x=1`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: 'Bearer secret-token-123',
            connection: 'x-client-hop',
            'x-client-hop': 'dropped',
            'x-end-to-end': 'kept',
          },
          body: sent,
        });
        expect(got.status).toBe(201);
        expect(got.body.equals(answerBody)).toBe(true);
        expect(got.headers['content-encoding']).toBe('gzip');
        expect(got.headers['set-cookie']).toEqual(['a=1', 'b=2']);
        expect(got.rawHeaders).toContain('X-Mixed-Case');
        expect(got.headers['x-up-hop']).toBeUndefined();
        expect(got.headers.via).toBe('1.1 standin');
        const [seen] = upstream.got;
        expect(seen!.body.equals(sent)).toBe(true);
        expect(seen!.url).toBe('/api/v2/goals?x=1');
        expect(seen!.headers['x-end-to-end']).toBe('kept');
        expect(seen!.headers['x-client-hop']).toBeUndefined();
        expect(seen!.headers.authorization).toBe('Bearer secret-token-123');
        expect(seen!.headers.host).toBe(new URL(upstream.root).host);
        await proxy.settled();
        // The proxy read the gzip'd answer to check it: the journal holds its text, not its bytes.
        const [entry] = proxy.journal.list();
        expect(entry!.response_body).toContain('ünïcødé');
        expect(JSON.stringify(entry)).not.toContain('secret-token-123');
      });
    } finally {
      upstream.server.close();
    }
  });

  it("answers 502 for an upstream that cannot be reached, 504 for one that stays silent, each marked as the proxy's", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await withProxy(`http://127.0.0.1:${port}`, async (proxy) => {
      const response = await fetch(`${proxy.baseUrl}/me`);
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get(OWN_ANSWER_HEADER)).toBe('upstream-unreachable');
      expect((await response.json()).detail).toMatch(/the proxy's, not the upstream's/);
      await proxy.settled();
      expect(proxy.tally.summary()).toMatchObject({ own: 1, checked: 0, findings: 0 });
    });
    const silent = await rawUpstream(() => null);
    try {
      await withProxy(
        silent.root,
        async (proxy) => {
          const response = await fetch(`${proxy.baseUrl}/me`);
          expect(response.status).toBe(504);
          expect(response.headers.get(OWN_ANSWER_HEADER)).toBe('upstream-timeout');
          expect((await response.json()).type).toBe('urn:standin:problem:upstream-timeout');
        },
        { timeoutMs: 300 },
      );
    } finally {
      silent.server.closeAllConnections();
      silent.server.close();
    }
  });

  it('keeps a token out of the journal and the HAR file wherever it appears: header, hook query, echoed body', async () => {
    const token = 'tok_live_5f3c1e9a7b2d';
    // An upstream that echoes what it got: the body, the credential under a name that says nothing, and a
    // secret-named field of its own.
    const upstream = await rawUpstream(({ body, headers }) => ({
      status: 200,
      headers: ['Content-Type', 'application/json', 'X-Echo', String(headers.authorization)],
      body: Buffer.from(
        JSON.stringify({ echoed: body.toString(), seen: headers.authorization, api_token: 'another-secret-value' }),
      ),
    }));
    const har = join(dir, 'tokens.har');
    try {
      await withProxy(
        upstream.root,
        async (proxy) => {
          await postToHook(proxy, token, Buffer.from(JSON.stringify({ note: `my token is ${token}` })));
          await rawRequest(`${proxy.baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
          await proxy.settled();
          const journal = JSON.stringify(proxy.journal.list());
          expect(journal).not.toContain(token);
          expect(journal).not.toContain('another-secret-value');
          expect(journal).toContain('[redacted]');
        },
        { har },
      );
      const text = readFileSync(har, 'utf8');
      expect(JSON.parse(text).log.entries).toHaveLength(2);
      expect(text).not.toContain(token);
      expect(text).not.toContain('another-secret-value');
    } finally {
      upstream.server.close();
    }
  });

  it('refuses a Host that is not its own (G13) before forwarding anything, and serves its page to itself only', async () => {
    const upstream = await rawUpstream(() => ({ status: 200, headers: [], body: Buffer.from('') }));
    try {
      await withProxy(upstream.root, async (proxy) => {
        const refused = await rawRequest(`${proxy.baseUrl}/me`, { headers: { host: 'rebound.example:4020' } });
        expect(refused.status).toBe(403);
        expect(upstream.got).toHaveLength(0);
        const page = await fetch(`${proxy.origin}/`);
        expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
        expect(await page.text()).toContain('/proxy/app.js');
        const script = await fetch(`${proxy.origin}/proxy/app.js`);
        expect(await script.text()).toContain('/__mock/requests?after=');
        const journal = await fetch(`${proxy.origin}/__mock/requests`, { headers: { origin: 'https://evil.example' } });
        expect(journal.status).toBe(200);
        expect(journal.headers.get('access-control-allow-origin')).toBeNull();
        const bad = await fetch(`${proxy.origin}/__mock/requests?limit=lots`);
        expect(bad.status).toBe(422);
        const elsewhere = await fetch(`${proxy.origin}/__mock/world`);
        expect(elsewhere.status).toBe(404);
        expect((await elsewhere.json()).detail).toMatch(/forwards \/api\/v2/);
      });
    } finally {
      upstream.server.close();
    }
  });
});
