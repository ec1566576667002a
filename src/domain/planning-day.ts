// LW1, LW6: when a missed goal's owner tells what the planning decided. A missed goal's last update puts a new date
// off to the next planning ("we agree a new date at the next planning", fixtures/goal-update-text.ts); a fresh reader
// of seed 5 found nothing more said of such a goal for five weeks, open until it was archived. The owner posts the
// planning's word, and the goal is put away after it. Of the missed update's date, the goal's end date, the owner's
// days off and the seed alone, so that the history (fixtures/goal-updates.ts) and the clock's life (life.ts) post it
// on one day at one instant.
import { addDays, instantAt } from './calendar.js';
import { EntityRandom } from './entropy.js';
import { dayFacts } from './life-agenda.js';
import type { EpochSeconds, IsoDate, Uuid } from './records.js';

/**
 * The days after the missed update the planning comes: a week, so that the team weighs the miss at its next planning
 * (a weekly one, or a sprint's within the fortnight), not the morning after it.
 */
const PLANNING_AFTER_DAYS = 7;

/** How many days on from the planning its word may wait for an owner off then (a week away, the weekends around it). */
const WAIT_DAYS = 14;

/**
 * The latest a planning's word comes after its goal's end date: a last update posted up to a week after it (a goal
 * closed by one back from a week away), its planning a week on, and an owner off then back within WAIT_DAYS.
 */
export const PLANNING_LAST_DAYS = 7 + PLANNING_AFTER_DAYS + WAIT_DAYS;

/**
 * The day (the owner's) the owner of a goal missed on `missedOn` tells what the planning decided: the first working
 * day a week on, after the end date, on which `off` (away, sick, or a day of a bright mood, which an Off track update
 * would contradict: LW3) does not hold; null when they are off for WAIT_DAYS on end.
 * @example planningDay('2026-10-16', '2026-10-11', () => false) // '2026-10-23'
 */
export function planningDay(missedOn: IsoDate, endDate: IsoDate, off: (date: IsoDate) => boolean): IsoDate | null {
  const week = addDays(missedOn, PLANNING_AFTER_DAYS);
  const from = week > endDate ? week : addDays(endDate, 1);
  for (let k = 0; k <= WAIT_DAYS; k++) {
    const day = addDays(from, k);
    if (dayFacts(day).weekday < 5 && !off(day)) return day;
  }
  return null;
}

/**
 * The instant on `date` the owner posts the planning's word: in the afternoon of their zone, after the planning, at a
 * minute and second of the goal's own (drawn from a stream of its own: no other draw moves).
 * @example planningInstant(5, goal.id, '2026-10-23', 'Asia/Tokyo') // 2026-10-23 between 13:00 and 17:00 Tokyo time
 */
export function planningInstant(seed: number, goalId: Uuid, date: IsoDate, timeZone: string): EpochSeconds {
  const random = new EntityRandom(seed, 'goal-planning', goalId);
  const minute = random.int(13 * 60, 16 * 60 + 59);
  const second = random.int(0, 59);
  const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return instantAt(date, clock, timeZone) + second;
}
