// The generated validators' deep equality (deep-equal.ts) is ajv's own runtime helper's, pair for pair: JSON values
// alike and apart, the odd values it treats apart (NaN, boxed values, regular expressions, dates, objects of other
// constructors), and any pair fast-check draws.
import fc from 'fast-check';
import ajvEqual from 'ajv/dist/runtime/equal.js';
import { describe, expect, it } from 'vitest';
import { deepEqual } from './deep-equal.js';

// A CommonJS module's default import is its exports in Node and its `default` under vite: take either.
const helper: unknown = ajvEqual;
const theirs = (typeof helper === 'function' ? helper : (helper as { default: unknown }).default) as (
  a: unknown,
  b: unknown,
) => boolean;

/** What a comparison comes to: its answer, or the kind of error it threw (both throw on a null-prototype object). */
function outcome(compare: (a: unknown, b: unknown) => boolean, a: unknown, b: unknown): boolean | string {
  try {
    return compare(a, b);
  } catch (error) {
    return error instanceof Error ? error.name : 'thrown';
  }
}
const same = (a: unknown, b: unknown) => outcome(deepEqual, a, b) === outcome(theirs, a, b);

class Box {
  constructor(readonly value: number) {}
}

describe("the validators' deep equality", () => {
  it("tells the values ajv's helper tells, alike and apart", () => {
    const values: unknown[] = [
      null,
      undefined,
      0,
      -0,
      1,
      '1',
      '',
      true,
      false,
      NaN,
      [],
      [1, 2],
      [2, 1],
      [1, [2, { a: 3 }]],
      {},
      { a: 1 },
      { a: 1, b: 2 },
      { b: 2, a: 1 },
      { a: undefined },
      { b: undefined },
      { a: [1, { b: null }] },
      Object.create(null) as object,
      /a/g,
      /a/i,
      /b/g,
      new Date(0),
      new Date(1),
      new Number(1),
      new String('1'),
      new Box(1),
      new Box(2),
      { toString: () => 'x' },
      { constructor: RegExp, source: 'a', flags: '' },
    ];
    values.forEach((a, i) =>
      values.forEach((b, j) => expect(outcome(deepEqual, a, b), `${i} ~ ${j}`).toBe(outcome(theirs, a, b))),
    );
    expect(deepEqual({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(deepEqual(NaN, NaN)).toBe(true);
  });

  it("tells any pair of values as ajv's helper does", () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.anything({ withBoxedValues: true, withDate: true, withNullPrototype: true }),
    );
    fc.assert(
      fc.property(value, value, (a, b) => same(a, b) && same(a, a)),
      { numRuns: 5_000, seed: 42 },
    );
    // A value and its copy, which are mostly equal.
    fc.assert(
      fc.property(fc.jsonValue(), (a) => {
        const copy: unknown = JSON.parse(JSON.stringify(a));
        return same(a, copy);
      }),
      { numRuns: 2_000, seed: 42 },
    );
  });
});
