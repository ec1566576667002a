// Deep equality, as ajv's runtime helper (ajv/dist/runtime/equal: fast-deep-equal, MIT, Evgeny Poberezkin) decides
// it for `const`, `enum` and `uniqueItems`: the generated validators import this ES module where ajv's standalone code
// requires that helper, a CommonJS module. A page's bundle of a CommonJS module carries the bundler's helpers to load
// one, a chunk every other chunk of the mock imports (some 400 bytes gzipped before a page's first answer, though
// only the later checks compare values). deep-equal.test.ts holds it to ajv's.

/**
 * Whether `a` and `b` are the same value, deeply: arrays item by item, objects key by key (of the same
 * constructor), regular expressions by source and flags, boxed values by valueOf, NaN equal to NaN.
 * @example deepEqual({ a: [1, 2] }, { a: [1, 2] }) // true
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a == 'object' && typeof b == 'object') {
    if (a.constructor !== b.constructor) return false;
    if (Array.isArray(a)) {
      const items = b as unknown[];
      if (a.length != items.length) return false;
      for (let i = a.length; i-- !== 0;) if (!deepEqual(a[i], items[i])) return false;
      return true;
    }
    if (a.constructor === RegExp) {
      const [left, right] = [a as RegExp, b as RegExp];
      return left.source === right.source && left.flags === right.flags;
    }
    if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- as ajv's helper compares them
    if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (let i = keys.length; i-- !== 0;) if (!Object.prototype.hasOwnProperty.call(b, keys[i] as string)) return false;
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    for (let i = keys.length; i-- !== 0;) {
      const key = keys[i] as string;
      if (!deepEqual(left[key], right[key])) return false;
    }
    return true;
  }
  // True if both are NaN, false otherwise.
  return Number.isNaN(a) && Number.isNaN(b);
}
