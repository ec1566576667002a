// Owns what importOrganisation (import-organisation.ts) takes and gives: the types of standin import as a library,
// which the package's entry names. Apart from the module, so that they hold nothing of Node's: a browser project
// compiles the entry's types with DOM types alone (test/typings), and these are among them.
import type { Leak } from './leak-scan.js';
import type { ReadProgress } from './progress-bar.js';
import type { ReadBudget } from './read-budget.js';
import type { ReadWindow } from './read-window.js';
import type { SourceKind } from './source-org.js';

export interface ImportOptions {
  /** The API's base URL, ending in /api/v2; with `token`. Or `fromHar`. */
  baseUrl?: string;
  /** A read-only token of the organisation: sent to `baseUrl` only, written nowhere. */
  token?: string;
  /** A `standin proxy --har` capture to read instead of the API. */
  fromHar?: string;
  /** The state file to write (its owner's alone: it holds the people's tokens). */
  out: string;
  /** The key of every keyed hash, 16 bytes or more: the same salt and source write the same bytes. Keep it private. */
  salt: string | Uint8Array;
  /** The first date of check-ins and activities (YYYY-MM-DD); by default the 30 days up to the newest record. */
  since?: string;
  /** Read the comments and reactions of every check-in and goal update read too. */
  comments?: boolean;
  /** Stop after this many requests (a ReadStoppedError); what was read is cached, and the next run goes on. */
  maxRequests?: number;
  /** The most the read takes (read-budget.ts's defaults for a part not given). */
  budget?: Partial<ReadBudget>;
  /** Where what was read is cached, to go on from (default `.standin-import`). */
  cacheDir?: string;
  /** The base of the world's `url` fields (G10; default `https://app.standin.test`). */
  appUrl?: string;
  /** The fetch the reader asks the API with (the global one by default). */
  fetch?: typeof fetch;
  /** The clock (ms) the reader paces by, and the window falls back to when the source shows no instant. */
  now?: () => number;
  /** How the reader waits out a rate limit or a retry's backoff (a timer by default). */
  sleep?: (ms: number) => Promise<void>;
  /** Told after every answer of a read from the API. */
  onProgress?: (progress: ReadProgress) => void;
  /** Told the window of check-ins and activities once it is fixed, before they are read. */
  onWindow?: (window: ReadWindow) => void;
  /** Told once the organisation is read, before it is anonymised and built. */
  onRead?: (read: ImportRead) => void;
  /** Told what was read and built, and what the scan found, before anything is written. */
  onBuilt?: (summary: ImportSummary) => void;
}

/** How the organisation was read: the requests of a read from the API, or what a capture lacked. */
export type ImportRead =
  | { from: 'api'; requests: number; cached: number; rateLimited: number; waitingMs: number }
  | { from: 'har'; gaps: string[] };

/** What an import read and built. */
export interface ImportSummary {
  read: ImportRead;
  /** The records of each kind in the world. */
  counts: Record<SourceKind, number>;
  /** Records left out, per kind, as what they belong to was not read (a private goal's update). */
  leftOut: Partial<Record<SourceKind, number>>;
  /** The window of check-ins and activities read. */
  window: ReadWindow;
  /** The world's clock, frozen at the latest instant the organisation shows (G3). */
  clock: string;
  /**
   * LW9: the words of the story's texts that the anonymiser's repair drew at random from the vocabulary, its last
   * resort to break a run of four words of the source (they read as word salad: "I'd education an eye on"), with a
   * few of them in their line of the output (`education: "…"`, never the word it replaced, which was the source's).
   * Near 0 even for a source standin made (docs/import.md).
   */
  randomWords: { count: number; examples: string[] };
  /** What the leak scan found of the source in the output (at most MAX_LEAKS): when any, nothing is written. */
  leaks: Leak[];
  /** The world's default person, the one whose token read it, as the world names them, with their new tokens. */
  you: { id: string; name: string; username: string; tokens: { readWrite: string; readOnly: string } };
  /** The state's size (bytes of UTF-8). */
  bytes: number;
}

export interface ImportResult extends ImportSummary {
  /** The state file written (`out`); null when the scan found the source in it, and nothing was written. */
  written: string | null;
}
