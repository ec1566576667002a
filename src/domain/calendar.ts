// Calendar arithmetic on `YYYY-MM-DD` dates and epoch seconds, time-zone aware (G3, CI1, EC2).
import { WEEKDAYS, type EpochSeconds, type IsoDate, type Weekday } from './records.js';

const DAY_SECONDS = 86_400;

// The instant formatted last: a write stamps created_at and updated_at with the same now, and so does the
// next write in the same second.
let lastSeconds = NaN;
let lastText = '';

/** G3: `YYYY-MM-DDTHH:MM:SSZ`, UTC, no fractional seconds. */
export function formatInstant(seconds: EpochSeconds): string {
  // Stryker disable next-line ConditionalExpression: formatting again gives the same text; the check saves it.
  if (seconds !== lastSeconds) {
    lastText = new Date(seconds * 1000).toISOString().slice(0, 19) + 'Z';
    lastSeconds = seconds;
  }
  return lastText;
}

/** Parses a G3 instant (or any ISO string Date understands) to whole seconds; NaN when invalid. */
export function parseInstant(text: string): EpochSeconds {
  return Math.floor(Date.parse(text) / 1000);
}

/** The UTC calendar date of an instant. */
export function utcDate(seconds: EpochSeconds): IsoDate {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

// A world touches a few hundred dates, each many thousand times: parse each once.
const dayNumbers = new Map<IsoDate, number>();

/** Days since 1970-01-01 of a date; the inverse of `dateFromDayNumber`. */
export function dayNumber(date: IsoDate): number {
  let day = dayNumbers.get(date);
  // Stryker disable next-line ConditionalExpression: parsing again gives the same day; the map saves it.
  if (day === undefined) {
    day = Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000 / DAY_SECONDS);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the cap bounds the map's memory; caching more or less answers alike.
    if (dayNumbers.size < 100_000) dayNumbers.set(date, day);
  }
  return day;
}

// dayNumber's inverse, as often asked: each day's text written once (20 bytes or so; the cap bounds it).
const dates = new Map<number, IsoDate>();

export function dateFromDayNumber(day: number): IsoDate {
  let date = dates.get(day);
  // Stryker disable next-line ConditionalExpression: writing again gives the same date; the map saves it.
  if (date === undefined) {
    date = utcDate(day * DAY_SECONDS);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the cap bounds the map's memory; caching more or less answers alike.
    if (dates.size < 100_000) dates.set(day, date);
  }
  return date;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return dateFromDayNumber(dayNumber(date) + days);
}

/**
 * A day's place in its Monday-first week, Monday 0 to Sunday 6 (5 and 6 the weekend), of a day numbered from
 * 1970-01-01, a Thursday.
 * @example mondayIndex(dayNumber('2026-11-20')) // 4, a Friday
 */
export function mondayIndex(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/**
 * The Monday-first week of a day numbered from 1970-01-01 (a Thursday: weeks start 3 days before it), as a number:
 * every day of one Monday-to-Sunday week gives the same.
 * @example mondayWeek(dayNumber('2026-11-16')) === mondayWeek(dayNumber('2026-11-22')) // true, Monday to Sunday
 */
export function mondayWeek(day: number): number {
  return Math.floor((day + 3) / 7);
}

export function weekdayOf(date: IsoDate): Weekday {
  // 1970-01-01 (day 0) was a Thursday, index 4 of WEEKDAYS; the index is always 0–6.
  return WEEKDAYS[(((dayNumber(date) + 4) % 7) + 7) % 7]!;
}

/** G3: a real calendar date of the shape YYYY-MM-DD (2026-02-30 is not one); the spec's `date` format owns it. */
export { isCalendarDate } from '../spec/formats.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** en-CA's `2026-11-20, 09:30:00`, as ICU writes it today. */
const FORMATTED = /^(\d{4}-\d{2}-\d{2}),? (\d{2}):(\d{2}):(\d{2})$/;

/**
 * Per zone, UTC day number → the zone's offset all that day, or NaN on a day its offset changes. A world asks
 * for wall clocks some hundred thousand times at start (every check-in, reply and habit is placed in its
 * person's day), and ICU's formatter costs microseconds a call; the offset of a day is asked of it at the day's
 * first second and at the next day's (dayStartOffsets), which is the next day's first too: the days a world reads
 * run on, and a run of them costs one call a day, not two (half of `createMock` small's 1,500). Equal at both
 * ends means no change within: zones change offset at most a few times a year, never twice in a day and back; one
 * that changes at the next day's first second itself leaves the day NaN, read instant by instant, alike.
 */
const dayOffsets = new Map<string, Map<number, number>>();
/**
 * Per zone, week (UTC day number / 7, weeks from a Thursday) → the zone's offset all that week, or NaN on a week its
 * offset changes, whose days dayOffset reads one by one: read at the week's first second and the next week's, so a
 * run of weeks costs ICU one call a week, not one a day (`createMock` small's calls to ICU 836 → 229, each some
 * microseconds and its text read back). Equal at both ends means equal at each midnight within, as the days would
 * read them: no zone of ICU's changes and changes back within a week (scanned 1900–2100, every zone `Intl` knows,
 * midnight by midnight: calendar.test.ts holds six zones of many changes to it).
 */
const weekOffsets = new Map<string, Map<number, number>>();
/** Per zone, UTC day number → the zone's offset at the day's first second (exactOffsetAt), as dayOffset reads it. */
const dayStartOffsets = new Map<string, Map<number, number>>();
let dayOffsetCount = 0;
/** Entries of dayOffsets, weekOffsets and dayStartOffsets at most: a number key and a number each, about 40 bytes, some 8 MB. */
const DAY_OFFSETS_CAP = 200_000;

function dayOffset(day: number, timeZone: string): number {
  const week = weekOffset(Math.floor(day / 7), timeZone);
  // Stryker disable next-line ConditionalExpression: reading the day itself answers alike; the week saves ICU's calls.
  if (!Number.isNaN(week)) return week;
  let days = dayOffsets.get(timeZone);
  let offset = days?.get(day);
  // Stryker disable next-line ConditionalExpression: asking ICU again each time answers alike; the map saves it.
  if (offset !== undefined) return offset;
  const first = startOffset(day, timeZone);
  // Stryker disable next-line ConditionalExpression,ArithmeticOperator: NaN (ICU for each instant) answers alike; what the test holds is that no changing day is read from one offset.
  offset = startOffset(day + 1, timeZone) === first ? first : NaN;
  // The cap may have emptied the maps meanwhile (startOffset).
  days = dayOffsets.get(timeZone);
  // Stryker disable next-line ConditionalExpression: a new map each time forgets what was saved, no answer changes.
  if (!days) dayOffsets.set(timeZone, (days = new Map<number, number>()));
  days.set(day, offset);
  counted();
  return offset;
}

/** The zone's offset all of a week (weekOffsets), or NaN when it changes within. */
function weekOffset(week: number, timeZone: string): number {
  let weeks = weekOffsets.get(timeZone);
  let offset = weeks?.get(week);
  if (offset !== undefined) return offset;
  const first = startOffset(week * 7, timeZone);
  // Stryker disable next-line ConditionalExpression,ArithmeticOperator: NaN (each day read) answers alike.
  offset = startOffset(week * 7 + 7, timeZone) === first ? first : NaN;
  // The cap may have emptied the maps meanwhile (startOffset).
  weeks = weekOffsets.get(timeZone);
  // Stryker disable next-line ConditionalExpression: a new map each time forgets what was saved, no answer changes.
  if (!weeks) weekOffsets.set(timeZone, (weeks = new Map<number, number>()));
  weeks.set(week, offset);
  counted();
  return offset;
}

/** The zone's offset at a UTC day's first second, kept (dayStartOffsets): a day's end is the next day's start. */
function startOffset(day: number, timeZone: string): number {
  let starts = dayStartOffsets.get(timeZone);
  let offset = starts?.get(day);
  if (offset !== undefined) return offset;
  offset = exactOffsetAt(day * DAY_SECONDS, timeZone);
  // Stryker disable next-line ConditionalExpression: a new map each time forgets what was saved, no answer changes.
  if (!starts) dayStartOffsets.set(timeZone, (starts = new Map<number, number>()));
  starts.set(day, offset);
  counted();
  return offset;
}

/** One entry more in dayOffsets, weekOffsets or dayStartOffsets: past DAY_OFFSETS_CAP, all are emptied (asking ICU again answers alike). */
function counted(): void {
  // Stryker disable next-line UpdateOperator: the count only bounds the memory.
  dayOffsetCount++;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: the cap bounds memory; asking ICU again answers alike.
  if (dayOffsetCount >= DAY_OFFSETS_CAP) {
    dayOffsets.clear();
    weekOffsets.clear();
    dayStartOffsets.clear();
    dayOffsetCount = 0;
  }
}

/** Wall-clock parts of an instant in a time zone. */
export function zonedParts(seconds: EpochSeconds, timeZone: string) {
  const offset = dayOffset(Math.floor(seconds / DAY_SECONDS), timeZone);
  // On the few days a zone's offset changes, ICU answers for the instant itself.
  // Stryker disable next-line ConditionalExpression: ICU for every instant answers alike (the test compares the two).
  if (Number.isNaN(offset)) return formattedParts(seconds, timeZone);
  const wall = seconds + offset;
  const day = Math.floor(wall / DAY_SECONDS);
  const time = wall - day * DAY_SECONDS;
  return {
    date: dateFromDayNumber(day),
    hour: Math.floor(time / 3600),
    minute: Math.floor((time % 3600) / 60),
    second: time % 60,
  };
}

/** Wall-clock parts as ICU writes them: zonedParts' answer on a day of change, and its test's oracle. */
export function formattedParts(seconds: EpochSeconds, timeZone: string) {
  const formatter = formatterFor(timeZone);
  const instant = new Date(seconds * 1000);
  // format() is three times as fast as formatToParts(); the parts stay the fallback should an engine write the
  // text otherwise.
  const match = FORMATTED.exec(formatter.format(instant));
  // Stryker disable next-line ConditionalExpression,BlockStatement: V8's ICU always writes the text FORMATTED reads; the parts give the same (their own test).
  if (match) {
    // Stryker disable next-line StringLiteral: the pattern's groups always match; the default is for the types.
    const [, date = '', hour, minute, second] = match;
    return { date, hour: Number(hour), minute: Number(minute), second: Number(second) };
  }
  return partsOf(formatter, instant);
}

/** zonedParts' fallback, from formatToParts, with the same formatter (exported for its test: V8 never needs it). */
export function zonedPartsFromParts(seconds: EpochSeconds, timeZone: string) {
  return partsOf(formatterFor(timeZone), new Date(seconds * 1000));
}

function partsOf(formatter: Intl.DateTimeFormat, instant: Date) {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** CI1: the calendar date of an instant in a person's time zone. */
export function dateInZone(seconds: EpochSeconds, timeZone: string): IsoDate {
  return zonedParts(seconds, timeZone).date;
}

/** Seconds the zone's wall clock is ahead of UTC at an instant. */
function offsetAt(seconds: EpochSeconds, timeZone: string): number {
  const offset = dayOffset(Math.floor(seconds / DAY_SECONDS), timeZone);
  return Number.isNaN(offset) ? exactOffsetAt(seconds, timeZone) : offset;
}

/** offsetAt as ICU answers it, instant by instant. */
function exactOffsetAt(seconds: EpochSeconds, timeZone: string): number {
  const p = formattedParts(seconds, timeZone);
  return dayNumber(p.date) * DAY_SECONDS + p.hour * 3600 + p.minute * 60 + p.second - seconds;
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `HH:MM` (EC2). Around daylight-saving
 * changes it resolves like Temporal's "compatible": a time skipped by a spring-forward gap moves forward
 * by the gap (02:30 → 03:30), a time that occurs twice in the autumn takes its first occurrence.
 * @example instantAt('2026-11-23', '09:00', 'America/New_York') // 2026-11-23T14:00:00Z
 */
export function instantAt(date: IsoDate, time: string, timeZone: string): EpochSeconds {
  const [hour = NaN, minute = NaN] = time.split(':').map(Number);
  const wall = dayNumber(date) * DAY_SECONDS + hour * 3600 + minute * 60;
  // Offsets a day either side bracket any transition on this date.
  const before = offsetAt(wall - DAY_SECONDS, timeZone);
  const after = offsetAt(wall + DAY_SECONDS, timeZone);
  // One offset either side, as most days are: its instant whether it shows this wall time or not (below, both
  // candidates are it, and the gap's answer too), no offset read again.
  if (before === after) return wall - before;
  const candidates = [wall - before, wall - after].filter((t) => t + offsetAt(t, timeZone) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap no instant shows this wall time: the pre-transition offset lands the same distance past it.
  return wall - before;
}
