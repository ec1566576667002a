// Owns the window of dated records standin import reads (check-ins and activities, which are read only from a
// date on): given by --since, or by default the 30 days up to the newest instant the organisation's own records
// show. Not up to a clock: a source whose clock is not the wall clock (a standin frozen in the past, a staging
// copy restored from last spring) answered with today's Date, and a window counted back from it held no
// check-in at all. The world made of the read is frozen at that same newest instant (org-records.ts).

/** The window of dated records read when no `since` is given: this many days up to its anchor. */
const DEFAULT_SINCE_DAYS = 30;

/** Where a window's end came from: --since, the records read, the source's Date, or this machine's clock. */
type WindowAnchor = 'given' | 'records' | 'source clock' | 'machine clock';

/** The window of check-ins and activities read. */
export interface ReadWindow {
  /** The first date read (YYYY-MM-DD, G3). */
  since: string;
  /** The instant the default window ends at (G3's shape); null when --since chose it. */
  through: string | null;
  anchor: WindowAnchor;
}

/**
 * A date-time in G3's shape.
 * @example instant(Date.parse('2026-11-20T15:00:00.123Z')) // '2026-11-20T15:00:00Z'
 */
export function instant(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/**
 * The default `since`: DEFAULT_SINCE_DAYS before `nowMs`, as a UTC date.
 * @example defaultSince(Date.parse('2026-11-20T15:00:00Z')) // '2026-10-21'
 */
export function defaultSince(nowMs: number): string {
  return new Date(nowMs - DEFAULT_SINCE_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instants of what has happened, as the wire names them; not EC2's `next_answer_at`, which is to come (a
 * window up to a month ahead read a month of nothing, and the world made of it published answers of its own).
 * The same as the world's clock is taken from (org-records.ts).
 */
const PAST_INSTANTS = ['created_at', 'updated_at', 'completed_at', 'published_at', 'recorded_at'] as const;

/**
 * The newest instant of what records show has happened, in ms; null when they show none.
 * @example newestInstant([{ created_at: '2026-05-01T09:00:00Z', completed_at: null }]) // Date.parse('2026-05-01T09:00:00Z')
 */
export function newestInstant(records: Iterable<object>): number | null {
  let newest: number | null = null;
  for (const record of records)
    for (const field of PAST_INSTANTS) {
      const value: unknown = (record as Partial<Record<(typeof PAST_INSTANTS)[number], unknown>>)[field];
      const at = typeof value === 'string' ? Date.parse(value) : NaN;
      if (!Number.isNaN(at) && (newest === null || at > newest)) newest = at;
    }
  return newest;
}

/**
 * The default window: DEFAULT_SINCE_DAYS up to the newest record read, else up to the source's clock (its
 * newest Date), else this machine's.
 * @example defaultWindow(Date.parse('2026-05-06T11:58:00Z'), Date.parse('2026-12-01T20:00:00Z'), Date.now())
 * // { since: '2026-04-06', through: '2026-05-06T11:58:00Z', anchor: 'records' }
 */
export function defaultWindow(
  newestRecord: number | null,
  sourceClock: number | null,
  machineClock: number,
): ReadWindow {
  const [at, anchor]: [number, WindowAnchor] =
    newestRecord !== null
      ? [newestRecord, 'records']
      : sourceClock !== null
        ? [sourceClock, 'source clock']
        : [machineClock, 'machine clock'];
  return { since: defaultSince(at), through: instant(at), anchor };
}

const ANCHOR_WORDS: Record<Exclude<WindowAnchor, 'given'>, string> = {
  records: 'the newest record seen',
  'source clock': "the source's clock (its Date: no record read shows an instant)",
  'machine clock': "this machine's clock (the source showed no instant and no Date)",
};

/**
 * What the window is, in words, for the line printed as the read begins its dated lists; null for a --since.
 * @example windowLine({ since: '2026-04-06', through: '2026-05-06T11:58:00Z', anchor: 'records' })
 * // 'reading 30 days up to 2026-05-06, the newest record seen (check-ins and activities since 2026-04-06; --since chooses another date)'
 */
export function windowLine(window: ReadWindow): string | null {
  if (window.anchor === 'given' || window.through === null) return null;
  return `reading ${DEFAULT_SINCE_DAYS} days up to ${window.through.slice(0, 10)}, ${ANCHOR_WORDS[window.anchor]} (check-ins and activities since ${window.since}; --since chooses another date)`;
}

/**
 * The window read, to the second, for the summary after the read; null for a --since.
 * @example windowSummary({ since: '2026-04-06', through: '2026-05-06T11:58:00Z', anchor: 'records' })
 * // 'read 30 days up to 2026-05-06T11:58:00Z, the newest record seen'
 */
export function windowSummary(window: ReadWindow): string | null {
  if (window.anchor === 'given' || window.through === null) return null;
  return `read ${DEFAULT_SINCE_DAYS} days up to ${window.through}, ${ANCHOR_WORDS[window.anchor].replace(/ \(.*/, '')}`;
}
