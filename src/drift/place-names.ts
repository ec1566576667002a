// What a report calls a place in a description: `Goal.owner.name` for a schema's field, `the 404 answer.detail`
// for an answer's, `parameter since` for a parameter's, read from the pointer where the schema is defined, so
// that a change in a schema many operations share is named the same way wherever it is met.
import { isObject, pointerTokens, valueAt } from './json-pointer.js';

/**
 * The tokens a schema's structure adds to a field's name: `.name`, `[]`, `{}`; composition adds nothing.
 * @example fieldSuffix(['properties', 'items', 'items', 'properties', 'id']) // '.items[].id'
 */
export function fieldSuffix(tokens: readonly string[]): string {
  let suffix = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === 'properties' && i + 1 < tokens.length) suffix += `.${tokens[++i]}`;
    else if (token === 'items') suffix += '[]';
    else if (token === 'additionalProperties') suffix += '{}';
    else if (token === 'allOf' || token === 'oneOf' || token === 'anyOf') i++;
  }
  return suffix;
}

/** The root a schema hangs from, named: a component, a request body, an answer, a parameter, a header. */
function rootName(tokens: readonly string[], root: unknown): { name: string; rest: readonly string[] } {
  if (tokens[0] === 'components' && tokens[1] === 'schemas' && tokens[2] !== undefined)
    return { name: tokens[2], rest: tokens.slice(3) };
  const at = tokens.lastIndexOf('schema');
  if (at < 0) return { name: 'the description', rest: [] };
  const before = tokens.slice(0, at);
  const rest = tokens.slice(at + 1);
  const responses = before.lastIndexOf('responses');
  const headers = before.lastIndexOf('headers');
  if (headers >= 0 && before[headers + 1] !== undefined) return { name: `header ${before[headers + 1]}`, rest };
  if (before.includes('requestBody') || (before[0] === 'components' && before[1] === 'requestBodies'))
    return { name: 'the request body', rest };
  if (responses >= 0 && before[responses + 1] !== undefined)
    return { name: `the ${before[responses + 1]} answer`, rest };
  if (before[0] === 'components' && before[1] === 'responses' && before[2] !== undefined)
    return { name: `the ${before[2]} answer`, rest };
  if (before.includes('parameters')) {
    const parameter = valueAt(root, `/${before.map((t) => t.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`);
    const name = isObject(parameter) && typeof parameter.name === 'string' ? parameter.name : undefined;
    return { name: name === undefined ? 'the parameter' : `parameter ${name}`, rest };
  }
  return { name: 'the schema', rest };
}

/**
 * A schema place's name, for messages.
 * @example placeName('/components/schemas/Goal/properties/owner/properties/name') // 'Goal.owner.name'
 * @example placeName('/paths/~1goals/get/responses/200/content/application~1json/schema/items/properties/id') // 'the 200 answer[].id'
 * @example placeName('/components/parameters/goalsSince/schema', standin.root) // 'parameter since'
 */
export function placeName(pointer: string, root?: unknown): string {
  const { name, rest } = rootName(pointerTokens(pointer), root);
  return `${name}${fieldSuffix(rest)}`;
}
