// One served mutant's run for issue 37's Stryker figure (mutant-figure.ts): the mock built from the code Stryker
// instrumented, with one mutant of src/domain switched on, is checked by the per-rule checks and explored at
// growing budgets; the answers it gave are fingerprinted, so that a mutant the kit does not catch can be told
// apart from one that changed no answer the kit asked for (an equivalent mutant, as far as the kit can see).
import { createHash } from 'node:crypto';
import { exploreOnce, exploreRow, perRuleFailures, type FetchWrap } from './explore-figure.js';

/** What one mutant gave; `mutant` is Stryker's id (null: the sound mock, Stryker's dry run). */
export interface MutantRow {
  mutant: string | null;
  /** The mock could not be made or its first answer failed: every mode catches that. */
  broken?: string;
  perRule: string[];
  /** The smallest budget at which the explorer found it, or null. */
  foundAt: number | null;
  rule: string | null;
  steps: number | null;
  requests: number | null;
  /**
   * A digest of every request and answer of the runs that found nothing: the per-rule checks, the explorer at
   * the largest budget and a read-only exploration. Equal to the sound mock's: the mutant changed no answer.
   */
  answers: string | null;
}

export interface ProbeSettings {
  budgets: number[];
  seed: number;
  /** The read-only exploration's requests, for the fingerprint only. */
  readOnlyRequests: number;
}

export const PROBE_SETTINGS: ProbeSettings = { budgets: [500, 2000, 10_000], seed: 1, readOnlyRequests: 2000 };

/** A fetch that feeds each request and its answer (status and body) into `hash`, in the order they were sent. */
export function fingerprinting(hash: ReturnType<typeof createHash>): FetchWrap {
  return (fetch) => async (input, init) => {
    // The kit sends a URL and its body as a string (checking-client.ts): read as sent, passed on untouched.
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const sent = typeof init?.body === 'string' ? init.body : '';
    const response = await fetch(input, init);
    const body = await response.clone().text();
    hash.update(`${init?.method ?? 'GET'} ${url}\n${sent}\n${response.status}\n${body}\n\n`);
    return response;
  };
}

/** A mutant's row before any mode ran: nothing caught, nothing fingerprinted. */
export function blankRow(mutant: string | null): MutantRow {
  return { mutant, perRule: [], foundAt: null, rule: null, steps: null, requests: null, answers: null };
}

/**
 * Runs the per-rule checks and the explorer against the mock as the current code makes it.
 * @example const row = await probeMutant(process.env.__STRYKER_ACTIVE_MUTANT__ ?? null, PROBE_SETTINGS)
 */
export async function probeMutant(mutant: string | null, settings: ProbeSettings): Promise<MutantRow> {
  const row = blankRow(mutant);
  const hash = createHash('sha256');
  const wrap = fingerprinting(hash);
  try {
    row.perRule = await perRuleFailures(null, wrap);
    const explored = await exploreRow(null, settings, wrap);
    row.foundAt = explored.foundAt;
    if (explored.setUp) row.broken = explored.setUp;
    if (explored.finding) {
      row.rule = explored.finding.rule;
      row.steps = explored.finding.steps.length;
      row.requests = explored.finding.requests.length;
    }
    if (row.perRule.length > 0 || row.foundAt !== null) return row;
    await exploreOnce(null, settings.seed, settings.readOnlyRequests, { wrap, readOnly: true });
    row.answers = hash.digest('hex');
  } catch (error) {
    // A mock that cannot be made, or a kit that cannot go on: a user would see the run fail.
    row.broken = String(error).split('\n')[0]!.slice(0, 200);
  }
  return row;
}
