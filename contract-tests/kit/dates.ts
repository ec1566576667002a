// Calendar dates as the kit reasons about them (YYYY-MM-DD, in UTC): one home for the day arithmetic the
// check-in and echo checks share. Written from the rules, never imported from the mock under test.

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const DAY_MS = 86_400_000;

/**
 * The date `days` after (or before, when negative) a date.
 * @example addDays('2026-11-20', 3) // '2026-11-23'
 */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The weekday of a date, lower case as the API writes it.
 * @example weekdayOf('2026-11-20') // 'friday'
 */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  if (weekday === undefined) throw new Error(`no weekday for ${date}: not a YYYY-MM-DD date`);
  return weekday;
}

/** How many whole days lie between the epoch and a date (for week arithmetic). */
export function epochDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/**
 * The calendar date an instant shows in a time zone: a person's "today" (CI1). The instant as the API writes it
 * or as milliseconds since the epoch.
 * @example dateIn('2026-11-20T23:30:00Z', 'Europe/Berlin') // '2026-11-21'
 */
export function dateIn(instant: string | number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
