// Owns G2's case-blind ids on input (decided): which values of an operation's input are ids — its parameters and
// top-level body fields of `format: uuid`, or lists of them — and their lowercase form, the form the server
// stores and writes, so that an upper-case spelling of a known id finds its record wherever it is sent.
type Schema = Record<string, unknown>;

/** Whether a schema, or one of its `anyOf`/`oneOf` forms (CI6's id or date), is `format: uuid`. */
function isId(schema: Schema | undefined): boolean {
  if (schema?.format === 'uuid') return true;
  const forms = (schema?.anyOf ?? schema?.oneOf) as Schema[] | undefined;
  return forms?.some(isId) ?? false;
}

/**
 * Whether a schema is an id or a list of ids (`people_ids[]`, `contributor_ids`), after `resolve` follows a
 * reference.
 * @example holdsIds({ type: 'array', items: { type: 'string', format: 'uuid' } }, (s) => s) // true
 */
export function holdsIds(schema: Schema | undefined, resolve: (schema: Schema) => Schema): boolean {
  if (!schema) return false;
  const own = resolve(schema);
  return isId(own) || isId(own.items === undefined ? undefined : resolve(own.items as Schema));
}

/** A value with every letter of its ids lowercase: a string, or each string of a list; anything else as it is. */
function lowered(value: unknown): unknown {
  if (typeof value === 'string') return value.toLowerCase();
  if (Array.isArray(value))
    return (value as unknown[]).map((item) => (typeof item === 'string' ? item.toLowerCase() : item));
  return value;
}

/**
 * `values` with the ids among `names` in lowercase: the same object when none changes (most requests), a
 * shallow copy otherwise, so that a caller's object (a spec example) is never written to.
 * @example lowercaseIds({ id: '3B24…' }, ['id']) // { id: '3b24…' }
 */
export function lowercaseIds<T extends Record<string, unknown>>(values: T, names: readonly string[]): T {
  let out: T | null = null;
  for (const name of names) {
    const value = values[name];
    if (value === undefined) continue;
    const lower = lowered(value);
    const same = Array.isArray(value)
      ? value.every((item, i) => item === (lower as unknown[])[i])
      : Object.is(value, lower);
    if (same) continue;
    out ??= { ...values };
    (out as Record<string, unknown>)[name] = lower;
  }
  return out ?? values;
}
