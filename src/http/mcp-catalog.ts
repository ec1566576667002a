// The twin's catalog: the tools of the API (MCP2) and of the controls (MCP6) read from their specs once a process,
// and the version the twin gives. Apart from mcp-route.ts so that a page loads it with the first /mcp request (about
// 1 kB gzipped a page would otherwise pay before its first answer, test/page-weight.test.ts); the CLI imports it.
import { getCompiledControlSpec, getCompiledSpec } from '../spec/compiled-spec.js';
import { mcpTools, type McpTool, type McpTwin } from '../spec/mcp-tools.js';

const tools: Partial<Record<McpTwin, ReadonlyMap<string, McpTool>>> = {};

/** A twin's tools, read from its spec once a process: the API's (MCP2) or the controls' (MCP6). */
export function mcpToolsByName(twin: McpTwin = 'api'): ReadonlyMap<string, McpTool> {
  const known = tools[twin];
  if (known) return known;
  const api = getCompiledSpec().document;
  const found =
    twin === 'api' ? mcpTools(api) : mcpTools(getCompiledControlSpec().document, twin, { './openapi.yaml': api });
  const made = new Map(found.map((tool) => [tool.name, tool]));
  tools[twin] = made;
  return made;
}

/** The version the twin gives in its server info: the API's, as the spec states it. */
export function mcpVersion(): string {
  return getCompiledSpec().document.info.version;
}
