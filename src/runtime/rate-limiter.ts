// G14 (prod): per person, 30 requests per 10 s ("burst") and 500 per 30 min ("sustained"), fixed windows.
// One entry per key, kept in the order keys were last used, so forgetting idle keys takes only the expired
// ones off the front: no request ever scans every key, and a long demo never grows the map past its users.
import type { EpochSeconds } from '../domain/records.js';

const RATE_LIMIT_WINDOWS = [
  { name: 'burst', quota: 30, seconds: 10 },
  { name: 'sustained', quota: 500, seconds: 1800 },
] as const;

export interface RateLimitDecision {
  allowed: boolean;
  /** Per window: requests left and seconds until it resets. */
  windows: Array<{ name: string; quota: number; seconds: number; remaining: number; resetIn: number }>;
  /** Seconds until a refused request may be retried. */
  retryAfter: number;
}

/** One window of one key: when the window counted began, and how many requests it took. */
interface WindowCount {
  readonly name: string;
  readonly quota: number;
  readonly seconds: number;
  start: EpochSeconds;
  count: number;
}

interface Entry {
  /** In RATE_LIMIT_WINDOWS order. */
  readonly windows: WindowCount[];
  /** When every window of this entry has ended: the key may be forgotten then. */
  expires: EpochSeconds;
}

/**
 * Counts requests per key in fixed windows aligned to the clock, so the same clock gives the same answers.
 * Keys are opaque (a person id; any string).
 * @example new RateLimiter().take(personId, now).allowed
 */
export class RateLimiter {
  readonly #entries = new Map<string, Entry>();

  /** How many keys are remembered (for tests and the soak's memory bound). */
  get size(): number {
    return this.#entries.size;
  }

  take(key: string, now: EpochSeconds): RateLimitDecision {
    this.#forgetExpired(now);
    const entry = this.#entries.get(key) ?? {
      // Stryker disable next-line UnaryOperator: any start that is no window's: the first take starts one, its count 0 either way.
      windows: RATE_LIMIT_WINDOWS.map((w) => ({ ...w, start: -1, count: 0 })),
      expires: 0,
    };
    // Re-inserted at the end: the map stays in order of last use (for #forgetExpired).
    this.#entries.delete(key);
    for (const w of entry.windows) {
      const start = now - (now % w.seconds);
      if (w.start !== start) {
        w.start = start;
        w.count = 0;
      }
    }
    const resetIn = (w: WindowCount) => w.start + w.seconds - now;
    const blocking = entry.windows.filter((w) => w.count >= w.quota);
    const allowed = blocking.length === 0;
    if (allowed) for (const w of entry.windows) w.count++;
    entry.expires = Math.max(...entry.windows.map((w) => now + resetIn(w)));
    this.#entries.set(key, entry);
    return {
      allowed,
      windows: entry.windows.map((w) => ({
        name: w.name,
        quota: w.quota,
        seconds: w.seconds,
        resetIn: resetIn(w),
        remaining: Math.max(0, w.quota - w.count),
      })),
      retryAfter: Math.max(0, ...blocking.map(resetIn)),
    };
  }

  /** Drops keys whose windows have all ended, from the least recently used on; stops at the first live one. */
  #forgetExpired(now: EpochSeconds): void {
    for (const [key, entry] of this.#entries) {
      if (entry.expires > now) return;
      this.#entries.delete(key);
    }
  }
}
