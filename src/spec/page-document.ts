// Owns a spec document as a page carries it: its structure (paths, operations, parameters, bodies, statuses,
// schemas and their examples, servers, the rules' sources) without its prose (descriptions, summaries), which no answer of
// the mock reads and which were a third of the bytes a page loaded before its first answer. The generated
// page-documents.js holds the API's so (generate-specs.ts), but for what no answer but the MCP twin's reads (the
// schemas no request's input refers to, the webhooks), which page-schemas.js holds, loaded with the first /mcp
// request (firstPageDocument, laterPageParts); Node keeps the whole documents.
import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * Keywords of prose, dropped wherever they are keywords (not names: a property may be called `description`). A
 * schema's `example` stays: G8's messages quote it ("must look like 2026-11-20").
 */
const PROSE = new Set(['description', 'summary', 'examples', 'externalDocs']);

/**
 * Keywords whose object value maps names to nodes (`properties`, `paths`, `responses`, …): its keys are names,
 * kept whatever they are, and each value is a node again. `x-rules` and a rule's `parts` are maps of rule ids.
 */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'dependentSchemas',
  'paths',
  'webhooks',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'content',
  'encoding',
  'variables',
  'x-rules',
  'parts',
]);

/** Keywords whose value is data, copied as it is (a default or an enum may be an object with any keys). */
const DATA = new Set(['default', 'const', 'enum', 'required', 'mapping', 'scopes']);

type Node = unknown;

function isObject(node: Node): node is Record<string, Node> {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** A map of names to nodes: every name kept, each node made lean. */
function names(map: Record<string, Node>): Record<string, Node> {
  return Object.fromEntries(Object.entries(map).map(([name, child]) => [name, lean(child)]));
}

/** A node whose keys are keywords: prose dropped, data kept, name maps and sub-nodes walked. */
function lean(node: Node): Node {
  if (Array.isArray(node)) return node.map(lean);
  if (!isObject(node)) return node;
  const out: Record<string, Node> = {};
  for (const [key, value] of Object.entries(node)) {
    if (PROSE.has(key)) continue;
    // An extension's value is the extension's own data, but for the rules, whose sources a page keeps.
    if (DATA.has(key) || (key.startsWith('x-') && !NAME_MAPS.has(key))) out[key] = value;
    else if (NAME_MAPS.has(key) && isObject(value)) out[key] = names(value);
    // `components` maps kinds (schemas, parameters, …) to maps of names.
    else if (key === 'components' && isObject(value))
      out[key] = Object.fromEntries(
        Object.entries(value)
          .filter(([kind]) => !PROSE.has(kind))
          .map(([kind, map]) => [kind, isObject(map) ? names(map) : map]),
      );
    else out[key] = lean(value);
  }
  return out;
}

/**
 * The document as a page carries it: the same structure, none of its prose; compileSpec builds the same
 * operations from it (src/spec/page-document.test.ts).
 * @example pageDocument(parse(readFileSync(SPEC_PATH, 'utf8')))
 */
export function pageDocument(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  // lean keeps every structural keyword, so the result is a document still.
  return lean(document) as OpenAPIV3_1.Document;
}

/** What a page's API document leaves for later (page-schemas.js): every component schema, and the webhooks. */
export interface LaterPageParts {
  schemas: Record<string, unknown>;
  webhooks: OpenAPIV3_1.Document['webhooks'];
}

/** The `#/components/<kind>/<name>` references in a node, deeply, and in what each refers to, as `<kind>/<name>`. */
function referred(document: OpenAPIV3_1.Document, node: Node, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const child of node) referred(document, child, found);
  else if (isObject(node))
    for (const [key, value] of Object.entries(node)) {
      const target = key === '$ref' && typeof value === 'string' ? /^#\/components\/(\w+)\/(.+)$/.exec(value) : null;
      if (!target) referred(document, value, found);
      else if (!found.has(`${target[1]}/${target[2]}`)) {
        found.add(`${target[1]}/${target[2]}`);
        const components = document.components as Record<string, Record<string, Node>> | undefined;
        referred(document, components?.[target[1] ?? '']?.[target[2] ?? ''], found);
      }
    }
  return found;
}

/**
 * The API's document as a page loads it before its first answer: pageDocument's, but for the webhooks and the
 * component schemas no request's parameters or body refer to (the answers' shapes), which nothing but the MCP
 * twin's tools reads (a check of an answer takes its generated validator by name): 2 kB of the 7 kB gzipped it
 * was (test/page-weight.test.ts). compileSpec builds the same operations from it (src/spec/page-document.test.ts).
 * @example firstPageDocument(parse(readFileSync(SPEC_PATH, 'utf8'))).components.schemas.GoalInput
 */
export function firstPageDocument(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const page = pageDocument(document);
  const inputs = new Set<string>();
  for (const item of Object.values(page.paths ?? {}) as Array<Record<string, Node>>) {
    referred(page, item.parameters, inputs);
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
      const op = item[method] as Record<string, Node> | undefined;
      referred(page, op?.parameters, inputs);
      referred(page, op?.requestBody, inputs);
    }
  }
  const { webhooks: _later, components, ...rest } = page;
  const schemas = Object.entries(components?.schemas ?? {}).filter(([name]) => inputs.has(`schemas/${name}`));
  return { ...rest, components: { ...components, schemas: Object.fromEntries(schemas) } };
}

/**
 * What firstPageDocument leaves for later, as pageDocument has it: page-schemas.js, loaded by the first /mcp request.
 * @example laterPageParts(api).schemas.Goal
 */
export function laterPageParts(document: OpenAPIV3_1.Document): LaterPageParts {
  const page = pageDocument(document);
  return { schemas: page.components?.schemas ?? {}, webhooks: page.webhooks };
}

/**
 * pageDocument's document again, from firstPageDocument's and laterPageParts': the same keys in the same order.
 * @example wholePageDocument(API_DOCUMENT, API_LATER) // what the MCP twin's tools are read from
 */
export function wholePageDocument(first: OpenAPIV3_1.Document, later: LaterPageParts): OpenAPIV3_1.Document {
  const entries = Object.entries(first).flatMap(([key, value]): Array<[string, unknown]> =>
    key === 'components'
      ? [
          ...(later.webhooks === undefined ? [] : [['webhooks', later.webhooks] as [string, unknown]]),
          [key, { ...(value as object), schemas: later.schemas }],
        ]
      : [[key, value]],
  );
  return Object.fromEntries(entries) as OpenAPIV3_1.Document;
}
