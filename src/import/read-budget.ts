// Owns how much standin import reads: at most MAX_ANSWER_BYTES of one answer (the paced client and a capture
// hold each answer to it), and a budget for the whole read, of records and of bytes of answers. A source that made
// up new records on every page was read for ever (1,047,550 people in 120 s, and on, until the machine ran out of
// memory): past the budget the read ends in one line naming what was read, the budget and the flag that raises
// it. The plan (read-organisation.ts) counts every answer it takes, from the API, its cache or a capture alike, so
// a resumed read is held to the same budget as one read through.
import { KIND_WORDS, SOURCE_KINDS, type SourceKind } from './source-org.js';

/**
 * The most standin import reads of one answer. A page holds at most 50 records (G4), and a record's texts reach
 * the API in a body of at most 1 MiB (G8): no page comes near 64 MiB (the largest of standin's large world, 6,000
 * people, is 53 KiB). The one answer that is not paged, a team's detail with every member (GET /teams/{id}, about
 * 70 bytes a member), would pass it past 900,000 members. An answer past it is no answer of this API: one that
 * never ended was read on and on (the importer at 3 GiB in 13 s).
 */
export const MAX_ANSWER_BYTES = 64 * 2 ** 20;

/**
 * The records one read takes by default (--max-records). Standin's large world, 6,000 people, read with
 * --comments over 30 days is 236,714 records: over four times that fits.
 */
export const DEFAULT_MAX_RECORDS = 1_000_000;

/**
 * The bytes of answers one read takes by default (--max-bytes): 384 MiB, twice the 184 MiB of that same read. The
 * cache of what was read (about a tenth more, as JSON lines) is read back as one string, and the world written of
 * it (about four fifths) is one, and a string holds at most 2^29 - 24 characters (V8): a read of much more than
 * 450 MiB could not go on from its cache, nor one past about 650 MiB be written.
 */
export const DEFAULT_MAX_BYTES = 384 * 2 ** 20;

/** The most a read takes: records (every record of every answer, as answered) and bytes of answers (UTF-8). */
export interface ReadBudget {
  records: number;
  bytes: number;
}

export const DEFAULT_READ_BUDGET: ReadBudget = { records: DEFAULT_MAX_RECORDS, bytes: DEFAULT_MAX_BYTES };

/** The flag of standin import that raises each part of the budget. */
export type BudgetFlag = '--max-records' | '--max-bytes';

/** A read that went past its budget: the message says what was read; each source says where to go on from. */
export class ReadBudgetError extends Error {
  override name = 'ReadBudgetError';
  constructor(
    message: string,
    readonly flag: BudgetFlag,
  ) {
    super(message);
  }
}

/**
 * A size as a person writes it: whole GiB, MiB or KiB when it is one, else bytes.
 * @example sizeWords(300 * 1024) // '300 KiB'
 */
export function sizeWords(bytes: number): string {
  for (const [unit, power] of [
    ['GiB', 30],
    ['MiB', 20],
    ['KiB', 10],
  ] as const)
    if (bytes >= 2 ** power && bytes % 2 ** power === 0) return `${bytes / 2 ** power} ${unit}`;
  return `${bytes} bytes`;
}

/**
 * What a read has taken so far, against its budget.
 * @example
 * const meter = new ReadMeter({ records: 500, bytes: 2 ** 20 });
 * meter.take('/people?page=1&per_page=50', 'people', 31_000, 50); // throws ReadBudgetError past the budget
 */
export class ReadMeter {
  records = 0;
  bytes = 0;
  answers = 0;
  readonly #byKind = new Map<SourceKind | 'me', number>();

  constructor(readonly budget: ReadBudget) {}

  /** Counts one answer taken (to GET `path`, `bytes` long, holding `records` of `kind`); throws past the budget. */
  take(path: string, kind: SourceKind | 'me', bytes: number, records: number): void {
    this.answers++;
    this.bytes += bytes;
    this.records += records;
    this.#byKind.set(kind, (this.#byKind.get(kind) ?? 0) + records);
    if (this.records > this.budget.records) throw this.#past(path, `${this.budget.records} records`, '--max-records');
    if (this.bytes > this.budget.bytes) throw this.#past(path, sizeWords(this.budget.bytes), '--max-bytes');
  }

  #past(path: string, budget: string, flag: BudgetFlag): ReadBudgetError {
    const kinds = (['me', ...SOURCE_KINDS] as const).flatMap((kind) => {
      const n = this.#byKind.get(kind) ?? 0;
      return n === 0 ? [] : [`${n} ${n === 1 ? KIND_WORDS[kind].one : KIND_WORDS[kind].many}`];
    });
    return new ReadBudgetError(
      `GET ${path} took the read past its budget of ${budget} (${flag}): ${this.records} records${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''} in ${this.answers} answers, ${(this.bytes / 2 ** 20).toFixed(1)} MiB`,
      flag,
    );
  }
}
