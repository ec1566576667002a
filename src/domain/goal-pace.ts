// A goal's pace (LW1): the share of its time gone at an instant, and how far behind that share its progress may
// stand and still read On track. The history's arcs (fixtures/goal-arc.ts), the clock's updates (life.ts) and the
// measure (fixtures/story-goals.ts) read it alike, so that what is generated and what the clock adds keep one pace.
import { dayNumber } from './calendar.js';
import type { EpochSeconds, Goal } from './records.js';

const DAY = 86_400;

/**
 * LW1: how many points behind the share of its time gone an On track update may stand, past the first third of that
 * time: a demo audience reads "On track" at 16% with three quarters of the quarter gone as nobody looking at the
 * calendar (issue 35).
 */
const PACE_LAG = 35;

/**
 * LW1: the most one update moves a goal's progress, in points, but the update that tells it done: 6% to 66% on a
 * proposal signed off read as a jump past the work told (a sixth reader, seed 5).
 */
export const STEP = 25;

/**
 * LW1: the most an update posted `gone` of its goal's time (a share, 0 to 1) after the one before moves it: STEP, or
 * the time's share of 150 points (a fortnight of a six-week goal: 40), `factor` times that for an update that tells
 * how the team caught up; twice STEP at most, as 8% to 93% over two thirds of a goal's time read as a jump all the
 * same. An arc told by update and not by time stood "On track" at 16% with three quarters of its time gone, then
 * jumped to done (a reader of issue 35).
 * @example pacedMost(0.3) // 45
 */
export function pacedMost(gone: number, step = STEP, factor = 1): number {
  return Math.max(step, Math.min(2 * STEP, Math.round(150 * factor * gone)));
}

/**
 * The share (0 to 1) of a goal's time gone at `at`: from its start (its start date, or its making when later) to the
 * end of its end date; null for a goal with no end date, which sets no pace.
 * @example timeShare({ startDate: '2026-11-01', endDate: '2026-11-30', createdAt: 0 }, Date.parse('2026-11-16') / 1000) // 0.5
 */
export function timeShare(goal: Pick<Goal, 'startDate' | 'endDate' | 'createdAt'>, at: EpochSeconds): number | null {
  if (goal.endDate === null) return null;
  const start = Math.max(goal.createdAt, goal.startDate === null ? goal.createdAt : dayNumber(goal.startDate) * DAY);
  const end = (dayNumber(goal.endDate) + 1) * DAY;
  return end <= start ? 1 : Math.min(1, Math.max(0, (at - start) / (end - start)));
}

/**
 * LW1: whether a progress stands far behind a share of the goal's time gone (`lag` points or more past its first
 * third), so that it reads At risk, not On track.
 * @example behindPace(16, 0.74) // true
 */
export function behindPace(progress: number, share: number | null, lag = PACE_LAG): boolean {
  return share !== null && share >= 1 / 3 && progress < 100 * share - lag;
}
