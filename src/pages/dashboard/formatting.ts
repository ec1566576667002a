// How the page writes instants, days and counts.

/**
 * An instant as the API writes them (G3): to the second, in UTC.
 * @example instant(Date.parse('2026-11-20T15:00:59.987Z')) // '2026-11-20T15:00:59Z'
 */
export function instant(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/**
 * The date (YYYY-MM-DD) at the instant `ms` in `timeZone` (an IANA name, as a person's `time_zone`).
 * @example dayIn('Pacific/Auckland', Date.parse('2026-11-19T15:00:00Z')) // '2026-11-20'
 */
export function dayIn(timeZone: string, ms: number): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return format.format(new Date(ms));
}

/**
 * How many records a list of at most `limit` holds: `(12)`, or `(the first 50)` when it is full.
 * @example counted(goals, 50) // '(the first 50)'
 */
export function counted(list: readonly unknown[], limit: number): string {
  return list.length === limit ? `(the first ${limit})` : `(${list.length})`;
}

/**
 * A count of what one person can see, saying whose (GO7: private goals are their owners' and contributors'): beside
 * the world's count of all goals (#world), "Goals (22)" read as a count of the world's 30 (a stranger's read).
 * @example seenBy([g1, g2], 50, 'Asa Graham') // '(2 Asa Graham can see)'
 */
export function seenBy(list: readonly unknown[], limit: number, name: string): string {
  return `${counted(list, limit).slice(0, -1)} ${name} can see)`;
}

/**
 * A count of the world (GET /__mock/world's `counts`): its kind in words, its number grouped.
 * @example countLine('goal_updates', 12345) // { label: 'goal updates', value: '12,345' }
 */
export function countLine(kind: string, count: number): { label: string; value: string } {
  return { label: kind.replaceAll('_', ' '), value: count.toLocaleString('en') };
}
