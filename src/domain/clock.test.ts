// The world's clock (MK4): frozen or running on real time, set and advanced, copied for a session (MK5).
import { describe, expect, it } from 'vitest';
import { Clock } from './clock.js';

const T0 = Date.parse('2026-11-20T15:00:00Z');

describe('Clock', () => {
  it('refuses what is not an instant, saying what one looks like', () => {
    expect(() => Clock.parse('soon')).toThrow(
      new RangeError('not an instant: soon (use an ISO 8601 UTC datetime such as 2026-11-20T09:00:00Z)'),
    );
  });

  it('advances a running clock on real time and keeps it running; a frozen one stays frozen', () => {
    let real = T0;
    const running = new Clock({ realTime: () => real });
    running.advance(5_000);
    expect(running.frozen).toBe(false);
    expect(running.nowMs()).toBe(T0 + 5_000);
    real += 1_000;
    expect(running.nowMs()).toBe(T0 + 6_000);
    const frozen = new Clock({ now: T0, realTime: () => real });
    frozen.advance(-2_000);
    real += 1_000;
    expect([frozen.frozen, frozen.nowMs()]).toEqual([true, T0 - 2_000]);
  });

  it('copies a running clock onto the same real time, independent of it afterwards', () => {
    let real = T0;
    const clock = new Clock({ realTime: () => real });
    clock.advance(60_000);
    const copy = clock.copy();
    real += 7_000;
    expect(copy.nowMs()).toBe(T0 + 67_000);
    copy.advance(1_000);
    expect([clock.nowMs(), copy.nowMs(), copy.frozen]).toEqual([T0 + 67_000, T0 + 68_000, false]);
  });
});
