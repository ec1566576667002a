// The request journal: the last requests to /api/v2, newest first, each with who sent it (the person its token
// named, never the token), what the client sent and what it got — the body of the request and of the answer
// (their first 4,096 characters), a problem's errors[], the body fields G7 ignored, and the override that
// answered it if one did, and who decided its answer (MCP6) — so "what did my app send, and what did it get" needs no proxy.
// Bounded in entries and in bytes (long bodies kept whole for the newest entries only, up to 4 MiB), so a long
// demo or a client of huge bodies never grows it without end; numbered, so a dashboard can ask for what is new.
import type { FieldError } from '../spec/describe-errors.js';
import type { DecidedBy } from './decided-by.js';
import type { IgnoredField, RequestEnd } from './mock-events.js';
import { textBytes } from '../domain/approx-bytes.js';

/** What a listed entry keeps of each body, in characters: enough to read, never a whole large page. */
export const BODY_CHARS = 4096;

/**
 * One request as the front tells it when it ends (request:end): its texts whole (those the mock already
 * holds). The person is the one its bearer token named (G9), by id and name, never the token; in any-token mode
 * (MK7) the one an unknown token or none was answered as; null when the answer came before the token was
 * read (an override, MK6, MK5).
 */
export type JournalRecord = Pick<
  RequestEnd,
  | 'method'
  | 'path'
  | 'status'
  | 'duration_ms'
  | 'session'
  | 'person'
  | 'request_body'
  | 'response_body'
  | 'override'
  | 'own_read'
> & {
  /** G7: the body fields the operation ignored; absent or null for none (the entry then lists none). */
  ignored_fields?: IgnoredField[] | null;
  /** MCP3: the MCP tool whose call this request was; absent or null for a client's own request. */
  mcp_tool?: string | null;
  /** MCP6: who decided the answer instead of the operation; absent or null when the operation answered. */
  decided_by?: DecidedBy | null;
  /** standin proxy's: what the answer broke, each under its rule and the rule's source. The mock's have none. */
  findings?: JournalFinding[];
  /** standin proxy's: what the spec refuses in the request the app sent. */
  request_problems?: string[];
};

/** A finding of standin proxy on one exchange (src/exchange), as the journal lists it. */
interface JournalFinding {
  rule: string;
  part?: string;
  source: 'interface' | 'production' | 'decided';
  problem: string;
}

/** One request as GET /__mock/requests lists it. */
export interface JournalEntry extends JournalRecord {
  /** When it was recorded, in real time (G3's shape). */
  at: string;
  /** Increasing by one with each request recorded: `after` asks for the ones since. */
  seq: number;
  /** The errors[] of the problem the request got (G8), or null. */
  errors: FieldError[] | null;
  /** G7: the body fields the operation ignored; absent when it ignored none. */
  ignored_fields?: IgnoredField[];
  /** MCP3: the MCP tool whose call this request was; absent for a client's own request. */
  mcp_tool?: string;
  /** MCP6: who decided the answer instead of the operation; absent when the operation answered as the spec says. */
  decided_by?: DecidedBy;
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

/**
 * The long bodies (over BODY_CHARS) the newest entries keep, in bytes: kept as the very strings the mock read and
 * answered with (often a cache's: keeping them costs no copy on the request path), counted whole since they may
 * be no one else's. Older entries keep a note of their length instead.
 */
export const LONG_BODIES_BYTES = 4 * 2 ** 20;

const isLong = (text: string | null): text is string => text !== null && text.length > BODY_CHARS;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const scratch = new Uint8Array(BODY_CHARS * 3);

/**
 * The first BODY_CHARS characters of a text as a string of their own. A plain slice may keep the whole text
 * alive (V8 makes it a view into its parent).
 */
function detachedPrefix(text: string): string {
  const { written } = encoder.encodeInto(text.slice(0, BODY_CHARS), scratch);
  return decoder.decode(scratch.subarray(0, written));
}

/** A long body as listed: its first BODY_CHARS characters and how much is left. */
function cut(text: string): string {
  return `${detachedPrefix(text)}… (${text.length - BODY_CHARS} more characters)`;
}

/** An entry as listed: the long bodies it keeps whole cut (those it no longer keeps are a note already). */
function shown({ entry, requestWhole, responseWhole }: Kept): JournalEntry {
  return {
    ...entry,
    request_body: requestWhole ? cut(entry.request_body!) : entry.request_body,
    response_body: responseWhole ? cut(entry.response_body!) : entry.response_body,
  };
}

/** What an entry keeps of a long body once it no longer fits LONG_BODIES_BYTES: a note of its length. */
function forgotten(text: string): string {
  return `(${text.length} characters, no longer kept: the journal keeps the long bodies of its newest requests, up to ${LONG_BODIES_BYTES / 2 ** 20} MiB)`;
}

/** The errors[] of a problem document's text, if it is one that has them (its first ERRORS_KEPT). */
function problemErrors(status: number, text: string | null): FieldError[] | null {
  // Stryker disable next-line ConditionalExpression: without the null check, JSON.parse('null') throws below and is caught alike; it is there for the types.
  if (status < 400 || text === null) return null;
  try {
    const problem = JSON.parse(text) as { errors?: unknown };
    return Array.isArray(problem.errors) ? (problem.errors.slice(0, ERRORS_KEPT) as FieldError[]) : null;
  } catch {
    return null;
  }
}

/** One entry as kept: what it costs, how much of that is long bodies kept whole, and which are (cut when listed). */
interface Kept {
  entry: JournalEntry;
  bytes: number;
  longBytes: number;
  requestWhole: boolean;
  responseWhole: boolean;
}

function textsBytes(entry: JournalEntry): number {
  let bytes = ENTRY_BYTES + textBytes(entry.path) + textBytes(entry.at);
  if (entry.request_body !== null) bytes += textBytes(entry.request_body);
  if (entry.response_body !== null) bytes += textBytes(entry.response_body);
  if (entry.session !== null) bytes += textBytes(entry.session);
  if (entry.person !== null) bytes += 64 + textBytes(entry.person.id) + textBytes(entry.person.name);
  for (const error of entry.errors ?? []) bytes += 64 + textBytes(error.name) + textBytes(error.message);
  for (const field of entry.ignored_fields ?? []) bytes += 32 + textBytes(field.name);
  for (const finding of entry.findings ?? []) bytes += 64 + textBytes(finding.problem);
  for (const problem of entry.request_problems ?? []) bytes += 16 + textBytes(problem);
  // Most are shared (made once per rule or override), but counted as their own: a bound errs high.
  if (entry.decided_by) bytes += 48 + textBytes(entry.decided_by.what ?? '');
  return bytes;
}

/**
 * @example const journal = new RequestJournal(); journal.record(record); journal.list({ status: 422 })
 */
export class RequestJournal {
  /** Oldest first, from `#head` on; the slots before it are dropped entries, emptied, and go now and then. */
  #entries: Array<Kept | undefined> = [];
  #head = 0;
  /** The entries that keep a long body whole, oldest first, from `#longHead` on. */
  #longs: Array<Kept | undefined> = [];
  #longHead = 0;
  #bytes = 0;
  #longBytes = 0;
  #seq = 0;
  #second = NaN;
  // Stryker disable next-line StringLiteral: never read: the first #now() finds a new second and sets it.
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

  /** Entries its arrays hold, dropped ones included until they are cleared away (bounded: a test holds it). */
  get heldEntries(): number {
    return this.#entries.length + this.#longs.length;
  }

  /** Real time as an entry's `at` (G3's shape), formatted once a second: every request asks. */
  #now(): string {
    const second = Math.floor(Date.now() / 1000);
    // Stryker disable next-line ConditionalExpression: formatting every time gives the same text; the check saves the work.
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

  /** Keeps a request, stamped now: a problem's errors read out now (problems are short), its bodies as they are. */
  record(record: JournalRecord): void {
    // Each field by name: a spread here cost 4 µs of a 30 µs request (npm run bench).
    const entry: JournalEntry = {
      seq: ++this.#seq,
      at: this.#now(),
      method: record.method,
      path: record.path,
      status: record.status,
      duration_ms: record.duration_ms,
      session: record.session,
      person: record.person,
      override: record.override,
      own_read: record.own_read,
      request_body: record.request_body,
      response_body: record.response_body,
      errors: problemErrors(record.status, record.response_body),
    };
    if (record.ignored_fields) entry.ignored_fields = record.ignored_fields;
    if (record.mcp_tool) entry.mcp_tool = record.mcp_tool;
    if (record.decided_by) entry.decided_by = record.decided_by;
    if (record.findings) entry.findings = record.findings;
    if (record.request_problems) entry.request_problems = record.request_problems;
    // A long body alone over what long bodies may take is cut now (a copy, but only for such a body).
    let requestWhole = isLong(entry.request_body);
    if (requestWhole && textBytes(entry.request_body!) > LONG_BODIES_BYTES) {
      entry.request_body = cut(entry.request_body!);
      requestWhole = false;
    }
    let responseWhole = isLong(entry.response_body);
    if (responseWhole && textBytes(entry.response_body!) > LONG_BODIES_BYTES) {
      entry.response_body = cut(entry.response_body!);
      responseWhole = false;
    }
    const longBytes =
      (requestWhole ? textBytes(entry.request_body!) : 0) + (responseWhole ? textBytes(entry.response_body!) : 0);
    const kept: Kept = { entry, bytes: textsBytes(entry), longBytes, requestWhole, responseWhole };
    this.#entries.push(kept);
    this.#bytes += kept.bytes;
    if (longBytes > 0) {
      this.#longs.push(kept);
      this.#longBytes += longBytes;
      while (this.#longBytes > LONG_BODIES_BYTES) this.#forgetOldestLong();
    }
    while (this.#entries.length - this.#head > this.capacity || this.#bytes > this.maxBytes) {
      // The loop ends once nothing is left to drop (no entries, no bytes), so the slot holds an entry.
      const oldest = this.#entries[this.#head]!;
      this.#entries[this.#head++] = undefined;
      this.#bytes -= oldest.bytes;
      // Gone from the journal, it may still sit in #longs a while: it keeps no body alive there, and
      // #forgetOldestLong passes over it (no long bytes left).
      this.#longBytes -= oldest.longBytes;
      oldest.longBytes = 0;
      oldest.entry.request_body = oldest.entry.response_body = null;
    }
    // Dropped slots leave the arrays now and then, not on every request.
    if (this.#head > this.capacity) {
      this.#entries = this.#entries.slice(this.#head);
      this.#head = 0;
    }
    // Entries dropped from the journal while they kept long bodies keep nothing now: they leave #longs too.
    if (this.#longs.length - this.#longHead > this.capacity) {
      // The slots before #longHead are all emptied; those after it hold an entry, long or no longer.
      // Stryker disable next-line ConditionalExpression: every slot from #longHead on holds an entry (the check is for the types), and those before it are emptied.
      this.#longs = this.#longs.filter((kept) => kept !== undefined && kept.longBytes > 0);
      this.#longHead = 0;
    }
  }

  /** The oldest entry that keeps a long body whole keeps a note of it instead. */
  #forgetOldestLong(): void {
    const oldest = this.#longs[this.#longHead];
    this.#longs[this.#longHead++] = undefined;
    if (!oldest || oldest.longBytes === 0) return;
    const { entry } = oldest;
    if (oldest.requestWhole) entry.request_body = forgotten(entry.request_body!);
    if (oldest.responseWhole) entry.response_body = forgotten(entry.response_body!);
    this.#longBytes -= oldest.longBytes;
    oldest.longBytes = 0;
    oldest.requestWhole = oldest.responseWhole = false;
    this.#bytes -= oldest.bytes;
    oldest.bytes = textsBytes(entry);
    this.#bytes += oldest.bytes;
  }

  /** The newest entry as list() shows it, or undefined before any: what GET /__mock/events streams of it. */
  latest(): JournalEntry | undefined {
    // Dropped entries' slots are emptied: the last slot is empty when every entry was dropped.
    const newest = this.#entries.at(-1);
    return newest && shown(newest);
  }

  /**
   * The entry of `seq` as list() shows it, or undefined when there was none or it was dropped (MCP6's explain).
   * Seqs are consecutive from the oldest kept, so it is found by its place, not by a walk.
   */
  get(seq: number): JournalEntry | undefined {
    const oldest = this.#entries[this.#head];
    if (!oldest || !Number.isInteger(seq)) return undefined;
    // Before the oldest is an emptied slot, or none (a negative index); after the newest, none.
    const kept = this.#entries[this.#head + seq - oldest.entry.seq];
    return kept && shown(kept);
  }

  /**
   * Newest first, filtered: the newest `limit`, or with `after` the `limit` that come right after it, so a
   * reader that keeps the highest seq it saw pages forward and misses none.
   */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const limit = filter.limit ?? 100;
    const kept: Kept[] = [];
    for (let i = this.#entries.length - 1; i >= this.#head; i--) {
      // Every slot from #head on holds an entry.
      const k = this.#entries[i]!;
      const e = k.entry;
      if (
        (filter.method === undefined || e.method === filter.method.toUpperCase()) &&
        (filter.status === undefined || e.status === filter.status) &&
        (filter.session === undefined || e.session === filter.session) &&
        (filter.path === undefined || e.path.startsWith(filter.path)) &&
        (filter.after === undefined || e.seq > filter.after)
      )
        kept.push(k);
    }
    const page = filter.after === undefined ? kept.slice(0, limit) : kept.slice(Math.max(0, kept.length - limit));
    return page.map(shown);
  }
}
