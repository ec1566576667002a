// G14 (prod): per person, 30 requests per 10 s ("burst") and 500 per 30 min ("sustained"), fixed windows.
import type { EpochSeconds, Uuid } from './records.js';

export const RATE_LIMIT_WINDOWS = [
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

/**
 * Counts requests per person in fixed windows aligned to the clock, so the same clock gives the same answers.
 * @example new RateLimiter().take(personId, now).allowed
 */
export class RateLimiter {
  readonly #counts = new Map<string, number>();

  take(personId: Uuid, now: EpochSeconds): RateLimitDecision {
    const windows = RATE_LIMIT_WINDOWS.map((w) => {
      const start = now - (now % w.seconds);
      const key = `${personId}:${w.name}:${start}`;
      return { ...w, key, used: this.#counts.get(key) ?? 0, resetIn: start + w.seconds - now };
    });
    const blocking = windows.filter((w) => w.used >= w.quota);
    const allowed = blocking.length === 0;
    if (allowed) for (const w of windows) this.#counts.set(w.key, w.used + 1);
    this.#forgetOld(now);
    return {
      allowed,
      windows: windows.map((w) => ({
        name: w.name, quota: w.quota, seconds: w.seconds, resetIn: w.resetIn,
        remaining: Math.max(0, w.quota - w.used - (allowed ? 1 : 0)),
      })),
      retryAfter: Math.max(0, ...blocking.map((w) => w.resetIn)),
    };
  }

  #forgetOld(now: EpochSeconds): void {
    if (this.#counts.size < 10_000) return;
    for (const key of this.#counts.keys()) {
      const [, name, start] = key.split(':');
      const window = RATE_LIMIT_WINDOWS.find((w) => w.name === name)!;
      if (Number(start) + window.seconds <= now) this.#counts.delete(key);
    }
  }
}
