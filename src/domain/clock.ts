// The service clock (MK4): frozen at an instant, or real time shifted by an offset. Everything time-based reads it.
import type { EpochSeconds } from './records.js';

/**
 * @example new Clock({ now: '2026-11-20T09:00:00Z' }).nowSeconds() // frozen there
 */
export class Clock {
  #frozenAt: number | null;
  #offsetMs = 0;
  readonly #realTime: () => number;

  constructor(options: { now?: string | number | Date; realTime?: () => number } = {}) {
    this.#realTime = options.realTime ?? Date.now;
    this.#frozenAt = options.now === undefined ? null : Clock.parse(options.now);
  }

  /** Milliseconds since the epoch of an ISO string, a number of ms, or a Date; throws on nonsense. */
  static parse(value: string | number | Date): number {
    const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
    if (!Number.isFinite(ms))
      throw new RangeError(
        `not an instant: ${String(value)} (use an ISO 8601 UTC datetime such as 2026-11-20T09:00:00Z)`,
      );
    return ms;
  }

  /**
   * The clock of a saved world brought back (a state, a snapshot): frozen at its instant, or, if it was
   * running, running on from that instant or from real time if that is later — restored after a day's
   * downtime, a running world shows today, not the day it was saved.
   * @example Clock.restored(saved.now, saved.frozen)
   */
  static restored(nowMs: number, frozen: boolean): Clock {
    const clock = new Clock();
    clock.set(frozen ? nowMs : Math.max(nowMs, Date.now()), frozen);
    return clock;
  }

  /** An independent clock showing the same time, frozen or running alike (a session's own, MK5). */
  copy(): Clock {
    const copy = new Clock({ realTime: this.#realTime });
    copy.set(this.nowMs(), this.frozen);
    return copy;
  }

  get frozen(): boolean {
    return this.#frozenAt !== null;
  }

  nowMs(): number {
    return this.#frozenAt ?? this.#realTime() + this.#offsetMs;
  }

  /** G3: whole seconds; fractional seconds never reach a response. */
  nowSeconds(): EpochSeconds {
    return Math.floor(this.nowMs() / 1000);
  }

  /** Sets the clock to `now`: frozen there, or running on from it (real time shifted, MK4). */
  set(now: string | number | Date, frozen: boolean): void {
    const ms = Clock.parse(now);
    if (frozen) {
      this.#frozenAt = ms;
    } else {
      this.#frozenAt = null;
      this.#offsetMs = ms - this.#realTime();
    }
  }

  advance(ms: number): void {
    if (this.#frozenAt !== null) this.#frozenAt += ms;
    else this.#offsetMs += ms;
  }
}
