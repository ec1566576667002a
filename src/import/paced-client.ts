// Owns standin import's GETs against a real API: paced by the API's own rate-limit headers (G14) so that an
// import never trips production's limits twice in a row, retried through the gateway errors and dropped
// connections a long read meets, each answer read within a byte cap, and failing with one line that names the
// URL and never the token.
import { chunksWithin, TOO_LARGE } from '../http/request-body.js';
import { MAX_ANSWER_BYTES, sizeWords } from './read-budget.js';

/** G14's windows as an answer states them: `RateLimit: "burst";r=<left>;t=<s>` and `RateLimit-Policy`. */
export interface RateWindow {
  name: string;
  /** Requests the window allows (RateLimit-Policy's q), when the policy was stated. */
  quota: number | null;
  /** The window's length in seconds (RateLimit-Policy's w), when stated. */
  seconds: number | null;
  /** Requests left in the current window (RateLimit's r). */
  remaining: number;
  /** When the current window ends, on the client's clock (ms). */
  resetsAt: number;
}

export interface PacedClientOptions {
  /** The API's base URL, ending in /api/v2. */
  baseUrl: string;
  /** The bearer token; sent in the Authorization header only, never written into a message. */
  token: string;
  /** Waits `ms`; the default really sleeps. Tests give a fake clock's. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock (ms since the epoch) that waits and Retry-After dates are measured on; Date.now by default. */
  now?: () => number;
  /** The fetch to use (the built-in one by default); tests wrap it to count requests. */
  fetch?: typeof fetch;
  /** Stop (a `budget` error) instead of making request number maxRequests + 1. */
  maxRequests?: number;
  /** How many times a 502/503/504 or a network error is retried before failing. Default 5. */
  maxRetries?: number;
  /** The first retry's wait, doubled each time up to maxBackoffMs. Default 1 s, at most 30 s. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A request with no answer after this long is a network error (retried). Default 60 s. */
  timeoutMs?: number;
  /** Told before each wait: how long, and why (for a progress line). */
  onWait?: (ms: number, reason: 'rate-limit' | 'retry') => void;
}

/** What one successful GET answered: the body as text and the answer's Date header. */
export interface GetAnswer {
  text: string;
  date: string | null;
}

export type PacedClientErrorKind = 'auth' | 'status' | 'network' | 'budget' | 'rate-limit' | 'size';

/** A GET that failed for good: one line naming the URL; `status` when the API answered. */
export class PacedClientError extends Error {
  constructor(
    message: string,
    readonly kind: PacedClientErrorKind,
    readonly url: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PacedClientError';
  }
}

/** Of a refusal's body only its start is shown (detail()): the rest of it is not read. */
const MAX_REFUSAL_BYTES = 64 * 1024;

/** Added to every rate-limit wait: the API counts whole seconds, and clocks differ a little. */
const RATE_MARGIN_MS = 250;
/** A 503's Retry-After beyond this is not waited out whole (a retry is bounded, a maintenance is not ours). */
const MAX_RETRY_AFTER_MS = 5 * 60_000;
/**
 * The longest a rate limit is waited out (G14's longest window is 30 minutes). A 429 asking for a year, or a
 * window resetting in a year, put the read to sleep for that long without a word: it ends instead, in one line,
 * and a later run goes on from the cache.
 */
const MAX_RATE_WAIT_MS = 2 * 60 * 60_000;
/** A second 429 in a row means someone else spends the same person's quota: a few more, then give up. */
const MAX_429_IN_A_ROW = 3;
const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * Parses a structured-field list of parameters (`"burst";r=29;t=10, "sustained";r=499;t=1800`) into a name
 * and its numeric parameters, per item. Unquoted names are taken too; anything unreadable is skipped.
 * @example rateLimitItems('"burst";r=0;t=4') // [{ name: 'burst', params: { r: 0, t: 4 } }]
 */
export function rateLimitItems(header: string | null): Array<{ name: string; params: Record<string, number> }> {
  if (!header) return [];
  const items: Array<{ name: string; params: Record<string, number> }> = [];
  for (const item of header.split(',')) {
    const [rawName = '', ...rawParams] = item.split(';').map((part) => part.trim());
    const name = rawName.replace(/^"(.*)"$/, '$1');
    if (name === '') continue;
    const params: Record<string, number> = {};
    for (const param of rawParams) {
      const [key, value] = param.split('=').map((part) => part.trim());
      const number = Number(value);
      if (key && value !== undefined && value !== '' && Number.isFinite(number)) params[key] = number;
    }
    items.push({ name, params });
  }
  return items;
}

/**
 * Retry-After in ms from `now`: delay-seconds or an HTTP date (RFC 9110); null when absent or unreadable.
 * @example retryAfterMs('7', Date.now()) // 7000
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GETs JSON from the API one at a time, paced by G14's headers: a window with no request left (`r=0`) is
 * waited out (`t` seconds) before the next request; a 429 waits out Retry-After and every window it shows
 * spent, so the retry gets through; 502/503/504 and dropped connections are retried with bounded exponential
 * backoff (Retry-After when given); 401/403 fail at once.
 * @example
 * const client = new PacedClient({ baseUrl: 'https://api.example.com/api/v2', token });
 * const me = JSON.parse((await client.get('/me')).text);
 */
export class PacedClient {
  readonly #base: string;
  readonly #token: string;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;
  readonly #fetch: typeof fetch;
  readonly #options: PacedClientOptions;
  readonly #windows = new Map<string, RateWindow>();
  /** No request before this instant (ms): a spent window's end. */
  #blockedUntil = 0;
  /** What set #blockedUntil last, for the message when it is too far off. */
  #blockedBy = 'a spent RateLimit window';
  /** Requests made (each attempt, retries and 429s included). */
  requests = 0;
  /** 429s answered. */
  rateLimited = 0;
  /** Retries after a gateway error or a network error. */
  retries = 0;
  /** Time spent waiting, for rate limits and retries alike (ms). */
  waitedMs = 0;

  constructor(options: PacedClientOptions) {
    this.#options = options;
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token;
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? Date.now;
    this.#fetch = options.fetch ?? fetch;
  }

  /** The windows the last answers stated (G14), for an estimate of the time left. */
  get windows(): RateWindow[] {
    return [...this.#windows.values()];
  }

  /** The URL of a path under the base, as messages show it (no token is ever in a URL). */
  urlOf(path: string): string {
    return `${this.#base}${path}`;
  }

  /**
   * GETs `path` (under the base URL, with its query) and resolves with a 200's body; throws a
   * PacedClientError for anything else once retries are spent.
   * @example const { text, date } = await client.get('/people?page=1&per_page=50')
   */
  async get(path: string): Promise<GetAnswer> {
    const url = this.urlOf(path);
    let failures = 0;
    let limitedInARow = 0;
    for (;;) {
      await this.#pace(url);
      const max = this.#options.maxRequests;
      if (max !== undefined && this.requests >= max)
        throw this.#error(`stopped before GET ${url}: ${max} requests made (maxRequests)`, 'budget', url);
      this.requests++;
      let response: Response;
      try {
        response = await this.#fetch(url, {
          headers: { authorization: `Bearer ${this.#token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(this.#options.timeoutMs ?? 60_000),
        });
      } catch (error) {
        failures++;
        if (failures > (this.#options.maxRetries ?? 5))
          throw this.#error(`GET ${url} failed ${failures} times: ${networkReason(error)}`, 'network', url);
        await this.#retryWait(failures, null);
        continue;
      }
      this.#learn(response.headers);
      const { status } = response;
      if (status === 200) {
        const text = await this.#answerText(url, response);
        if (text !== null) return { text, date: response.headers.get('date') };
        // The body broke off: the same as a dropped connection.
        failures++;
        if (failures > (this.#options.maxRetries ?? 5))
          throw this.#error(`GET ${url} failed ${failures} times: the body broke off`, 'network', url);
        await this.#retryWait(failures, null);
        continue;
      }
      // Only the start of a refusal's body is shown: the rest is not read.
      const body = textOf((await bodyWithin(response, MAX_REFUSAL_BYTES).catch(() => null))?.chunks ?? []);
      if (status === 429) {
        // G14: wait out Retry-After and every window known to be spent, so the retry is not refused again.
        this.rateLimited++;
        limitedInARow++;
        if (limitedInARow >= MAX_429_IN_A_ROW)
          throw this.#error(
            `GET ${url} was refused ${limitedInARow} times in a row (429): another client is spending the same person's rate limit`,
            'rate-limit',
            url,
            429,
          );
        this.#afterRateLimited(response.headers);
        continue;
      }
      if (RETRIED_STATUSES.has(status)) {
        failures++;
        if (failures > (this.#options.maxRetries ?? 5))
          throw this.#error(`GET ${url} failed ${failures} times: ${status} ${detail(body)}`, 'status', url, status);
        await this.#retryWait(failures, retryAfterMs(response.headers.get('retry-after'), this.#now()));
        continue;
      }
      if (status === 401)
        throw this.#error(
          `GET ${url}: 401, the token is wrong, expired or revoked; check the token given to standin import`,
          'auth',
          url,
          status,
        );
      if (status === 403)
        throw this.#error(
          `GET ${url}: 403, the token lacks access to this; use a token of a person who may read it`,
          'auth',
          url,
          status,
        );
      throw this.#error(`GET ${url}: ${status} ${detail(body)}`.trim(), 'status', url, status);
    }
  }

  /**
   * A 200's body as text, read within MAX_ANSWER_BYTES (a Content-Length over it is refused unread, a body that
   * passes it cut off there); null when the body broke off.
   */
  async #answerText(url: string, response: Response): Promise<string | null> {
    const cap = sizeWords(MAX_ANSWER_BYTES);
    const declared = response.headers.get('content-length');
    if (declared !== null && /^\d+$/.test(declared) && Number(declared) > MAX_ANSWER_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw this.#error(
        `GET ${url} answered a Content-Length of ${declared} bytes, over the ${cap} standin import reads of one answer: it read none of it`,
        'size',
        url,
        200,
      );
    }
    const body = await bodyWithin(response, MAX_ANSWER_BYTES).catch(() => null);
    if (body?.over)
      throw this.#error(
        `GET ${url} answered more than ${cap}, the most standin import reads of one answer: it read no further, and kept none of it`,
        'size',
        url,
        200,
      );
    return body && textOf(body.chunks);
  }

  /** Waits until no window known to be spent is still running. */
  async #pace(url: string): Promise<void> {
    const wait = this.#blockedUntil - this.#now();
    if (wait > MAX_RATE_WAIT_MS)
      throw this.#error(
        `GET ${url}: ${this.#blockedBy} asks to wait ${Math.round(wait / 60_000)} minutes, more than standin import waits (${MAX_RATE_WAIT_MS / 60_000}); run it again later: what was read is kept`,
        'rate-limit',
        url,
      );
    if (wait > 0) await this.#wait(wait, 'rate-limit');
  }

  /** G14: reads RateLimit-Policy and RateLimit; a window with r=0 blocks requests until it ends. */
  #learn(headers: Headers): void {
    const now = this.#now();
    const policies = new Map(rateLimitItems(headers.get('ratelimit-policy')).map((p) => [p.name, p.params]));
    for (const { name, params } of rateLimitItems(headers.get('ratelimit'))) {
      if (params.r === undefined || params.t === undefined) continue;
      const policy = policies.get(name);
      const before = this.#windows.get(name);
      const window: RateWindow = {
        name,
        quota: policy?.q ?? before?.quota ?? null,
        seconds: policy?.w ?? before?.seconds ?? null,
        remaining: params.r,
        resetsAt: now + params.t * 1000,
      };
      this.#windows.set(name, window);
      if (window.remaining <= 0 && window.resetsAt + RATE_MARGIN_MS > this.#blockedUntil) {
        this.#blockedUntil = window.resetsAt + RATE_MARGIN_MS;
        this.#blockedBy = `the spent RateLimit window "${name}"`;
      }
    }
  }

  /**
   * After a 429 (G14): Retry-After, and the end of every window the answer shows spent; an answer that shows
   * none leaves the longest window still known to run as the only safe wait.
   */
  #afterRateLimited(headers: Headers): void {
    const now = this.#now();
    const retryAfter = retryAfterMs(headers.get('retry-after'), now);
    const spent = rateLimitItems(headers.get('ratelimit')).some((item) => item.params.r === 0);
    let until = now + (retryAfter ?? 0) + RATE_MARGIN_MS;
    if (!spent && retryAfter === null) {
      const longest = Math.max(now, ...[...this.#windows.values()].map((w) => w.resetsAt));
      until = Math.max(until, longest + RATE_MARGIN_MS);
    }
    if (until > this.#blockedUntil) {
      this.#blockedUntil = until;
      this.#blockedBy = retryAfter === null ? 'a 429 (its RateLimit windows)' : "a 429's Retry-After";
    }
  }

  /** Exponential backoff for the failures-th retry, or the answer's Retry-After (bounded) when it gave one. */
  async #retryWait(failures: number, retryAfter: number | null): Promise<void> {
    this.retries++;
    const base = this.#options.backoffMs ?? 1000;
    const backoff = Math.min(base * 2 ** (failures - 1), this.#options.maxBackoffMs ?? 30_000);
    await this.#wait(retryAfter === null ? backoff : Math.min(retryAfter, MAX_RETRY_AFTER_MS), 'retry');
  }

  async #wait(ms: number, reason: 'rate-limit' | 'retry'): Promise<void> {
    this.#options.onWait?.(ms, reason);
    this.waitedMs += ms;
    await this.#sleep(ms);
  }

  /** A failure whose message has the token taken out, whatever the answer echoed. */
  #error(message: string, kind: PacedClientErrorKind, url: string, status: number | null = null): PacedClientError {
    return new PacedClientError(this.#scrub(message), kind, url, status);
  }

  /** A text with the token taken out, should an answer or an error echo it. */
  #scrub(text: string): string {
    return this.#token.length > 0 ? text.split(this.#token).join('[token]') : text;
  }
}

/** Decodes as Response.text() does (UTF-8, a leading byte-order mark dropped). */
const DECODER = new TextDecoder();

/**
 * A body's chunks up to `maxBytes`, and whether it went on past them: the chunk that passes them and the rest are
 * never read (the stream is cancelled). Throws when the body breaks off.
 */
async function bodyWithin(response: Response, maxBytes: number): Promise<{ chunks: Uint8Array[]; over: boolean }> {
  const chunks: Uint8Array[] = [];
  if (!response.body) return { chunks, over: false };
  for await (const chunk of chunksWithin(response.body, maxBytes)) {
    if (chunk === TOO_LARGE) return { chunks, over: true };
    chunks.push(chunk);
  }
  return { chunks, over: false };
}

/** Chunks as text, decoded as Response.text() decodes a body (UTF-8, a leading byte-order mark dropped). */
function textOf(chunks: Uint8Array[]): string {
  return DECODER.decode(Buffer.concat(chunks));
}

/** A problem's title or detail, on one line; or the body's start. */
function detail(body: string): string {
  try {
    const problem = JSON.parse(body) as { detail?: unknown; title?: unknown };
    const text = typeof problem.detail === 'string' ? problem.detail : problem.title;
    if (typeof text === 'string') return text.replace(/\s+/g, ' ').slice(0, 300);
  } catch {
    // Not a problem document: its first characters.
  }
  return body.replace(/\s+/g, ' ').slice(0, 200);
}

/** What a failed fetch says, most telling part first (`ECONNREFUSED`, a timeout). */
function networkReason(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'no answer in time';
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    if (cause && typeof cause.code === 'string') return `${error.message} (${cause.code})`;
    if (cause && typeof cause.message === 'string') return `${error.message} (${cause.message})`;
    return error.message;
  }
  return String(error);
}
