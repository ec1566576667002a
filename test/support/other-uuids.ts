// UUIDs a third-party request generator draws for `format: uuid` (RFC 9562) that are not the lowercase v4 the
// server writes: other versions, the nil and max UUIDs, another variant, upper case. Seeded: the same bytes on
// every run. G2's input half says the server takes each of them as an id.
import formatsModule from 'ajv-formats/dist/formats.js';
import { mulberry32 } from '../../src/domain/entropy.js';

// ajv-formats is CommonJS: under NodeNext its named exports sit on the default export.
const { fullFormats } = formatsModule;

/** The standard meaning of `format: uuid` (ajv-formats'), which every value here has (the tests assert it). */
export const STANDARD_UUID = fullFormats.uuid as RegExp;

/** 16 seeded bytes as the 8-4-4-4-12 form, with `version` in the high nibble of byte 6 and RFC 9562's variant. */
function uuidOf(version: number, seed: number): string {
  const next = mulberry32(seed);
  const bytes = Array.from({ length: 16 }, () => Math.floor(next() * 256));
  bytes[6] = (version << 4) | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The same UUID with the variant of RFC 9562's NCS backward compatibility (its 17th hex digit 0-7). */
function ncsVariant(id: string): string {
  return `${id.slice(0, 19)}7${id.slice(20)}`;
}

/** The same UUID with its first half in upper case, its second in lower. */
function mixedCase(id: string): string {
  return `${id.slice(0, 18).toUpperCase()}${id.slice(18)}`;
}

/**
 * Well-formed UUIDs that name no record and are not lowercase v4, each under a label for a test's title.
 * @example for (const [label, id] of OTHER_UUIDS) await h.get(`/api/v2/goals/${id}`) // 404 each
 */
export const OTHER_UUIDS: ReadonlyArray<readonly [string, string]> = [
  ['a v7 UUID', uuidOf(7, 7)],
  ['a v1 UUID', uuidOf(1, 1)],
  ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['an upper-case random v4 UUID', uuidOf(4, 4).toUpperCase()],
];

/** Further forms a generator may draw: v3, v5, v6, v8, the max UUID, an NCS-variant UUID, mixed case. */
export const MORE_UUIDS: readonly string[] = [
  uuidOf(3, 3),
  uuidOf(5, 5),
  uuidOf(6, 6),
  uuidOf(8, 8),
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ncsVariant(uuidOf(4, 40)),
  mixedCase(uuidOf(7, 70)),
];

/**
 * The `n`th UUID of another version than 4 (cycling 1, 3, 5, 6, 7, 8), for a walk that sends one per field.
 * @example otherVersionUuid(0) // a v1 UUID
 */
export function otherVersionUuid(n: number): string {
  const versions = [1, 3, 5, 6, 7, 8];
  return uuidOf(versions[n % versions.length]!, 1000 + n);
}
