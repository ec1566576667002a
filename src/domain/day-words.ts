// What a text's words of a day near its own say on the day it is written (LW3): a Friday's "tomorrow" is the Monday
// ("the rest tomorrow", "I'll raise it in tomorrow's standup", "back tomorrow I hope"), and on a Monday what was done
// was last week's ("This week I merged …" of the Friday before). Pure words by the writer's day.
import { dateInZone, dayNumber, mondayIndex, zonedParts } from './calendar.js';
import type { EpochSeconds, IsoDate } from './records.js';

/**
 * Each "tomorrow" as a Friday words it, most particular first: "first thing tomorrow" and "today or tomorrow" take the
 * day's name bare, "tomorrow morning" and "tomorrow's" its name in place, any other "on Monday".
 */
const ON_MONDAY: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b([Ff]irst thing|[Tt]oday or) tomorrow\b/g, '$1 Monday'],
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

/**
 * The times of a day a comment promises its act by ("on it after lunch", "this afternoon I'll …", "more after
 * lunch"), each with the hour of the writer's day from which it has passed and what it says from then on: a promise
 * written at that hour or later is for the next such time. A reader of seed 8 read "On it before standup" under a
 * check-in of the day before, in the afternoon; 81 of 319 such comments over seeds 1–20 small promised a time gone.
 */
const PROMISED: ReadonlyArray<readonly [RegExp, number, string]> = [
  [/\b(?:after lunch|this afternoon|later today)\b/gi, 17, 'first thing tomorrow'],
  // Not "later today", an offer's own time (blocker-replies.ts): a promise reworded into another's words would read as
  // said again (life-text.ts' saysAgain), and the clock's life would leave a blocker's first help out.
  [/\bafter lunch\b/gi, 14, 'before I log off'],
  [/\bbefore standup\b/gi, 10, "before tomorrow's standup"],
];

/**
 * LW3: a comment's promised time of day (PROMISED) as its writer says it at `at` in `timeZone`, then its day's words
 * (wordedAt: a Friday's "first thing tomorrow" is Monday's). Pure words by the writer's hour and day.
 * @example promisedAt('@dlim on it after lunch', at1500, 'Europe/London') // '@dlim on it before I log off'
 */
export function promisedAt(text: string, at: EpochSeconds, timeZone: string): string {
  let said = text;
  if (/after lunch|this afternoon|later today|before standup/i.test(text)) {
    const { hour } = zonedParts(at, timeZone);
    for (const [time, from, next] of PROMISED)
      if (hour >= from) said = said.replace(time, (was) => (was[0] === was[0]!.toUpperCase() ? capital(next) : next));
  }
  return wordedAt(said, at, timeZone);
}

const capital = (words: string): string => words[0]!.toUpperCase() + words.slice(1);
