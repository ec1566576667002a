// The MCP part of the kit (`--mcp URL`): any MCP server of the API (standin's /mcp, or production's with a token)
// against the spec's tools (MCP2: each operation marked `x-mcp-tool`), the protocol's errors (MCP5), and the
// rules a tool call must keep as its REST call does: GO7's private goals and G8's refusals naming the argument.
// Read-only: it calls the read tools only; GO7's private goal is found through REST, or made there when writes
// are allowed.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { getCompiledSpec } from '../../src/spec/compiled-spec.js';
import { mcpTools, PRODUCTION_NAMES, type McpTool } from '../../src/spec/mcp-tools.js';
import { ruleOfProblem } from '../../src/exchange/spec-findings.js';
import { ensure, NotRun, type CheckGroup, type ContractCheck } from '../kit/check.js';
import type { KitContext } from '../kit/context.js';
import { fail } from '../kit/failures.js';
import type { GoalOut } from '../kit/goal-reading.js';
import type { McpProbe } from '../kit/mcp-client.js';

type Schema = Record<string, unknown>;

/** The spec's tools, as standin serves them: what any server's tools/list is held to. */
const CATALOG: readonly McpTool[] = mcpTools(getCompiledSpec().document);

/** MCP2 (production): the arguments production's tools are known to take besides their names. */
const PRODUCTION_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  get_goals: ['people_ids'],
  get_digest: ['category'],
};

/** A message `initialize` as any client's first, for the MCP5 probes of what comes before any MCP message. */
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'standin-contract', version: '1' } },
});

/** A tool no server has: MCP5 wants a JSON-RPC error for it. */
const NO_SUCH_TOOL = 'standin_contract_no_such_tool';

/** The types a schema's `type` allows (none: any). */
function typesOf(schema: Schema | undefined): string[] {
  const type = schema?.type;
  return Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
}

/** Whether a listed schema takes every value of the spec's type (`number` takes `integer`; no type takes any). */
function takesType(listed: Schema | undefined, wanted: Schema | undefined): boolean {
  const have = typesOf(listed);
  if (have.length === 0) return true;
  return typesOf(wanted).every((t) => have.includes(t) || (t === 'integer' && have.includes('number')));
}

/** Why a listed input schema refuses arguments the spec documents: missing names, narrower types and enums. */
function argumentProblems(expected: McpTool['inputSchema'], listed: Tool['inputSchema']): string[] {
  const problems: string[] = [];
  const properties = (listed.properties ?? {}) as Record<string, Schema>;
  for (const [name, wanted] of Object.entries(expected.properties as Record<string, Schema>)) {
    const got = properties[name];
    if (!got) {
      problems.push(`argument ${name} in its input schema`);
      continue;
    }
    if (!takesType(got, wanted))
      problems.push(`argument ${name} of type ${typesOf(wanted).join('|')}, got ${typesOf(got).join('|')}`);
    if (!takesType(got.items as Schema | undefined, wanted.items as Schema | undefined))
      problems.push(`argument ${name}'s items of type ${typesOf(wanted.items as Schema).join('|')}`);
    const missing = Array.isArray(got.enum)
      ? (wanted.enum as unknown[] | undefined)?.filter((v) => !(got.enum as unknown[]).includes(v))
      : [];
    if (missing?.length) problems.push(`argument ${name} taking ${missing.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  const documented = (expected.required ?? []) as string[];
  for (const name of listed.required ?? [])
    if (!documented.includes(name)) problems.push(`no required argument ${name} (the spec does not require it)`);
  return problems;
}

/** The listed tool of that name, or a not-run: its MCP2 check of the name says it is missing. */
async function listedTool(mcp: McpProbe, name: string): Promise<Tool> {
  const tool = await mcp.tool(name);
  if (!tool) throw new NotRun(`${name} is not listed (its MCP2 check says so): nothing to call`);
  return tool;
}

/** A tool error's text, for messages and G8's check of the argument it names. */
function errorText(result: { content?: unknown }): string {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : [];
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/** Calls a read tool and gives its structured answer; any error, tool error or missing answer fails MCP2. */
async function structured(mcp: McpProbe, name: string, args: Record<string, unknown>): Promise<Schema> {
  const { result, error } = await mcp.call(name, args);
  if (error) fail('MCP2', `${name} ${JSON.stringify(args)}: ${error.message}`);
  if (result.isError)
    fail('MCP2', `${name} ${JSON.stringify(args)} answered a tool error: ${errorText(result).slice(0, 300)}`);
  const content = result.structuredContent;
  ensure(
    content && typeof content === 'object',
    'MCP2',
    `${name} ${JSON.stringify(args)} must carry structuredContent`,
  );
  return content;
}

/** The arguments a read tool needs to answer with something: ids found through the tools or the API. */
async function readArguments(ctx: KitContext, tool: McpTool): Promise<Record<string, unknown>> {
  if (tool.name === 'get_goal') {
    const [goal] = ((await structured(ctx.mcp(), 'get_goals', { per_page: 1 })).items ?? []) as Array<{ id: string }>;
    if (!goal) throw new NotRun('get_goals lists no goal to call get_goal with');
    return { id: goal.id };
  }
  if (tool.name === 'get_echo_answers') {
    const { body } = await ctx.client.expect<Array<{ id: string }>>(
      200,
      'GET',
      '/echo/questions?per_page=1',
      {},
      'EC1',
    );
    const [question] = body;
    if (!question) throw new NotRun('GET /echo/questions lists no question to call get_echo_answers with');
    return { question_id: question.id };
  }
  const required = (tool.inputSchema.required ?? []) as string[];
  if (required.length > 0) throw new NotRun(`the kit knows no value for ${required.join(', ')}`);
  return {};
}

/** MCP2: a tool of the spec is listed under its name, and its input schema takes the spec's arguments. */
function listingCheck(tool: McpTool): ContractCheck {
  return {
    rule: 'MCP2',
    title: `${tool.name}: listed under its name, its input schema taking ${tool.operations.map((o) => o.operationId).join(' and ')}'s arguments`,
    async run(ctx) {
      const listed = await ctx.mcp().tool(tool.name);
      ensure(listed, 'MCP2', `tools/list must name ${tool.name}`);
      const problems = argumentProblems(tool.inputSchema, listed.inputSchema);
      ensure(problems.length === 0, 'MCP2', `${tool.name}'s input schema must have ${problems.join('; ')}`);
    },
  };
}

/** MCP2: a read tool's structured answer holds to its outputSchema (the SDK's client checks) and the spec's. */
function answerCheck(tool: McpTool): ContractCheck {
  const [op] = tool.operations;
  return {
    rule: 'MCP2',
    title: `${tool.name}: its structuredContent holds to its outputSchema and to ${op!.operationId}'s answer in the spec`,
    async run(ctx) {
      const mcp = ctx.mcp();
      const listed = await listedTool(mcp, tool.name);
      ensure(listed.outputSchema, 'MCP2', `${tool.name} must list an outputSchema: its operation's answer`);
      const args = await readArguments(ctx, tool);
      const content = await structured(mcp, tool.name, args);
      // MCP asks for an object: a list comes as {items}, the items the REST answer's.
      const body = op!.list ? content.items : content;
      const spec = getCompiledSpec();
      const problems = spec.operation(op!.operationId).checkResponse(200, 'application/json', body);
      const [first] = problems;
      if (first)
        fail(
          ruleOfProblem(spec, first, 'MCP2'),
          `${tool.name} ${JSON.stringify(args)}: its answer must be ${op!.operationId}'s: ${problems.slice(0, 5).join('; ')}`,
        );
    },
  };
}

/** MCP5: a POST with that token, or none, is refused with 401 and a Bearer challenge before any MCP message. */
function tokenCheck(title: string, token: (ctx: KitContext) => string | null): ContractCheck {
  return {
    rule: 'MCP5',
    title,
    async run(ctx) {
      const answer = await ctx.mcp().post(INITIALIZE, token(ctx));
      const said = `POST initialize → ${answer.status} ${answer.text.slice(0, 200)}`;
      ensure(answer.status === 401, 'MCP5', `${said}: expected 401`);
      ensure(
        /^Bearer\b/i.test(answer.headers.get('www-authenticate') ?? ''),
        'MCP5',
        `${said}: expected WWW-Authenticate: Bearer, got ${answer.headers.get('www-authenticate') ?? 'none'}`,
      );
      ensure(answer.message?.result === undefined, 'MCP5', `${said}: no MCP message may answer before the token`);
    },
  };
}

/**
 * GO7: a private goal the caller is neither owner nor contributor of: one of the second person's found through
 * REST, or else one made as them (the kit's own, deleted at the end; not with --read-only).
 */
async function hiddenGoal(ctx: KitContext): Promise<GoalOut> {
  const other = ctx.other();
  const person = await ctx.otherPerson();
  const me = ctx.me;
  const theirs = await other.walk<GoalOut>(`/goals?people_ids[]=${person.id}`);
  const found = theirs.find((g) => g.private && g.owner.id !== me.id && !g.contributors.some((c) => c.id === me.id));
  if (found) return found;
  return ctx.createGoal({ title: ctx.mark('GO7 private, for MCP'), private: true, end_date: '2999-12-31' }, other);
}

/** Every item a list tool gives for these arguments, page by page (G4's maximum per page). */
async function walkTool(mcp: McpProbe, name: string, args: Record<string, unknown>): Promise<Array<{ id: string }>> {
  const all: Array<{ id: string }> = [];
  for (let page = 1; page < 200; page++) {
    const items = ((await structured(mcp, name, { ...args, page, per_page: 50 })).items ?? []) as Array<{ id: string }>;
    all.push(...items);
    if (items.length < 50) break;
  }
  return all;
}

const privateGoals: ContractCheck = {
  rule: 'GO7',
  title: "another person's private goal never appears through MCP: left out of get_goals, a tool error from get_goal",
  async run(ctx) {
    const mcp = ctx.mcp();
    const hidden = await hiddenGoal(ctx);
    const listed = await walkTool(mcp, 'get_goals', { people_ids: [hidden.owner.id] });
    ensure(
      !listed.some((g) => g.id === hidden.id),
      'GO7',
      `get_goals {people_ids: [${hidden.owner.id}]} must leave out their private goal ${hidden.id}`,
    );
    if ((await mcp.tool('get_goals'))?.inputSchema.properties?.goal_ids) {
      const named = await walkTool(mcp, 'get_goals', { goal_ids: [hidden.id] });
      ensure(named.length === 0, 'GO7', `get_goals {goal_ids: [${hidden.id}]} must list nothing, got ${named.length}`);
    }
    const { result, error } = await mcp.call('get_goal', { id: hidden.id });
    ensure(
      error !== undefined || result?.isError === true,
      'GO7',
      `get_goal {id: ${hidden.id}} must be a tool error (the goal does not exist for the caller), got ${JSON.stringify(result?.structuredContent ?? null).slice(0, 200)}`,
    );
    ensure(
      !JSON.stringify(result ?? error?.message ?? '').includes(hidden.title),
      'GO7',
      `get_goal {id: ${hidden.id}} must not show the private goal's title`,
    );
  },
};

/** G8 through MCP3: bad arguments of a read tool, each a tool error whose text names the argument. */
const BAD_ARGUMENTS: ReadonlyArray<[tool: string, args: Record<string, unknown>, argument: string]> = [
  ['get_goals', { people_ids: ['not-a-uuid'] }, 'people_ids'],
  ['get_check_ins', { since: 'last tuesday' }, 'since'],
  ['get_activities', { per_page: 0 }, 'per_page'],
];

const g8: ContractCheck = {
  rule: 'G8',
  title: 'bad arguments of a tool give a tool error (isError) naming the argument, never an answer',
  async run(ctx) {
    const mcp = ctx.mcp();
    for (const [name, args, argument] of BAD_ARGUMENTS) {
      await listedTool(mcp, name);
      const { result, error } = await mcp.call(name, args);
      const said = `${name} ${JSON.stringify(args)}`;
      ensure(result, 'G8', `${said} must be a tool error (isError), not a JSON-RPC error: ${error?.message ?? ''}`);
      ensure(result.isError === true, 'G8', `${said} must be a tool error (isError), got an answer`);
      ensure(
        errorText(result).includes(argument),
        'G8',
        `${said}: the error must name ${argument}: ${errorText(result).slice(0, 200)}`,
      );
    }
  },
};

const protocolChecks: ContractCheck[] = [
  tokenCheck('no token: 401 with WWW-Authenticate: Bearer before any MCP message', () => null),
  tokenCheck(
    'a token the server does not know: 401 with WWW-Authenticate: Bearer before any MCP message',
    (ctx) => `standin-contract-unknown-${ctx.options.runId ?? 'token'}`,
  ),
  {
    rule: 'MCP5',
    title: 'an unknown tool is a JSON-RPC error, not a tool result',
    async run(ctx) {
      const { result, error } = await ctx.mcp().call(NO_SUCH_TOOL, {});
      ensure(
        !result,
        'MCP5',
        `tools/call ${NO_SUCH_TOOL} must be a JSON-RPC error, got a result: ${String(JSON.stringify(result)).slice(0, 200)}`,
      );
      ensure(
        typeof (error as { code?: unknown }).code === 'number',
        'MCP5',
        `tools/call ${NO_SUCH_TOOL} must be a JSON-RPC error with a code, got ${error.message}`,
      );
    },
  },
  {
    rule: 'MCP5',
    title: 'a malformed JSON-RPC message is a JSON-RPC error, never a 5xx',
    async run(ctx) {
      for (const body of ['{"jsonrpc":"2.0","id":1,"method":"tools/list"', '{"jsonrpc":"2.0","id":1,"params":{}}']) {
        const answer = await ctx.mcp().post(body, ctx.options.token);
        const said = `POST ${body} → ${answer.status} ${answer.text.slice(0, 200)}`;
        ensure(answer.status < 500, 'MCP5', `${said}: expected a JSON-RPC error, not a server error`);
        ensure(typeof answer.message?.error?.code === 'number', 'MCP5', `${said}: expected a JSON-RPC error`);
      }
    },
  },
];

const productionNames: ContractCheck = {
  rule: 'MCP2',
  part: 'names',
  title: `production's tools are listed: ${[...PRODUCTION_NAMES].join(', ')}, get_goals with people_ids and get_digest with category`,
  async run(ctx) {
    const tools = await ctx.mcp().tools();
    const missing = [...PRODUCTION_NAMES].filter((name) => !tools.some((t) => t.name === name));
    ensure(missing.length === 0, 'MCP2', `tools/list must name ${missing.join(', ')}`, 'names');
    for (const [name, args] of Object.entries(PRODUCTION_ARGUMENTS)) {
      const properties = tools.find((t) => t.name === name)!.inputSchema.properties ?? {};
      const absent = args.filter((a) => !(a in properties));
      ensure(absent.length === 0, 'MCP2', `${name}'s input schema must take ${absent.join(', ')}`, 'names');
    }
  },
};

/** MCP3: reads whose answers do not move between two calls a moment apart, and the REST request each makes. */
const SAME_AS_REST: ReadonlyArray<[tool: string, args: (ctx: KitContext) => Promise<Record<string, unknown>>]> = [
  ['get_me', () => Promise.resolve({})],
  ['get_goals', () => Promise.resolve({ per_page: 5 })],
  [
    'get_goal',
    (ctx) =>
      readArguments(
        ctx,
        CATALOG.find((t) => t.name === 'get_goal')!,
      ),
  ],
  ['get_check_ins', () => Promise.resolve({ per_page: 5 })],
];

/** The REST path and query a tool's arguments name (G5's bracket form for an array), as MCP3 has the call make. */
function restPath(tool: McpTool, args: Record<string, unknown>): string {
  const [op] = tool.operations;
  let path = op!.path;
  for (const name of op!.pathNames) path = path.replace(`{${name}}`, encodeURIComponent(String(args[name])));
  const query = new URLSearchParams();
  for (const { argument, name } of op!.query) {
    const value = args[argument];
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

const sameAsRest: ContractCheck = {
  rule: 'MCP3',
  title: `a read tool's structuredContent is its REST call's answer, as the same person gets it (${SAME_AS_REST.map(([name]) => name).join(', ')})`,
  async run(ctx) {
    const mcp = ctx.mcp();
    for (const [name, argsOf] of SAME_AS_REST) {
      const tool = CATALOG.find((t) => t.name === name)!;
      const args = await argsOf(ctx);
      const path = restPath(tool, args);
      // A live server's world may move between the two calls: the pair is asked again once before it is judged.
      let differs = '';
      for (let attempt = 0; attempt < 2; attempt++) {
        const content = await structured(mcp, name, args);
        const { body } = await ctx.client.expect<unknown>(200, 'GET', path, {}, 'MCP3');
        const tooled = JSON.stringify(tool.operations[0]!.list ? content.items : content);
        differs = tooled === JSON.stringify(body) ? '' : `${name} ${JSON.stringify(args)} and GET ${path} differ`;
        if (!differs) break;
      }
      ensure(!differs, 'MCP3', differs);
    }
  },
};

/** A read tool: each of its operations a GET. */
const isRead = (tool: McpTool) => tool.operations.every((op) => op.method === 'GET');

export const mcp: CheckGroup = {
  name: 'mcp',
  title: 'MCP (MCP2, MCP3, MCP5, GO7, G8)',
  checks: [
    productionNames,
    ...CATALOG.map(listingCheck),
    ...CATALOG.filter(isRead).map(answerCheck),
    ...protocolChecks,
    g8,
    privateGoals,
    sameAsRest,
  ],
};
