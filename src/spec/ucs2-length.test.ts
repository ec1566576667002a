// The generated validators' string length (ucs2-length.ts) is ajv's own runtime helper's, string for string:
// surrogate pairs, lone and reversed surrogates, and any string fast-check draws.
import fc from 'fast-check';
import ajvLength from 'ajv/dist/runtime/ucs2length.js';
import { describe, expect, it } from 'vitest';
import { ucs2length } from './ucs2-length.js';

// A CommonJS module's default import is its exports in Node and its `default` under vite: take either.
const helper: unknown = ajvLength;
const theirs = (typeof helper === 'function' ? helper : (helper as { default: unknown }).default) as (
  text: string,
) => number;

describe("the validators' string length", () => {
  it("counts surrogate pairs and lone surrogates as ajv's helper does", () => {
    for (const text of [
      '',
      'a',
      'héllo',
      'a😀',
      '😀😀',
      '\ud83d',
      '\ude00',
      '\ude00\ud83d',
      'x\ud83d',
      '\ud83dx',
      '👩‍👩‍👧',
    ])
      expect(ucs2length(text), JSON.stringify(text)).toBe(theirs(text));
    expect(ucs2length('a😀')).toBe(2);
  });

  it("counts any string as ajv's helper does", () => {
    const units = fc.array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff })));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          units.map((codes) => String.fromCharCode(...codes)),
        ),
        (text) => ucs2length(text) === theirs(text),
      ),
      { numRuns: 5_000, seed: 42 },
    );
  });
});
