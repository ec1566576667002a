// standin import's reading: the paced client against scripted answers (G14's waits, Retry-After, retries, one-line
// errors with no token); then a whole read of a standin source with rate limits and injected 503s on a fake clock,
// its interruption and resumption from the cache, and the same organisation rebuilt from standin proxy's HAR.
import { appendFileSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PacedClient, PacedClientError, rateLimitItems, retryAfterMs } from '../src/import/paced-client.js';
import { CACHE_FILE, ReadCache, ReadCacheError } from '../src/import/read-cache.js';
import { organisationFromHar } from '../src/import/har-source.js';
import { startProxy } from '../src/proxy/proxy-server.js';
import { readOrganisation, ReadStoppedError } from '../src/import/read-organisation.js';
import { defaultSince, defaultWindow, instant, newestInstant, windowLine } from '../src/import/read-window.js';
import { SOURCE_KINDS, type SourceOrg } from '../src/import/source-org.js';
import { formatInstant } from '../src/domain/calendar.js';
import { canSeeGoal } from '../src/domain/goal-visibility.js';
import type { FaultProfileSpec } from '../src/runtime/fault-profile.js';
import { startServer, type RunningMock } from '../src/server/start-server.js';
import { NOW } from './support/harness.js';
import { orgInProcess } from './support/org-in-process.js';
import { estimateEtaMs, formatDuration, formatProgress, ProgressWriter } from '../src/import/progress-bar.js';

const scratch = mkdtempSync(join(tmpdir(), 'standin-import-reader-'));
let dirs = 0;
const freshDir = () => join(scratch, `cache-${++dirs}`);

const BASE = 'https://api.example.com/api/v2';
const TOKEN = 'ro_secret_token_123456';

/** A fake clock: sleep moves it on at once, and every wait asked for is kept. */
function fakeClock(start = Date.parse('2026-11-20T15:00:00Z')) {
  let now = start;
  const waits: number[] = [];
  return {
    now: () => now,
    sleep: (ms: number) => {
      waits.push(ms);
      now += ms;
      return Promise.resolve();
    },
    waits,
  };
}

/** A fetch answering from a script, one answer per call, and keeping the URLs asked. */
function scripted(answers: Array<Response | Error>) {
  const urls: string[] = [];
  const fetcher = ((input: string | URL) => {
    urls.push(input.toString());
    const next = answers.shift();
    if (!next) throw new Error('no more answers scripted');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  }) as typeof fetch;
  return { fetcher, urls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The PacedClientError a call failed with (a call that succeeds fails the test). */
async function failure(call: Promise<unknown>): Promise<PacedClientError> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof PacedClientError)) throw new Error(`expected a PacedClientError, got ${String(outcome)}`);
  return outcome;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the paced client', () => {
  it('reads G14 headers and Retry-After in both forms', () => {
    expect(rateLimitItems('"burst";r=0;t=4, "sustained";r=499;t=1800')).toEqual([
      { name: 'burst', params: { r: 0, t: 4 } },
      { name: 'sustained', params: { r: 499, t: 1800 } },
    ]);
    expect(retryAfterMs('7', 0)).toBe(7000);
    expect(retryAfterMs('Fri, 20 Nov 2026 15:00:09 GMT', Date.parse('2026-11-20T15:00:00Z'))).toBe(9000);
    expect(retryAfterMs(null, 0)).toBeNull();
  });

  it('waits out a spent window before the next request, and a 429 with its Retry-After, then succeeds', async () => {
    const clock = fakeClock();
    const { fetcher, urls } = scripted([
      json([], 200, { ratelimit: '"burst";r=0;t=4, "sustained";r=480;t=1000' }),
      json({ title: 'Too Many Requests' }, 429, {
        'retry-after': 'Fri, 20 Nov 2026 15:00:20 GMT',
        ratelimit: '"burst";r=0;t=6, "sustained";r=479;t=996',
      }),
      json({ id: 'x' }, 200, { ratelimit: '"burst";r=29;t=10, "sustained";r=478;t=980' }),
    ]);
    const client = new PacedClient({ baseUrl: `${BASE}/`, token: TOKEN, fetch: fetcher, ...clock });
    await client.get('/people?page=1');
    expect(clock.waits).toEqual([]);
    const answer = await client.get('/me');
    expect(JSON.parse(answer.text)).toEqual({ id: 'x' });
    // 4 s (+ margin) for the spent burst window, then the 429's Retry-After date (15.75 s on, + margin).
    expect(clock.waits).toEqual([4250, 16_000]);
    expect(urls).toEqual([`${BASE}/people?page=1`, `${BASE}/me`, `${BASE}/me`]);
    expect(client.requests).toBe(3);
    expect(client.rateLimited).toBe(1);
  });

  it('after a 429 that shows no window, waits out the longest window it knows', async () => {
    const clock = fakeClock();
    const { fetcher } = scripted([
      json([], 200, { ratelimit: '"burst";r=3;t=8, "sustained";r=10;t=120' }),
      json({}, 429),
      json({}, 200),
    ]);
    const client = new PacedClient({ baseUrl: BASE, token: TOKEN, fetch: fetcher, ...clock });
    await client.get('/a');
    await client.get('/b');
    expect(clock.waits).toEqual([120_250]);
  });

  it('retries 503s and dropped connections with growing waits (Retry-After when given), a bounded number of times', async () => {
    const clock = fakeClock();
    const { fetcher } = scripted([
      json({}, 503, { 'retry-after': '3' }),
      new TypeError('fetch failed'),
      json({}, 504),
      json([1], 200),
    ]);
    const client = new PacedClient({ baseUrl: BASE, token: TOKEN, fetch: fetcher, ...clock });
    expect((await client.get('/x')).text).toBe('[1]');
    expect(clock.waits).toEqual([3000, 2000, 4000]);
    expect(client.retries).toBe(3);

    const failing = scripted(Array.from({ length: 3 }, () => json({ detail: `down ${TOKEN}` }, 503)));
    const giveUp = new PacedClient({
      baseUrl: BASE,
      token: TOKEN,
      fetch: failing.fetcher,
      maxRetries: 2,
      ...fakeClock(),
    });
    const error = await failure(giveUp.get('/goals'));
    expect(error).toBeInstanceOf(PacedClientError);
    expect(error.message).toBe(`GET ${BASE}/goals failed 3 times: 503 down [token]`);
    expect(error.message).not.toContain(TOKEN);
  });

  it('fails at once on 401 and 403 saying what is wrong with the token, and stops at maxRequests', async () => {
    const unauthorised = scripted([json({}, 401)]);
    const e401 = await failure(
      new PacedClient({ baseUrl: BASE, token: TOKEN, fetch: unauthorised.fetcher, ...fakeClock() }).get('/me'),
    );
    expect(e401.message).toMatch(/^GET https:\/\/api\.example\.com\/api\/v2\/me: 401, the token is wrong/);
    expect(unauthorised.urls).toHaveLength(1);
    const forbidden = scripted([json({}, 403)]);
    const e403 = await failure(
      new PacedClient({ baseUrl: BASE, token: TOKEN, fetch: forbidden.fetcher, ...fakeClock() }).get('/teams'),
    );
    expect(e403.message).toMatch(/403, the token lacks access/);
    expect(e403.kind).toBe('auth');

    const budget = scripted([json([]), json([])]);
    const client = new PacedClient({
      baseUrl: BASE,
      token: TOKEN,
      fetch: budget.fetcher,
      maxRequests: 1,
      ...fakeClock(),
    });
    await client.get('/a');
    const stop = await failure(client.get('/b'));
    expect(stop.kind).toBe('budget');
    expect(budget.urls).toHaveLength(1);
  });
});

describe('the read cache', () => {
  it('answers what an earlier run read, drops a torn last line, and refuses another source', async () => {
    const dir = freshDir();
    const first = await ReadCache.open(dir, `${BASE}/`);
    await first.put('/people?per_page=50&page=1', { text: '[{"id":"a"}]', date: 'Fri, 20 Nov 2026 15:00:00 GMT' });
    await first.put('/teams?page=1', { text: '[]', date: null });
    // A kill -9 in the middle of an append.
    appendFileSync(join(dir, CACHE_FILE), '{"path":"/goals?page=1","text":"[{\\"id');
    const again = await ReadCache.open(dir, BASE);
    expect(again.size).toBe(2);
    expect(again.get('/people?per_page=50&page=1')).toEqual({
      text: '[{"id":"a"}]',
      date: 'Fri, 20 Nov 2026 15:00:00 GMT',
    });
    expect(again.get('/goals?page=1')).toBeUndefined();
    await again.put('/goals?page=1', { text: '[]', date: null });
    expect((await ReadCache.open(dir, BASE)).size).toBe(3);
    expect(readFileSync(join(dir, CACHE_FILE), 'utf8')).not.toContain(TOKEN);

    const other = await ReadCache.open(dir, 'https://other.example.com/api/v2').catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ReadCacheError);
    expect((other as Error).message).toMatch(
      /holds reads of https:\/\/api\.example\.com\/api\/v2, not https:\/\/other/,
    );

    const damaged = freshDir();
    await ReadCache.open(damaged, BASE);
    appendFileSync(join(damaged, CACHE_FILE), 'nonsense\n{"path":"/a","text":"[]","date":null}\n');
    await expect(ReadCache.open(damaged, BASE)).rejects.toThrow(/line 2 of .* is damaged/);
    writeFileSync(join(damaged, CACHE_FILE), 'not a header\n');
    await expect(ReadCache.open(damaged, BASE)).rejects.toThrow(/not standin import's cache/);
  });

  it('refuses, before reading it, a cache larger than one string holds, saying what to do', async () => {
    // A read let past its default budget (--max-bytes) leaves a cache it cannot be read back from whole: V8's
    // "Cannot create a string longer than 0x1fffffe8 characters" said nothing of the file or of what to do.
    const dir = freshDir();
    await ReadCache.open(dir, BASE);
    const file = join(dir, CACHE_FILE);
    // Sparse: as large as that to stat, nothing on the disk.
    truncateSync(file, 600 * 2 ** 20);
    await expect(ReadCache.open(dir, BASE)).rejects.toThrow(
      new ReadCacheError(
        `${file} is 600 MiB, more than standin import reads back of a cache (512 MiB, what one string holds): delete it to read from the start, with a smaller --max-bytes`,
      ),
    );
  });
});

describe('the progress line', () => {
  it('says what was read of each kind, the requests, the waits and the time left', () => {
    const progress = {
      done: 40,
      known: 95,
      requests: 33,
      cached: 7,
      waitingMs: 12_400,
      etaMs: 185_000,
      rateLimited: 1,
      counts: { people: 16, teams: 4, goals: 24, goalUpdates: 130 },
    };
    expect(formatProgress(progress)).toBe(
      'read 40/95 · people 16 · teams 4 · goals 24 · goal updates 130 · 33 requests, 7 cached, 1 × 429 · waited 12 s · about 3 min left',
    );
    expect(formatProgress({ ...progress, waiting: { ms: 9000, reason: 'rate-limit' } })).toContain(
      'waiting 9 s (rate limit)',
    );
    expect(formatProgress(progress, 20)).toBe('read 40/95 · people…');
    expect([formatDuration(0), formatDuration(59_400), formatDuration(3_900_000)]).toEqual([
      '0 s',
      '59 s',
      '1 h 5 min',
    ]);
  });

  it('estimates the time left from the pace so far, or what the rate-limit windows still allow', () => {
    expect(estimateEtaMs({ left: 40, done: 10, elapsedMs: 2000, windows: [], now: 0 })).toBe(8000);
    expect(estimateEtaMs({ left: 1, done: 0, elapsedMs: 0, windows: [], now: 0 })).toBeNull();
    // 70 more GETs with 10 left in a burst window ending in 4 s: 30 go at 4 s, the last 30 when the next
    // window opens at 14 s.
    const burst = { name: 'burst', quota: 30, seconds: 10, remaining: 10, resetsAt: 4000 };
    expect(estimateEtaMs({ left: 70, done: 10, elapsedMs: 1000, windows: [burst], now: 0 })).toBe(14_000);
  });

  it('rewrites one line on a terminal, and writes a line every few seconds elsewhere', () => {
    let now = 0;
    const tty = { text: '', isTTY: true, columns: 40, write: (t: string) => (tty.text += t) };
    const bar = new ProgressWriter(tty, { now: () => now });
    const p = { done: 1, known: 2, requests: 1, cached: 0, waitingMs: 0, etaMs: 1000 };
    bar.update(p);
    bar.update({ ...p, done: 2 }); // within 100 ms: not drawn
    now = 200;
    bar.finish({ ...p, done: 2 });
    expect(tty.text).toBe('\rread 1/2 · 1 request, 0 cached · about…\x1b[K\rread 2/2 · 1 request, 0 cached\x1b[K\n');

    const log = { text: '', write: (t: string) => (log.text += t) };
    const plain = new ProgressWriter(log, { now: () => now });
    for (now = 0; now < 12_000; now += 1000) plain.update(p);
    expect(log.text.split('\n').filter(Boolean)).toHaveLength(3);
  });

  it("prints a note on a line of its own: in the progress line's place on a terminal, which is drawn again after", () => {
    let now = 0;
    const tty = { text: '', isTTY: true, columns: 40, write: (t: string) => (tty.text += t) };
    const bar = new ProgressWriter(tty, { now: () => now });
    const p = { done: 1, known: 2, requests: 1, cached: 0, waitingMs: 0, etaMs: null };
    bar.update(p);
    bar.note('the window');
    now = 200;
    bar.update(p);
    expect(tty.text).toBe(
      '\rread 1/2 · 1 request, 0 cached\x1b[K\rthe window\x1b[K\n\rread 1/2 · 1 request, 0 cached\x1b[K',
    );
    const log = { text: '', write: (t: string) => (log.text += t) };
    new ProgressWriter(log).note('the window');
    expect(log.text).toBe('the window\n');
  });
});

describe('the default window of check-ins and activities', () => {
  it('ends at the newest instant of what has happened: not an Echo answer to come, nor a clock', () => {
    const question = {
      created_at: '2026-04-01T09:00:00Z',
      updated_at: '2026-05-06T07:00:00Z',
      next_answer_at: '2026-06-01T13:00:00Z', // EC2: to come
      paused_at: null,
    };
    const checkIn = { completed_at: null, updated_at: '2026-05-05T17:30:00Z', date: '2026-05-07' };
    expect(newestInstant([question, checkIn])).toBe(Date.parse('2026-05-06T07:00:00Z'));
    expect(newestInstant([{ id: 'a' }, { completed_at: null }])).toBeNull();
    const clock = Date.parse('2026-12-01T20:00:00Z');
    expect(defaultWindow(Date.parse('2026-05-06T07:00:00Z'), clock, clock)).toEqual({
      since: '2026-04-06',
      through: '2026-05-06T07:00:00Z',
      anchor: 'records',
    });
    // With no record's instant, the source's Date, else this machine's clock, and the line says which.
    const bySource = defaultWindow(null, clock, 0);
    expect(bySource).toEqual({ since: '2026-11-01', through: '2026-12-01T20:00:00Z', anchor: 'source clock' });
    expect(windowLine(bySource)).toBe(
      "reading 30 days up to 2026-12-01, the source's clock (its Date: no record read shows an instant) (check-ins and activities since 2026-11-01; --since chooses another date)",
    );
    expect(defaultWindow(null, null, clock).anchor).toBe('machine clock');
    expect(windowLine({ since: '2026-10-21', through: null, anchor: 'given' })).toBeNull();
  });
});

/** 503s on one GET in twelve, from the seeded stream (MK6), with a Retry-After of 1 s. */
const FAULTS: FaultProfileSpec = {
  seed: 11,
  rules: [
    { methods: ['GET'], path: '/api/v2/*', faults: [{ kind: 'error', status: 503, rate: 1 / 12, retry_after: 1 }] },
  ],
};

describe('reading a standin source with rate limits and 503s', () => {
  let running: RunningMock;
  let token: string;
  let readWrite: string;
  /** Where the fake clock is ahead of the real one (ms): the source's rate windows move with Date.now. */
  let ahead = 0;
  const realNow = Date.now.bind(Date);

  beforeAll(async () => {
    running = await startServer({ port: 0, host: '127.0.0.1', seed: 7, now: NOW, rateLimit: true, faults: FAULTS });
    const person = running.mock.world.store.people.get(running.mock.world.defaultPersonId)!;
    token = person.tokens.readOnly;
    readWrite = person.tokens.readWrite;
  });
  afterAll(() => running.close());

  /**
   * A fake clock shared with the source: a sleep moves Date.now on at once, so G14's windows (which under a
   * frozen world clock move with real time) reset as if the wait had happened.
   */
  function sharedClock() {
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
    const waits: number[] = [];
    return {
      now: () => Date.now(),
      sleep: (ms: number) => {
        waits.push(ms);
        ahead += ms;
        return Promise.resolve();
      },
      waits,
    };
  }

  /** A fetch that keeps each request's path (under /api/v2) and status, in order. */
  function counting() {
    const seen: Array<{ path: string; status: number }> = [];
    const fetcher: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : input.toString());
      seen.push({ path: `${url.pathname.replace(/^\/api\/v2/, '')}${url.search}`, status: response.status });
      return response;
    };
    return { fetcher, seen };
  }

  /**
   * What the source's store holds that its default person sees, by id, kind by kind, as the rules say the reader
   * finds it: every person and team; the goals the person may see (GO7) but archived ones, which only a goal's
   * parent of them brings in (GO6); their updates (GU7); every Echo question and answer; the check-ins dated from
   * `since` (CI5) and activities recorded from it (AC1); the comments and reactions on what was read (CR1, CR2).
   */
  function seenInStore(since: string, read: Pick<SourceOrg, 'checkIns' | 'goalUpdates'>) {
    const { store, defaultPersonId } = running.mock.world;
    const me = store.people.get(defaultPersonId)!;
    const goals = new Map(
      [...store.goals.values()].filter((g) => canSeeGoal(g, me) && !g.archived).map((g) => [g.id, g]),
    );
    for (let more = true; more;) {
      more = false;
      for (const goal of [...goals.values()]) {
        const parent = goal.parentId === null ? undefined : store.goals.get(goal.parentId);
        if (parent && !goals.has(parent.id) && canSeeGoal(parent, me)) {
          goals.set(parent.id, parent);
          more = true;
        }
      }
    }
    const on = [
      ...read.checkIns.map((c) => ['check-in', c.id] as const),
      ...read.goalUpdates.map((u) => ['goal-update', u.id] as const),
    ];
    const ids = (records: Iterable<{ id: string }>) => [...records].map((r) => r.id).sort();
    return {
      people: ids(store.people.values()),
      teams: ids(store.teams.values()),
      goals: ids(goals.values()),
      goalUpdates: ids([...goals.keys()].flatMap((id) => store.updatesOfGoal(id))),
      checkIns: ids([...store.checkIns.values()].filter((c) => c.date >= since)),
      echoQuestions: ids(store.echoQuestions.values()),
      echoAnswers: ids(store.echoAnswers.values()),
      activities: ids(
        [...store.activities.values()].filter((a) => formatInstant(a.recordedAt) >= `${since}T00:00:00Z`),
      ),
      comments: ids(on.flatMap(([type, id]) => store.commentsOf(type, id))),
      reactions: ids(on.flatMap(([type, id]) => store.reactionsOf(type, id))),
    };
  }

  /**
   * The organisation as the same reader reads it in-process (inProcessFetch), without rate limits or faults: what a
   * read over HTTP through 429s and 503s must come to.
   */
  async function expected(since: string, comments: boolean): Promise<Omit<SourceOrg, 'source'>> {
    const { faults, rateLimit } = running.mock;
    running.mock.faults = null;
    running.mock.rateLimit = false;
    try {
      const { source: _source, ...records } = await orgInProcess(running.mock, since, comments);
      return records;
    } finally {
      running.mock.faults = faults;
      running.mock.rateLimit = rateLimit;
    }
  }

  /** Spends the person's burst window with the other token, so the read meets a 429 at once. */
  async function spendBurst(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const response = await fetch(`${running.baseUrl}/me`, { headers: { authorization: `Bearer ${readWrite}` } });
      await response.arrayBuffer();
      if (response.status === 429) return;
    }
    throw new Error('the burst window was never spent');
  }

  let whole: SourceOrg;

  it('reads everything the person sees, waits out every 429 so none follows another, and retries the 503s', async () => {
    const clock = sharedClock();
    const { fetcher, seen } = counting();
    await spendBurst();
    const progress: number[] = [];
    let last: { requests: number; rateLimited?: number } | undefined;
    whole = await readOrganisation({
      baseUrl: running.baseUrl,
      token,
      comments: true,
      cacheDir: freshDir(),
      ...clock,
      fetch: fetcher,
      onProgress: (p) => {
        progress.push(p.done);
        last = p;
      },
    });
    const { source, ...records } = whole;
    // The window ends at the newest record the source shows, not at its Date header (real time: not --now); the
    // comments and reactions, read after the window is fixed, do not move it (they may be newer or older).
    const { comments: _comments, reactions: _reactions, ...before } = records;
    const newest = instant(newestInstant(Object.values(before).flat())!);
    expect(source.window).toEqual({ since: defaultSince(Date.parse(newest)), through: newest, anchor: 'records' });
    expect(source.label).toBe(running.baseUrl);
    expect(records).toEqual(await expected(source.window.since, true));
    const read = Object.fromEntries(SOURCE_KINDS.map((kind) => [kind, records[kind].map((r) => r.id)]));
    expect(read).toEqual(seenInStore(source.window.since, records));
    expect(records.me.id).toBe(running.mock.world.defaultPersonId);
    expect(records.people).toHaveLength(running.mock.world.store.people.size);
    expect(records.teams).toHaveLength(running.mock.world.store.teams.size);
    for (const kind of ['goalUpdates', 'checkIns', 'echoAnswers', 'activities', 'comments', 'reactions'] as const)
      expect(records[kind].length, kind).toBeGreaterThan(0);

    const statuses = seen.map((s) => s.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(3);
    statuses.forEach((status, i) => {
      if (status === 429) expect(statuses[i + 1], `request ${i + 1} after a 429`).not.toBe(429);
    });
    expect(seen.length).toBeGreaterThan(500); // past the sustained window too: a wait of up to 30 min, not slept
    expect(last?.requests).toBe(seen.length);
    expect(last?.rateLimited).toBe(statuses.filter((s) => s === 429).length);
    expect(Math.max(...clock.waits)).toBeGreaterThan(60_000);
    expect(progress.at(-1)).toBe(new Set(seen.filter((s) => s.status === 200).map((s) => s.path)).size);
  });

  it('through standin proxy: the HAR it writes gives the same organisation, and says what a shorter capture lacks', async () => {
    const clock = sharedClock();
    const har = join(freshDir(), 'capture.har');
    const proxy = await startProxy({ upstream: running.baseUrl, port: 0, host: '127.0.0.1', har });
    let read: SourceOrg;
    try {
      read = await readOrganisation({ baseUrl: proxy.baseUrl, token, comments: true, cacheDir: freshDir(), ...clock });
      await proxy.settled();
    } finally {
      await proxy.close();
    }
    const text = readFileSync(har, 'utf8');
    expect(text).not.toContain(token);
    const { org, gaps } = organisationFromHar(text, { label: 'capture.har', comments: true });
    expect(gaps).toEqual([]);
    expect(org).toEqual({ ...read, source: { ...read.source, label: 'capture.har' } });
    const { source: _source, ...records } = org;
    const { source: _whole, ...wholeRecords } = whole;
    expect(records).toEqual(wholeRecords);

    // Without comments' GETs and with the second page of check-ins lost: absent, and said.
    const log = JSON.parse(text) as { log: { entries: Array<{ request: { url: string } }> } };
    log.log.entries = log.log.entries.filter(
      (e) => !/\/comments|\/reactions/.test(e.request.url) && !/\/check-ins\?.*page=2&/.test(e.request.url),
    );
    const short = organisationFromHar(JSON.stringify(log), { label: 'short.har', comments: true });
    expect(short.org.comments).toEqual([]);
    expect(short.org.checkIns).toEqual(whole.checkIns.filter((c) => short.org.checkIns.some((s) => s.id === c.id)));
    expect(short.org.checkIns.length).toBe(50);
    expect(short.gaps[0]).toMatch(
      /^check-ins: GET \/api\/v2\/check-ins\?since=.*&page=2&per_page=50 is not in the capture$/,
    );
    expect(
      short.gaps.some((gap) =>
        /^comments: GET \/api\/v2\/check-ins\/[0-9a-f-]+\/comments\?page=1&per_page=50 is not/.test(gap),
      ),
    ).toBe(true);
    expect(() => organisationFromHar('{"log":{"entries":[]}}', { label: 'empty.har' })).toThrow(
      /GET \/me was not answered/,
    );
  });

  it('stopped at its request budget, then resumed, asks nothing the cache holds and reads the same organisation', async () => {
    const clock = sharedClock();
    const cacheDir = freshDir();
    const first = counting();
    const stopped = await readOrganisation({
      baseUrl: running.baseUrl,
      token,
      comments: true,
      cacheDir,
      maxRequests: 120,
      ...clock,
      fetch: first.fetcher,
    }).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ReadStoppedError);
    expect((stopped as Error).message).toMatch(
      /stopped after 120 requests \(maxRequests\).*run it again with the same cache/,
    );
    expect(first.seen).toHaveLength(120);
    const cachedPaths = readFileSync(join(cacheDir, CACHE_FILE), 'utf8')
      .split('\n')
      .slice(1, -1)
      .map((line) => (JSON.parse(line) as { path: string }).path);
    expect(cachedPaths.length).toBeGreaterThan(50);
    expect(readFileSync(join(cacheDir, CACHE_FILE), 'utf8')).not.toContain(token);

    const second = counting();
    let cached = 0;
    const resumed = await readOrganisation({
      baseUrl: running.baseUrl,
      token,
      comments: true,
      cacheDir,
      ...clock,
      fetch: second.fetcher,
      onProgress: (p) => (cached = p.cached),
    });
    const asked = new Set(second.seen.map((s) => s.path));
    expect(cachedPaths.filter((path) => asked.has(path))).toEqual([]);
    expect(cached).toBe(cachedPaths.length);
    expect({ ...resumed, source: { ...resumed.source, readAt: '' } }).toEqual({
      ...whole,
      source: { ...whole.source, readAt: '' },
    });
  });
});
