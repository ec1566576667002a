// /mcp, the twin of the vendor's MCP server (MCP1-MCP3, MCP5, MCP7, MCP8), driven by the official SDK's own
// client over Streamable HTTP, in process through the mock's app: each tool's answer is its REST answer byte
// for byte on the same world, a refusal is a tool error naming the argument, and the protocol's errors are the
// protocol's.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness } from './support/harness.js';
import { closeClients, httpClient, ORIGIN } from './support/mcp-client.js';

let h: Harness;
let token: string;

beforeEach(() => {
  h = new Harness();
  token = h.tokenOf(h.person());
});

afterEach(closeClients);

/** An MCP client of the mock's /mcp, with the headers given on every request. */
function connect(headers: Record<string, string> = { authorization: `Bearer ${token}` }): Promise<Client> {
  return httpClient(h.mock, '/mcp', headers);
}

/** The REST answer's text, as the API gives it to the same token. */
async function rest(path: string, session?: string): Promise<string> {
  const answer = await h.mock.app.request(`${ORIGIN}/api/v2${path}`, {
    headers: { authorization: `Bearer ${token}`, ...(session ? { 'x-mock-session': session } : {}) },
  });
  expect(answer.status).toBe(200);
  return answer.text();
}

describe('tools/list (MCP2)', () => {
  it("names production's five tools and standin's nine, each with its operation's schemas and its source", async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'add_comment',
        'add_reaction',
        'answer_echo',
        'get_action_items',
        'get_activities',
        'get_check_ins',
        'get_digest',
        'get_echo_answers',
        'get_goal',
        'get_goals',
        'get_me',
        'log_activity',
        'post_goal_update',
        'submit_check_in',
      ].sort(),
    );
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('get_goals')!.description).toMatch(/production's MCP server names this tool \(MCP2\)\.$/);
    expect(byName.get('get_goal')!.description).toMatch(/standin names this tool; .* \(MCP2\)\.$/);
    // The array parameter without its brackets, typed as the spec types it.
    expect(byName.get('get_goals')!.inputSchema.properties!.people_ids).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'uuid' },
    });
    expect(byName.get('get_digest')!.inputSchema.properties).toHaveProperty('category');
    expect(byName.get('post_goal_update')!.inputSchema.required).toEqual(['goal_id']);
    expect(byName.get('get_goals')!.outputSchema!.required).toEqual(['items', 'page', 'per_page']);
    // Self-contained: a client reads no components of the spec.
    expect(JSON.stringify(tools)).not.toContain('$ref');
    expect(JSON.stringify(tools)).not.toContain('x-rule');
  });
});

describe('a tool call is the REST call (MCP3)', () => {
  it('answers the reads with the REST answers, byte for byte, lists wrapped with their page', async () => {
    const client = await connect();
    const me = JSON.parse(await rest('/me')) as { id: string };
    const goal = (JSON.parse(await rest(`/goals?people_ids[]=${me.id}`)) as Array<{ id: string }>)[0]!;
    const cases: Array<[string, Record<string, unknown>, string, boolean]> = [
      ['get_me', {}, '/me', false],
      ['get_goals', { people_ids: [me.id], per_page: 5 }, `/goals?people_ids[]=${me.id}&per_page=5`, true],
      ['get_goal', { id: goal.id }, `/goals/${goal.id}`, false],
      [
        'get_check_ins',
        { since: '2026-11-16', until: '2026-11-20' },
        '/check-ins?since=2026-11-16&until=2026-11-20',
        true,
      ],
      ['get_activities', { page: 2 }, '/activities?page=2', true],
      ['get_digest', { category: 'comment' }, '/digest?category=comment', true],
      ['get_action_items', {}, '/action-items', true],
    ];
    for (const [name, args, path, list] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBeFalsy();
      const text = await rest(path);
      const structured = result.structuredContent as Record<string, unknown>;
      expect(JSON.stringify(list ? structured.items : structured), name).toBe(text);
      if (list) expect(structured.page, name).toBe(Number(args.page ?? 1));
    }
  });

  it('writes through the API: a posted update is the one REST then lists, in the session the client named', async () => {
    const client = await connect({ authorization: `Bearer ${token}`, 'x-mock-session': 'mcp-episode' });
    const me = JSON.parse(await rest('/me', 'mcp-episode')) as { id: string };
    const goal = (JSON.parse(await rest(`/goals?people_ids[]=${me.id}`, 'mcp-episode')) as Array<{ id: string }>)[0]!;
    const result = await client.callTool({
      name: 'post_goal_update',
      arguments: { goal_id: goal.id, title: 'Through the twin', body: 'Posted by an agent.', progress: 40 },
    });
    expect(result.isError).toBeFalsy();
    const posted = result.structuredContent as { id: string; title: string };
    expect(posted.title).toBe('Through the twin');
    const listed = JSON.parse(await rest(`/goals/${goal.id}/goal-updates`, 'mcp-episode')) as Array<{ id: string }>;
    expect(listed[0]!.id).toBe(posted.id);
    // The shared world never saw it: the session is the client's (MK5, MCP1).
    const shared = JSON.parse(await rest(`/goals/${goal.id}/goal-updates`)) as Array<{ id: string }>;
    expect(shared.map((u) => u.id)).not.toContain(posted.id);
  });

  it("is journaled as the REST call it is, with the tool's name; a client's own request has none", async () => {
    const client = await connect();
    await client.callTool({ name: 'get_me', arguments: {} });
    await rest('/me');
    const journal = await h.call<Array<{ path: string; mcp_tool?: string }>>('GET', '/__mock/requests');
    const mine = journal.body.filter((entry) => entry.path === '/api/v2/me');
    expect(mine.map((entry) => entry.mcp_tool ?? null)).toEqual(expect.arrayContaining(['get_me', null]));
    expect(mine).toHaveLength(2);
  });

  it("carries production's kind of instructions for an assistant in the action items' text, one per item (MCP4)", async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'get_action_items', arguments: {} });
    const items = JSON.parse(await rest('/action-items')) as Array<{
      kind: string;
      resource: { id: string };
      teams: Array<{ name: string }>;
    }>;
    const checkIn = items.find((item) => item.kind === 'check-in');
    expect(checkIn, 'the default person has a check-in to fill in').toBeDefined();
    const lines = (result.content as Array<{ text: string }>)[0]!.text.split('\n');
    // The summary, the answer, then an instruction an item.
    expect(lines).toHaveLength(2 + items.length);
    const said = lines.slice(2).find((line) => line.includes(checkIn!.resource.id))!;
    expect(said).toMatch(/^Walk the user through their check-in /);
    for (const team of checkIn!.teams) expect(said).toContain(team.name);
    expect(said).toContain(`call submit_check_in with id ${checkIn!.resource.id}`);
  });

  it("gives a refusal as a tool error with the problem's detail, naming the argument (G6, G8)", async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'get_goals', arguments: { people_ids: ['me'] } });
    expect(result.isError).toBe(true);
    const [text] = result.content as Array<{ text: string }>;
    expect(text!.text).toMatch(/^422 /);
    expect(text!.text).toContain('people_ids[]');
  });

  it("a read-only token's write is the API's 403, as a tool error: the twin opens no way around G9", async () => {
    const client = await connect({ authorization: `Bearer ${h.tokenOf(h.person(), 'readOnly')}` });
    const me = (await client.callTool({ name: 'get_me', arguments: {} })).structuredContent as { id: string };
    const goal = (JSON.parse(await rest(`/goals?people_ids[]=${me.id}`)) as Array<{ id: string }>)[0]!;
    const result = await client.callTool({ name: 'post_goal_update', arguments: { goal_id: goal.id, progress: 50 } });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/^403 /);
    expect(JSON.parse(await rest(`/goals/${goal.id}/goal-updates`))).not.toContainEqual(
      expect.objectContaining({ progress: 50, body: '' }),
    );
  });

  it('asks for exactly one id of a pair (add_comment)', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'add_comment', arguments: { body: 'Nice' } });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]!.text).toContain(
      'exactly one of `check_in_id` or `goal_update_id`',
    );
  });
});

describe('the protocol (MCP5, MCP7)', () => {
  it('an unknown tool is a JSON-RPC error, not a tool result', async () => {
    const client = await connect();
    await expect(client.callTool({ name: 'get_everything', arguments: {} })).rejects.toThrow(
      /Unknown tool get_everything/,
    );
  });

  it('no token, or one the world does not know: 401 with WWW-Authenticate: Bearer before any MCP message', async () => {
    for (const headers of [{}, { authorization: 'Bearer nobody' }] as Array<Record<string, string>>) {
      const answer = await h.mock.app.request(`${ORIGIN}/mcp`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('in any-token mode (MK7) a client with no token acts as the chosen person', async () => {
    h = new Harness({ anyToken: true });
    const client = await connect({});
    const result = await client.callTool({ name: 'get_me', arguments: {} });
    expect((result.structuredContent as { id: string }).id).toBe(h.world.defaultPersonId);
  });

  it("a page of another site gets 403 and nothing of the world (G13's check, against DNS rebinding)", async () => {
    const answer = await h.mock.app.request(`${ORIGIN}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        origin: 'https://evil.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain('get_me');
  });
});

describe('determinism (MCP8)', () => {
  it('the same calls on two mocks of the same seed and clock give the same bytes', async () => {
    const texts: string[] = [];
    for (let i = 0; i < 2; i++) {
      h = new Harness();
      token = h.tokenOf(h.person());
      const client = await connect();
      const goals = await client.callTool({ name: 'get_goals', arguments: {} });
      const digest = await client.callTool({ name: 'get_digest', arguments: {} });
      texts.push(JSON.stringify([goals, digest]));
    }
    expect(texts[0]).toBe(texts[1]);
  });
});
