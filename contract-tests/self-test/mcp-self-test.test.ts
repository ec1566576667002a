// The MCP part's self-test (`--mcp`): standin's /mcp passes every MCP check, and each broken twin (one defect
// each, made by rewriting the JSON-RPC exchanges of a healthy mock's /mcp) is caught by exactly the check of
// the rule it breaks, no other.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../src/index.js';
import { PACKAGE_ROOT } from '../../src/spec/spec-files.js';
import { mcp } from '../checks/mcp.js';
import { sourceOfCheck } from '../kit/runner.js';
import { checkContract, PreflightError, type ContractRun } from '../index.js';

const ROOT = 'http://127.0.0.1:4010';
/** A frozen clock keeps every run alike: same world, same today. */
const NOW = '2026-11-20T15:00:00Z';

interface RpcRequest {
  method?: string;
  params?: { name?: string; arguments?: Record<string, unknown> };
}

/** One defect of the twin: how it changes a POST to /mcp before the mock sees it, or the answer after. */
interface McpDefect {
  name: string;
  /** The titles of the checks that must fail, and no other. */
  caughtBy: string[];
  request?(
    rpc: RpcRequest | undefined,
    headers: Headers,
    tokens: TokenList,
    text: string,
    mock: Mock,
  ): Promise<Response | void> | Response | void;
  response?(rpc: RpcRequest | undefined, answer: any): void;
}

type TokenList = Array<{ person: { id: string }; read_write: string }>;

const title = (prefix: string) => {
  const check = mcp.checks.find((c) => `${c.rule} ${c.title}`.startsWith(prefix));
  if (!check) throw new Error(`no MCP check ${prefix}`);
  return `${check.rule} ${check.title}`;
};

const DEFECTS: McpDefect[] = [
  {
    name: 'drops a tool from tools/list',
    caughtBy: [title('MCP2 get_action_items: listed')],
    response(rpc, answer) {
      if (rpc?.method === 'tools/list')
        answer.result.tools = answer.result.tools.filter((t: { name: string }) => t.name !== 'get_action_items');
    },
  },
  {
    name: 'answers a token it does not know as the default person',
    caughtBy: [title('MCP5 a token the server does not know')],
    request(_rpc, headers, tokens) {
      if (/standin-contract-unknown/.test(headers.get('authorization') ?? ''))
        headers.set('authorization', `Bearer ${tokens[0]!.read_write}`);
    },
  },
  {
    name: "leaks private goals: answers get_goals and get_goal as the goal's owner",
    caughtBy: [title('GO7')],
    async request(rpc, headers, tokens, _text, mock) {
      const args = rpc?.params?.arguments ?? {};
      let owner: TokenList[number] | undefined;
      if (rpc?.params?.name === 'get_goals' && Array.isArray(args.people_ids))
        owner = tokens.find((t) => t.person.id === (args.people_ids as string[])[0]);
      if (rpc?.params?.name === 'get_goal') {
        // The person who sees the goal through REST, in the run's session: its owner, for a private one.
        for (const t of tokens) {
          const seen = await mock.app.request(`${ROOT}/api/v2/goals/${String(args.id)}`, {
            headers: { authorization: `Bearer ${t.read_write}`, 'x-mock-session': headers.get('x-mock-session') ?? '' },
          });
          if (seen.status === 200) {
            owner = t;
            break;
          }
        }
      }
      if (owner) headers.set('authorization', `Bearer ${owner.read_write}`);
    },
  },
  {
    name: "breaks get_me's answer: no name",
    caughtBy: [title('MCP2 get_me: its structuredContent'), title('MCP3')],
    response(rpc, answer) {
      if (rpc?.params?.name === 'get_me' && answer.result?.structuredContent)
        delete answer.result.structuredContent.name;
    },
  },
  {
    // The SDK's client finds nothing wrong here: the spec's own schema of GET /me must.
    name: "lists any object as get_me's outputSchema, and answers without a name",
    caughtBy: [title('MCP2 get_me: its structuredContent'), title('MCP3')],
    response(rpc, answer) {
      if (rpc?.method === 'tools/list')
        for (const tool of answer.result.tools) if (tool.name === 'get_me') tool.outputSchema = { type: 'object' };
      if (rpc?.params?.name === 'get_me' && answer.result?.structuredContent)
        delete answer.result.structuredContent.name;
    },
  },
  {
    // Valid by every schema: only the REST answer of the same call tells.
    name: "answers get_goal with another title than GET /goals/{id}'s",
    caughtBy: [title('MCP3')],
    response(rpc, answer) {
      if (rpc?.params?.name === 'get_goal' && answer.result?.structuredContent)
        answer.result.structuredContent.title = `${String(answer.result.structuredContent.title)} (v2)`;
    },
  },
  {
    name: 'answers bad arguments: a bad since gives every check-in',
    caughtBy: [title('G8')],
    request(rpc) {
      if (rpc?.params?.name === 'get_check_ins' && rpc.params.arguments?.since === 'last tuesday')
        delete rpc.params.arguments.since;
    },
  },
  {
    name: 'answers a message that does not parse with a 500',
    caughtBy: [title('MCP5 a malformed JSON-RPC message')],
    request(rpc, _headers, _tokens, text) {
      if (rpc === undefined && text.startsWith('{')) return new Response('Internal Server Error', { status: 500 });
    },
  },
];

/**
 * A fetch over the mock's app that hands every POST to /mcp through the defect (null: healthy). A request's
 * JSON-RPC message may be changed in place; the answer (JSON: standin's /mcp answers so) likewise.
 */
function twinFetch(mock: Mock, defect: McpDefect | null): typeof fetch {
  let tokens: TokenList | null = null;
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!defect || new URL(url).pathname !== '/mcp' || init?.method !== 'POST') return mock.app.request(url, init);
    tokens ??= (await (await mock.app.request(`${ROOT}/__mock/tokens`)).json()) as TokenList;
    const headers = new Headers(init.headers);
    const text = typeof init.body === 'string' ? init.body : '';
    let rpc: RpcRequest | undefined;
    try {
      rpc = JSON.parse(text) as RpcRequest;
    } catch {
      rpc = undefined;
    }
    const early = await defect.request?.(rpc, headers, tokens, text, mock);
    if (early) return early;
    const answer = await mock.app.request(url, {
      ...init,
      headers,
      body: rpc === undefined ? text : JSON.stringify(rpc),
    });
    if (!defect.response || !/json/.test(answer.headers.get('content-type') ?? '')) return answer;
    const body: unknown = await answer.json();
    defect.response(rpc, body);
    return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
  };
}

/** The kit's MCP part against a fresh mock's /mcp, broken by `defect` (null: healthy). */
function runAgainst(
  defect: McpDefect | null,
  options: { readOnly?: boolean; otherToken?: string } = {},
  mock: Mock = createMock({ now: NOW }),
): Promise<ContractRun> {
  return checkContract({
    baseUrl: `${ROOT}/api/v2`,
    mcpUrl: `${ROOT}/mcp`,
    mcpOnly: true,
    fetch: twinFetch(mock, defect),
    ...options,
  });
}

const failedChecks = (run: ContractRun) =>
  run.results.filter((r) => r.outcome === 'failed').map((r) => `${r.rule} ${r.title}`);

describe('the kit against an MCP server (--mcp)', () => {
  it("passes standin's /mcp: every MCP check run and passed, per rule source", async () => {
    const run = await runAgainst(null);
    expect(run.results.map((r) => [r.outcome, r.rule, r.title, r.message ?? ''])).toEqual(
      mcp.checks.map((c) => ['passed', c.rule, c.title, '']),
    );
    expect([run.passed, run.failed, run.notRun, mcp.checks.length]).toEqual([30, 0, 0, 30]);
    expect(run.ok).toBe(true);
    expect(run.text).toContain('MCP (MCP2, MCP3, MCP5, GO7, G8)     30      0       0');
    expect(run.text).toMatch(/^production {26}5 {7}0 {7}0$/m);
    expect(run.text).toMatch(/^decided {29}25 {6}0 {7}0$/m);
  });

  it('reads only with --read-only: GO7 alone is left out, by the flag, when the second person has no private goal', async () => {
    const run = await runAgainst(null, { readOnly: true });
    expect(run.results.filter((r) => r.outcome !== 'passed').map((r) => [r.rule, r.flag, r.message])).toEqual([
      ['GO7', '--read-only', 'writes: not run with --read-only'],
    ]);
    expect([run.passed, run.failed, run.notRun]).toEqual([29, 0, 1]);
  });

  it('finds a private goal without writing when the second person owns one (GO7 under --read-only)', async () => {
    const mock = createMock({ now: NOW });
    const tokens = (await (await mock.app.request(`${ROOT}/__mock/tokens`)).json()) as TokenList;
    const goals = (await (
      await mock.app.request(`${ROOT}/api/v2/goals?per_page=50`, {
        headers: { authorization: `Bearer ${tokens[0]!.read_write}` },
      })
    ).json()) as Array<{ id: string }>;
    // The small world's one private goal: the person whose REST list has a goal the first person's lacks.
    let owner: string | undefined;
    for (const t of tokens.slice(1)) {
      const theirs = (await (
        await mock.app.request(`${ROOT}/api/v2/goals?per_page=50&people_ids[]=${t.person.id}`, {
          headers: { authorization: `Bearer ${t.read_write}` },
        })
      ).json()) as Array<{ id: string; private: boolean }>;
      if (theirs.some((g) => g.private && !goals.some((mine) => mine.id === g.id))) owner = t.read_write;
    }
    expect(owner).toBeDefined();
    const run = await runAgainst(null, { readOnly: true, otherToken: owner }, mock);
    expect(run.results.find((r) => r.rule === 'GO7')?.outcome).toBe('passed');
    expect([run.passed, run.failed, run.notRun]).toEqual([30, 0, 0]);
  });

  it.each(DEFECTS.map((d) => [d.name, d] as const))(
    'catches a twin that %s, by that check alone',
    async (_, defect) => {
      const run = await runAgainst(defect);
      expect(failedChecks(run)).toEqual(defect.caughtBy);
      expect(run.ok).toBe(false);
    },
  );

  it("checks production's rules alone under --rules production: the five of them", async () => {
    const run = await checkContract({
      baseUrl: `${ROOT}/api/v2`,
      mcpUrl: `${ROOT}/mcp`,
      mcpOnly: true,
      rules: ['production'],
      fetch: twinFetch(createMock({ now: NOW }), null),
    });
    expect(run.results.map((r) => [r.outcome, r.rule, r.source])).toEqual([
      ['passed', 'MCP2', 'production'],
      ...Array.from({ length: 4 }, () => ['passed', 'MCP5', 'production']),
    ]);
    expect(run.text).toContain('left out by --rules: 25 decided');
  });

  it('stops in one line when the MCP server cannot be checked: no endpoint there, or the token unknown to it', async () => {
    const mock = createMock({ now: NOW });
    const fetch = twinFetch(mock, null);
    const start = (mcpUrl: string, token?: string) =>
      checkContract({ baseUrl: `${ROOT}/api/v2`, mcpUrl, mcpOnly: true, fetch, ...(token ? { token } : {}) });
    await expect(start(`${ROOT}/mcp-not-here`)).rejects.toThrow(
      new PreflightError(`no MCP endpoint at ${ROOT}/mcp-not-here: POST answered 404; standin's is at its root's /mcp`),
    );
    // A server whose MCP endpoint knows other tokens than its API: here, a twin answering 401 to everyone.
    const refusing: typeof globalThis.fetch = async (input, init) =>
      new URL(input instanceof Request ? input.url : String(input)).pathname === '/mcp'
        ? new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer' } })
        : fetch(input, init);
    await expect(
      checkContract({ baseUrl: `${ROOT}/api/v2`, mcpUrl: `${ROOT}/mcp`, mcpOnly: true, fetch: refusing }),
    ).rejects.toThrow(/^the MCP server does not know the token: POST http:\/\/127\.0\.0\.1:4010\/mcp answered 401/);
  });

  it("docs/contract-kit.md's counts of the MCP part are the group's", () => {
    const page = readFileSync(`${PACKAGE_ROOT}/docs/contract-kit.md`, 'utf8');
    const count = (source: string) => mcp.checks.filter((c) => sourceOfCheck(c) === source).length;
    const byRule = new Map<string, number>();
    for (const c of mcp.checks) byRule.set(c.rule, (byRule.get(c.rule) ?? 0) + 1);
    const rules = [...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ');
    expect(page.replace(/\n/g, ' ')).toContain(
      `The MCP part makes ${mcp.checks.length} checks (${count('production')} production, ${count('decided')} decided; by rule: ${rules})`,
    );
  });
});
