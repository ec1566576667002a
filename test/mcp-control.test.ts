// The control twin at /__mock/mcp (MCP6): the controls as tools for agents that drive demos and tests, each a
// control of spec/control.yaml marked `x-mcp-tool`, behind the controls' own guards (the control token, G13).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { control, Harness } from './support/harness.js';
import { closeClients, httpClient, ORIGIN } from './support/mcp-client.js';

afterEach(closeClients);
// A mock subscribed to a hook retries its deliveries on timers after the test: in a worker shared with other files
// (isolate: false) those fetches would reach what they patched (MSW's setupServer saw one on Node 24). Closed here.
const closing: Harness[] = [];
afterEach(() => {
  for (const h of closing.splice(0)) h.mock.close();
});

function connect(h: Harness, headers: Record<string, string> = {}): Promise<Client> {
  return httpClient(h.mock, '/__mock/mcp', headers);
}

describe('the control twin (MCP6)', () => {
  it('lists the controls an agent drives a demo with, each saying it is standin’s', async () => {
    const { tools } = await (await connect(new Harness())).listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['reset_world', 'get_clock', 'advance_clock', 'save_snapshot', 'query_journal']),
    );
    expect(tools).toHaveLength(20);
    for (const tool of tools) expect(tool.description, tool.name).toMatch(/control twin .*\(MCP6\)/);
    // No tool gives tokens (MCP7): GET /__mock/tokens is not one.
    expect(tools.map((t) => t.name)).not.toContain('list_tokens');
  });

  it('moves the clock and resets the world as the controls do, answering what they answer', async () => {
    const h = new Harness();
    const client = await connect(h);
    const before = await h.call('GET', '/__mock/clock');
    const moved = await client.callTool({ name: 'advance_clock', arguments: { days: 1 } });
    expect(moved.isError).toBeFalsy();
    const after = await h.call('GET', '/__mock/clock');
    const { happened, ...clockPart } = moved.structuredContent as { happened: object };
    expect(JSON.stringify(clockPart)).toBe(after.text);
    expect(happened).toHaveProperty('check_ins_made');
    expect(Date.parse(after.body.now) - Date.parse(before.body.now)).toBe(86_400_000);
    const clock = await client.callTool({ name: 'get_clock', arguments: {} });
    expect(JSON.stringify(clock.structuredContent)).toBe(after.text);
    // MK2: a reset keeps the clock unless it is given one; this one takes the clock back.
    await client.callTool({ name: 'reset_world', arguments: { now: before.body.now } });
    expect((await h.call('GET', '/__mock/clock')).text).toBe(before.text);
  });

  it('advance_clock answers what the move made happen, as the world then holds it (MCP6, LW6, WH3)', async () => {
    const h = new Harness();
    closing.push(h);
    const { store } = h.world;
    const subscribed = await control(h, 'POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['check-in.completed', 'goal-update.created', 'comment.created'],
    });
    expect(subscribed.status).toBe(201);
    const counts = () => ({
      check_ins_made: store.checkIns.size,
      check_ins_filled: [...store.checkIns.values()].filter((c) => c.completedAt !== null).length,
      goal_updates_posted: store.goalUpdates.size,
      comments_posted: store.comments.size,
      reactions_added: store.reactions.size,
      echo_answers_published: store.echoAnswers.size,
      activities_logged: store.activities.size,
    });
    const before = counts();
    const client = await connect(h);
    const moved = await client.callTool({ name: 'advance_clock', arguments: { days: 3 } });
    const { happened } = moved.structuredContent as { happened: Record<string, number> };
    const after = counts();
    for (const [name, count] of Object.entries(before))
      expect(happened[name], name).toBe(after[name as keyof typeof after] - count);
    // Three days of a living team: check-ins made and filled, updates and comments, each queued to the hook.
    expect(happened.check_ins_made).toBeGreaterThan(0);
    expect(happened.check_ins_filled).toBeGreaterThan(0);
    expect(happened.goal_updates_posted! + happened.comments_posted!).toBeGreaterThan(0);
    expect(happened.activities_logged).toBeGreaterThan(0);
    const deliveries = await control(h, 'GET', '/webhooks/deliveries');
    expect(happened.webhook_deliveries).toBe(deliveries.body.length);
    expect(happened.webhook_deliveries).toBeGreaterThan(0);
    // MK3: the same move on a mock of the same seed and clock says the same.
    const again = new Harness();
    closing.push(again);
    await control(again, 'POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['check-in.completed', 'goal-update.created', 'comment.created'],
    });
    const twin = await (await connect(again)).callTool({ name: 'advance_clock', arguments: { days: 3 } });
    expect(JSON.stringify(twin.structuredContent)).toBe(JSON.stringify(moved.structuredContent));
  });

  it('get_world_summary is the world summary without the hook and its token (MCP6, MCP7)', async () => {
    const h = new Harness();
    const summary = await control(h, 'GET', '/world');
    const { activity_hook: hook, ...rest } = summary.body as { activity_hook: { token: string } };
    const client = await connect(h);
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'get_world_summary')!;
    expect(tool.outputSchema!.properties).not.toHaveProperty('activity_hook');
    expect(tool.outputSchema!.required).not.toContain('activity_hook');
    const result = await client.callTool({ name: 'get_world_summary', arguments: {} });
    expect(result.structuredContent).toEqual(rest);
    expect(JSON.stringify(result)).not.toContain(hook.token);
    expect(JSON.stringify(result)).toContain('"counts"');
  });

  it('a control that answers 204 is a result without structure, and an unpaged list is {items}', async () => {
    const h = new Harness();
    const client = await connect(h, { 'x-mock-session': 'episode-1' });
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'drop_session')!.outputSchema).toBeUndefined();
    const sessions = await client.callTool({ name: 'list_sessions', arguments: {} });
    expect(Object.keys(sessions.structuredContent as object)).toEqual(['items']);
    const dropped = await client.callTool({ name: 'drop_session', arguments: { name: 'episode-1' } });
    expect(dropped.isError).toBeFalsy();
    expect(dropped.structuredContent).toBeUndefined();
  });

  it('a refused control is a tool error with its problem', async () => {
    const client = await connect(new Harness());
    const result = await client.callTool({ name: 'advance_clock', arguments: { days: -3 } });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/^422 /);
  });

  it('behind a control token, as every control: 401 without it, answered with it', async () => {
    const h = new Harness({ controlToken: 'ct_demo_token_1234' });
    const refused = await h.mock.app.request(`${ORIGIN}/__mock/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
    const client = await connect(h, { authorization: 'Bearer ct_demo_token_1234' });
    const clock = await client.callTool({ name: 'get_clock', arguments: {} });
    expect(clock.isError).toBeFalsy();
  });
});
