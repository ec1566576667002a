// Which enum values standin's world emits: every record, as its GET presents it, walked beside its schema in
// standin's spec, each value found at a node holding `enum` or `const` counted under that node's pointer. Drift
// reads it to say whether a value production does not declare is one a client built on standin has been shown.
import type { DescriptionDocument } from './description-document.js';
import { childPointer, isObject } from './json-pointer.js';
import { keywordPointer, shapeOf, type Shape, type Site } from './schema-shape.js';

/** A record as presented, with the name of its component schema in standin's spec. */
export interface CensusRecord {
  readonly schema: string;
  readonly value: unknown;
}

/** An enum lists its values; more distinct ones than this at one place would be no enum's. */
const MOST_VALUES = 256;

/** The values emitted at each enum's pointer, or undefined where no record reaches. */
export type EmittedValues = (standinPointer: string) => readonly unknown[] | undefined;

/**
 * @example const emitted = worldCensus(standin, records); emitted('/components/schemas/Mood') // ['calm', 'happy', …]
 */
export function worldCensus(standin: DescriptionDocument, records: Iterable<CensusRecord>): EmittedValues {
  const shapes = new Map<string, Shape>();
  const shape = (site: Site) => {
    let found = shapes.get(site.pointer);
    if (!found) shapes.set(site.pointer, (found = shapeOf(standin, site)));
    return found;
  };
  const seen = new Map<string, Map<string, unknown>>();
  // A value of a oneOf fits the first variant whose constant and enum fields it matches.
  const fits = (value: Record<string, unknown>, variant: Shape) =>
    [...variant.properties].every(([name, site]) => {
      const values = shape(site).enum;
      return (
        values === undefined ||
        !(name in value) ||
        values.some((v) => JSON.stringify(v) === JSON.stringify(value[name]))
      );
    });
  const walk = (value: unknown, site: Site): void => {
    const here = shape(site);
    if (here.enum !== undefined) {
      const at = keywordPointer(here, 'enum');
      let values = seen.get(at);
      if (!values) seen.set(at, (values = new Map<string, unknown>()));
      if (value !== null && values.size < MOST_VALUES) values.set(JSON.stringify(value), value);
    }
    if (Array.isArray(value)) {
      if (here.items) for (const item of value) walk(item, here.items);
      return;
    }
    if (!isObject(value)) return;
    const variant = here.variants?.map(shape).find((v) => fits(value, v));
    const holder = variant ?? here;
    for (const [name, field] of Object.entries(value)) {
      const fieldSite = holder.properties.get(name);
      if (fieldSite) walk(field, fieldSite);
    }
  };
  for (const record of records) {
    const pointer = childPointer('/components/schemas', record.schema);
    walk(record.value, { value: { $ref: `#${pointer}` }, pointer });
  }
  return (pointer) => {
    const values = seen.get(pointer);
    if (!values) return undefined;
    return [...values.keys()].sort().map((key) => values.get(key));
  };
}
