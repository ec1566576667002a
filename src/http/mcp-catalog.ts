// The twin's catalog: the tools of the API (MCP2) and of the controls (MCP6) read from their specs once a process,
// and the version the twin gives. Apart from mcp-route.ts so that a page loads it with the first /mcp request (about
// 1 kB gzipped a page would otherwise pay before its first answer, test/page-weight.test.ts); the CLI imports it.
// It waits for the API's whole document, whose answers' schemas a page loads with it (wholeApiDocument).
import { getCompiledControlSpec, wholeApiDocument } from '../spec/compiled-spec.js';
import { mcpTools, type McpTool, type McpTwin } from '../spec/mcp-tools.js';

/** The API's document, its answers' schemas and webhooks with it: the tools' schemas are read from them. */
const api = await wholeApiDocument();

const tools: Partial<Record<McpTwin, ReadonlyMap<string, McpTool>>> = {};

/** A twin's tools, read from its spec once a process: the API's (MCP2) or the controls' (MCP6). */
export function mcpToolsByName(twin: McpTwin = 'api'): ReadonlyMap<string, McpTool> {
  const known = tools[twin];
  if (known) return known;
  const found =
    twin === 'api' ? mcpTools(api) : mcpTools(getCompiledControlSpec().document, twin, { './openapi.yaml': api });
  const made = new Map(found.map((tool) => [tool.name, tool]));
  tools[twin] = made;
  return made;
}

/** The version the twin gives in its server info: the API's, as the spec states it. */
export function mcpVersion(): string {
  return api.info.version;
}
