// Owns the string formats the specs use, in one place for the validators compiled at run time and for the
// ones generated at build time (which import this module): G2's `uuid` is any RFC 9562 UUID, as a request
// generator sends it; G3's `date` is a real calendar date, not only the shape; the others are ajv-formats' full
// definitions (library-formats.ts). The lowercase v4 the server writes is the spec's `Id` pattern
// (LOWERCASE_UUID_V4), not a format.
import type { Format } from 'ajv';
import { DATE_TIME, EMAIL } from './library-formats.js';

/**
 * G2 (decided, input): any RFC 9562 UUID in its hyphenated 8-4-4-4-12 form, hex digits in either case (§4: they
 * are case-insensitive on input). Every version and variant, the nil and max UUIDs included: §4.1's variant
 * field gives every bit pattern a meaning. Not ajv-formats' `uuid`, which also takes a `urn:uuid:` prefix and
 * so let `team_ids[]=urn:uuid:…` through as an id that matches nothing (200 []) instead of 422.
 * @example ANY_UUID.test('01890A5D-AC96-774B-BCCE-B302099A8057') // true; 'urn:uuid:0189…' and '{0189…}' false
 */
const ANY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * G2: the form of every id the server writes, a lowercase UUID v4; spec/openapi.yaml's `Id` schema carries it
 * as its `pattern` (a test holds the two equal), so an answer is checked against it wherever the spec is.
 * @example LOWERCASE_UUID_V4.test('3b241101-e2bb-4255-8caf-4136c566a962') // true; the v7 above false
 */
export const LOWERCASE_UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * G3: `YYYY-MM-DD` naming a day the calendar has (no 2026-02-30).
 * @example isCalendarDate('2026-02-28') // true
 */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** Every format the specs name, by name. */
export const SPEC_FORMATS: Record<string, Format> = {
  date: { type: 'string', validate: isCalendarDate },
  'date-time': DATE_TIME,
  uuid: ANY_UUID,
  email: EMAIL,
};
