// The MCP protocol of the twin (MCP1, MCP5), loaded on its first use so that a start and a page's bundle carry
// none of it: the official SDK's low-level server (the tools' schemas are the spec's JSON Schemas, not zod's),
// over its Web-standard Streamable HTTP transport for /mcp, stateless (a server and a transport per request, so
// nothing is kept between requests: no session map to bound) and answering JSON rather than an event stream;
// `standin mcp` connects the same server to stdio.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { listedTool, type McpTool } from '../spec/mcp-tools.js';
import { callTool, type CallContext } from './mcp-call.js';

/** What the twin answers with: its tools, how a call reaches the API, the body limit of HTTP (G8). */
export interface McpSettings {
  tools: ReadonlyMap<string, McpTool>;
  call: CallContext;
  /** How a control twin's tool (MCP6) reaches /__mock, when the tools hold some: the control token's headers. */
  controlCall?: CallContext;
  version: string;
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
  server.setRequestHandler(CallToolRequestSchema, async ({ params }): Promise<CallToolResult> => {
    const tool = settings.tools.get(params.name);
    // MCP5: an unknown tool is the protocol's error, not a tool's.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${params.name}: tools/list names them.`);
    const call = settings.controlCall && tool.operations[0]?.base === '/__mock' ? settings.controlCall : settings.call;
    const { content, structuredContent, isError } = await callTool(tool, params.arguments ?? {}, call);
    return { content, ...(structuredContent ? { structuredContent } : {}), ...(isError ? { isError } : {}) };
  });
  return server;
}

/**
 * Answers one HTTP request of the Streamable HTTP transport.
 * @example return answerMcp(c.req.raw, { tools, call, version: '2.0.0' }, MAX_BODY_BYTES)
 */
export async function answerMcp(request: Request, settings: McpSettings, maxBodyBytes: number): Promise<Response> {
  const server = mcpServer(settings);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: maxBodyBytes,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
