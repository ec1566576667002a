// The twin's catalog: the tools of the API (MCP2) and of the controls (MCP6) read from their specs once a process,
// and the version the twin gives. Apart from mcp-route.ts so that a page loads it with the first /mcp request (about
// 1 kB gzipped a page would otherwise pay before its first answer, test/page-weight.test.ts); the CLI imports it.
// It waits for the API's whole document, whose answers' schemas a page loads with it (wholeApiDocument). The specs
// are handed in by whoever loads it (mcp-route.ts, the CLI), which has the spec's modules at hand: imported here,
// they and what they import would be a chunk a page pays before its first answer.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { CompiledSpec } from '../spec/compiled-spec.js';
import { mcpTools, type McpTool, type McpTwin } from '../spec/mcp-tools.js';

/** Where the tools are read from: compiled-spec.js' own functions. */
export interface CatalogSpecs {
  /** The API's document, its answers' schemas and webhooks with it: the tools' schemas are read from them. */
  wholeApiDocument: () => Promise<OpenAPIV3_1.Document>;
  getCompiledControlSpec: () => Pick<CompiledSpec, 'document'>;
}

/** A twin's tools by name, and the version it gives. */
export interface McpCatalog {
  /** A twin's tools, read from its spec once a process: the API's (MCP2) or the controls' (MCP6). */
  mcpToolsByName: (twin?: McpTwin) => ReadonlyMap<string, McpTool>;
  /** The version the twin gives in its server info: the API's, as the spec states it. */
  mcpVersion: () => string;
}

const tools: Partial<Record<McpTwin, ReadonlyMap<string, McpTool>>> = {};

/**
 * The catalog, once the API's whole document is at hand.
 * @example const { mcpToolsByName, mcpVersion } = await mcpCatalog({ wholeApiDocument, getCompiledControlSpec })
 */
export async function mcpCatalog(specs: CatalogSpecs): Promise<McpCatalog> {
  const api = await specs.wholeApiDocument();
  return {
    mcpToolsByName: (twin = 'api') => {
      const known = tools[twin];
      if (known) return known;
      const found =
        twin === 'api'
          ? mcpTools(api)
          : mcpTools(specs.getCompiledControlSpec().document, twin, { './openapi.yaml': api });
      const made = new Map(found.map((tool) => [tool.name, tool]));
      tools[twin] = made;
      return made;
    },
    mcpVersion: () => api.info.version,
  };
}
