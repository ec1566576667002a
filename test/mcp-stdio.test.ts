// `standin mcp`: the twin's tools over stdio (MCP1), started as MCP clients start a command, through the
// official SDK's own stdio client: the same tools as /mcp, answers byte-identical to the API's on the same seed
// and clock (MCP8), the person --token names, and a mistake said in one line.
import { spawnSync } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Harness, NOW } from './support/harness.js';
import { closeClients, stdioClient } from './support/mcp-client.js';
import { CLI } from './support/standin-process.js';

afterEach(closeClients);

function twin(args: string[]): Promise<Client> {
  return stdioClient(['--now', NOW, ...args]);
}

describe('standin mcp', () => {
  it("serves /mcp's tools, answering as the API of the same seed and clock answers, as the default person", async () => {
    const h = new Harness();
    const client = await twin([]);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('get_goals');
    const goals = await client.callTool({ name: 'get_goals', arguments: { per_page: 3 } });
    const rest = await h.call('GET', '/api/v2/goals?per_page=3');
    expect(JSON.stringify((goals.structuredContent as { items: unknown }).items)).toBe(rest.text);
  });

  it('with --control, also serves the control twin: an agent moves the clock of the world it acts in (MCP6)', async () => {
    const client = await twin(['--control']);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_me', 'advance_clock', 'reset_world']));
    const moved = await client.callTool({ name: 'advance_clock', arguments: { hours: 2 } });
    expect((moved.structuredContent as { now: string }).now).toBe('2026-11-20T17:00:00Z');
  });

  it('acts as the person --token names', async () => {
    const h = new Harness();
    const other = h.person((p) => p.id !== h.world.defaultPersonId && p.kind === 'human');
    const client = await twin(['--token', h.tokenOf(other)]);
    const me = await client.callTool({ name: 'get_me', arguments: {} });
    expect((me.structuredContent as { id: string }).id).toBe(other.id);
  });

  it('refuses a token no one has, and a serve option it does not take, each in one line with exit 2', () => {
    for (const args of [
      ['--token', 'rw_nobody'],
      ['--seed', 'lots'],
    ]) {
      const run = spawnSync(process.execPath, [CLI, 'mcp', '--now', NOW, ...args], { encoding: 'utf8', input: '' });
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.stdout).toBe('');
    }
  });
});
