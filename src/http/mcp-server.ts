// The MCP protocol of the twin (MCP1, MCP5), loaded on its first use so that a start and a page's bundle carry
// none of it: the official SDK's low-level server (the tools' schemas are the spec's JSON Schemas, not zod's).
// For /mcp, one server per app over mcp-exchange.ts's Streamable HTTP framing (stateless, answering JSON:
// nothing is kept between requests, no session map to bound); `standin mcp` connects a server to stdio.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { listedTool, type McpTool } from '../spec/mcp-tools.js';
import { callTool, type CallContext } from './mcp-call.js';
import { McpExchange } from './mcp-exchange.js';

/** What the twin answers with: its tools, its version, and how each call reaches the API. */
export interface McpSettings {
  tools: ReadonlyMap<string, McpTool>;
  version: string;
  /**
   * How the call of `tool` in the request the server knows as `requestId` reaches the app: with that request's
   * caller (its token, its session), or for a control twin's tool (MCP6) with the controls' own.
   */
  callOf: (requestId: RequestId, tool: McpTool) => CallContext;
}

/**
 * The JSON Schema validator every server of the process shares. The SDK makes one per server unless given one,
 * and a new Ajv with its meta-schemas cost 20 times the REST call a tool makes, on every stateless request;
 * the SDK uses it only for elicitation, which the twin never asks for.
 */
let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * The twin's MCP server, to connect to a transport: Streamable HTTP (answerMcp) or stdio (`standin mcp`).
 * @example await mcpServer(settings).connect(new StdioServerTransport())
 */
export function mcpServer(settings: McpSettings): Server {
  sharedValidator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: 'standin', version: settings.version },
    { capabilities: { tools: {} }, jsonSchemaValidator: sharedValidator },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...settings.tools.values()].map(listedTool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }, extra): Promise<CallToolResult> => {
    const tool = settings.tools.get(params.name);
    // MCP5: an unknown tool is the protocol's error, not a tool's.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${params.name}: tools/list names them.`);
    const call = settings.callOf(extra.requestId, tool);
    const { content, structuredContent, isError } = await callTool(tool, params.arguments ?? {}, call);
    return { content, ...(structuredContent ? { structuredContent } : {}), ...(isError ? { isError } : {}) };
  });
  return server;
}

/** Who an HTTP request of /mcp calls as: the origin it came to, and its own Authorization and X-Mock-Session. */
interface McpCaller {
  origin: string;
  headers: Record<string, string>;
}

/** One app's twin over HTTP: a request of /mcp in, its answer out. */
export interface McpHttp {
  answer(request: Request, caller: McpCaller, maxBodyBytes: number, ahead?: Uint8Array): Promise<Response>;
}

/**
 * The twin of one app for /mcp (or /__mock/mcp): one server for its life, whose tool calls go to the app through
 * `send` as the caller of the HTTP request that carried them (MCP3).
 * @example const twin = await mcpHttp(tools, '2.0.0', (request, call) => app.fetch(request, { [MCP_TOOL]: call }))
 */
export async function mcpHttp(
  tools: ReadonlyMap<string, McpTool>,
  version: string,
  send: CallContext['send'],
): Promise<McpHttp> {
  const exchange = new McpExchange<McpCaller>();
  const server = mcpServer({
    tools,
    version,
    // Every request the server handles came through `answer`, which keeps its caller until it is answered.
    callOf: (requestId) => ({ ...exchange.callerOf(requestId)!, send }),
  });
  await server.connect(exchange);
  return exchange;
}
