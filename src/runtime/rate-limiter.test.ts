// G14: fixed windows per key, and forgetting keys whose windows ended without scanning the others.
import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter (G14)', () => {
  it('allows 30 requests a 10-second window, then refuses with the seconds to wait', () => {
    const limiter = new RateLimiter();
    const now = 1_800_000_003;
    for (let i = 0; i < 30; i++) expect(limiter.take('p', now).allowed).toBe(true);
    const refused = limiter.take('p', now);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBe(7);
    expect(refused.windows.map((w) => [w.name, w.remaining])).toEqual([
      ['burst', 0],
      ['sustained', 470],
    ]);
    // The next burst window starts fresh; the sustained one keeps counting.
    const next = limiter.take('p', now + 7);
    expect(next.allowed).toBe(true);
    expect(next.windows.map((w) => w.remaining)).toEqual([29, 469]);
  });

  it('counts keys apart, whatever characters they hold (session-prefixed keys once broke it)', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 30; i++) limiter.take('worker:1:person', 1_800_000_000);
    expect(limiter.take('worker:1:person', 1_800_000_000).allowed).toBe(false);
    expect(limiter.take('worker:2:person', 1_800_000_000).allowed).toBe(true);
  });

  it('holds 100,000 keys, forgets them once their windows end, and keeps answering', () => {
    const limiter = new RateLimiter();
    const start = 1_800_000_000;
    let allowed = 0;
    for (let i = 0; i < 100_000; i++) allowed += Number(limiter.take(`s${i % 32}:${i}`, start + (i % 5)).allowed);
    expect(allowed).toBe(100_000);
    expect(limiter.size).toBe(100_000);
    // Half an hour on, every sustained window has ended: the next request forgets all but its own key.
    const later = limiter.take('fresh', start + 3_600);
    expect(later.allowed).toBe(true);
    expect(limiter.size).toBe(1);
  });

  it('forgets a key at the very second its last window ends', () => {
    const limiter = new RateLimiter();
    const start = 1_800_000_000; // a multiple of 1,800: both windows start here
    limiter.take('old', start);
    limiter.take('new', start + 1_799);
    expect(limiter.size).toBe(2);
    limiter.take('new', start + 1_800);
    expect(limiter.size).toBe(1);
  });

  it('forgets only expired keys: a key used since stays, counted', () => {
    const limiter = new RateLimiter();
    const start = 1_800_000_000;
    limiter.take('old', start);
    for (let i = 0; i < 5; i++) limiter.take('busy', start + 1_801);
    limiter.take('other', start + 1_805);
    expect(limiter.size).toBe(2);
    const busy = limiter.take('busy', start + 1_806);
    expect(busy.windows.find((w) => w.name === 'sustained')?.remaining).toBe(500 - 6);
  });
});
