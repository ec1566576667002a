// The MCP twin's tools (MCP2), read from the spec: each operation marked `x-mcp-tool` is a tool, or half of one
// (a fixed pair, such as a comment on a check-in or on a goal update). Its input schema is made of the
// operation's path and query parameters and its body's fields, its output schema of its answer's, so a tool can
// never drift from its operation: the spec stays the one source.
import type { OpenAPIV3_1 } from 'openapi-types';
import { BASE_PATH } from './base-path.js';

type Schema = Record<string, unknown>;

/** One operation a tool calls, and how the tool's arguments map onto its request. */
export interface McpToolOperation {
  operationId: string;
  method: string;
  /** Where its spec is mounted: `/api/v2` for the API's, `/__mock` for the controls'. */
  base: string;
  /** The path under the base path, e.g. `/goals/{goal_id}/goal-updates`. */
  path: string;
  /** Path parameters, by name. */
  pathNames: readonly string[];
  /** Query parameters: the argument's name (brackets dropped) and the query's (`people_ids[]`). */
  query: ReadonlyArray<{ argument: string; name: string; array: boolean }>;
  /** The body's fields, when it takes a body. */
  bodyNames: readonly string[];
  /** The answer is a list, shown as `{items}` (MCP asks for an object), with `page` and `per_page` when paged. */
  list: boolean;
  /** It takes G4's `page`. */
  paged: boolean;
  /** Fields of its answer the tool leaves out (`x-mcp-omit`): a credential the REST answer carries (MCP7). */
  omit: readonly string[];
}

export interface McpTool {
  name: string;
  description: string;
  inputSchema: Schema & { type: 'object' };
  /** None for an operation that answers 204: a client holds a result to its output schema, and there is none. */
  outputSchema?: Schema & { type: 'object' };
  /** One operation, or a pair told apart by which of their path ids the call gives. */
  operations: readonly McpToolOperation[];
}

/** MCP2: the names production's MCP server is known to have; standin names the others. */
export const PRODUCTION_NAMES: ReadonlySet<string> = new Set([
  'get_me',
  'get_goals',
  'get_digest',
  'get_check_ins',
  'get_activities',
]);

/** Which twin a spec's tools are: the API's (MCP2, spec/openapi.yaml) or the controls' (MCP6, spec/control.yaml). */
export type McpTwin = 'api' | 'control';

const MOUNTS: Record<McpTwin, string> = { api: BASE_PATH, control: '/__mock' };

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/**
 * The tools of `document`, in the order of their first operation in the spec.
 * @example mcpTools(getCompiledSpec().document).map((t) => t.name) // ['get_me', 'get_goals', …]
 */
export function mcpTools(
  document: OpenAPIV3_1.Document,
  twin: McpTwin = 'api',
  /** The documents its references name by file: control.yaml's references into the API's spec. */
  others: Readonly<Record<string, OpenAPIV3_1.Document>> = {},
): McpTool[] {
  const byName = new Map<string, Array<{ op: OpenAPIV3_1.OperationObject; method: string; path: string }>>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item?.[method];
      const name = (op as { 'x-mcp-tool'?: string } | undefined)?.['x-mcp-tool'];
      if (!op || !name) continue;
      byName.set(name, [...(byName.get(name) ?? []), { op, method: method.toUpperCase(), path }]);
    }
  }
  const deref = dereferencer(document, others);
  return [...byName].map(([name, ops]) => tool(name, ops, deref, twin));
}

function tool(
  name: string,
  ops: Array<{ op: OpenAPIV3_1.OperationObject; method: string; path: string }>,
  deref: (node: unknown) => unknown,
  twin: McpTwin,
): McpTool {
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  const operations: McpToolOperation[] = [];
  let output: Schema | null = null;
  for (const { op, method, path } of ops) {
    const pathNames: string[] = [];
    const query: Array<{ argument: string; name: string; array: boolean }> = [];
    for (const raw of op.parameters ?? []) {
      const parameter = deref(raw) as OpenAPIV3_1.ParameterObject;
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      const argument = parameter.name.replace(/\[\]$/, '');
      const schema: Schema = { ...(parameter.schema as Schema), description: firstParagraph(parameter.description) };
      properties[argument] = schema;
      if (parameter.in === 'path') pathNames.push(argument);
      else query.push({ argument, name: parameter.name, array: schema.type === 'array' });
      // A pair's path ids are each required by one of its operations only: the call gives one of them.
      if (parameter.required && (parameter.in !== 'path' || ops.length === 1)) required.add(argument);
    }
    const body = bodySchema(op, deref);
    for (const [field, schema] of Object.entries((body?.properties ?? {}) as Record<string, Schema>)) {
      if (schema.readOnly === true) continue;
      properties[field] = schema;
    }
    for (const field of (body?.required ?? []) as string[]) required.add(field);
    const answer = answerSchema(op, deref);
    output ??= answer;
    operations.push({
      operationId: op.operationId!,
      method,
      base: MOUNTS[twin],
      path,
      pathNames,
      query,
      bodyNames: Object.keys(body?.properties ?? {}),
      list: answer?.type === 'array',
      paged: query.some((q) => q.name === 'page'),
      omit: (op as { 'x-mcp-omit'?: string[] })['x-mcp-omit'] ?? [],
    });
  }
  const list = output?.type === 'array';
  const paged = operations.every((op) => op.paged);
  const source =
    twin === 'control'
      ? "Source: standin's control twin of its /__mock controls (MCP6); production has no such tool."
      : PRODUCTION_NAMES.has(name)
        ? "Source: production's MCP server names this tool (MCP2)."
        : 'Source: standin names this tool; production has it under a name not public (MCP2).';
  const pair = ops.length > 1 ? ` Give one of ${operations.map((o) => `\`${o.pathNames.at(-1)}\``).join(' or ')}.` : '';
  return {
    name,
    description: `${ops.map(({ op }) => op.summary ?? op.operationId).join('; ')}.${pair} ${source}`,
    inputSchema: { type: 'object', properties, required: [...required] },
    ...(output === null
      ? {}
      : {
          outputSchema: list
            ? {
                type: 'object',
                properties: {
                  items: output,
                  ...(paged ? { page: { type: 'integer' }, per_page: { type: 'integer' } } : {}),
                },
                required: paged ? ['items', 'page', 'per_page'] : ['items'],
              }
            : { ...without(output, operations[0]!.omit), type: 'object' },
        }),
    operations,
  };
}

/** A tool as tools/list lists it: what a client reads of it, without how standin calls its operations. */
export interface ListedMcpTool {
  name: string;
  description: string;
  inputSchema: McpTool['inputSchema'];
  outputSchema?: NonNullable<McpTool['outputSchema']>;
}

/**
 * What tools/list answers of a tool: the twin's answer, and standin's side when `standin drift --mcp` compares.
 * @example mcpTools(document).map(listedTool)
 */
export function listedTool({ name, description, inputSchema, outputSchema }: McpTool): ListedMcpTool {
  return { name, description, inputSchema, ...(outputSchema ? { outputSchema } : {}) };
}

/** An object schema without the properties `omit` names (MCP7: a tool's result carries no token). */
function without(schema: Schema, omit: readonly string[]): Schema {
  if (omit.length === 0) return schema;
  const properties = { ...(schema.properties as Record<string, Schema>) };
  for (const name of omit) delete properties[name];
  const required = ((schema.required ?? []) as string[]).filter((name) => !omit.includes(name));
  return { ...schema, properties, required };
}

function bodySchema(op: OpenAPIV3_1.OperationObject, deref: (node: unknown) => unknown): Schema | null {
  const body = deref(op.requestBody) as OpenAPIV3_1.RequestBodyObject | undefined;
  const schema = body?.content['application/json']?.schema;
  return schema ? (deref(schema) as Schema) : null;
}

/** The schema of the operation's success answer (200 or 201), references resolved. */
function answerSchema(op: OpenAPIV3_1.OperationObject, deref: (node: unknown) => unknown): Schema | null {
  for (const status of ['200', '201']) {
    const response = deref(op.responses?.[status]) as OpenAPIV3_1.ResponseObject | undefined;
    const schema = response?.content?.['application/json']?.schema;
    if (schema) return deref(schema) as Schema;
  }
  return null;
}

function firstParagraph(text: string | undefined): string | undefined {
  return text?.split('\n\n')[0]?.replace(/\s+/g, ' ').trim();
}

/**
 * Resolves the document's references (`#/components/...`, and control.yaml's into `./openapi.yaml#/...`)
 * in a node, deeply: an MCP client reads a tool's schemas alone, without the specs' components. A reference
 * met again within its own expansion (a recursive schema) is left as `{}`, any value.
 */
function dereferencer(
  document: OpenAPIV3_1.Document,
  others: Readonly<Record<string, OpenAPIV3_1.Document>>,
): (node: unknown) => unknown {
  const lookup = (ref: string, within: OpenAPIV3_1.Document): { node: unknown; doc: OpenAPIV3_1.Document } => {
    const [file, pointer = ''] = ref.split('#');
    const doc = file ? others[file] : within;
    let node: unknown = doc;
    for (const key of pointer.replace(/^\//, '').split('/'))
      node = (node as Record<string, unknown> | undefined)?.[key];
    if (node === undefined || doc === undefined) throw new Error(`standin: the spec's reference ${ref} leads nowhere`);
    return { node, doc };
  };
  const resolve = (node: unknown, open: ReadonlySet<string>, within: OpenAPIV3_1.Document): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, open, within));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      const key = `${within === document ? '' : 'other'}${ref}`;
      if (open.has(key)) return {};
      const found = lookup(ref, within);
      return resolve(found.node, new Set([...open, key]), found.doc);
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      // The spec's own annotations (x-rule, x-mcp-tool, …) say nothing to a tool's caller.
      if (!key.startsWith('x-')) out[key] = resolve(value, open, within);
    }
    return out;
  };
  return (node) => resolve(node, new Set(), document);
}
