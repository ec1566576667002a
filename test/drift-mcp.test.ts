// `standin drift --mcp` (issue 36 part 4): production's MCP tools against standin's. The saved tools/list is
// taken from a running `standin serve` by the SDK's own client, so it equals standin's and reports nothing; each
// edit of it is one change of the right kind, category and exit code; a URL is asked over Streamable HTTP with a
// token; what cannot be compared is one line and exit 2. In this process through runDrift, as main.ts calls it,
// and the installed command once.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDrift } from '../src/cli/drift.js';
import type { DriftChange, DriftReport } from '../src/drift/drift-change.js';
import { CLI, startServing, stopAll } from './support/standin-process.js';
import { takenPort } from './support/taken-port.js';

const DIR = mkdtempSync(join(tmpdir(), 'standin-drift-mcp-'));

/** A tool as a saved tools/list holds it. */
interface Tool {
  name: string;
  description?: string;
  inputSchema: { type: 'object'; properties?: Record<string, any>; required?: string[] };
  outputSchema?: { type: 'object'; properties?: Record<string, any>; required?: string[] };
}

let mcpUrl = '';
/** An MCP URL on a port no one listens on. */
let closedUrl = '';
/** A server that answers no MCP: a page (/page), or 40 MiB of JSON (/flood). */
let other: Server;
let otherUrl = '';
let token = '';
let saved: Tool[] = [];

async function drift(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runDrift(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/**
 * The installed command run as a child, not blocking this process: a blocked event loop (spawnSync, 6 s on a busy CI
 * box) let the keep-alive socket an in-process run had pooled outlive its timers past the server's keep-alive timeout
 * (5 s), and the next in-process run wrote into it as the server closed it: "cannot reach …: UND_ERR_SOCKET".
 */
function installed(
  args: string[],
  { input = '', env = process.env }: { input?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A file holding `value` as JSON. */
function file(name: string, value: unknown): string {
  const path = join(DIR, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

/** The saved list as the JSON-RPC response a client receives, after `edit` (on a copy). */
function edited(edit: (tools: Tool[]) => Tool[] | void): unknown {
  const tools = structuredClone(saved);
  return { jsonrpc: '2.0', id: 2, result: { tools: edit(tools) ?? tools } };
}

const named = (tools: Tool[], name: string): Tool => {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name} in the saved list`);
  return tool;
};

/** Where a tool of the unedited list is, in standin's answer and in the saved file (the same order). */
const at = (name: string) => saved.findIndex((t) => t.name === name);

beforeAll(async () => {
  const serving = await startServing([]);
  mcpUrl = serving.baseUrl.replace(/\/api\/v2$/, '/mcp');
  token = serving.token;
  const client = new Client({ name: 'standin-drift-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  saved = (await client.listTools()).tools;
  await client.close();
  const free = await takenPort();
  closedUrl = `http://127.0.0.1:${free.port}/mcp`;
  await free.close();
  other = createServer((request, response) => {
    if (request.url === '/page') {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><p>Sign in');
      return;
    }
    response.setHeader('content-type', 'application/json');
    const mebibyte = Buffer.alloc(2 ** 20, 32);
    let sent = 0;
    const write = (): void => {
      while (sent < 40) {
        sent++;
        if (!response.write(mebibyte)) {
          response.once('drain', write);
          return;
        }
      }
      response.end();
    };
    write();
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

afterAll(() => {
  stopAll();
  other.closeAllConnections();
  other.close();
  rmSync(DIR, { recursive: true, force: true });
});

describe('a saved tools/list equal to standin’s', () => {
  it.each([
    ['the JSON-RPC response', () => ({ jsonrpc: '2.0', id: 1, result: { tools: saved } })],
    ['its result', () => ({ tools: saved })],
    ['the bare array', () => saved],
  ])('as %s: no change, exit 0', async (_, value) => {
    expect(saved.length).toBe(14);
    const run = await drift('--mcp', file('same.json', value()), '--format', 'json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ summary: { breaking: 0, missing: 0, compatible: 0 }, changes: [] });
  });

  it('says so in text', async () => {
    const path = file('same.json', { tools: saved });
    const run = await drift('--mcp', path);
    expect(run.stdout).toBe(
      `standin drift: ${path} (14 tools) against standin's MCP tools (spec/openapi.yaml 2.0.0, 14 tools)\n` +
        '0 breaking, 0 missing, 0 compatible\n\nNo difference: standin describes what production does.\n',
    );
  });
});

describe('each edit of it is one change', () => {
  const cases: Array<{
    what: string;
    edit: (tools: Tool[]) => Tool[] | void;
    change: () => DriftChange;
    code: number;
  }> = [
    {
      what: 'a tool production lacks (standin-only)',
      edit: (tools) => tools.filter((t) => t.name !== 'get_goal'),
      change: () => ({
        category: 'breaking',
        kind: 'tool',
        operation: 'get_goal',
        production_pointer: '/result/tools',
        standin_pointer: `/tools/${at('get_goal')}`,
        message: '`get_goal`: standin offers it; production does not list it, so a client calling it gets an error',
        rules: ['G2', 'GO3', 'GO4', 'GO5', 'GO7', 'MCP2'],
      }),
      code: 1,
    },
    {
      what: 'a tool standin lacks (production-only)',
      edit: (tools) => [...tools, { name: 'search_goals', description: 'Search.', inputSchema: { type: 'object' } }],
      change: () => ({
        category: 'missing',
        kind: 'tool',
        operation: 'search_goals',
        production_pointer: '/result/tools/14',
        standin_pointer: '/tools',
        message: '`search_goals`: production offers it; standin does not',
        rules: ['MCP2'],
      }),
      code: 0,
    },
    {
      what: 'a required argument production added',
      edit: (tools) => {
        const tool = named(tools, 'get_goals');
        tool.inputSchema.properties!.owner_id = { type: 'string' };
        tool.inputSchema.required = [...(tool.inputSchema.required ?? []), 'owner_id'];
      },
      change: () => ({
        category: 'breaking',
        kind: 'request-field',
        operation: 'get_goals',
        production_pointer: `/result/tools/${at('get_goals')}/inputSchema/properties/owner_id`,
        standin_pointer: `/tools/${at('get_goals')}/inputSchema`,
        message: '`get_goals.arguments.owner_id`: production requires it; standin does not have it',
        rules: ['G4', 'G5', 'G6', 'GO6', 'GO7', 'MCP2'],
      }),
      code: 1,
    },
    {
      what: 'an argument production requires and standin does not',
      edit: (tools) => {
        named(tools, 'get_goals').inputSchema.required = ['since'];
      },
      change: () => ({
        category: 'breaking',
        kind: 'required',
        operation: 'get_goals',
        production_pointer: `/result/tools/${at('get_goals')}/inputSchema/properties/since`,
        standin_pointer: `/tools/${at('get_goals')}/inputSchema/properties/since`,
        message: '`get_goals.arguments.since`: production requires it, standin does not',
        rules: ['G4', 'G5', 'G6', 'GO6', 'GO7', 'MCP2'],
      }),
      code: 1,
    },
    {
      what: 'an enum value changed',
      edit: (tools) => {
        const category = named(tools, 'get_digest').inputSchema.properties!.category;
        category.enum = category.enum.map((v: string) => (v === 'check-in' ? 'checkin' : v));
      },
      change: () => ({
        category: 'breaking',
        kind: 'enum',
        operation: 'get_digest',
        production_pointer: `/result/tools/${at('get_digest')}/inputSchema/properties/category`,
        standin_pointer: `/tools/${at('get_digest')}/inputSchema/properties/category`,
        message:
          '`get_digest.arguments.category`: standin accepts `check-in`, which production does not declare; production accepts `checkin`, which standin does not',
        rules: ['G4', 'G12', 'GO7', 'DG1', 'DG2', 'DG3', 'DG4', 'MCP2'],
      }),
      code: 1,
    },
    {
      what: 'a type changed',
      edit: (tools) => {
        named(tools, 'get_check_ins').inputSchema.properties!.per_page.type = 'string';
      },
      change: () => ({
        category: 'breaking',
        kind: 'type',
        operation: 'get_check_ins',
        production_pointer: `/result/tools/${at('get_check_ins')}/inputSchema/properties/per_page`,
        standin_pointer: `/tools/${at('get_check_ins')}/inputSchema/properties/per_page`,
        message: '`get_check_ins.arguments.per_page`: standin accepts integer, production string',
        rules: ['G4', 'G5', 'G6', 'CI1', 'CI5', 'CI9', 'MCP2'],
      }),
      code: 1,
    },
    {
      what: 'an output property production does not answer',
      edit: (tools) => {
        const output = named(tools, 'get_me').outputSchema!;
        delete output.properties!.email;
        output.required = output.required!.filter((name) => name !== 'email');
      },
      change: () => ({
        category: 'breaking',
        kind: 'response-field',
        operation: 'get_me',
        production_pointer: `/result/tools/${at('get_me')}/outputSchema`,
        standin_pointer: `/tools/${at('get_me')}/outputSchema/properties/email`,
        message: "`get_me.result.email`: standin answers it; production's answer does not have it",
        rules: ['G6', 'G9', 'PT1', 'MCP2'],
      }),
      code: 1,
    },
    {
      what: 'a description changed (informational)',
      edit: (tools) => {
        named(tools, 'get_goals').description = 'List goals.';
      },
      change: () => ({
        category: 'compatible',
        kind: 'description',
        operation: 'get_goals',
        production_pointer: `/result/tools/${at('get_goals')}/description`,
        standin_pointer: `/tools/${at('get_goals')}/description`,
        message: '`get_goals`: the descriptions differ',
        rules: ['G4', 'G5', 'G6', 'GO6', 'GO7', 'MCP2'],
      }),
      code: 0,
    },
  ];

  it.each(cases.map((c) => [c.what, c] as const))('%s', async (_, { edit, change, code }) => {
    const run = await drift('--mcp', file('edited.json', edited(edit)), '--format', 'json');
    const report = JSON.parse(run.stdout) as DriftReport;
    expect(report.changes).toEqual([change()]);
    expect(run.code).toBe(code);
    expect(run.stderr).toBe(code === 1 ? 'standin drift: 1 breaking change (--fail-on breaking)\n' : '');
  });

  it('--fail-on any counts a description; --fail-on never nothing', async () => {
    const path = file(
      'described.json',
      edited((tools) => void (named(tools, 'get_me').description = 'Me.')),
    );
    expect((await drift('--mcp', path, '--fail-on', 'any')).code).toBe(1);
    const gone = file(
      'gone.json',
      edited((tools) => tools.slice(1)),
    );
    expect((await drift('--mcp', gone, '--fail-on', 'never')).code).toBe(0);
  });

  it('speaks every format: markdown and junit name the tool', async () => {
    const path = file(
      'gone.json',
      edited((tools) => tools.filter((t) => t.name !== 'get_goal')),
    );
    const markdown = await drift('--mcp', path, '--format', 'markdown');
    expect(markdown.stdout).toContain('| get_goal | tool | `get_goal`: standin offers it;');
    const junit = await drift('--mcp', path, '--format', 'junit');
    expect(junit.stdout).toContain('<testcase classname="standin drift.breaking" name="get_goal tool: `get_goal`');
    expect(junit.stdout).toContain('<failure message="breaking tool:');
  });
});

describe('from standard input', () => {
  it('reads the saved answer from `-`, in the installed command', async () => {
    const run = await installed(['drift', '--mcp', '-', '--format', 'json'], {
      input: JSON.stringify(edited((tools) => tools.filter((t) => t.name !== 'get_goal'))),
    });
    expect(run.status).toBe(1);
    expect((JSON.parse(run.stdout) as DriftReport).summary).toEqual({ breaking: 1, missing: 0, compatible: 0 });
    expect(run.stderr).toBe('standin drift: 1 breaking change (--fail-on breaking)\n');
  });
});

describe('from a running MCP server', () => {
  it('asks it over Streamable HTTP with the token: standin against itself, no change', async () => {
    const run = await drift('--mcp', mcpUrl, '--token', token);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `standin drift: ${mcpUrl} (standin 2.0.0, 14 tools) against standin's MCP tools (spec/openapi.yaml 2.0.0, 14 tools)\n` +
        '0 breaking, 0 missing, 0 compatible\n\nNo difference: standin describes what production does.\n',
    );
  });

  it('the installed command does the same, the token from STANDIN_DRIFT_TOKEN', async () => {
    const run = await installed(['drift', '--mcp', mcpUrl, '--format', 'json'], {
      env: { ...process.env, STANDIN_DRIFT_TOKEN: token },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ summary: { breaking: 0, missing: 0, compatible: 0 }, changes: [] });
  });
});

describe('what cannot be compared: one line, exit 2', () => {
  const cases: Array<[string, () => string[], () => string | RegExp]> = [
    [
      'a token the server does not know',
      () => ['--mcp', mcpUrl, '--token', 'rw_not_a_token'],
      () => `${mcpUrl} answered 401: the token was not accepted (check it, and that it may list the tools)`,
    ],
    [
      'no token',
      () => ['--mcp', mcpUrl],
      () => `${mcpUrl} answered 401: it needs a token (--token T, or STANDIN_DRIFT_TOKEN)`,
    ],
    [
      'a URL that is no MCP endpoint',
      () => ['--mcp', mcpUrl.replace(/\/mcp$/, '/api/v2/me'), '--token', token],
      () =>
        `${mcpUrl.replace(/\/mcp$/, '/api/v2/me')} answered 405: is it an MCP server's Streamable HTTP endpoint (often its /mcp)?`,
    ],
    [
      'a URL no one answers',
      () => ['--mcp', closedUrl, '--token', token],
      () => `cannot reach ${closedUrl}: ECONNREFUSED`,
    ],
    [
      'a page, not an MCP server',
      () => ['--mcp', `${otherUrl}/page`],
      () => `${otherUrl}/page answered what is no MCP: Unexpected content type: text/html`,
    ],
    [
      'an answer over 32 MiB',
      () => ['--mcp', `${otherUrl}/flood`],
      () => `${otherUrl}/flood answered over the 32 MiB a tool list may be`,
    ],
    [
      'a token that would travel unencrypted',
      () => ['--mcp', 'http://mcp.example.com/mcp', '--token', token],
      () =>
        '--token would travel unencrypted to http://mcp.example.com/mcp: use its https URL (only loopback addresses may take a token over http)',
    ],
    ['a file that is not there', () => ['--mcp', join(DIR, 'none.json')], () => `no file ${join(DIR, 'none.json')}`],
    [
      'a file that is not JSON',
      () => ['--mcp', file('yaml.json', 'tools:\n  - name: x\n')],
      // JSON.parse's own words, which differ between Node's versions.
      () => new RegExp(`^${join(DIR, 'yaml.json')} is not JSON: Unexpected token\\b[^\\n]*$`),
    ],
    [
      'JSON with no tools array',
      () => ['--mcp', file('no-tools.json', { result: { items: [] } })],
      () =>
        `${join(DIR, 'no-tools.json')} has no tools array: give tools/list's answer: {"result": {"tools": [...]}}, {"tools": [...]} or the array`,
    ],
    [
      'a JSON-RPC error',
      () => [
        '--mcp',
        file('error.json', { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }),
      ],
      () => `${join(DIR, 'error.json')} is a JSON-RPC error, not tools/list's answer: Method not found`,
    ],
    [
      'a tool without an input schema',
      () => ['--mcp', file('no-schema.json', [{ name: 'get_me' }])],
      () => `${join(DIR, 'no-schema.json')}: the tool get_me (/0) has no inputSchema object`,
    ],
    [
      '--mcp beside a description',
      () => ['--mcp', 'tools.json', 'openapi.yaml'],
      () =>
        '--mcp compares MCP tools, a description compares itself: give one of them, not tools.json and openapi.yaml (standin drift --help lists the options)',
    ],
  ];

  it.each(cases)('%s', async (_, argv, line) => {
    const run = await drift(...argv());
    expect(run.stdout).toBe('');
    const said = line();
    if (typeof said === 'string') expect(run.stderr).toBe(`standin drift: ${said}\n`);
    else {
      expect(run.stderr).toMatch(/^standin drift: [^\n]*\n$/);
      expect(run.stderr.slice('standin drift: '.length, -1)).toMatch(said);
    }
    expect(run.code).toBe(2);
  });

  it('--help names --mcp', async () => {
    const run = await drift('--help');
    expect(run.stdout).toMatch(/^ {7}standin drift --mcp <file-or-url> \[options\]$/m);
    expect(run.stdout).toMatch(/^ {2}--mcp SOURCE {7}compare production's MCP tools instead/m);
  });
});
