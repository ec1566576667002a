// Owns the string formats the specs use, in one place for the validators compiled at run time and for the
// ones generated at build time (which import this module): G2's `uuid` is the lowercase UUID v4 G2 promises,
// G3's `date` is a real calendar date, not only the shape; the others are ajv-formats' full definitions.
import formatsModule from 'ajv-formats/dist/formats.js';
import type { Format } from 'ajv';

// ajv-formats is CommonJS: under NodeNext its named exports sit on the default export.
const { fullFormats } = formatsModule;

/**
 * G2: a lowercase UUID v4, the form of every id. ajv-formats' `uuid` also takes upper case and a `urn:uuid:`
 * prefix, which let `team_ids[]=urn:uuid:…` through as an id that matches nothing (200 []) instead of 422.
 * @example UUID_V4.test('3b241101-e2bb-4255-8caf-4136c566a962') // true; 'URN:UUID:3B24…' false
 */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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
  'date-time': fullFormats['date-time'],
  uuid: UUID_V4,
  email: fullFormats.email,
};
