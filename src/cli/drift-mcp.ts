// `standin drift --mcp`'s two sides: production's tools (mcp-tool-source.ts) and standin's own, the catalog /mcp
// serves (MCP2, made from spec/openapi.yaml), compared (src/drift/compare-mcp-tools.ts) with each tool governed by
// its operations' rules and MCP2.
import type { ComparedLabels } from '../drift/change-place.js';
import { compareToolLists } from '../drift/compare-mcp-tools.js';
import { readDescription } from '../drift/description-document.js';
import type { DriftReport } from '../drift/drift-change.js';
import { governingRules } from '../drift/governing-rules.js';
import { childPointer, isObject } from '../drift/json-pointer.js';
import { toolListOf } from '../drift/mcp-tool-list.js';
import { mcpCatalog } from '../http/mcp-catalog.js';
import { getCompiledControlSpec, wholeApiDocument } from '../spec/compiled-spec.js';
import { listedTool } from '../spec/mcp-tools.js';
import { packageText, SPEC_PATH } from '../spec/spec-files.js';
import { productionTools } from './mcp-tool-source.js';

/** The rule every tool and the list itself answer to: which tools there are, and their names. */
const LIST_RULE = 'MCP2';

const counted = (n: number) => `${n} tool${n === 1 ? '' : 's'}`;

/**
 * The report of production's tools against standin's, and what to call each side.
 * @example const { report, labels } = await mcpDrift('tools.json', undefined)
 */
export async function mcpDrift(
  source: string,
  token: string | undefined,
): Promise<{ report: DriftReport; labels: ComparedLabels }> {
  const { list: production, server } = await productionTools(source, token);
  const { mcpToolsByName, mcpVersion } = await mcpCatalog({ wholeApiDocument, getCompiledControlSpec });
  const catalog = [...mcpToolsByName('api').values()];
  const standin = toolListOf({ tools: catalog.map(listedTool) }, "standin's MCP tools");
  const spec = readDescription(packageText(SPEC_PATH), "standin's spec/openapi.yaml");
  const order = Object.keys(isObject(spec.root['x-rules']) ? spec.root['x-rules'] : {});
  const rulesOf = new Map(
    catalog.map((tool) => {
      const ids = new Set([LIST_RULE]);
      for (const { path, method } of tool.operations)
        for (const id of governingRules(spec, childPointer(childPointer('/paths', path), method.toLowerCase())))
          ids.add(id);
      return [tool.name, [...ids].sort((a, b) => order.indexOf(a) - order.indexOf(b))];
    }),
  );
  const report = compareToolLists({
    standin,
    production,
    rules: (tool) => (tool === null ? [LIST_RULE] : (rulesOf.get(tool) ?? [LIST_RULE])),
  });
  return {
    report,
    labels: {
      production: `${production.label} (${server ? `${server}, ` : ''}${counted(production.tools.length)})`,
      standin: `standin's MCP tools (spec/openapi.yaml ${mcpVersion()}, ${counted(standin.tools.length)})`,
    },
  };
}
