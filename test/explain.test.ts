// MCP6's explain (GET /__mock/requests/{seq}/explain, the control twin's explain_request): for one request of
// the journal, who decided its answer — an override, a fault, the rate limit, an access rule (G9's read-only
// token, GO7's private goal, CI3's someone else's check-in), the input's validation naming the parameter (G8),
// a domain rule, or the operation as the spec says — recorded as the request was answered. One case per kind,
// through REST and through the tool, whose answer is REST's byte for byte.
import { afterEach, describe, expect, it } from 'vitest';
import { closeClients, httpClient } from './support/mcp-client.js';
import { control, Harness } from './support/harness.js';

afterEach(closeClients);

interface Case {
  what: string;
  options?: ConstructorParameters<typeof Harness>[0];
  /** Sets the mock up and sends the request explained (the journal's newest). */
  send: (h: Harness) => Promise<unknown>;
  status: number;
  kind: string;
  rule: string | null;
  source?: string;
  sentence: RegExp;
}

/** A goal private to its owner and contributors, and someone who is neither (made if the world has none). */
async function privateGoalOfOthers(h: Harness): Promise<{ id: string; outsider: string }> {
  const owner = h.person((p) => p.id !== h.world.defaultPersonId);
  const made = await h.call('POST', '/api/v2/goals', {
    token: h.tokenOf(owner),
    body: { title: 'Secret', private: true },
  });
  return { id: made.body.id, outsider: h.tokenOf(h.person()) };
}

const CASES: Case[] = [
  {
    what: 'a plain success: the operation answered as the spec says',
    send: (h) => h.call('GET', '/api/v2/me'),
    status: 200,
    kind: 'spec',
    rule: null,
    sentence: /^The operation answered as the spec says: GET \/api\/v2\/me gave 200\.$/,
  },
  {
    what: 'an override rule (MK6), by id and pattern',
    send: async (h) => {
      await control(h, 'PUT', '/overrides', { rules: [{ method: 'GET', path: '/api/v2/me', status: 503 }] });
      return h.call('GET', '/api/v2/me');
    },
    status: 503,
    kind: 'override',
    rule: 'MK6',
    sentence: /^Override rule override-1 \(GET \/api\/v2\/me\) answered 503 in place of the world \(MK6\)/,
  },
  {
    what: "a fault of the profile (MK6), naming the fault and the profile's rule",
    send: async (h) => {
      await control(h, 'PUT', '/faults', {
        seed: 1,
        rules: [{ path: '/api/v2/me', faults: [{ kind: 'error', status: 500, rate: 1 }] }],
      });
      return h.call('GET', '/api/v2/me');
    },
    status: 500,
    kind: 'fault',
    rule: 'MK6',
    sentence: /^An injected 500 from the fault profile's rules\[0\] answered 500 in place of the world \(MK6\)/,
  },
  {
    what: 'a fault asked for by Prefer (MK6)',
    send: (h) => h.call('GET', '/api/v2/me', { headers: { prefer: 'code=503' } }),
    status: 503,
    kind: 'fault',
    rule: 'MK6',
    sentence: /^An injected 503 from Prefer: code=503 answered 503/,
  },
  {
    what: 'the rate limit (G14)',
    options: { rateLimit: true },
    send: async (h) => {
      for (let i = 0; i < 30; i++) await h.call('GET', '/api/v2/me');
      return h.call('GET', '/api/v2/me');
    },
    status: 429,
    kind: 'rate_limit',
    rule: 'G14',
    source: 'production',
    sentence:
      /^The rate limit \(G14\) answered 429 before the operation ran: Rate limit reached \(G14\); retry after \d+ s\.$/,
  },
  {
    what: "a read-only token's write (G9)",
    send: (h) => h.call('POST', '/api/v2/goals', { token: h.tokenOf(h.person(), 'readOnly'), body: {} }),
    status: 403,
    kind: 'access',
    rule: 'G9',
    source: 'production',
    sentence: /^Access \(G9, a read-only token\) refused it with 403: This token is read-only \(G9\)/,
  },
  {
    what: 'no token (G9)',
    send: (h) => h.call('GET', '/api/v2/me', { token: null }),
    status: 401,
    kind: 'access',
    rule: 'G9',
    source: 'production',
    sentence: /^Access \(G9, the bearer token\) refused it with 401: Send Authorization: Bearer <token> \(G9\)/,
  },
  {
    what: "someone else's private goal (GO7): a 404 as for none, explained as GO7",
    send: async (h) => {
      const { id, outsider } = await privateGoalOfOthers(h);
      return h.call('GET', `/api/v2/goals/${id}`, { token: outsider });
    },
    status: 404,
    kind: 'access',
    rule: 'GO7',
    source: 'decided',
    sentence:
      /^Access \(GO7\) decided it: the record is, or belongs to, a private goal, visible only to its owner and contributors, so the API answered 404 as for one that does not exist\.$/,
  },
  {
    what: 'the comments of an update of a private goal (GO7), through the commented record',
    send: async (h) => {
      const { id, outsider } = await privateGoalOfOthers(h);
      const owner = h.world.store.goals.get(id)!.ownerId;
      const update = await h.call('POST', `/api/v2/goals/${id}/goal-updates`, {
        token: h.tokenOf(h.world.store.people.get(owner)!),
        body: { progress: 3 },
      });
      return h.call('GET', `/api/v2/goal-updates/${update.body.id}/comments`, { token: outsider });
    },
    status: 404,
    kind: 'access',
    rule: 'GO7',
    source: 'decided',
    sentence: /^Access \(GO7\) decided it: the record is, or belongs to, a private goal/,
  },
  {
    what: 'a goal that does not exist: the same 404 as a private one, explained as G2',
    send: (h) => h.call('GET', '/api/v2/goals/00000000-0000-4000-8000-000000000000'),
    status: 404,
    kind: 'domain',
    rule: 'G2',
    source: 'interface',
    sentence:
      /^The domain rule G2 decided it with 404: No goal with id 00000000-0000-4000-8000-000000000000 exists, or it is not visible to you \(G2\)/,
  },
  {
    what: 'a session name refused (MK5)',
    send: (h) => h.call('GET', '/api/v2/me', { headers: { 'x-mock-session': 'no spaces' } }),
    status: 400,
    kind: 'access',
    rule: 'MK5',
    sentence: /^Access \(MK5, X-Mock-Session\) refused it with 400: /,
  },
  {
    what: "the activity hook's wrong token (WH1)",
    send: (h) => h.call('POST', h.hookPath().replace(/token=[^&]+/, 'token=hook_wrong'), { token: null, body: {} }),
    status: 401,
    kind: 'access',
    rule: 'WH1',
    source: 'production',
    sentence:
      /^Access \(WH1, the hook's token\) refused it with 401: The token query parameter is not this account's hook token \(WH1\)/,
  },
  {
    what: "someone else's check-in (CI3)",
    send: (h) => {
      const theirs = [...h.world.store.checkIns.values()].find((c) => c.personId !== h.world.defaultPersonId)!;
      return h.call('PATCH', `/api/v2/check-ins/${theirs.id}`, { body: { mood: 'calm' } });
    },
    status: 403,
    kind: 'access',
    rule: 'CI3',
    source: 'interface',
    sentence: /^Access \(CI3\) refused it with 403: This check-in belongs to someone else \(CI3\)/,
  },
  {
    what: 'the input refused (G8), naming the parameter',
    send: (h) => {
      const goal = h.world.store.goalsOfPerson(h.person().id)[0]!;
      return h.call('POST', `/api/v2/goals/${goal.id}/goal-updates`, { body: { confidence: 'high' } });
    },
    status: 422,
    kind: 'validation',
    rule: 'G8',
    source: 'decided',
    sentence: /^Validation \(G8\) refused the body parameter "confidence": confidence /,
  },
  {
    what: 'a domain rule (CI5), with its sentence',
    send: (h) => h.call('GET', '/api/v2/check-ins?since=2026-11-20&until=2026-11-01'),
    status: 422,
    kind: 'domain',
    rule: 'CI5',
    source: 'interface',
    sentence: /^The domain rule CI5 decided it with 422: since must not be after until \(CI5\)/,
  },
];

describe('explain (MCP6): who decided a journal entry’s answer', () => {
  it.each(CASES)('$what', async ({ options, send, status, kind, rule, source, sentence }) => {
    const h = new Harness(options);
    await send(h);
    const seq = h.mock.journal.last;
    const rest = await control(h, 'GET', `/requests/${seq}/explain`);
    expect(rest.status).toBe(200);
    expect(rest.body.seq).toBe(seq);
    expect(rest.body.status).toBe(status);
    const { decided_by: decided } = rest.body;
    expect({ kind: decided.kind, rule: decided.rule, source: decided.source }).toEqual({ kind, rule, source });
    expect(decided.sentence).toMatch(sentence);
    // The control twin's tool answers the same explanation.
    const client = await httpClient(h.mock, '/__mock/mcp', {});
    const tool = await client.callTool({ name: 'explain_request', arguments: { seq: String(seq) } });
    expect(tool.isError).toBeFalsy();
    expect(tool.structuredContent).toEqual(rest.body);
  });

  it('names the tool of a request an MCP call made', async () => {
    const h = new Harness();
    const client = await httpClient(h.mock, '/mcp', { authorization: `Bearer ${h.tokenOf(h.person())}` });
    await client.callTool({ name: 'get_me', arguments: {} });
    // The tool's REST call is journaled apart from the /mcp request that carried it.
    const [call] = h.mock.journal.list({ path: '/api/v2/me' });
    const rest = await control(h, 'GET', `/requests/${call!.seq}/explain`);
    expect(rest.body).toMatchObject({ mcp_tool: 'get_me', decided_by: { kind: 'spec', rule: null } });
  });

  it('an unknown or dropped seq is a 404 problem, through REST and the tool', async () => {
    const h = new Harness();
    await h.call('GET', '/api/v2/me');
    const unknown = await control(h, 'GET', '/requests/2/explain');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/no request 2 \(MCP6\).*1 is the newest/);
    const client = await httpClient(h.mock, '/__mock/mcp', {});
    const tool = await client.callTool({ name: 'explain_request', arguments: { seq: '2' } });
    expect(tool.isError).toBe(true);
    expect((tool.content as Array<{ text: string }>)[0]!.text).toMatch(/^404 /);
  });

  it('a seq dropped from a full journal is gone, the newest still explained', async () => {
    const h = new Harness();
    for (let i = 0; i < h.mock.journal.capacity + 1; i++) await h.mock.app.request('/api/v2/me');
    expect((await control(h, 'GET', '/requests/1/explain')).status).toBe(404);
    const newest = await control(h, 'GET', `/requests/${h.mock.journal.last}/explain`);
    expect(newest.body).toMatchObject({ seq: h.mock.journal.capacity + 1, decided_by: { kind: 'access', rule: 'G9' } });
  });
});
