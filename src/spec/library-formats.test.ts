// The specs' `date-time` and `email` (library-formats.ts, in Node and in a page) are ajv-formats' own, input for
// input: the library is the oracle, over RFC 3339's edge cases (leap days and seconds, offsets, a lowercase or space
// separator) and strings drawn around them.
import fc from 'fast-check';
import formatsModule from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import * as page from './library-formats.js';

const { fullFormats } = formatsModule;
const library = fullFormats['date-time'] as { validate: (text: string) => boolean };
const ours = page.DATE_TIME as { validate: (text: string) => boolean };

const EDGES = [
  '2026-11-20T09:00:00Z',
  '2026-11-20t09:00:00z',
  '2026-11-20 09:00:00+01:00',
  '2026-11-20T09:00:00.123456+0530',
  '2026-11-20T09:00:00',
  '2024-02-29T12:00:00Z',
  '2026-02-29T12:00:00Z',
  '1900-02-29T12:00:00Z',
  '2000-02-29T12:00:00Z',
  '2026-12-31T23:59:60Z',
  '2026-12-31T22:59:60-01:00',
  '2026-12-31T23:59:60+01:00',
  '2026-12-31T23:59:61Z',
  '2026-13-01T00:00:00Z',
  '2026-11-31T00:00:00Z',
  '2026-11-20T24:00:00Z',
  '2026-11-20T09:60:00Z',
  '2026-11-20T09:00:00+24:00',
  '2026-11-20T09:00:00+23:60',
  '2026-11-20TT09:00:00Z',
  '',
  'T',
];

describe("the specs' date-time and email formats", () => {
  it("decide RFC 3339's edge cases as ajv-formats does", () => {
    for (const text of EDGES) expect(ours.validate(text), text).toBe(library.validate(text));
  });

  it('decide strings drawn around the format as ajv-formats does', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
    const near = fc
      .tuple(
        digits(4),
        fc.constantFrom('-', '/'),
        digits(2),
        digits(2),
        fc.constantFrom('T', 't', ' ', 'TT', ''),
        digits(2),
        digits(2),
        digits(2),
        fc.constantFrom('', '.5', '.123'),
        fc.constantFrom('', 'Z', 'z', '+', '-'),
        fc.constantFrom('', '00', '05:30', '0530', '23:59', '24:00', '12:60'),
      )
      .map(
        ([y, sep, mo, d, t, h, mi, s, frac, sign, zone]) =>
          `${y}${sep}${mo}-${d}${t}${h}:${mi}:${s}${frac}${sign}${zone}`,
      );
    fc.assert(
      fc.property(fc.oneof(near, fc.string()), (text) => ours.validate(text) === library.validate(text)),
      { numRuns: 20_000, seed: 42 },
    );
  });

  it("take ajv-formats' email pattern as it is", () => {
    expect((page.EMAIL as RegExp).source).toBe((fullFormats.email as RegExp).source);
    expect((page.EMAIL as RegExp).flags).toBe((fullFormats.email as RegExp).flags);
  });
});
