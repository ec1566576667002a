// Owns standin import's progress line while it reads: what was read of each kind, the requests made and the
// answers the cache gave, the time spent waiting on rate limits and retries, and the time left, estimated from
// the pace so far and from what G14's windows still allow. One line rewritten in place on a terminal; on a pipe
// or a CI log, a line every few seconds, so the log stays short.
import type { RateWindow } from './paced-client.js';
import type { SourceKind } from './source-org.js';

/** What the reader tells as it goes (readOrganisation's onProgress). */
export interface ReadProgress {
  /** GETs answered, from the source or the cache. */
  done: number;
  /** GETs known to be needed so far (it grows as lists reveal pages, goals, questions…). */
  known: number;
  /** Requests made to the source (retries and 429s included). */
  requests: number;
  /** GETs the cache answered. */
  cached: number;
  /** Time spent waiting so far, on rate limits and retries (ms). */
  waitingMs: number;
  /** The time left, estimated (ms); null before anything is known. */
  etaMs: number | null;
  /** 429s the source answered. */
  rateLimited?: number;
  /** Records read so far, per kind. */
  counts?: Partial<Record<SourceKind, number>>;
  /** A wait under way, if any: how long and why. */
  waiting?: { ms: number; reason: 'rate-limit' | 'retry' } | null;
}

const KIND_LABELS: Record<SourceKind, string> = {
  people: 'people',
  teams: 'teams',
  goals: 'goals',
  goalUpdates: 'goal updates',
  checkIns: 'check-ins',
  echoQuestions: 'echoes',
  echoAnswers: 'answers',
  activities: 'activities',
  comments: 'comments',
  reactions: 'reactions',
};

/**
 * A duration as people read it: `45 s`, `3 min`, `1 h 5 min`.
 * @example formatDuration(185_000) // '3 min'
 */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The progress as one line, cut to `width` characters.
 * @example formatProgress({ done: 3, known: 10, requests: 3, cached: 0, waitingMs: 0, etaMs: 7000 })
 * // 'read 3/10 · 3 requests, 0 cached · about 7 s left'
 */
export function formatProgress(progress: ReadProgress, width = Infinity): string {
  const parts = [`read ${progress.done}/${Math.max(progress.known, progress.done)}`];
  for (const [kind, label] of Object.entries(KIND_LABELS) as Array<[SourceKind, string]>) {
    const count = progress.counts?.[kind];
    if (count !== undefined) parts.push(`${label} ${count}`);
  }
  const limited = progress.rateLimited ? `, ${progress.rateLimited} × 429` : '';
  parts.push(`${progress.requests} request${progress.requests === 1 ? '' : 's'}, ${progress.cached} cached${limited}`);
  if (progress.waiting)
    parts.push(
      `waiting ${formatDuration(progress.waiting.ms)} (${progress.waiting.reason === 'rate-limit' ? 'rate limit' : 'retry'})`,
    );
  else if (progress.waitingMs > 0) parts.push(`waited ${formatDuration(progress.waitingMs)}`);
  if (progress.etaMs !== null) parts.push(`about ${formatDuration(progress.etaMs)} left`);
  const line = parts.join(' · ');
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}…`;
}

/**
 * The time left for `left` more GETs: the pace so far (waits included), or what G14's windows allow, whichever
 * is longer. A window allows its `remaining` requests until it ends, then `quota` per `seconds`.
 * @example estimateEtaMs({ left: 40, done: 10, elapsedMs: 2000, windows: [], now: 0 }) // 8000
 */
export function estimateEtaMs(input: {
  left: number;
  done: number;
  elapsedMs: number;
  windows: readonly RateWindow[];
  now: number;
}): number | null {
  const { left, done, elapsedMs, windows, now } = input;
  if (left <= 0) return 0;
  if (done === 0) return null;
  let estimate = (elapsedMs / done) * left;
  for (const window of windows) {
    if (window.quota === null || window.seconds === null || window.quota <= 0) continue;
    if (left <= window.remaining) continue;
    const moreWindows = Math.ceil((left - window.remaining) / window.quota);
    const bound = Math.max(0, window.resetsAt - now) + (moreWindows - 1) * window.seconds * 1000;
    estimate = Math.max(estimate, bound);
  }
  return Math.round(estimate);
}

/** Where the line goes: process.stderr, or a test's stand-in. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * Writes the progress: on a terminal one line rewritten with `\r` (at most ten times a second); elsewhere a
 * line every `everyMs` (5 s by default). `finish` writes the last state and ends the line.
 * @example const bar = new ProgressWriter(process.stderr); bar.update(progress); bar.finish(progress)
 */
export class ProgressWriter {
  readonly #out: ProgressStream;
  readonly #now: () => number;
  readonly #everyMs: number;
  #last = -Infinity;
  #shown = false;

  constructor(out: ProgressStream, options: { now?: () => number; everyMs?: number } = {}) {
    this.#out = out;
    this.#now = options.now ?? Date.now;
    this.#everyMs = options.everyMs ?? (out.isTTY ? 100 : 5000);
  }

  update(progress: ReadProgress): void {
    const now = this.#now();
    // A wait is shown at once: it is when the reader seems stuck that the line matters most.
    if (now - this.#last < this.#everyMs && !progress.waiting) return;
    this.#last = now;
    this.#write(progress);
  }

  /**
   * A line of its own amid the progress (the window chosen): on a terminal it takes the progress line's place,
   * which the next update draws again below it.
   */
  note(text: string): void {
    this.#out.write(this.#out.isTTY && this.#shown ? `\r${text}\x1b[K\n` : `${text}\n`);
  }

  finish(progress: ReadProgress): void {
    this.#write({ ...progress, waiting: null, etaMs: null });
    if (this.#out.isTTY) this.#out.write('\n');
  }

  #write(progress: ReadProgress): void {
    if (this.#out.isTTY) {
      const width = (this.#out.columns ?? 80) - 1;
      this.#out.write(`\r${formatProgress(progress, width)}\x1b[K`);
    } else {
      this.#out.write(`${formatProgress(progress)}\n`);
    }
    this.#shown = true;
  }

  /** Whether anything was written (the caller ends a TTY line before printing something else). */
  get shown(): boolean {
    return this.#shown;
  }
}
