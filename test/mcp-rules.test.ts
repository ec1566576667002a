// The API's rules reach through /mcp unchanged (MCP3, MCP8): every tool's answer is what its outputSchema says,
// GO7 hides a private goal from every tool, CI3 keeps a person's check-in theirs, G14 counts MCP and REST calls
// together, a fault profile makes a tool error, no token leaks into a result or the journal, and G15 bounds
// what /mcp reads.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';
import type { Person } from '../src/domain/records.js';
import { Harness } from './support/harness.js';
import { closeClients, httpClient, ORIGIN } from './support/mcp-client.js';

afterEach(closeClients);

type ToolResult = Awaited<ReturnType<Client['callTool']>>;

function connect(h: Harness, person: Person, session?: string): Promise<Client> {
  return httpClient(h.mock, '/mcp', {
    authorization: `Bearer ${h.tokenOf(person)}`,
    ...(session ? { 'x-mock-session': session } : {}),
  });
}

async function rest<T>(h: Harness, person: Person, path: string): Promise<T> {
  const answer = await h.mock.app.request(`${ORIGIN}/api/v2${path}`, {
    headers: { authorization: `Bearer ${h.tokenOf(person)}` },
  });
  expect(answer.status, `GET ${path}`).toBe(200);
  return (await answer.json()) as T;
}

function textOf(result: ToolResult): string {
  return (result.content as Array<{ text: string }>)[0]!.text;
}

describe('every tool answers as its outputSchema says', () => {
  it('each of the fourteen, called after tools/list, gives structuredContent its schema accepts', async () => {
    const h = new Harness();
    const me = h.person();
    const client = await connect(h, me, 'every-tool');
    const { tools } = await client.listTools();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const goal = (await rest<Array<{ id: string }>>(h, me, `/goals?people_ids[]=${me.id}`))[0]!;
    const dueCheckIn = (await rest<Array<{ kind: string; resource: { id: string } }>>(h, me, '/action-items')).find(
      (item) => item.kind === 'check-in',
    )!.resource.id;
    const question = (await rest<Array<{ id: string }>>(h, me, '/echo/questions'))[0]!.id;
    const calls: Record<string, () => Record<string, unknown>> = {
      get_me: () => ({}),
      get_goals: () => ({ per_page: 3 }),
      get_goal: () => ({ id: goal.id }),
      get_digest: () => ({}),
      get_check_ins: () => ({ per_page: 3 }),
      get_activities: () => ({ per_page: 3 }),
      get_action_items: () => ({}),
      get_echo_answers: () => ({ question_id: question }),
      post_goal_update: () => ({ goal_id: goal.id, title: 'Every tool', progress: 12 }),
      submit_check_in: () => ({ id: dueCheckIn, mood: 'happy', intentions: 'Call every tool once.' }),
      add_comment: () => ({ goal_update_id: updated!, body: 'Read it.' }),
      add_reaction: () => ({ goal_update_id: updated!, name: 'tada' }),
      log_activity: () => ({ group: 'Pairing', title: 'Paired on the twin', description: 'Walked every tool once.' }),
      answer_echo: () => ({ question_id: question, body: 'All fourteen answered.' }),
    };
    let updated: string | undefined;
    expect(Object.keys(calls).sort()).toEqual(tools.map((t) => t.name).sort());
    // The order writes need: the update first, so the comment and the reaction have one.
    const order = ['post_goal_update', ...Object.keys(calls).filter((name) => name !== 'post_goal_update')];
    for (const name of order) {
      const tool = tools.find((t) => t.name === name)!;
      // The SDK's client itself checks structuredContent against the listed outputSchema, and throws if not.
      const result = await client.callTool({ name, arguments: calls[name]!() });
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      if (name === 'post_goal_update') updated = (result.structuredContent as { id: string }).id;
      if (!tool.outputSchema) continue;
      const validate = ajv.compile(tool.outputSchema);
      expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });
});

describe('the rules reach through the twin', () => {
  it('GO7: a private goal appears in no tool result of someone outside it, and get_goal is a 404', async () => {
    const h = new Harness();
    const goal = [...h.world.store.goals.values()].find((g) => g.private && !g.archived)!;
    expect(goal, 'the world has a private goal').toBeDefined();
    const outsider = h.person((p) => p.id !== goal.ownerId && !goal.contributorIds.includes(p.id));
    const owner = h.person((p) => p.id === goal.ownerId);
    const asOutsider = await connect(h, outsider);
    const asOwner = await connect(h, owner);
    const reads: Array<[string, Record<string, unknown>]> = [
      ['get_goals', { per_page: 50 }],
      ['get_goals', { people_ids: [owner.id], per_page: 50 }],
      ['get_digest', { per_page: 50 }],
      ['get_activities', { per_page: 50 }],
      ['get_action_items', {}],
    ];
    for (const [name, args] of reads) {
      const result = await asOutsider.callTool({ name, arguments: args });
      expect(result.isError, name).toBeFalsy();
      expect(JSON.stringify(result), `${name} shows the private goal`).not.toContain(goal.id);
    }
    const denied = await asOutsider.callTool({ name: 'get_goal', arguments: { id: goal.id } });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(/^404 /);
    // The owner sees it, through the same tools: the test would pass for a twin that shows nothing.
    const seen = await asOwner.callTool({ name: 'get_goals', arguments: { people_ids: [owner.id], per_page: 50 } });
    expect(JSON.stringify(seen.structuredContent)).toContain(goal.id);
  });

  it("CI3: submit_check_in on someone else's check-in is a tool error and changes nothing", async () => {
    const h = new Harness();
    const me = h.person();
    const other = h.person((p) => p.id !== me.id);
    const theirs = (await rest<Array<{ id: string; person: { id: string } }>>(h, other, `/check-ins?per_page=50`)).find(
      (c) => c.person.id === other.id,
    )!;
    const before = JSON.stringify(await rest(h, other, `/check-ins/${theirs.id}`));
    const result = await (
      await connect(h, me)
    ).callTool({
      name: 'submit_check_in',
      arguments: { id: theirs.id, mood: 'angry', intentions: 'Not mine to write.' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^40[34] /);
    expect(JSON.stringify(await rest(h, other, `/check-ins/${theirs.id}`))).toBe(before);
  });

  it('G14: the limit counts a person’s MCP and REST calls together', async () => {
    const h = new Harness({ rateLimit: true });
    const me = h.person();
    const client = await connect(h, me);
    for (let i = 0; i < 20; i++) await rest(h, me, '/me');
    const results: ToolResult[] = [];
    for (let i = 0; i < 11; i++) results.push(await client.callTool({ name: 'get_me', arguments: {} }));
    // 20 REST calls and 10 tool calls fill the burst of 30; the 31st, a tool call, is refused.
    expect(results.slice(0, 10).every((r) => !r.isError)).toBe(true);
    expect(results[10]!.isError).toBe(true);
    expect(textOf(results[10]!)).toMatch(/^429 /);
    const answer = await h.mock.app.request(`${ORIGIN}/api/v2/me`, {
      headers: { authorization: `Bearer ${h.tokenOf(me)}` },
    });
    expect(answer.status).toBe(429);
  });

  it('MK6: a fault profile on the REST path makes the tool call a tool error, not a broken connection', async () => {
    const h = new Harness();
    const put = await h.mock.app.request('/__mock/faults', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        seed: 1,
        rules: [{ methods: ['GET'], path: '/api/v2/goals', faults: [{ kind: 'error', status: 503, rate: 1 }] }],
      }),
    });
    expect(put.status).toBe(200);
    const client = await connect(h, h.person());
    const faulted = await client.callTool({ name: 'get_goals', arguments: {} });
    expect(faulted.isError).toBe(true);
    expect(textOf(faulted)).toMatch(/^503 /);
    // Only the profile's path: another tool answers.
    expect((await client.callTool({ name: 'get_me', arguments: {} })).isError).toBeFalsy();
  });

  it('no token appears in any tool result or in the journal', async () => {
    const h = new Harness();
    const me = h.person();
    const client = await connect(h, me);
    const seen: string[] = [];
    for (const name of ['get_me', 'get_goals', 'get_digest', 'get_action_items', 'get_activities'])
      seen.push(JSON.stringify(await client.callTool({ name, arguments: {} })));
    seen.push(JSON.stringify(await client.callTool({ name: 'get_goals', arguments: { people_ids: ['me'] } })));
    const journal = await (await h.mock.app.request('/__mock/requests')).text();
    expect(journal).toContain('get_me');
    for (const text of [...seen, journal]) {
      expect(text).not.toContain(me.tokens.readWrite);
      expect(text).not.toContain(me.tokens.readOnly);
    }
  });

  it('G15: /mcp reads no body past the cap, and G4 clamps a tool’s page as it clamps the REST page', async () => {
    const h = new Harness();
    const me = h.person();
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'log_activity', arguments: { title: 'x'.repeat(2 * 1024 * 1024) } },
    });
    const answer = await h.mock.app.request(`${ORIGIN}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${h.tokenOf(me)}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: huge,
    });
    expect(answer.status).toBe(413);
    const activities = await rest<unknown[]>(h, me, '/activities?per_page=50');
    expect(JSON.stringify(activities)).not.toContain('xxxxxxxx');
    const client = await connect(h, me);
    // Above the maximum, per_page is clamped to 50 (production's), as on the REST page.
    const clamped = await client.callTool({ name: 'get_goals', arguments: { per_page: 500 } });
    const page = clamped.structuredContent as { items: unknown[]; per_page: number };
    expect(page.per_page).toBe(50);
    expect(page.items.length).toBeLessThanOrEqual(50);
    const zero = await client.callTool({ name: 'get_goals', arguments: { per_page: 0 } });
    expect(zero.isError).toBe(true);
    expect(textOf(zero)).toContain('per_page');
  });
});
