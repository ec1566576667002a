// The control twin at /__mock/mcp (MCP6): the controls as tools for agents that drive demos and tests, each a
// control of spec/control.yaml marked `x-mcp-tool`, behind the controls' own guards (the control token, G13).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from './support/harness.js';
import { closeClients, httpClient, ORIGIN } from './support/mcp-client.js';

afterEach(closeClients);

function connect(h: Harness, headers: Record<string, string> = {}): Promise<Client> {
  return httpClient(h.mock, '/__mock/mcp', headers);
}

describe('the control twin (MCP6)', () => {
  it('lists the controls an agent drives a demo with, each saying it is standin’s', async () => {
    const { tools } = await (await connect(new Harness())).listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['reset_world', 'get_clock', 'advance_clock', 'save_snapshot', 'query_journal']),
    );
    expect(tools).toHaveLength(19);
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
    expect(JSON.stringify(moved.structuredContent)).toBe(after.text);
    expect(Date.parse(after.body.now) - Date.parse(before.body.now)).toBe(86_400_000);
    const clock = await client.callTool({ name: 'get_clock', arguments: {} });
    expect(JSON.stringify(clock.structuredContent)).toBe(after.text);
    // MK2: a reset keeps the clock unless it is given one; this one takes the clock back.
    await client.callTool({ name: 'reset_world', arguments: { now: before.body.now } });
    expect((await h.call('GET', '/__mock/clock')).text).toBe(before.text);
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
