// Reads a description's text (OpenAPI 3.0 or 3.1, YAML or JSON) into the document drift walks, and refuses in
// one line what it cannot compare: not OpenAPI, Swagger 2.0, a $ref to another file or to nowhere, an alias
// that contains itself, nesting deeper than any real description, and more than drift will compare (an enum of
// over 10,000 values, over 2,000,000 nodes: a 28 MB description with a 3.7 M-value enum took 8 minutes and 1.4 GiB).
import { parse } from 'yaml';
import { DescriptionError } from './description-error.js';
import { childPointer, isObject, valueAt, type JsonObject } from './json-pointer.js';

/** A description ready to compare: its root, which OpenAPI it is, and what to call it in a report. */
export interface DescriptionDocument {
  readonly root: JsonObject;
  /** `3.0` reads `nullable` and boolean `exclusiveMinimum`; `3.1` reads JSON Schema 2020-12's forms. */
  readonly version: '3.0' | '3.1';
  /** Where it came from (a file, a URL) or what it is, for messages. */
  readonly label: string;
}

/** Deeper than this is no description but an attack on the walk (a JSON of a million nested arrays). */
const MAX_DEPTH = 256;

/** The most values an enum may hold to be compared: no API declares more, and each costs the comparison dearly. */
const MAX_ENUM_VALUES = 10_000;

/** The most objects and arrays a description may hold outside its data (examples, defaults, enums). */
const MAX_NODES = 2_000_000;

/** Parses YAML or JSON; JSON is YAML too, but JSON.parse reads a large one many times faster. */
function parseText(text: string, label: string): unknown {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      // Not strict JSON (a comment, a trailing comma): YAML may still read it, or say where it breaks.
    }
  }
  if (/^<(!doctype|html)/i.test(trimmed))
    throw new DescriptionError(`${label} is an HTML page, not an OpenAPI description (a login page or a docs site?)`);
  try {
    // yaml's default alias limit (100) stops a "billion laughs" document; `<<` merge keys (YAML 1.1, which many
    // hand-written descriptions use) are merged, not read as a field named `<<`.
    return parse(text, { merge: true }) as unknown;
  } catch (error) {
    const first = (error as Error).message.split('\n')[0] ?? '';
    throw new DescriptionError(`${label} is neither JSON nor YAML: ${first}`);
  }
}

/**
 * Keys whose values are data, not description: a `$ref` key in an example, a default or an enum is a value like
 * any other, and an extension (`x-…`) is the writer's own.
 */
const DATA_KEYS: ReadonlySet<string> = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Maps whose keys name things (fields, statuses, components, paths), none of them data. */
const NAMED: ReadonlySet<string> = new Set([
  'paths',
  'webhooks',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'content',
  'properties',
  'patternProperties',
  '$defs',
  'variables',
]);

/** The `$ref`s of the document, each checked to lead somewhere inside it; cycles of aliases and depth refused. */
function checkStructure(root: JsonObject, label: string): void {
  const ancestors = new Set<unknown>();
  let nodes = 0;
  const visit = (node: unknown, pointer: string, depth: number, names = false): void => {
    if (typeof node !== 'object' || node === null) return;
    if (depth > MAX_DEPTH)
      throw new DescriptionError(`${label} nests deeper than ${MAX_DEPTH} levels at ${pointer}: no description does`);
    if (++nodes > MAX_NODES)
      throw new DescriptionError(
        `${label} holds over ${MAX_NODES.toLocaleString('en')} objects and arrays, more than standin drift compares: no description does`,
      );
    const values = !names && !Array.isArray(node) ? (node as JsonObject).enum : undefined;
    if (Array.isArray(values) && values.length > MAX_ENUM_VALUES)
      throw new DescriptionError(
        `${label} has an enum of ${values.length.toLocaleString('en')} values at ${pointer}/enum, more than the ${MAX_ENUM_VALUES.toLocaleString('en')} standin drift compares: no API declares so many`,
      );
    if (ancestors.has(node))
      throw new DescriptionError(`${label} has a YAML alias that contains itself at ${pointer}: write it out`);
    ancestors.add(node);
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, childPointer(pointer, i), depth + 1));
    else {
      const ref = (node as JsonObject).$ref;
      if (!names && typeof ref === 'string') refTarget(root, ref, `${pointer}/$ref`, label);
      // In a map of named things the keys are names (a field may be called `default`, and so is a response).
      for (const [key, value] of Object.entries(node))
        if (names || (!DATA_KEYS.has(key) && !key.startsWith('x-')))
          visit(value, childPointer(pointer, key), depth + 1, !names && NAMED.has(key));
    }
    ancestors.delete(node);
  };
  visit(root, '', 0);
}

/**
 * The pointer a `$ref` leads to in the same document; a reference to another file, or to nothing, is refused.
 * @example refTarget(root, '#/components/schemas/Goal', '/paths/~1goals/get/…/$ref', 'production') // '/components/schemas/Goal'
 */
export function refTarget(root: JsonObject, ref: string, at: string, label: string): string {
  if (!ref.startsWith('#')) {
    throw new DescriptionError(
      `${label} refers to another document ("${ref.slice(0, 60)}" at ${at}): bundle it into one file first, e.g. npx @redocly/cli bundle`,
    );
  }
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    throw new DescriptionError(`${label} has a $ref that is not a URI fragment ("${ref.slice(0, 60)}" at ${at})`);
  }
  if (pointer !== '' && !pointer.startsWith('/'))
    throw new DescriptionError(
      `${label} has a $ref by anchor ("${ref.slice(0, 60)}" at ${at}): drift follows JSON pointers only`,
    );
  if (valueAt(root, pointer) === undefined)
    throw new DescriptionError(`${label} has a $ref to nothing ("${ref.slice(0, 60)}" at ${at})`);
  return pointer;
}

/**
 * A description from its text; `DescriptionError` saying why when it is not one drift can compare.
 * @example readDescription(readFileSync('openapi.yaml', 'utf8'), 'openapi.yaml')
 */
export function readDescription(text: string, label: string): DescriptionDocument {
  const root = parseText(text, label);
  if (!isObject(root)) throw new DescriptionError(`${label} is not an OpenAPI description: it is not an object`);
  if (typeof root.swagger === 'string')
    throw new DescriptionError(
      `${label} is Swagger ${root.swagger.slice(0, 10)}; drift reads OpenAPI 3.0 and 3.1: convert it first (e.g. npx swagger2openapi)`,
    );
  const openapi = root.openapi;
  const version = typeof openapi === 'string' ? /^3\.(0|1)\.\d+/.exec(openapi)?.[1] : undefined;
  if (version === undefined) {
    const said = typeof openapi === 'string' ? `says openapi: ${openapi.slice(0, 20)}` : 'has no "openapi" field';
    throw new DescriptionError(`${label} is not an OpenAPI 3.0 or 3.1 description: it ${said}`);
  }
  if (!isObject(root.paths) && !isObject(root.webhooks))
    throw new DescriptionError(`${label} describes no operation: it has neither "paths" nor "webhooks"`);
  checkStructure(root, label);
  return { root, version: version === '0' ? '3.0' : '3.1', label };
}
