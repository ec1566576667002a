// `standin drift --mcp`'s comparison: production's MCP tools with standin's, paired by name. A tool on one side
// only, each tool's input schema (its arguments, what a client sends) and output schema (its structured result,
// what it receives) walked as drift walks an operation's (compare-schemas.ts), and the tools' descriptions; each
// difference judged, reported and ordered as `standin drift` does for OpenAPI.
import { SchemaComparison } from './compare-schemas.js';
import type { DescriptionDocument } from './description-document.js';
import { summaryOf, type DriftChange, type DriftReport } from './drift-change.js';
import { compareChanges } from './drift-report.js';
import type { Direction, Finding } from './finding.js';
import { pointerTokens, type JsonObject } from './json-pointer.js';
import type { ListedTool, ToolList } from './mcp-tool-list.js';
import { fieldSuffix } from './place-names.js';

/** The two tool lists under comparison, and the rules of standin's spec that govern each tool. */
export interface ComparedToolLists {
  readonly standin: ToolList;
  readonly production: ToolList;
  /** The rule ids that govern standin's tool (its operations'), or the list itself for null. */
  readonly rules?: (tool: string | null) => readonly string[];
}

/** What a message calls a schema's root: the tool's arguments, or its result. */
const PART: Record<Direction, string> = { input: 'arguments', output: 'result' };

const prose = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim();

/** A tool's schema as a document of its own: its `$ref`s (`#/$defs/…`) lead inside the schema, as JSON Schema's do. */
function schemaDocument(schema: JsonObject, label: string): DescriptionDocument {
  // MCP's schemas are JSON Schema 2020-12, which OpenAPI 3.1's schemas are: the same normal form reads both.
  return { root: schema, version: '3.1', label };
}

/** A finding's pointers, from inside a tool's schema to inside each list's document. */
function placed(finding: Finding, standinAt: string, productionAt: string): Finding {
  return {
    ...finding,
    standin: finding.standin === null ? null : `${standinAt}${finding.standin}`,
    production: finding.production === null ? null : `${productionAt}${finding.production}`,
  };
}

/** Compares one tool's schemas and description with its namesake's. */
function compareTool(ours: ListedTool, theirs: ListedTool, lists: ComparedToolLists, report: (f: Finding) => void) {
  const sd = prose(ours.description);
  const pd = prose(theirs.description);
  if (sd !== undefined && pd !== undefined && sd !== pd)
    report({
      category: 'compatible',
      kind: 'description',
      standin: `${ours.pointer}/description`,
      production: `${theirs.pointer}/description`,
      message: `\`${ours.name}\`: the descriptions differ`,
    });
  const walk = (direction: Direction, key: 'inputSchema' | 'outputSchema', s: JsonObject, p: JsonObject) => {
    const pair = {
      standin: schemaDocument(s, `standin's ${ours.name} ${key}`),
      production: schemaDocument(p, `${lists.production.label}'s ${theirs.name} ${key}`),
    };
    const name = (pointer: string) => `${ours.name}.${PART[direction]}${fieldSuffix(pointerTokens(pointer))}`;
    const at = (tool: ListedTool) => `${tool.pointer}/${key}`;
    new SchemaComparison(pair, (finding) => report(placed(finding, at(ours), at(theirs))), name).compare(
      { value: s, pointer: '' },
      { value: p, pointer: '' },
      direction,
    );
  };
  walk('input', 'inputSchema', ours.inputSchema, theirs.inputSchema);
  if (ours.outputSchema && theirs.outputSchema) walk('output', 'outputSchema', ours.outputSchema, theirs.outputSchema);
  else if (ours.outputSchema)
    report({
      category: 'breaking',
      kind: 'output-schema',
      only: 'standin',
      standin: `${ours.pointer}/outputSchema`,
      production: theirs.pointer,
      message: `\`${ours.name}\`: standin's result has structured content (an outputSchema); production declares none, so a client reading it finds nothing`,
    });
  else if (theirs.outputSchema)
    report({
      category: 'missing',
      kind: 'output-schema',
      only: 'production',
      standin: ours.pointer,
      production: `${theirs.pointer}/outputSchema`,
      message: `\`${ours.name}\`: production's result has structured content (an outputSchema); standin's has none`,
    });
}

/**
 * Every difference between production's tools and standin's, with its category and rules, in the report's order.
 * @example compareToolLists({ standin, production }).summary // { breaking: 1, missing: 0, compatible: 14 }
 */
export function compareToolLists(lists: ComparedToolLists): DriftReport {
  const met: Array<{ finding: Finding; tool: string | null }> = [];
  const theirs = new Map(lists.production.tools.map((tool) => [tool.name, tool]));
  const ours = new Set(lists.standin.tools.map((tool) => tool.name));
  for (const tool of lists.standin.tools) {
    const match = theirs.get(tool.name);
    if (match) compareTool(tool, match, lists, (finding) => met.push({ finding, tool: tool.name }));
    else
      met.push({
        tool: tool.name,
        finding: {
          category: 'breaking',
          kind: 'tool',
          only: 'standin',
          standin: tool.pointer,
          production: lists.production.pointer,
          message: `\`${tool.name}\`: standin offers it; production does not list it, so a client calling it gets an error`,
        },
      });
  }
  for (const tool of lists.production.tools)
    if (!ours.has(tool.name))
      met.push({
        tool: tool.name,
        finding: {
          category: 'missing',
          kind: 'tool',
          only: 'production',
          standin: lists.standin.pointer,
          production: tool.pointer,
          message: `\`${tool.name}\`: production offers it; standin does not`,
        },
      });
  const changes = met.map(({ finding, tool }): DriftChange => ({
    category: finding.category,
    kind: finding.kind,
    operation: tool,
    production_pointer: finding.production,
    standin_pointer: finding.standin,
    message: finding.message,
    // A tool standin lacks has no rules of its own: the list's govern it.
    rules: lists.rules?.(finding.kind === 'tool' && finding.only === 'production' ? null : tool) ?? [],
  }));
  changes.sort(compareChanges);
  return { summary: summaryOf(changes), changes };
}
