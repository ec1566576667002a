// Which of standin's behaviour rules govern a place of its spec: the `x-rule` and `x-length-rule` ids written
// there and the ids its description cites, read at the place (through its `$ref`) and, when it names none, at
// the nearest node above it that does (a field, its schema, an operation), never the document's own overview.
import type { DescriptionDocument } from './description-document.js';
import { isObject, parentPointer, pointerTokens, valueAt } from './json-pointer.js';
import { resolveSite } from './schema-shape.js';

/** Rule ids as the spec writes them: G4, GO7, CI3, WH1. */
const CITED = /\b[A-Z]{1,2}\d{1,2}\b/g;

function idsAt(node: unknown, known: ReadonlyMap<string, number>): string[] {
  if (!isObject(node)) return [];
  const ids: string[] = [];
  for (const key of ['x-rule', 'x-length-rule']) {
    const value = node[key];
    for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'string') ids.push(id);
  }
  for (const key of ['description', 'summary']) {
    const text = node[key];
    if (typeof text === 'string') ids.push(...(text.match(CITED) ?? []));
  }
  return ids.filter((id) => known.has(id));
}

/**
 * The rules that govern `pointer` in standin's spec, in the order its root `x-rules` lists them.
 * @example governingRules(standin, '/components/schemas/Goal/properties/progress') // ['GO4']
 */
export function governingRules(standin: DescriptionDocument, pointer: string | null): string[] {
  const rules = standin.root['x-rules'];
  const known = new Map(Object.keys(isObject(rules) ? rules : {}).map((id, i) => [id, i]));
  // Up to a top-level section's entry (`/components/schemas/Goal`, `/paths/~1goals`, `/servers/0`): the root's
  // overview cites every rule and governs no place in particular.
  for (let at = pointer; at !== null && pointerTokens(at).length >= 2; at = parentPointer(at)) {
    const node = valueAt(standin.root, at);
    const ids = idsAt(node, known);
    if (isObject(node) && typeof node.$ref === 'string')
      ids.push(...idsAt(resolveSite(standin, { value: node, pointer: at }).value, known));
    if (ids.length > 0) return [...new Set(ids)].sort((a, b) => (known.get(a) ?? 0) - (known.get(b) ?? 0));
  }
  return [];
}
