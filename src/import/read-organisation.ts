// Owns what standin import reads of an organisation and in what order: the plan of GETs (a generator that asks
// for one path at a time and is told its answer, so the same plan runs against the API through the paced client
// and the cache, and against a proxy's HAR capture), and readOrganisation, which runs it against the API.
import { getCompiledSpec } from '../spec/compiled-spec.js';
import { PacedClient, PacedClientError, type PacedClientOptions } from './paced-client.js';
import { estimateEtaMs, type ReadProgress } from './progress-bar.js';
import { DEFAULT_READ_BUDGET, ReadBudgetError, ReadMeter, type ReadBudget } from './read-budget.js';
import { ReadCache, canonicalPath, type CachedRead } from './read-cache.js';
import { defaultWindow, instant, newestInstant, type ReadWindow } from './read-window.js';
import { SOURCE_KINDS, SOURCE_SCHEMAS, type SourceKind, type SourceOrg } from './source-org.js';

/** G4: the most records a page holds (per_page above 50 is clamped to 50). */
const PER_PAGE = 50;
/** goal_ids[] per request when reading archived parents (GO6), to keep URLs short. */
const IDS_PER_REQUEST = 20;

/** What the plan asks for: a GET of this path and query (under /api/v2), for records of this kind. */
interface PlanRequest {
  path: string;
  kind: SourceKind | 'me';
}

/** What the plan is told: the 200's body and Date; `gone` for a 404; `missing` for what a capture lacks. */
export type PlanAnswer = CachedRead | 'gone' | 'missing';

/** What the plan knows as it goes, for the progress line. */
export interface PlanTally {
  /** GETs known to be needed so far. */
  known: number;
  counts: Record<SourceKind, number>;
  /** The window of check-ins and activities, once the plan has fixed it (before it reads them). */
  window: ReadWindow | null;
}

export interface PlanSettings {
  /** The first date of check-ins and activities (YYYY-MM-DD); by default read-window.ts's window. */
  since?: string;
  comments?: boolean;
  /** The machine's clock (ms), when the source states none. */
  now: () => number;
  /** The most the read takes (read-budget.ts); its defaults when not given. */
  budget?: ReadBudget;
}

/** The plan's outcome: everything but the label, which the runner knows. */
export type PlanOutcome = Omit<SourceOrg, 'source'> & Omit<SourceOrg['source'], 'label'>;

type Rec = { id: string };
type Plan<T> = Generator<PlanRequest, T, PlanAnswer>;

/** Records by id, each once (the first seen: pages read while the source changes may overlap), sorted by id. */
function byId<T extends Rec>(records: Iterable<T>): T[] {
  const seen = new Map<string, T>();
  for (const record of records) if (!seen.has(record.id)) seen.set(record.id, record);
  return [...seen.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function withQuery(path: string, query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  return canonicalPath(`${path}?${params.toString()}`);
}

/** What the plan's parts share: the tally, the requests as they are asked, and the budget's count. */
interface PlanReader {
  tally: PlanTally;
  /** One GET, its answer's Date kept as the source's clock. */
  ask(request: PlanRequest): Plan<PlanAnswer>;
  /** Counts an answer taken against the budget, once its records are counted (read-budget.ts). */
  took(request: PlanRequest, answer: CachedRead, records: number): void;
  /** Every page of a list; a list that is gone (404) or not captured ends with what was read. */
  all<T extends Rec>(
    kind: SourceKind,
    path: string,
    query?: Record<string, string | string[]>,
    counted?: boolean,
  ): Plan<T[]>;
  /** The newest Date the source answered with (a resumed read finds it again in its cache). */
  newest(): number | null;
}

function planReader(settings: PlanSettings, tally: PlanTally): PlanReader {
  let newest: number | null = null;
  const meter = new ReadMeter(settings.budget ?? DEFAULT_READ_BUDGET);
  const reader: PlanReader = {
    tally,
    newest: () => newest,
    *ask(request) {
      const answer = yield request;
      if (typeof answer === 'object' && answer.date) {
        const at = Date.parse(answer.date);
        if (!Number.isNaN(at)) newest = newest === null ? at : Math.max(newest, at);
      }
      return answer;
    },
    took: (request, answer, records) => meter.take(request.path, request.kind, Buffer.byteLength(answer.text), records),
    *all<T extends Rec>(kind: SourceKind, path: string, query: Record<string, string | string[]> = {}, counted = true) {
      const out: T[] = [];
      const seen = new Set<string>();
      let stale = 0;
      for (let page = 1; ; page++) {
        const request: PlanRequest = {
          kind,
          path: withQuery(path, { ...query, page: String(page), per_page: String(PER_PAGE) }),
        };
        const answer = yield* reader.ask(request);
        if (typeof answer !== 'object') return out;
        const items = listOf<T>(answer.text, path, counted ? SOURCE_SCHEMAS[kind] : 'Team');
        // A source that makes up new records on every page never sends a short one: the budget ends it.
        reader.took(request, answer, items.length);
        // A page of nothing but records of earlier pages, several in a row, is a source that does not page (it
        // ignores `page`, or answers its last page again): the list never ended, and the read grew until it ran out
        // of memory. One such page is a list that shifted while it was read (its records kept once, byId).
        const fresh = items.filter((item) => !seen.has(item.id));
        for (const item of items) seen.add(item.id);
        stale = items.length > 0 && fresh.length === 0 ? stale + 1 : 0;
        if (stale >= STALE_PAGES)
          throw new Error(
            `GET ${path}: ${stale} pages in a row (up to page ${page}) held only records of earlier pages; the source does not page as G4 says (page, per_page), and the list would never end`,
          );
        out.push(...items);
        if (counted) tally.counts[kind] += items.length;
        if (items.length < PER_PAGE) return out;
        tally.known++;
      }
    },
  };
  return reader;
}

/** Every page of /teams, and each team's detail (its members). */
function* teamsPlan(reader: PlanReader): Plan<SourceOrg['teams']> {
  const teamList = yield* reader.all<Rec>('teams', '/teams', {}, false);
  reader.tally.known += teamList.length;
  const teams: SourceOrg['teams'] = [];
  for (const team of byId(teamList)) {
    const request: PlanRequest = { kind: 'teams', path: `/teams/${team.id}` };
    const answer = yield* reader.ask(request);
    if (typeof answer !== 'object') continue;
    teams.push(recordOf<SourceOrg['teams'][number]>(answer.text, request.path, 'TeamDetail'));
    reader.took(request, answer, 1);
    reader.tally.counts.teams++;
  }
  return teams;
}

/**
 * Every page of /goals and the archived parents they name (GO6: listed by goal_ids[] only, until none is missing;
 * other archived goals cannot be found, and are not read), then each goal's updates (GU7).
 */
function* goalsPlan(reader: PlanReader): Plan<Pick<SourceOrg, 'goals' | 'goalUpdates'>> {
  const goals = yield* reader.all<SourceOrg['goals'][number]>('goals', '/goals');
  const asked = new Set<string>();
  for (;;) {
    const known = new Set(goals.map((g) => g.id));
    const missing = [
      ...new Set(
        goals.flatMap((g) => (g.parent && !known.has(g.parent.id) && !asked.has(g.parent.id) ? [g.parent.id] : [])),
      ),
    ].sort();
    if (missing.length === 0) break;
    for (let i = 0; i < missing.length; i += IDS_PER_REQUEST) {
      const ids = missing.slice(i, i + IDS_PER_REQUEST);
      ids.forEach((id) => asked.add(id));
      reader.tally.known++;
      goals.push(...(yield* reader.all<SourceOrg['goals'][number]>('goals', '/goals', { 'goal_ids[]': ids })));
    }
  }
  const goalIds = byId(goals).map((g) => g.id);
  reader.tally.known += goalIds.length;
  const goalUpdates: SourceOrg['goalUpdates'] = [];
  for (const id of goalIds)
    goalUpdates.push(
      ...(yield* reader.all<SourceOrg['goalUpdates'][number]>('goalUpdates', `/goals/${id}/goal-updates`)),
    );
  return { goals, goalUpdates };
}

/** Every Echo question, and each one's answers (EC5). */
function* echoesPlan(reader: PlanReader): Plan<Pick<SourceOrg, 'echoQuestions' | 'echoAnswers'>> {
  const echoQuestions = yield* reader.all<SourceOrg['echoQuestions'][number]>('echoQuestions', '/echo/questions');
  const questionIds = byId(echoQuestions).map((q) => q.id);
  reader.tally.known += questionIds.length;
  const echoAnswers: SourceOrg['echoAnswers'] = [];
  for (const id of questionIds)
    echoAnswers.push(
      ...(yield* reader.all<SourceOrg['echoAnswers'][number]>('echoAnswers', `/echo/questions/${id}/answers`)),
    );
  return { echoQuestions, echoAnswers };
}

/** CR1, CR2: the comments and reactions at their production paths, under each check-in and goal update read. */
function* responsesPlan(
  reader: PlanReader,
  checkIns: SourceOrg['checkIns'],
  goalUpdates: SourceOrg['goalUpdates'],
): Plan<Pick<SourceOrg, 'comments' | 'reactions'>> {
  const comments: SourceOrg['comments'] = [];
  const reactions: SourceOrg['reactions'] = [];
  const on = [
    ...byId(checkIns).map((c) => `/check-ins/${c.id}`),
    ...byId(goalUpdates).map((u) => `/goal-updates/${u.id}`),
  ];
  reader.tally.known += on.length * 2;
  for (const path of on) {
    comments.push(...(yield* reader.all<SourceOrg['comments'][number]>('comments', `${path}/comments`)));
    reactions.push(...(yield* reader.all<SourceOrg['reactions'][number]>('reactions', `${path}/reactions`)));
  }
  return { comments, reactions };
}

/**
 * The GETs standin import makes, in order, as a generator: it yields each request and is resumed with the
 * answer. Me; every page of people and teams, and each team (its members); every page of goals, the archived
 * parents they name (GO6: listed by goal_ids[] only), and each goal's updates (GU7); Echo questions and each
 * one's answers (EC5); without `since`, the first page of check-ins and of activities, newest first, to fix the
 * window (read-window.ts); check-ins since `since` (CI5); activities since `since` (AC1); with comments, each
 * check-in's and goal update's comments and reactions (CR1, CR2). Every list is read by pages of 50 until a
 * short page (G4).
 *
 * Every list read in full comes before the window is fixed, so that the newest instant of what is read is the
 * window's end, up to the check-ins and comments of the window itself. A resumed read finds the same answers in
 * its cache, and so the same window.
 * @example
 * const tally = emptyTally();
 * const plan = organisationPlan({ now: Date.now }, tally);
 * let step = plan.next();
 * while (!step.done) step = plan.next(await answer(step.value.path));
 */
export function* organisationPlan(settings: PlanSettings, tally: PlanTally): Plan<PlanOutcome> {
  if (settings.since !== undefined && !isDate(settings.since))
    throw new RangeError(`since "${settings.since}" is not a date YYYY-MM-DD (G3)`);
  const reader = planReader(settings, tally);

  // me, people, teams, goals, check-ins, questions, activities: each at least one GET; and the window's two.
  tally.known += settings.since === undefined ? 9 : 7;
  const meRequest: PlanRequest = { kind: 'me', path: '/me' };
  const meAnswer = yield* reader.ask(meRequest);
  if (typeof meAnswer !== 'object')
    throw new Error('GET /me was not answered: standin import needs to know whose view of the organisation it reads');
  const me = recordOf<SourceOrg['me']>(meAnswer.text, '/me', 'Person');
  reader.took(meRequest, meAnswer, 1);

  const people = yield* reader.all<SourceOrg['people'][number]>('people', '/people');
  const teams = yield* teamsPlan(reader);
  const { goals, goalUpdates } = yield* goalsPlan(reader);
  const { echoQuestions, echoAnswers } = yield* echoesPlan(reader);

  const window: ReadWindow =
    settings.since !== undefined
      ? { since: settings.since, through: null, anchor: 'given' }
      : defaultWindow(
          newestInstant([
            me,
            ...people,
            ...goalUpdates,
            ...echoQuestions,
            ...echoAnswers,
            ...(yield* newestPage(reader, 'checkIns', '/check-ins')),
            ...(yield* newestPage(reader, 'activities', '/activities')),
          ]),
          reader.newest(),
          settings.now(),
        );
  tally.window = window;
  const { since } = window;

  const checkIns = yield* reader.all<SourceOrg['checkIns'][number]>('checkIns', '/check-ins', { since });
  // AC1: since is a datetime here; the first instant of the date.
  const activities = yield* reader.all<SourceOrg['activities'][number]>('activities', '/activities', {
    since: `${since}T00:00:00Z`,
  });
  const { comments, reactions } = settings.comments
    ? yield* responsesPlan(reader, checkIns, goalUpdates)
    : { comments: [], reactions: [] };

  return {
    window,
    readAt: instant(reader.newest() ?? settings.now()),
    me,
    people: byId(people),
    teams: byId(teams),
    goals: byId(goals),
    goalUpdates: byId(goalUpdates),
    checkIns: byId(checkIns),
    echoQuestions: byId(echoQuestions),
    echoAnswers: byId(echoAnswers),
    activities: byId(activities),
    comments: byId(comments),
    reactions: byId(reactions),
  };
}

/**
 * A tally with nothing counted yet.
 * @example const tally = emptyTally(); organisationPlan({ now: Date.now }, tally)
 */
export function emptyTally(): PlanTally {
  return {
    known: 0,
    counts: Object.fromEntries(SOURCE_KINDS.map((k) => [k, 0])) as Record<SourceKind, number>,
    window: null,
  };
}

/**
 * The first page of a dated list with no `since`, newest first (CI5: date descending; AC1: recorded_at
 * descending): where the organisation's records end, for the window. Read, not kept: the window's read has them.
 * Missing from a capture made before it was asked (or gone), it shows nothing.
 */
function* newestPage(reader: PlanReader, kind: 'checkIns' | 'activities', path: string): Plan<Rec[]> {
  const request: PlanRequest = { kind, path: withQuery(path, { page: '1', per_page: String(PER_PAGE) }) };
  const answer = yield* reader.ask(request);
  if (typeof answer !== 'object') return [];
  const records = listOf<Rec>(answer.text, path, SOURCE_SCHEMAS[kind]);
  reader.took(request, answer, records.length);
  return records;
}

/**
 * G3: whether `text` is a date YYYY-MM-DD of the calendar (not 2026-02-30).
 * @example isDate('2026-10-21') // true
 */
export function isDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

function parse(text: string, path: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`GET ${path} answered something that is not JSON: ${text.slice(0, 80)}`);
  }
}

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/** Several pages in a row of nothing new: the source does not page (see `all`). */
const STALE_PAGES = 3;

function isTimeZone(zone: unknown): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone as string });
    return typeof zone === 'string';
  } catch {
    return false;
  }
}

/**
 * Checks a record against the spec's schema (G1) before anything is made of it: a null where a string belongs, a
 * field missing, a time zone no one knows. Trusted as it came, such a record broke the anonymiser or the world
 * later with "Cannot read properties of null" and no word of where. A field the spec does not know is no
 * problem: it is dropped (anonymise.ts rebuilds records field by field).
 */
function checkRecord(value: unknown, schema: string, path: string, at: string): void {
  const problems = getCompiledSpec()
    .checkSchema(schema, value)
    .filter((problem) => !problem.endsWith(' is not a field of this schema.'));
  const record = value as { time_zone?: unknown; answer_time_zone?: unknown };
  for (const field of ['time_zone', 'answer_time_zone'] as const)
    if (problems.length === 0 && field in record && !isTimeZone(record[field]))
      problems.push(`${field} ${JSON.stringify(record[field])} is no time zone this machine knows (IANA).`);
  if (problems.length > 0)
    throw new Error(
      `GET ${path} answered ${at} that is not the spec's ${schema}: ${problems.slice(0, 3).join(' ')}${problems.length > 3 ? ' …' : ''}`,
    );
}

/** A list answer's records (G1: a bare array), each with its id and of the spec's `schema`. */
function listOf<T extends Rec>(text: string, path: string, schema: string): T[] {
  const value = parse(text, path);
  if (!Array.isArray(value) || !value.every(isRecord))
    throw new Error(`GET ${path} answered no list of records (G1): is the base URL the API's, ending in /api/v2?`);
  value.forEach((item, i) => checkRecord(item, schema, path, `a record (the ${ordinal(i + 1)})`));
  return value as T[];
}

function recordOf<T extends Rec>(text: string, path: string, schema: string): T {
  const value = parse(text, path);
  if (!isRecord(value))
    throw new Error(`GET ${path} answered no record (G1): is the base URL the API's, ending in /api/v2?`);
  checkRecord(value, schema, path, 'a record');
  return value as T;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

export interface ReadOrganisationOptions extends Pick<PacedClientOptions, 'sleep' | 'now' | 'fetch'> {
  /** The API's base URL, ending in /api/v2. */
  baseUrl: string;
  token: string;
  /** The first date of check-ins and activities (YYYY-MM-DD); by default read-window.ts's window. */
  since?: string;
  /** Read each check-in's and goal update's comments and reactions too. */
  comments?: boolean;
  /** Stop with a ReadStoppedError once this many requests are made; the cache keeps what was read. */
  maxRequests?: number;
  /** The most the read takes, counted over every answer, the cache's too (read-budget.ts); its defaults by default. */
  budget?: ReadBudget;
  /** Where the cache of what was read lives (reads.jsonl): a later run with the same one resumes. */
  cacheDir: string;
  onProgress?: (progress: ReadProgress) => void;
  /** Told the window of check-ins and activities once it is fixed, before they are read. */
  onWindow?: (window: ReadWindow) => void;
}

/** The read stopped at its request budget: what was read is cached, and a run with the same cache goes on. */
export class ReadStoppedError extends Error {
  override name = 'ReadStoppedError';
}

/**
 * The plan told its answer; past the read's budget, the line says where what was read is kept, to go on from.
 * @example const next = planOn(plan, answer, cache)
 */
function planOn(
  plan: Plan<PlanOutcome>,
  answer: PlanAnswer,
  cache: ReadCache,
): IteratorResult<PlanRequest, PlanOutcome> {
  try {
    return plan.next(answer);
  } catch (error) {
    if (!(error instanceof ReadBudgetError)) throw error;
    throw new ReadBudgetError(
      `${error.message}; the answers before it are kept in ${cache.file}, and a run with a larger ${error.flag} goes on from there`,
      error.flag,
    );
  }
}

/**
 * Reads the organisation the token sees from the API, paced by its rate limits, each answer cached so a
 * stopped read resumes; every list sorted by id.
 * @example
 * const org = await readOrganisation({ baseUrl: 'https://api.example.com/api/v2', token, cacheDir: '.standin-import' })
 */
export async function readOrganisation(options: ReadOrganisationOptions): Promise<SourceOrg> {
  const now = options.now ?? Date.now;
  const cache = await ReadCache.open(options.cacheDir, options.baseUrl);
  const tally = emptyTally();
  let done = 0;
  let cached = 0;
  let windowTold = false;
  const started = now();
  const progress = (waiting: ReadProgress['waiting'] = null): ReadProgress => ({
    done,
    known: tally.known,
    requests: client.requests,
    cached,
    waitingMs: client.waitedMs,
    etaMs: estimateEtaMs({
      left: tally.known - done,
      done,
      elapsedMs: now() - started,
      windows: client.windows,
      now: now(),
    }),
    rateLimited: client.rateLimited,
    counts: { ...tally.counts },
    waiting,
  });
  const client: PacedClient = new PacedClient({
    baseUrl: options.baseUrl,
    token: options.token,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.maxRequests !== undefined ? { maxRequests: options.maxRequests } : {}),
    onWait: (ms, reason) => options.onProgress?.(progress({ ms, reason })),
  });
  const plan = organisationPlan(
    {
      since: options.since,
      comments: options.comments ?? false,
      now,
      ...(options.budget ? { budget: options.budget } : {}),
    },
    tally,
  );
  let step = plan.next();
  while (!step.done) {
    const { path } = step.value;
    let answer: PlanAnswer | undefined = cache.get(path);
    let fresh: CachedRead | null = null;
    if (answer) cached++;
    else {
      try {
        answer = fresh = await client.get(path);
      } catch (error) {
        if (error instanceof PacedClientError && error.kind === 'budget')
          throw new ReadStoppedError(
            `standin import stopped after ${client.requests} requests (maxRequests): the ${cache.size} answers read so far are kept in ${cache.file}; run it again with the same cache to go on`,
          );
        // A record deleted while the read went on: its list is read as empty, and asked again next run.
        if (error instanceof PacedClientError && error.status === 404 && step.value.kind !== 'me') answer = 'gone';
        else throw error;
      }
    }
    done++;
    // Kept only once the plan took it: an answer it refuses (a login page's HTML with a 200, a record not of the
    // spec's shape) was kept first, and every later run was answered it again from the cache, the source mended
    // or not, until the cache was deleted.
    const next = planOn(plan, answer, cache);
    if (fresh) await cache.put(path, fresh);
    if (tally.window && !windowTold) {
      windowTold = true;
      options.onWindow?.(tally.window);
    }
    options.onProgress?.(progress());
    step = next;
  }
  const { window, readAt, ...records } = step.value;
  return { source: { label: cache.source, readAt, window }, ...records };
}
