// jsonPieces joined is JSON.stringify, whatever the value: walked objects and arrays, values JSON leaves out,
// toJSON, nesting; and no piece is longer than the longest array element's text.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { jsonPieces } from './json-pieces.js';

it('joins into JSON.stringify’s text, byte for byte, for any JSON-like value', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      expect([...jsonPieces(value)].join('')).toBe(JSON.stringify(value));
    }),
    { numRuns: 500 },
  );
});

it('writes what JSON leaves out as JSON does, and a toJSON value whole', () => {
  const record = { toJSON: () => ({ id: 'r1', text: 'written on first read' }) };
  const value = {
    a: undefined,
    b: () => 1,
    c: [undefined, () => 1, 2, record],
    d: new Date(0),
    e: { f: null, g: [[1, [2]], {}] },
  };
  expect([...jsonPieces(value)].join('')).toBe(JSON.stringify(value));
  expect([...jsonPieces(undefined)]).toEqual([]);
});

it('keeps every piece to one element of an array: a list of records is never one string', () => {
  const records = Array.from({ length: 1000 }, (_, i) => ({ id: i, body: 'x'.repeat(100) }));
  const pieces = [...jsonPieces({ version: 1, records: { goals: records } })];
  expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(JSON.stringify(records[999]).length + 1);
  expect(pieces.length).toBeGreaterThan(1000);
});
