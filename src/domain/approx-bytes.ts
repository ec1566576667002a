// What a record costs in memory, estimated from its shape: what a layer, a snapshot or a session costs a
// server's memory budget is the sum of these. An estimate, on the high side: a string at one byte a character
// when every character fits in one (V8 then keeps it so) and two otherwise, every object and array with V8's
// headers, every number as a boxed double. Calibrated against heap measurements in approx-bytes.test.ts.

/** A string's header. */
const STRING_HEADER = 16;
/** A character that takes a string to two bytes a character. */
const WIDE = /[^\u0000-\u00ff]/;
/** An object: its header and hidden class share, then each property's slot. */
const OBJECT_HEADER = 32;
const SLOT = 8;
/** A number, boolean or null in a slot (a double may be boxed: counted as such). */
const SCALAR = 16;

/** The deepest a record nests (a goal's ids in arrays): deeper values are counted as a slot. */
const DEEPEST = 4;

/**
 * What a record holds beyond the fields approxBytes walks, which a record class may tell under this key: a generated
 * check-in's keys of the check-ins it follows up (LW3) are private fields, each fill's own, that approxBytes cannot see.
 */
export const HELD_BYTES: unique symbol = Symbol('standin.heldBytes');

/**
 * The estimated bytes of a value: strings at one or two bytes a character, objects and arrays with their
 * headers and slots, followed to a few levels (records are flat: ids, texts, lists of ids).
 * @example approxBytes({ id: 'a', tags: ['x', 'y'] }) // 131
 */
export function approxBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return STRING_HEADER + (WIDE.test(value) ? 2 : 1) * value.length;
  if (value === null || typeof value !== 'object') return SCALAR;
  if (depth >= DEEPEST) return SLOT;
  let bytes = OBJECT_HEADER + ((value as { [HELD_BYTES]?: () => number })[HELD_BYTES]?.() ?? 0);
  // Stryker disable next-line ConditionalExpression,BlockStatement: for-in over an array visits the same items, each its own key; the branch saves the key strings.
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) bytes += SLOT + approxBytes(item, depth + 1);
    return bytes;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key)) bytes += SLOT + approxBytes((value as Record<string, unknown>)[key], depth + 1);
  }
  return bytes;
}

/**
 * What holding a text costs, in bytes: two a character (a JavaScript string takes one or two), and a header.
 * Caches are bounded by this, so a cap holds whatever the texts' length.
 */
export function textBytes(text: string): number {
  return 2 * text.length + 32;
}
