// `standin mcp`: the MCP twin over stdio (MCP1), for the clients that start a command rather than connect to a
// URL. It serves the same tools as /mcp over the same kind of world, taking `standin serve`'s options (seed,
// size, now, state, …) and the token of the person the agent acts as (--token, STANDIN_TOKEN, else the default
// person's). The world also listens on a loopback port (a free one unless --port says), so the dashboard and
// /__mock show what the agent did; stdout is the protocol's, so everything else goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import { BASE_PATH } from '../spec/base-path.js';
import { getCompiledControlSpec, wholeApiDocument } from '../spec/compiled-spec.js';
import { mcpServer } from '../http/mcp-server.js';
import { mcpCatalog } from '../http/mcp-catalog.js';
import { MAX_BODY_BYTES } from '../http/request-body.js';
import { MCP_TOOL, type McpToolCall } from '../http/steps.js';
import { startServer } from '../server/start-server.js';
import { readServeOptions, ServeUsageError } from './serve-options.js';

/** Where a control twin's tool goes (MCP6): the controls, behind their own token. */
const CONTROL_BASE = '/__mock';

/** Where the command writes what is not the protocol, and how it ends. */
export interface McpIo {
  stderr: (text: string) => void;
  /** The stdio the protocol runs over (the process's own, but for tests). */
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
}

const MCP_USAGE = `Usage: standin mcp [--token T] [standin serve's options]

Serves the MCP twin's tools (the same as /mcp) over stdin and stdout, for MCP clients that start a command.
  --token T   the person the agent acts as: one of their tokens (STANDIN_TOKEN; default the default person's)
  --control   also serve the control twin's tools (MCP6: reset, clock, snapshots, sessions, faults, …)
The world takes standin serve's options (--seed, --size, --now, --state, --any-token, …; standin serve --help)
and also listens on 127.0.0.1 at a free port (or --port), whose dashboard shows what the agent did.`;

/**
 * Runs the twin until stdin ends; the exit code (2 for a mistake in the command line, said in one line).
 * @example process.exitCode = await runMcp(['--seed', '7'], { stderr: (t) => process.stderr.write(t) })
 */
export async function runMcp(argv: string[], io: McpIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    (io.stdout ?? process.stdout).write(`${MCP_USAGE}\n`);
    return 0;
  }
  // --token is the command's own; the rest is standin serve's to read (and refuse, in its own words).
  let token = process.env.STANDIN_TOKEN;
  let control = false;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--token') {
      token = argv[++i];
      if (token === undefined || token === '') {
        io.stderr('standin mcp: --token needs a value, a token of the person the agent acts as (standin mcp --help)\n');
        return 2;
      }
    } else if (arg.startsWith('--token=')) token = arg.slice('--token='.length);
    else if (arg === '--control') control = true;
    else rest.push(arg);
  }
  const hasPort = rest.some((arg) => arg === '--port' || arg.startsWith('--port='));
  const options = await readServeOptions(rest, {
    ...process.env,
    // A free port unless one is asked for: the twin must not fail because `standin serve` holds 4010.
    ...(hasPort || process.env.STANDIN_PORT !== undefined ? {} : { STANDIN_PORT: '0' }),
  }).catch((error: Error) => error);
  if (options instanceof ServeUsageError) {
    io.stderr(`standin mcp: ${options.message} (standin mcp --help)\n`);
    return 2;
  }
  if (options instanceof Error) throw options;
  if (options === 'help') return 0;
  const running = await startServer(options);
  const { world } = running.mock;
  const person = token ? world.authenticate(token) : null;
  if (token && !person && !options.anyToken) {
    await running.close();
    io.stderr('standin mcp: --token names no one in this world; GET /__mock/tokens lists its tokens\n');
    return 2;
  }
  const bearer = token ?? world.store.people.get(world.defaultPersonId)!.tokens.readWrite;
  const origin = running.baseUrl.slice(0, -BASE_PATH.length);
  const send = (request: Request, call: McpToolCall) => running.mock.app.fetch(request, { [MCP_TOOL]: call });
  const host = new URL(origin).host;
  const { mcpToolsByName, mcpVersion } = await mcpCatalog({ wholeApiDocument, getCompiledControlSpec });
  const tools = new Map([...mcpToolsByName(), ...(control ? mcpToolsByName('control') : [])]);
  const call = { origin, headers: { authorization: `Bearer ${bearer}`, host }, send };
  // MCP6: the controls' own guard, their token when the server has one.
  const controlCall = {
    origin,
    headers: { host, ...(options.controlToken ? { authorization: `Bearer ${options.controlToken}` } : {}) },
    send,
  };
  const server = mcpServer({
    tools,
    version: mcpVersion(),
    callOf: (_, tool) => (tool.operations[0]?.base === CONTROL_BASE ? controlCall : call),
  });
  const stdin = io.stdin ?? process.stdin;
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  // The SDK's transport reads stdin until told to stop: its end (the client went away) or a signal ends the twin.
  const end = () => void server.close();
  stdin.once('end', end);
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
  // A message is held to the API's body limit (G8), as /mcp holds it.
  const transport = new StdioServerTransport(stdin as Readable, (io.stdout ?? process.stdout) as Writable, {
    maxBufferSize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  io.stderr(`standin mcp: serving ${tools.size} tools over stdio; the world at ${origin}/ (its dashboard)\n`);
  await closed;
  return (await running.close()) ? 0 : 1;
}
