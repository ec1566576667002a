// The kit's MCP client: the official SDK's Client over Streamable HTTP to any MCP server (standin's /mcp, or
// production's with a token), loaded by dynamic import on first use so a run without --mcp loads none of it;
// and raw POSTs for what a client never sends (no token, a malformed message), whose answers the MCP5 checks
// read as HTTP. The SDK's client holds each structured result to the outputSchema tools/list gave (MCP2).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

/** What a raw POST to the MCP endpoint came to: the HTTP answer and the JSON-RPC message it holds, if any. */
export interface McpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The first JSON-RPC message of a JSON body or of an event stream's `data:` lines; undefined when none parses. */
  message?: { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } };
}

/** A tool call's outcome: the result, or the error the client threw (a JSON-RPC error, an outputSchema breach). */
export type McpCall = { result: CallToolResult; error?: undefined } | { result?: undefined; error: Error };

/** The client's name in `initialize`: a server's log can tell the kit's calls apart. */
const CLIENT_INFO = { name: 'standin-contract', version: '1.0.0' };

/**
 * @example const tools = await new McpProbe(url, token, fetch).tools(); // the server's tools/list, every page
 */
export class McpProbe {
  #client: Promise<Client> | null = null;
  #tools: Promise<Tool[]> | null = null;

  constructor(
    readonly url: string,
    readonly token: string,
    readonly fetch: typeof globalThis.fetch,
  ) {}

  /** The connected client, made on first use (the SDK loads then, not with the kit). */
  client(): Promise<Client> {
    this.#client ??= (async () => {
      const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
        import('@modelcontextprotocol/sdk/client/index.js'),
        import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
      ]);
      const client = new Client(CLIENT_INFO);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(this.url), {
          requestInit: { headers: { authorization: `Bearer ${this.token}` } },
          fetch: (url, init) => this.fetch(url, init),
        }),
      );
      return client;
    })();
    return this.#client;
  }

  /** Every tool tools/list names, its pages followed; read once a run. */
  tools(): Promise<Tool[]> {
    this.#tools ??= (async () => {
      const client = await this.client();
      const all: Tool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page++) {
        const { tools, nextCursor } = await client.listTools(cursor === undefined ? {} : { cursor });
        all.push(...tools);
        if (!nextCursor) break;
        cursor = nextCursor;
      }
      return all;
    })();
    return this.#tools;
  }

  /** The listed tool of that name, or undefined. */
  async tool(name: string): Promise<Tool | undefined> {
    return (await this.tools()).find((tool) => tool.name === name);
  }

  /** Calls a tool once tools/list was read (so the client checks the result against its outputSchema). */
  async call(name: string, args: Record<string, unknown>): Promise<McpCall> {
    await this.tools();
    const client = await this.client();
    try {
      return { result: (await client.callTool({ name, arguments: args })) as CallToolResult };
    } catch (error) {
      return { error: error as Error };
    }
  }

  /** POSTs a raw body as a client would send a message, with `token` as its Bearer token (null: none). */
  async post(body: string, token: string | null): Promise<McpAnswer> {
    const response = await this.fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, message: firstMessage(text) };
  }

  /** Ends the client's connection; a server that never answered leaves nothing to close. */
  async close(): Promise<void> {
    const client = await this.#client?.catch(() => null);
    await client?.close();
  }
}

/** The first JSON-RPC message of a body: JSON itself, or an event stream's first `data:` line that parses. */
function firstMessage(text: string): McpAnswer['message'] {
  const candidates = [text, ...text.split('\n').flatMap((line) => (line.startsWith('data:') ? [line.slice(5)] : []))];
  for (const candidate of candidates) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
    } catch {
      // Not this one: an event stream's other lines, or no JSON at all.
    }
  }
  return undefined;
}
