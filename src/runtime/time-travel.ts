// MK4: the service clock as the controls show it, and a reset's clock (MK2): a reset may start a new world at
// another clock, earlier too. Moving the clock forward, and the world with it, is clock-moves.ts' (loaded with the
// controls, not with a page's first answer).
import { formatInstant } from '../domain/calendar.js';
import { Clock } from '../domain/clock.js';
import { DomainError } from '../domain/domain-error.js';
import type { World } from '../domain/world.js';

export interface ClockView {
  now: string;
  frozen: boolean;
}

export function clockView(world: World): ClockView {
  return { now: formatInstant(world.now()), frozen: world.clock.frozen };
}

export interface ResetClockInput {
  now?: string;
  frozen?: boolean;
  clock?: 'real';
}

/**
 * MK2, MK4: the clock a reset starts the new world on — at `now` (frozen unless `frozen: false`), or real
 * time — or undefined to keep the world's clock as it is. `now` with `clock`, or `frozen` alone, is refused.
 * @example resetClock({ now: '2026-11-20T09:00:00Z' })?.frozen // true
 */
export function resetClock({ now, frozen, clock }: ResetClockInput): Clock | undefined {
  if (now !== undefined && clock !== undefined)
    throw DomainError.field(
      'body',
      'clock',
      'cannot go with now (MK4): give now for an instant, or "clock": "real" for real time.',
    );
  if (frozen !== undefined && now === undefined)
    throw DomainError.field(
      'body',
      'frozen',
      'goes with now (MK4): give the instant the clock stays at or runs on from.',
    );
  if (clock === 'real') return new Clock();
  if (now === undefined) return undefined;
  const started = new Clock();
  started.set(now, frozen ?? true);
  return started;
}
