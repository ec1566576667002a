// The request journal: the last requests to /api/v2, newest first, each with what the client sent and what it
// got — the body of the request and of the answer (their first 4,096 characters), a problem's errors[], and
// the override that answered it if one did — so "what did my app send, and what did it get" needs no proxy.
// Bounded in entries and in bytes, so a long demo or a client of huge bodies never grows it without end;
// numbered, so a dashboard can ask for what is new.
import type { FieldError } from '../spec/describe-errors.js';
import { textBytes } from './rendered.js';

/** What a listed entry keeps of each body, in characters: enough to read, never a whole large page. */
export const BODY_CHARS = 4096;

/** One request as the pipeline hands it over: its texts whole (they are the ones the mock already holds). */
export interface JournalRecord {
  at: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  session: string | null;
  request_body: string | null;
  response_body: string | null;
  /** The override rule that answered instead of the world, if one did. */
  override: string | null;
}

/** One request as GET /__mock/requests lists it. */
export interface JournalEntry extends JournalRecord {
  /** Increasing by one with each request recorded: `after` asks for the ones since. */
  seq: number;
  /** The errors[] of the problem the request got (G8), or null. */
  errors: FieldError[] | null;
}

export interface JournalFilter {
  method?: string;
  status?: number;
  session?: string;
  /** Keeps entries whose path starts with this. */
  path?: string;
  /** Keeps entries recorded after this one (its seq). */
  after?: number;
  limit?: number;
}

/** The most entries of a problem's errors[] an entry keeps (a strict-mode body may have thousands). */
const ERRORS_KEPT = 50;

/** What an entry costs besides its texts: the object, its numbers and slots. */
const ENTRY_BYTES = 256;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const scratch = new Uint8Array(BODY_CHARS * 3);

/**
 * The first BODY_CHARS characters of a text as a string of their own. A plain slice may keep the whole text
 * alive (V8 makes it a view into its parent), and a journal of slices of 20 MiB pages would hold 20 MiB each.
 */
function detachedPrefix(text: string): string {
  const { written } = encoder.encodeInto(text.slice(0, BODY_CHARS), scratch);
  return decoder.decode(scratch.subarray(0, written));
}

/** A body as listed and kept: whole when short, else its first BODY_CHARS characters and how much is left. */
function listed(text: string | null): string | null {
  if (text === null || text.length <= BODY_CHARS) return text;
  return `${detachedPrefix(text)}… (${text.length - BODY_CHARS} more characters)`;
}

/** The errors[] of a problem document's text, if it is one that has them (its first ERRORS_KEPT). */
function problemErrors(status: number, text: string | null): FieldError[] | null {
  if (status < 400 || text === null) return null;
  try {
    const problem = JSON.parse(text) as { errors?: unknown };
    return Array.isArray(problem.errors) ? (problem.errors.slice(0, ERRORS_KEPT) as FieldError[]) : null;
  } catch {
    return null;
  }
}

function entryBytes(entry: JournalEntry): number {
  let bytes = ENTRY_BYTES + textBytes(entry.path) + textBytes(entry.at);
  if (entry.request_body !== null) bytes += textBytes(entry.request_body);
  if (entry.response_body !== null) bytes += textBytes(entry.response_body);
  if (entry.session !== null) bytes += textBytes(entry.session);
  for (const error of entry.errors ?? []) bytes += 64 + textBytes(error.name) + textBytes(error.message);
  return bytes;
}

/**
 * @example const journal = new RequestJournal(); journal.record(record); journal.list({ status: 422 })
 */
export class RequestJournal {
  /** Oldest first, from `#head` on; the slots before it are dropped entries, emptied, and go now and then. */
  #entries: Array<{ entry: JournalEntry; bytes: number } | undefined> = [];
  #head = 0;
  #bytes = 0;
  #seq = 0;
  #second = NaN;
  #at = '';

  /** At most `capacity` entries and `maxBytes` of them (8 MiB by default), the oldest dropped first. */
  constructor(
    readonly capacity = 1000,
    readonly maxBytes = 8 * 2 ** 20,
  ) {}

  /** The bytes the journal holds (a server's memory budget counts them). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Real time as an entry's `at` (G3's shape), formatted once a second: every request asks. */
  now(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.#second) {
      this.#second = second;
      this.#at = new Date(second * 1000).toISOString().slice(0, 19) + 'Z';
    }
    return this.#at;
  }

  /** The seq of the last request recorded (0 before any). */
  get last(): number {
    return this.#seq;
  }

  /** Keeps a request: a problem's errors read out now, its bodies as listed (whole when short, else cut). */
  record(record: JournalRecord): void {
    // Each field by name: a spread here cost 4 µs of a 30 µs request (npm run bench).
    const entry: JournalEntry = {
      seq: ++this.#seq,
      at: record.at,
      method: record.method,
      path: record.path,
      status: record.status,
      duration_ms: record.duration_ms,
      session: record.session,
      override: record.override,
      request_body: listed(record.request_body),
      response_body: listed(record.response_body),
      errors: problemErrors(record.status, record.response_body),
    };
    const bytes = entryBytes(entry);
    this.#entries.push({ entry, bytes });
    this.#bytes += bytes;
    while (this.#entries.length - this.#head > this.capacity || this.#bytes > this.maxBytes) {
      const oldest = this.#entries[this.#head];
      if (!oldest) break;
      this.#bytes -= oldest.bytes;
      this.#entries[this.#head++] = undefined;
    }
    // Dropped slots leave the array now and then, not on every request.
    if (this.#head > this.capacity) {
      this.#entries = this.#entries.slice(this.#head);
      this.#head = 0;
    }
  }

  /**
   * Newest first, filtered: the newest `limit`, or with `after` the `limit` that come right after it, so a
   * reader that keeps the highest seq it saw pages forward and misses none.
   */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const limit = filter.limit ?? 100;
    const kept: JournalEntry[] = [];
    for (let i = this.#entries.length - 1; i >= this.#head; i--) {
      const e = this.#entries[i]?.entry;
      if (!e) continue;
      if (
        (filter.method === undefined || e.method === filter.method.toUpperCase()) &&
        (filter.status === undefined || e.status === filter.status) &&
        (filter.session === undefined || e.session === filter.session) &&
        (filter.path === undefined || e.path.startsWith(filter.path)) &&
        (filter.after === undefined || e.seq > filter.after)
      )
        kept.push(e);
    }
    const page = filter.after === undefined ? kept.slice(0, limit) : kept.slice(Math.max(0, kept.length - limit));
    return page.map((e) => ({ ...e }));
  }
}
