// Owns standin import's other source: a HAR 1.2 capture as `standin proxy --har` writes it (request.url the
// upstream's URL, response.content.text the decoded body), for when no token may be given to the importer but
// traffic through the proxy may be kept. The same plan of GETs as a read from the API (read-organisation.ts) is
// answered from the capture's 200s to GETs, matched by path and query; what the capture lacks is left out and
// said, one gap per GET missing. Each answer is held to the cap and the read to the budget of a read from the API
// (read-budget.ts).
import { BASE_PATH } from '../spec/base-path.js';
import { canonicalPath, type CachedRead } from './read-cache.js';
import { MAX_ANSWER_BYTES, ReadBudgetError, sizeWords, type ReadBudget } from './read-budget.js';
import { emptyTally, organisationPlan, type PlanAnswer } from './read-organisation.js';
import { KIND_WORDS, type SourceOrg } from './source-org.js';

export interface HarSourceOptions {
  /** What the organisation's `source.label` says: the HAR file's name. */
  label: string;
  /** As readOrganisation's: by default the 30 days up to the newest record the capture shows (read-window.ts). */
  since?: string;
  /** Take the comments and reactions too (from the GETs of them the capture holds). */
  comments?: boolean;
  /** As readOrganisation's: the most the read takes (read-budget.ts), its defaults when not given. */
  budget?: ReadBudget;
  /** The clock (ms) that stands in for the source's when the capture holds no Date (the machine's by default). */
  now?: () => number;
}

export interface HarOrganisation {
  org: SourceOrg;
  /** What the plan asked for and the capture did not hold, one line each (empty when nothing was missing). */
  gaps: string[];
}

/** The parts of a HAR entry this reads; anything else in the file is left alone. */
interface HarEntryShape {
  request?: { method?: unknown; url?: unknown };
  response?: {
    status?: unknown;
    headers?: Array<{ name?: unknown; value?: unknown }>;
    content?: { text?: unknown; encoding?: unknown };
  };
}

/** A captured answer over MAX_ANSWER_BYTES: its size alone is kept, and a plan that asks for it ends there. */
interface TooLarge {
  bytes: number;
}

/**
 * The 200 answers to GETs under the API's base path, by canonical path and query (the last one when a GET was
 * captured more than once), with their Date headers; those over MAX_ANSWER_BYTES by their size alone.
 */
function capturedReads(harText: string): Map<string, CachedRead | TooLarge> {
  let har: { log?: { entries?: unknown } };
  try {
    har = JSON.parse(harText) as typeof har;
  } catch (error) {
    throw new Error(`the HAR file is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(har.log?.entries)) throw new Error('the HAR file has no log.entries (HAR 1.2)');
  const reads = new Map<string, CachedRead | TooLarge>();
  for (const entry of har.log.entries as HarEntryShape[]) {
    if (entry.request?.method !== 'GET' || entry.response?.status !== 200) continue;
    if (typeof entry.request.url !== 'string') continue;
    let url: URL;
    try {
      url = new URL(entry.request.url);
    } catch {
      continue;
    }
    const at = url.pathname.indexOf(BASE_PATH);
    if (at === -1) continue;
    const content = entry.response.content;
    if (typeof content?.text !== 'string') continue; // a body the proxy did not keep: as if not captured
    const path = canonicalPath(`${url.pathname.slice(at + BASE_PATH.length)}${url.search}`);
    // Measured before it is decoded: a body over the cap is never copied.
    const base64 = content.encoding === 'base64';
    const bytes = Buffer.byteLength(content.text, base64 ? 'base64' : 'utf8');
    if (bytes > MAX_ANSWER_BYTES) {
      reads.set(path, { bytes });
      continue;
    }
    const text = base64 ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
    const date = entry.response.headers?.find((h) => typeof h.name === 'string' && h.name.toLowerCase() === 'date');
    reads.set(path, { text, date: typeof date?.value === 'string' ? date.value : null });
  }
  return reads;
}

/**
 * The organisation a HAR capture of standin proxy shows: the same plan as readOrganisation's, each GET answered
 * by the capture's 200 to it (the same path and query: a capture of standin import's own read through the
 * proxy holds them all); a list whose page is missing ends there, a record whose GET is missing is left out, and
 * each is listed in `gaps`. Throws when the capture holds no GET /me (whose view it is must be known).
 * @example
 * const { org, gaps } = organisationFromHar(readFileSync('capture.har', 'utf8'), { label: 'capture.har' })
 */
export function organisationFromHar(harText: string, options: HarSourceOptions): HarOrganisation {
  const reads = capturedReads(harText);
  const gaps: string[] = [];
  const plan = organisationPlan(
    {
      ...(options.since !== undefined ? { since: options.since } : {}),
      comments: options.comments ?? false,
      // With no Date in the capture, the newest answer's instant is unknown: the machine's clock stands in.
      now: options.now ?? Date.now,
      ...(options.budget ? { budget: options.budget } : {}),
    },
    emptyTally(),
  );
  let step = plan.next();
  while (!step.done) {
    const { path, kind } = step.value;
    const read = reads.get(path);
    if (read && 'bytes' in read)
      throw new Error(
        `the capture's answer to GET ${BASE_PATH}${path} is ${read.bytes} bytes, over the ${sizeWords(MAX_ANSWER_BYTES)} standin import reads of one answer`,
      );
    const answer: PlanAnswer = read ?? 'missing';
    if (answer === 'missing') gaps.push(`${KIND_WORDS[kind].many}: GET ${BASE_PATH}${path} is not in the capture`);
    try {
      step = plan.next(answer);
    } catch (error) {
      if (!(error instanceof ReadBudgetError)) throw error;
      throw new ReadBudgetError(`${error.message}; a run with a larger ${error.flag} reads on`, error.flag);
    }
  }
  const { window, readAt, ...records } = step.value;
  return { org: { source: { label: options.label, readAt, window }, ...records }, gaps };
}
