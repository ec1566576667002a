// StreamedJson gives what JSON.parse gives the whole text, however the bytes are cut, or gives up (null) — never
// another value: for state-shaped documents with lists of thousands of records (parsed a batch at a time), for
// every way JSON breaks near a list, and for arbitrary values and texts one byte off.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamedJson } from './streamed-json.js';

const encode = (text: string) => new TextEncoder().encode(text);

/** `text`'s bytes fed in pieces cut at `cuts` (offsets), then finished. */
function streamed(text: string, cuts: number[] = [], maxDepth = 64): { value: unknown } | null {
  const bytes = encode(text);
  const json = new StreamedJson(maxDepth);
  let from = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    json.feed(bytes.subarray(from, cut));
    from = cut;
  }
  json.feed(bytes.subarray(from));
  return json.finish();
}

/**
 * expect(actual).toEqual(expected), its verdict unchanged: a strictly equal value (which toEqual always takes) is
 * passed by node's isDeepStrictEqual, which is many times faster on a state of thousands of records than vitest's
 * walk; any other goes to toEqual, which decides and says where they differ.
 */
function expectEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}

function parsedOrNull(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/** A state as GET /__mock/state gives it, with `n` changed records of texts with escapes and non-ASCII letters. */
function stateText(n: number): string {
  const goals = Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `Goal ${i}: "quoted" \\ back\\slash, naïve café 日本 ${'x'.repeat(i % 50)}`,
    description: i % 3 ? null : `line\nnext\t[${i}] {not: json} ,]`,
    contributorIds: [],
    teamIds: ['a', 'b'],
    nested: { deeper: [[i], { k: [i, i] }] },
    progress: i / 7,
  }));
  return JSON.stringify(
    {
      format: 'standin-world',
      version: 2,
      seed: 42,
      size: 'small',
      base: { generated_at: '2026-11-20T15:00:00Z', records: { people: goals.slice(0, 3), teams: [] } },
      now: '2026-11-20T15:00:00Z',
      counters: { created: { goal: n }, seq: 1 },
      changes: { goals, checkIns: [] },
      deleted: { comments: ['x', 'y'] },
    },
    null,
    n % 2 ? 1 : undefined,
  );
}

describe('StreamedJson', () => {
  it('parses a state of 5,000 records in lists (over 1 MiB: many batches) as JSON.parse does, however it is cut', () => {
    const text = stateText(5001);
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const whole = JSON.parse(text);
    expectEqual(streamed(text), { value: whole });
    // Cut every 7 bytes (inside strings, escapes, UTF-8 sequences and keys), and at random places.
    const smaller = stateText(301);
    const cuts = Array.from({ length: smaller.length / 7 }, (_, i) => i * 7);
    expectEqual(streamed(smaller, cuts), { value: JSON.parse(smaller) });
    fc.assert(
      fc.property(fc.array(fc.nat(encode(text).length), { maxLength: 40 }), (cuts) => {
        expectEqual(streamed(text, cuts), { value: whole });
      }),
      { numRuns: 20 },
    );
  });

  it('parses a small state cut at every byte', () => {
    const text = stateText(4);
    const bytes = encode(text).length;
    for (let cut = 0; cut < bytes; cut++) expect(streamed(text, [cut])).toEqual({ value: JSON.parse(text) });
  });

  it.each([
    ['an empty object', '{}'],
    ['an empty list', '{"a": []}'],
    ['blanks everywhere', ' \n{ "a" :\t[ 1 , 2 ] ,"b":{ "c" : [ ] } }\r\n'],
    ['a list at the top', '[1, [2], {"a": [3]}]'],
    ['a text at the top', '"x"'],
    ['escaped quotes and backslashes', '{"a": ["x\\"y\\\\", "\\\\\\"", "\\\\"], "b\\"": 1}'],
    ['a key with an escape', '{"\\u0061": [1, 2]}'],
    ['lists in items', '{"a": [[1, [2]], {"b": [3]}], "c": {"d": [{"e": []}]}}'],
    ['64 deep', `{"a": ${'['.repeat(63)}${']'.repeat(63)}}`],
    ['the same key in an item', '{"a": [{"k": 1, "k": 2}]}'],
  ])('%s: the value of JSON.parse', (_name, text) => {
    expect(streamed(text)).toEqual({ value: JSON.parse(text) });
  });

  it.each([
    ['a comma before the end', '{"a": [1, ]}'],
    ['a comma first', '{"a": [, 1]}'],
    ['two commas', '{"a": [1, , 2]}'],
    ['no comma', '{"a": [1 2]}'],
    ['no colon', '{"a" [1]}'],
    ['a list where a key belongs', '{[1]: 2}'],
    ['a list not closed', '{"a": [1}'],
    ['a list closed twice', '{"a": [1]]}'],
    ['an object not closed', '{"a": [1]'],
    ['a text not closed', '{"a": ["x]}'],
    ['a value after the list', '{"a": [1] 2}'],
    ['nothing', ''],
    ['blanks', '   '],
  ])('%s: gives up, as JSON.parse throws', (_name, text) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(streamed(text)).toBeNull();
  });

  it.each([
    ['a key twice on the way to a list', '{"a": {"b": [1]}, "a": 2}'],
    ['a key twice beside a list', '{"a": [1], "a": [2]}'],
    ['__proto__ on the way to a list', '{"__proto__": {"a": [1]}}'],
    ['a byte-order mark', '\uFEFF{"a": [1]}'],
  ])('%s: gives up, for the text to be parsed whole', (_name, text) => {
    expect(streamed(text)).toBeNull();
  });

  it('gives up where a list of many batches breaks, at a batch boundary too', () => {
    const items = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ id: String(i), text: 'y'.repeat(300) }));
    const list = (parts: string[]) => `{"changes": {"goals": [${parts.join(',')}]}}`;
    expect(list(items).length).toBeGreaterThan(3 * 256 * 1024);
    expectEqual(streamed(list(items), [100_000, 300_000]), { value: JSON.parse(list(items)) });
    for (const broken of [
      `${list(items).slice(0, -3)}, ]}}`,
      list([...items.slice(0, 2999), ' ', items[2999]!]),
      list([...items.slice(0, 2000), '', ...items.slice(2000)]),
      list(['', ...items]),
      list([...items.slice(0, 2500), `${items[2500]!} 1`, ...items.slice(2501)]),
    ]) {
      expect(() => JSON.parse(broken)).toThrow();
      expect(streamed(broken, [262_144, 262_200])).toBeNull();
    }
  });

  it('gives up past its nesting limit, for the text check to answer it (G8)', () => {
    expect(streamed(`{"a": ${'['.repeat(64)}${']'.repeat(64)}}`)).toBeNull();
    expect(streamed('{"a": [[[]]]}', [], 3)).toBeNull();
    expect(streamed('{"a": [[]]}', [], 3)).toEqual({ value: { a: [[]] } });
  });

  it('gives JSON.parse value or up for any value, and for any text one character off', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 4 })),
        fc.array(fc.nat(400), { maxLength: 6 }),
        fc.nat(),
        fc.constantFrom('none', 'delete', 'insert'),
        fc.constantFrom(...',[]{}":\\ 1'),
        (value, cuts, at, change, char) => {
          let text = JSON.stringify({ lists: value, more: [value, [value]] });
          const where = at % (text.length + 1);
          if (change === 'delete') text = text.slice(0, where) + text.slice(where + 1);
          if (change === 'insert') text = text.slice(0, where) + char + text.slice(where);
          const got = streamed(text, cuts);
          const expected = parsedOrNull(text);
          if (expected === null) expect(got).toBeNull();
          else if (got !== null) expect(got).toEqual(expected);
          // Unchanged, it gives up only where it says it does: a `__proto__` key on the way to a list.
          if (change === 'none' && !text.includes('"__proto__"')) expect(got).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
