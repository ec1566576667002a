// The official MCP SDK's own client, connected to the twin the way agents connect: over Streamable HTTP to a
// mock's app in process (/mcp, /__mock/mcp), or over stdio to a `standin mcp` it starts. Each client is kept
// until closeClients() (an afterEach), so no process or stream outlives its test.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Mock } from '../../src/http/app.js';
import { CLI } from './standin-process.js';

/** The origin the in-process requests name (the app answers whatever host a loopback name gives). */
export const ORIGIN = 'http://127.0.0.1:4010';

let clients: Client[] = [];

async function connected(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'standin-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A client of `path` on the mock's app, sending `headers` with every request. */
export function httpClient(mock: Mock, path: string, headers: Record<string, string>): Promise<Client> {
  return connected(
    new StreamableHTTPClientTransport(new URL(`${ORIGIN}${path}`), {
      requestInit: { headers },
      fetch: async (url, init) => mock.app.request(String(url), init),
    }),
  );
}

/** A client of `standin mcp ARGS`, started as MCP clients start a command. */
export function stdioClient(args: string[]): Promise<Client> {
  return connected(
    new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], stderr: 'pipe' }),
  );
}

/** Closes every client made since the last call (and the processes they started). */
export async function closeClients(): Promise<void> {
  await Promise.all(clients.map((client) => client.close()));
  clients = [];
}
