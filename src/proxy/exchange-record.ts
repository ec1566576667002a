// Owns what standin proxy keeps of each exchange, once it has ended and off the answer's path: the exchange read
// (read-exchange.ts) and checked (exchange-outcome.ts), then counted in the tally, journaled and written to the HAR
// file, each with the request's secrets out of it. It knows the exchanges under way, so that settled() can wait
// until all of them are kept (their HAR writes included).
import type { JournalRecord, RequestJournal } from '../runtime/request-journal.js';
import type { CompiledSpec } from '../spec/compiled-spec.js';
import type { RuleSource } from '../spec/rule-sources.js';
import { exchangeOutcome, type ExchangeOutcome } from './exchange-outcome.js';
import type { EndedExchange } from './forward.js';
import { harEntry } from './har-entry.js';
import type { HarFile } from './har-file.js';
import type { ProxyTally } from './proxy-tally.js';
import { isText, readExchange, type ReadExchange } from './read-exchange.js';

/** Where the exchanges go, and what they are checked against. */
export interface Keeping {
  spec: CompiledSpec;
  /** Report findings of rules from these sources only (all by default). */
  rules?: readonly RuleSource[];
  journal: RequestJournal;
  tally: ProxyTally;
  har: HarFile | null;
  upstreamRoot: string;
  /** Told of an exchange that could not be recorded: standin's bug, said, never the exchange's end. */
  warn(message: string): void;
}

/** A body as the journal keeps it: text redacted, or its size and type; null for none. */
function journalBody(read: ReadExchange, text: string | null | undefined, type: string | undefined): string | null {
  if (text === undefined || text === null || text === '') return null;
  return isText(type) ? read.secrets.body(text) : `(${Buffer.byteLength(text)} bytes of ${type})`;
}

/** The exchange as the journal keeps it (GET /__mock/requests, the page): no person or session, the proxy knows none. */
function journalRecord(read: ReadExchange, { verdict }: ExchangeOutcome): JournalRecord {
  return {
    method: read.ended.method,
    path: read.shownPath,
    status: read.ended.status,
    duration_ms: Math.round(read.duration * 10) / 10,
    session: null,
    person: null,
    override: null,
    own_read: false,
    request_body: journalBody(read, read.requestText, read.requestHeaders['content-type']),
    response_body: journalBody(read, read.responseText, read.responseHeaders['content-type']),
    ...(verdict ? { findings: verdict.findings, request_problems: verdict.requestProblems } : {}),
  };
}

/**
 * @example const recorder = new ExchangeRecorder({ spec, journal, tally, har: null, upstreamRoot, warn }); const record = recorder.begin()
 */
export class ExchangeRecorder {
  readonly #underWay = new Set<Promise<void>>();

  constructor(private readonly keeping: Keeping) {}

  /** An exchange begun: under way until the function returned has recorded it. */
  begin(): (ended: EndedExchange) => void {
    let recorded = () => {};
    this.#track(new Promise<void>((resolve) => (recorded = resolve)));
    return (ended) => {
      try {
        this.#record(ended);
      } catch (error) {
        // A check that throws is standin's bug: said, never the exchange's end.
        this.keeping.warn(
          `could not check ${ended.method} ${ended.path.split('?', 1)[0]}: ${(error as Error).message}`,
        );
      } finally {
        recorded();
      }
    };
  }

  /** Resolves once every exchange under way has been recorded, its HAR entry written. */
  async settled(): Promise<void> {
    while (this.#underWay.size > 0) await Promise.all([...this.#underWay]);
  }

  #track(work: Promise<void>): void {
    this.#underWay.add(work);
    void work.finally(() => this.#underWay.delete(work));
  }

  #record(ended: EndedExchange): void {
    const { spec, rules, journal, tally, har, upstreamRoot } = this.keeping;
    const read = readExchange(ended);
    const outcome = exchangeOutcome(read, spec, rules);
    tally.add(`${ended.method} ${read.shownPath} → ${ended.status}`, outcome.counted);
    journal.record(journalRecord(read, outcome));
    if (har) this.#track(har.append(harEntry(read, outcome, upstreamRoot)));
  }
}
