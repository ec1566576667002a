// RFC 6901 JSON pointers into a description: made from tokens, read back into them, and followed through a
// parsed document. Every place drift reports is one of these, so a maintainer can jump to it.

/** A parsed JSON or YAML value's object form, as drift reads it. */
export type JsonObject = { readonly [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The pointer one token below `pointer` (`~` and `/` escaped as RFC 6901 says).
 * @example childPointer('/paths', '/goals') // '/paths/~1goals'
 */
export function childPointer(pointer: string, token: string | number): string {
  return `${pointer}/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/**
 * The tokens of a pointer, unescaped; the document's root is `''` with none.
 * @example pointerTokens('/paths/~1goals/get') // ['paths', '/goals', 'get']
 */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The pointer of the node that holds `pointer`'s, or null for the root. */
export function parentPointer(pointer: string): string | null {
  if (pointer === '') return null;
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

/**
 * The value at `pointer` in `document`, or undefined when the path leads nowhere.
 * @example valueAt(doc, '/components/schemas/Goal')
 */
export function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token)) node = node[Number(token)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}
