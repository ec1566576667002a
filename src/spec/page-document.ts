// Owns a spec document as a page carries it: its structure (paths, operations, parameters, bodies, statuses,
// schemas and their examples, servers, the rules' sources) without its prose (descriptions, summaries), which no answer of
// the mock reads and which were a third of the bytes a page loaded before its first answer. The generated
// page-documents.js holds both specs so (generate-specs.ts); Node keeps the whole documents.
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
