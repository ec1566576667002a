// A schema of either description read into one normal form, whatever way it was written: `$ref`s followed (3.1
// siblings laid over their target), `allOf` merged, 3.0's `nullable` and 3.1's `type: [x, 'null']` and
// `oneOf: [x, {type: 'null'}]` all as `nullable`, `const` as a one-value enum, 3.0's boolean and 3.1's numeric
// exclusive bounds as one bound, a type inferred from an enum. Two descriptions that say the same thing in
// different words then compare equal, and drift reports what differs in meaning only.
import type { DescriptionDocument } from './description-document.js';
import { refTarget } from './description-document.js';
import { DescriptionError } from './description-error.js';
import { childPointer, isObject, valueAt, type JsonObject } from './json-pointer.js';

/** A node of a description and where it is written. */
export interface Site {
  readonly value: unknown;
  readonly pointer: string;
  /** More schemas the value must match too: a field declared again by another member of an `allOf`. */
  readonly also?: readonly Site[];
}

/** Deeper than this, schema in schema, is no description but an attack on the walk. */
export const MAX_SCHEMA_DEPTH = 256;

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/** A bound of a value: its limit, and whether the limit itself is left out (3.0's and 3.1's exclusive forms). */
export interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

export const LENGTH_BOUNDS = ['minLength', 'maxLength', 'minItems', 'maxItems'] as const;
type LengthBound = (typeof LENGTH_BOUNDS)[number];

/** A schema in drift's normal form. Each keyword remembers the node it was written in, for the report. */
export interface Shape {
  /** Where the schema is defined: the `$ref`'s target, or the node itself. */
  readonly pointer: string;
  /** The types it allows besides null; null for any. */
  readonly types: ReadonlySet<JsonType> | null;
  readonly nullable: boolean;
  readonly format?: string;
  /** The values it allows besides null, when it lists them. */
  readonly enum?: readonly unknown[];
  readonly lengths: Readonly<Partial<Record<LengthBound, number>>>;
  readonly minimum?: Bound;
  readonly maximum?: Bound;
  readonly pattern?: string;
  readonly properties: ReadonlyMap<string, Site>;
  readonly required: ReadonlySet<string>;
  readonly items?: Site;
  /** A schema every other property's value follows (`additionalProperties: {…}`). */
  readonly additional?: Site;
  /** The shapes of a `oneOf` or `anyOf` of two or more (null taken out). */
  readonly variants?: readonly Site[];
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
  readonly deprecated: boolean;
  readonly description?: string;
  readonly examples?: readonly unknown[];
  /** Where each keyword above was read (the node holding it), when not at `pointer`. */
  readonly at: ReadonlyMap<string, string>;
}

interface Resolved {
  readonly value: JsonObject;
  readonly pointer: string;
  /** Where each keyword laid over the target was written (a `$ref`'s sibling), when not at `pointer`. */
  readonly overlaid: ReadonlyMap<string, string>;
}

/** Follows `$ref`s from a node to what it stands for; a 3.1 sibling (a description, say) is laid over the target. */
export function resolveSite(document: DescriptionDocument, site: Site): Resolved {
  let value = site.value;
  let pointer = site.pointer;
  let overlay: JsonObject = {};
  const overlaid = new Map<string, string>();
  const seen = new Set<string>();
  while (isObject(value) && typeof value.$ref === 'string') {
    const { $ref, ...siblings } = value;
    // The nearer sibling wins: a description beside a $ref over the one beside the $ref it leads to.
    for (const keyword of Object.keys(siblings)) if (!overlaid.has(keyword)) overlaid.set(keyword, pointer);
    overlay = { ...siblings, ...overlay };
    const target = refTarget(document.root, $ref, `${pointer}/$ref`, document.label);
    if (seen.has(target)) return { value: overlay, pointer, overlaid };
    seen.add(target);
    pointer = target;
    value = valueAt(document.root, target);
  }
  // A boolean schema (3.1's `true`) or anything else that is no object allows anything.
  return { value: { ...(isObject(value) ? value : {}), ...overlay }, pointer, overlaid };
}

const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

function typeOfValue(value: unknown): JsonType | 'null' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : (typeof value as 'string' | 'boolean');
}

function isNullSchema(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (value.type === 'null') return true;
  return Array.isArray(value.enum) && value.enum.length === 1 && value.enum[0] === null;
}

/** A mutable shape while it is read. */
interface Draft {
  pointer: string;
  types: Set<JsonType> | null;
  nullable: boolean;
  format?: string;
  enum?: unknown[];
  lengths: Partial<Record<LengthBound, number>>;
  minimum?: Bound;
  maximum?: Bound;
  pattern?: string;
  properties: Map<string, Site>;
  required: Set<string>;
  items?: Site;
  additional?: Site;
  variants?: Site[];
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  description?: string;
  examples?: unknown[];
  at: Map<string, string>;
}

/**
 * A node's lower (`minimum`) or upper (`maximum`) bound, from 3.0's boolean exclusive flag or 3.1's numeric
 * exclusive bound, whichever the node uses; with both of 3.1's, the tighter.
 */
function boundOf(node: JsonObject, version: '3.0' | '3.1', side: 'minimum' | 'maximum'): Bound | undefined {
  const flag = node[side === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'];
  const limit = typeof node[side] === 'number' ? node[side] : undefined;
  if (version === '3.0' || typeof flag === 'boolean')
    return limit === undefined ? undefined : { value: limit, exclusive: flag === true };
  const exclusive = typeof flag === 'number' ? flag : undefined;
  const tighter = side === 'minimum' ? (a: number, b: number) => a >= b : (a: number, b: number) => a <= b;
  if (exclusive !== undefined && (limit === undefined || tighter(exclusive, limit)))
    return { value: exclusive, exclusive: true };
  return limit === undefined ? undefined : { value: limit, exclusive: false };
}

/** Reads one resolved node's own keywords into the draft (later nodes of an allOf add to earlier ones). */
function readKeywords(
  draft: Draft,
  node: JsonObject,
  pointer: string,
  version: '3.0' | '3.1',
  overlaid: ReadonlyMap<string, string>,
): void {
  const mark = (keyword: string) => {
    const at = overlaid.get(keyword) ?? pointer;
    if (at !== draft.pointer) draft.at.set(keyword, at);
  };
  const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : undefined;
  if (types) {
    const own = new Set(types.filter((t): t is JsonType => typeof t === 'string' && JSON_TYPES.has(t)));
    if (types.includes('null')) {
      draft.nullable = true;
      mark('nullable');
    }
    // allOf: a value must be of every member's type.
    draft.types = draft.types === null ? own : new Set([...draft.types].filter((t) => own.has(t)));
    mark('type');
  }
  if (version === '3.0' && node.nullable === true) {
    draft.nullable = true;
    mark('nullable');
  }
  if (typeof node.format === 'string') {
    draft.format = node.format;
    mark('format');
  }
  const values = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  if (values) {
    if (values.includes(null)) {
      draft.nullable = true;
      mark('nullable');
    }
    const kept = values.filter((v) => v !== null);
    // `enum: [null]` (3.0's way to say `type: 'null'`): null alone, no other value.
    if (kept.length === 0 && values.length > 0) draft.types = new Set();
    else {
      draft.enum = kept;
      mark('enum');
    }
  }
  for (const bound of LENGTH_BOUNDS) {
    const limit = node[bound];
    if (typeof limit === 'number') {
      draft.lengths[bound] = limit;
      mark(bound);
    }
  }
  const minimum = boundOf(node, version, 'minimum');
  if (minimum) {
    draft.minimum = minimum;
    mark('minimum');
  }
  const maximum = boundOf(node, version, 'maximum');
  if (maximum) {
    draft.maximum = maximum;
    mark('maximum');
  }
  if (typeof node.pattern === 'string') {
    draft.pattern = node.pattern;
    mark('pattern');
  }
  if (isObject(node.properties)) {
    mark('properties');
    for (const name of Object.keys(node.properties)) {
      const site = { value: node.properties[name], pointer: childPointer(childPointer(pointer, 'properties'), name) };
      // allOf: a field two members declare must match both declarations.
      const earlier = draft.properties.get(name);
      draft.properties.set(name, earlier ? { ...earlier, also: [...(earlier.also ?? []), site] } : site);
    }
  }
  if (Array.isArray(node.required))
    for (const name of node.required) if (typeof name === 'string') draft.required.add(name);
  if (node.items !== undefined && !Array.isArray(node.items))
    draft.items = { value: node.items, pointer: childPointer(pointer, 'items') };
  if (isObject(node.additionalProperties))
    draft.additional = { value: node.additionalProperties, pointer: childPointer(pointer, 'additionalProperties') };
  if (node.readOnly === true) draft.readOnly = true;
  if (node.writeOnly === true) draft.writeOnly = true;
  if (node.deprecated === true) draft.deprecated = true;
  if (typeof node.description === 'string') {
    draft.description = node.description;
    mark('description');
  }
  const examples = Array.isArray(node.examples) ? node.examples : 'example' in node ? [node.example] : undefined;
  if (examples) {
    draft.examples = examples;
    mark('examples');
  }
}

/**
 * A schema site in drift's normal form.
 * @example shapeOf(production, { value: schema, pointer: '/components/schemas/Goal' }).required.has('title')
 */
export function shapeOf(document: DescriptionDocument, site: Site): Shape {
  const draft: Draft = {
    pointer: '',
    types: null,
    nullable: false,
    lengths: {},
    properties: new Map(),
    required: new Set(),
    readOnly: false,
    writeOnly: false,
    deprecated: false,
    at: new Map(),
  };
  const seen = new Set<string>();
  const take = (from: Site, top: boolean, depth = 0): void => {
    const { value, pointer, overlaid } = resolveSite(document, from);
    if (top) draft.pointer = pointer;
    if (depth > MAX_SCHEMA_DEPTH)
      throw new DescriptionError(
        `${document.label} composes schemas deeper than ${MAX_SCHEMA_DEPTH} levels at ${pointer}: no description does`,
      );
    if (seen.has(pointer)) return;
    seen.add(pointer);
    for (const extra of from.also ?? []) take(extra, false, depth + 1);
    if (Array.isArray(value.allOf))
      value.allOf.forEach((member, i) =>
        take({ value: member, pointer: childPointer(childPointer(pointer, 'allOf'), i) }, false, depth + 1),
      );
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const members = value[keyword];
      if (!Array.isArray(members)) continue;
      const sites = members.map((member: unknown, i): Site => ({
        value: member,
        pointer: childPointer(childPointer(pointer, keyword), i),
      }));
      const kept = sites.filter((s) => !isNullSchema(resolveSite(document, s).value));
      if (kept.length < sites.length) {
        draft.nullable = true;
        if (pointer !== draft.pointer) draft.at.set('nullable', pointer);
      }
      // One shape and null: the shape itself, nullable (how 3.1 and 3.0 write a nullable $ref).
      if (kept.length === 1 && kept[0]) take(kept[0], false, depth + 1);
      else if (kept.length > 1) draft.variants = kept;
    }
    readKeywords(draft, value, pointer, document.version, overlaid);
  };
  take(site, true);
  if (draft.types === null && draft.enum && draft.enum.length > 0) {
    const inferred = new Set(draft.enum.map((v) => typeOfValue(v)).filter((t): t is JsonType => t !== 'null'));
    draft.types = inferred;
  }
  if (draft.types === null && draft.properties.size > 0) draft.types = new Set(['object']);
  if (draft.types === null && draft.items) draft.types = new Set(['array']);
  // An integer above an exclusive bound is above the next integer: `exclusiveMinimum: 0` is `minimum: 1`.
  if (draft.types?.size === 1 && draft.types.has('integer')) {
    if (draft.minimum?.exclusive) draft.minimum = { value: Math.floor(draft.minimum.value) + 1, exclusive: false };
    if (draft.maximum?.exclusive) draft.maximum = { value: Math.ceil(draft.maximum.value) - 1, exclusive: false };
  }
  return draft;
}

/** Where a keyword of the shape was written: the node that holds it. */
export function keywordPointer(shape: Shape, keyword: string): string {
  return shape.at.get(keyword) ?? shape.pointer;
}
