// What a text's words of a day near its own say on the day it is written (LW3): a Friday's "tomorrow" is the Monday
// ("the rest tomorrow", "I'll raise it in tomorrow's standup", "back tomorrow I hope"), and on a Monday what was done
// was last week's ("This week I merged …" of the Friday before). Pure words by the writer's day.
import { dateInZone, dayNumber, mondayIndex } from './calendar.js';
import type { EpochSeconds, IsoDate } from './records.js';

/**
 * Each "tomorrow" as a Friday words it, most particular first: "first thing tomorrow" and "today or tomorrow" take the
 * day's name bare, "tomorrow morning" and "tomorrow's" its name in place, any other "on Monday".
 */
const ON_MONDAY: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(first thing|today or) tomorrow\b/g, '$1 Monday'],
  [/\b[Tt]omorrow(?='s\b| morning\b| afternoon\b)/g, 'Monday'],
  [/\bTomorrow\b/g, 'On Monday'],
  [/\btomorrow\b/g, 'on Monday'],
];

/** What was done led "This week I" (voice-habits.ts' DID), at a line's, a bullet's or a lead-in's start. */
const THIS_WEEK_DONE = /(^|\n|- |: |, )([Tt])his week I\b(?!')/g;

/**
 * `text` as its writer says it on `date` (their own, in their zone): on a Friday, its "tomorrow" is the Monday (a
 * reader of seeds 42 and 19: "started; back on it tomorrow" in a Friday's check-in); on a Monday, "This week I" did
 * is "Last week I" (a Monday's check-in tells of the Friday); any other day as it is.
 * @example wordedOn('about half done; the rest tomorrow', '2026-11-13') // 'about half done; the rest on Monday'
 */
export function wordedOn(text: string, date: IsoDate): string {
  // Most texts say neither: the day is not worked out for them.
  const tomorrow = text.includes('omorrow');
  if (!tomorrow && !text.includes('his week I')) return text;
  const weekday = mondayIndex(dayNumber(date));
  if (weekday === 0)
    return text.replace(
      THIS_WEEK_DONE,
      (_, before: string, t: string) => `${before}${t === 'T' ? 'L' : 'l'}ast week I`,
    );
  if (weekday !== 4 || !tomorrow) return text;
  return ON_MONDAY.reduce((said, [word, monday]) => said.replace(word, monday), text);
}

/**
 * `text` as written at `at` by a writer in `timeZone` (wordedOn their day there).
 * @example wordedAt('@dlim — talk tomorrow', 1_794_571_200, 'Europe/London') // '@dlim — talk on Monday' (a Friday)
 */
export function wordedAt(text: string, at: EpochSeconds, timeZone: string): string {
  return text.includes('omorrow') || text.includes('his week I') ? wordedOn(text, dateInZone(at, timeZone)) : text;
}
