// A value's JSON text in pieces, for a document too large to hold as one string (a whole world's state: the large
// world's runs to hundreds of MiB, and eight of them at once ran the heap out): plain objects and arrays are
// walked, every element of an array written whole by JSON.stringify, so a piece is at most one record's text and
// the pieces joined are JSON.stringify's text byte for byte (MK3).

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The JSON text of `value`, piece by piece; `pieces.join('')` is `JSON.stringify(value)`.
 * @example [...jsonPieces({ records: { goals: [a, b] } })].join('') === JSON.stringify({ records: { goals: [a, b] } })
 */
export function* jsonPieces(value: unknown): Generator<string, void, undefined> {
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      // In an array, what JSON.stringify leaves out of an object (undefined, a function) is written null.
      yield `${i > 0 ? ',' : ''}${JSON.stringify(value[i]) ?? 'null'}`;
    }
    yield ']';
    return;
  }
  // Anything with a toJSON of its own (a Date, a record whose text is written on first read) is written whole.
  if (!isPlainObject(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    const text = JSON.stringify(value);
    if (text !== undefined) yield text;
    return;
  }
  yield '{';
  let first = true;
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(inner);
  }
  yield '}';
}
