// MK4: moving the service clock, and the world with it — new days get their check-ins (CI1), due echo answers
// are published at their instants (EC4), the team lives through it (LW6) — step by step, so that a server answers
// other clients between the steps (clock-happenings.ts' livedMove). The clock never goes back: a world does not
// unhappen. A module of its own, which only the clock controls load (a page pays for it with its first control).
import { formatInstant } from '../domain/calendar.js';
import { DomainError } from '../domain/domain-error.js';
import { drain, type Sliced } from '../domain/slices.js';
import type { World } from '../domain/world.js';
import type { MemoryBudget } from './memory-budget.js';
import { clockView, type ClockView } from './time-travel.js';

/** The longest step the clock takes at once: a catch-up generates every day's check-ins it passes. */
const MAX_STEP_DAYS = 366;

function refuseLongStep(name: string, seconds: number): void {
  if (seconds > MAX_STEP_DAYS * 86_400) {
    throw DomainError.field(
      'body',
      name,
      `would move the clock ${Math.round(seconds / 86_400)} days at once; move it at most ${MAX_STEP_DAYS} days a step (MK4), as the world generates every day it passes.`,
    );
  }
}

/**
 * What a fresh check-in costs a world's layer, estimated on the high side (approxBytes of one with three
 * teams, and its entries): a move of the clock makes one per person and scheduled day.
 */
const FRESH_CHECK_IN_BYTES = 900;

/** A move of `seconds` may not take the world over the memory budget: every day passed makes check-ins. */
function ensureRoom(world: World, seconds: number, budget: MemoryBudget): void {
  if (seconds <= 0) return;
  const days = Math.ceil(seconds / 86_400) + 1;
  budget.ensure(
    days * world.store.people.size * FRESH_CHECK_IN_BYTES,
    `moving the clock ${Math.round(seconds / 86_400)} days on (each day makes every scheduled person's check-in)`,
  );
}

/**
 * How far the clock moves at a time when a move is lived through in steps: two minutes of the world's day (a week of
 * the large world, at load 3-4: its longest step of ten minutes 80 ms, of two 40-55 ms but for a zone's new day or a
 * collection, whose acts are one each; the week's time alike, 1,008 steps or 5,040). A server gives other clients a
 * turn between steps (clock-happenings.ts, livedMove), and a catch-up is path-independent (LW6: an advance of 7 days,
 * 7 of one day and 168 of one hour give the same world), so the world at the end is the one a single step makes;
 * meanwhile, every pause shows a world lived up to its clock.
 */
const STEP_MS = 120_000;

/**
 * LW6: the world lived through steps of STEP_MS while `left(moved)` (the ms still to go, `moved` those stepped so
 * far) is more than one, each caught up, pausing between them; then `last` takes the clock the rest of the way,
 * and the world is caught up with it.
 */
function* livedThrough(
  world: World,
  left: (moved: number) => number,
  last: (clock: World['clock'], moved: number) => void,
): Sliced<void> {
  let moved = 0;
  for (; left(moved) > STEP_MS; moved += STEP_MS) {
    world.clock.advance(STEP_MS);
    world.catchUp();
    yield;
  }
  last(world.clock, moved);
  world.catchUp();
}

/**
 * MK4: sets the clock to `now`, frozen or running on from it (as it was, when `frozen` is not given);
 * earlier than the current now is refused. Lived through in steps (livedThrough): `setClock` runs them at once.
 * @example const view = await inTurns(settingClock(world, '2026-12-01T09:00:00Z', true, worlds.budget))
 */
export function* settingClock(
  world: World,
  now: string,
  frozen = world.clock.frozen,
  budget: MemoryBudget,
): Sliced<ClockView> {
  const target = Date.parse(now);
  const current = world.clock.nowMs();
  if (Math.floor(target / 1000) < Math.floor(current / 1000)) {
    throw DomainError.field(
      'body',
      'now',
      `must not be before the clock's now, ${formatInstant(Math.floor(current / 1000))} (MK4): the world does not unhappen. POST /__mock/reset with {"now": "${formatInstant(Math.floor(target / 1000))}"} starts it again there, or with {"clock": "real"} on real time (MK2).`,
    );
  }
  refuseLongStep('now', Math.floor((target - current) / 1000));
  ensureRoom(world, Math.floor((target - current) / 1000), budget);
  // To the instant itself: a running clock's steps are read against it as it runs. Never back (MK4): another move
  // of the same world, lived in the same turns, may have taken its clock past the instant meanwhile.
  yield* livedThrough(
    world,
    () => target - world.clock.nowMs(),
    (clock) => clock.set(Math.max(target, clock.nowMs()), frozen),
  );
  return clockView(world);
}

/**
 * MK4: sets the clock to `now` and catches the world up at once (settingClock, drained).
 * @example setClock(world, '2026-12-01T09:00:00Z', true, worlds.budget)
 */
export function setClock(world: World, now: string, frozen = world.clock.frozen, budget: MemoryBudget): ClockView {
  return drain(settingClock(world, now, frozen, budget));
}

export interface Advance {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
}

/**
 * MK4: moves the clock forward and the world with it, lived through in steps (livedThrough).
 * @example const view = await inTurns(advancingClock(world, { days: 7 }, worlds.budget))
 */
export function* advancingClock(world: World, by: Advance, budget: MemoryBudget): Sliced<ClockView> {
  const seconds = (by.days ?? 0) * 86_400 + (by.hours ?? 0) * 3600 + (by.minutes ?? 0) * 60 + (by.seconds ?? 0);
  // Stryker disable next-line StringLiteral: the spec refuses `{}` (minProperties 1), so a part is always named.
  refuseLongStep(Object.keys(by)[0] ?? 'days', seconds);
  ensureRoom(world, seconds, budget);
  // By the amount itself: a running clock's offset grows by `seconds`, however long the steps took to live.
  const ms = seconds * 1000;
  yield* livedThrough(
    world,
    (moved) => ms - moved,
    (clock, moved) => clock.advance(ms - moved),
  );
  return clockView(world);
}

/**
 * MK4: moves the clock forward and catches the world up at once (advancingClock, drained).
 * @example advanceClock(world, { days: 1 }, worlds.budget)
 */
export function advanceClock(world: World, by: Advance, budget: MemoryBudget): ClockView {
  return drain(advancingClock(world, by, budget));
}

/** What a reset may say of the new world's clock (ResetInput, MK2 and MK4). */
