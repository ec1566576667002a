// LW6: when the team acts, as pure functions of the seed, the record an act concerns and the day: each person's
// check-in habit (a usual local time, a share of late and of missed days), each goal's update slot by its
// cadence, and when teammates respond. Nothing here reads the world: the same seed and record give the same
// instants whatever the clock did before, which is what makes the catch-up path-independent.
import { addDays, dayNumber, instantAt, weekdayOf, zonedParts } from './calendar.js';
import { isAbsentOn } from './check-in-schedule.js';
import { EntityRandom, stableUuid } from './entropy.js';
import type { Absence, CommentableType, EpochSeconds, IsoDate, Person, UpdateCadence, Uuid } from './records.js';

const MINUTE = 60;
const HOUR = 3_600;

/**
 * LW6: the order of what happens at one instant: a new day's check-ins first, then answers, then people (a missed
 * goal's word after the planning and its archiving last: planning-day.ts, of an order of their own after the others',
 * which keep theirs).
 */
export const ACT_ORDER = {
  day: 0,
  answer: 1,
  fill: 2,
  update: 3,
  comment: 4,
  reaction: 5,
  activity: 6,
  planning: 7,
} as const;

/** LW6: a person logs at most this many activities (pull requests, tickets, meetings, deploys) on a working day. */
const ACTIVITIES_A_DAY = 3;

/**
 * LW6, LW8: when the people of a zone log activities on `date` (AC1: their pull requests, tickets, meetings and
 * deploys, as the team's tools collect them), each person's in the zone's order: none on a Saturday or Sunday, else
 * up to three (a denser feed is capped there), `rate` of them on average (the world's own, life.ts), each in its own
 * third of the working day (09:00 to 18:00 local, as the history's are, fixtures/activities.ts), so that a day's are
 * in order and never at one instant. One stream per zone and date, not per person: a week of the large world asks for 48,000 person-days,
 * nine in ten of them with none, and a stream's seed costs more than its draws. A zone's people are the base's, in
 * its order, so the draws are the same whatever the clock did.
 * @example activityTimes(42, 'Europe/Berlin', '2026-11-23', 0.4, 5) // [[10:17 Berlin time], [], …]
 */
export function activityTimes(
  seed: number,
  zone: string,
  date: IsoDate,
  rate: number,
  people: number,
): EpochSeconds[][] {
  if (rate <= 0 || dayFacts(date).weekday >= 5) return [];
  const random = new EntityRandom(seed, 'life-activities', zone, date);
  // 09:00 as the zone's clock reads it that day (a day of a DST change is not 24 hours from midnight).
  const nine = instantAt(date, '09:00', zone);
  const third = 3 * HOUR;
  const chance = Math.min(1, rate / ACTIVITIES_A_DAY);
  const days: EpochSeconds[][] = [];
  for (let person = 0; person < people; person++) {
    const times: EpochSeconds[] = [];
    for (let k = 0; k < ACTIVITIES_A_DAY; k++)
      if (random.chance(chance)) times.push(nine + k * third + random.int(0, third - MINUTE));
    days.push(times);
  }
  return days;
}

/**
 * A person's check-in habit: their usual local minute of the day, their shares of late and missed days, and how
 * many minutes either side of their minute an ordinary day falls.
 */
export interface CheckInHabit {
  minute: number;
  late: number;
  missed: number;
  spread: number;
}

/**
 * LW6: a human's between 08:30 and 10:30 local as a habit, 3–11% of days late (two to eight hours), 1–5% missed,
 * within 20 minutes of their minute. PT1: an agent's is its routine's schedule: the same minute every day (within
 * two, as a scheduler runs it), never late, never missed.
 * @example checkInHabit(42, { id: personId, kind: 'human' }).minute // 545 (09:05)
 */
export function checkInHabit(seed: number, person: Pick<Person, 'id' | 'kind'>): CheckInHabit {
  const random = new EntityRandom(seed, 'life-habit', person.id);
  const habit = {
    minute: random.int(8 * 60 + 30, 10 * 60 + 30),
    late: 0.03 + random.random() * 0.08,
    missed: 0.01 + random.random() * 0.04,
    spread: 20,
  };
  return person.kind === 'agent' ? { ...habit, late: 0, missed: 0, spread: 2 } : habit;
}

/**
 * Whether the person leaves their check-in of `checkInId` unfilled (checkInTime's missed day), its time aside: what a
 * check-in's text reads of the days before it (fixtures/feed-work.ts), which know no midnight of the person's zone.
 * @example missesCheckIn(42, habit, checkInId) // false on 95–99% of days
 */
export function missesCheckIn(seed: number, habit: CheckInHabit, checkInId: Uuid): boolean {
  return new EntityRandom(seed, 'life-day', checkInId).random() < habit.missed;
}

/**
 * When the person fills in their check-in of `date` (whose local midnight is `midnight`), or null on a missed
 * day. Counted from midnight: on a daylight-saving day the habit moves by the hour the clock moved.
 * @example checkInTime(42, habit, checkInId, midnight) // midnight + 9 h 12 min
 */
export function checkInTime(
  seed: number,
  habit: CheckInHabit,
  checkInId: Uuid,
  midnight: EpochSeconds,
): EpochSeconds | null {
  const random = new EntityRandom(seed, 'life-day', checkInId);
  const roll = random.random();
  if (roll < habit.missed) return null;
  const late = roll < habit.missed + habit.late ? random.int(2 * 60, 8 * 60) : random.int(-habit.spread, habit.spread);
  return midnight + (habit.minute + late) * MINUTE + random.int(0, 59);
}

/**
 * A goal's update slot: the weekday of its week (and week of its fortnight, of its four weeks), its minute, and a
 * second of its own that each date moves on (LW6: a person posts at 14:05:37, not on the minute every time; a
 * stranger's read found every simulated update at :00 seconds beside the generated history's).
 */
export interface GoalSlot {
  weekday: number;
  fortnight: number;
  /** The slot's day of a four-week cycle (DayFacts's `fourWeeks`): a monthly goal's. */
  fourWeeks: number;
  minute: number;
  second: number;
}

/** The days of a monthly goal's cycle: four weeks, the most a month after any day holds (AI3). */
const FOUR_WEEKS = 28;

/**
 * LW6: the goal's slot falls on the days AI3 says its update is due, a cadence after `anchor` (its latest
 * update's day or its start, action-items.ts's cadenceAnchor): the anchor's weekday (and week of its fortnight),
 * so the owner posts on the day their action item asks for it. A monthly goal's owner keeps their weekday too:
 * they post four weeks on, on the same weekday, none to three days before the month AI3 counts is up (a month on
 * the same date fell on two weekdays of five never and on the Monday after the weekend twice as often, so that a
 * small team's Tuesday had no update at all: test/quiet-days.test.ts). The minute is the goal's own; without an
 * anchor the days are the goal's own too.
 * @example goalSlot(42, goalId, '2026-11-12').weekday // 3 (a Thursday); .minute between 10:00 and 17:00
 */
export function goalSlot(seed: number, goalId: Uuid, anchor?: IsoDate): GoalSlot {
  const random = new EntityRandom(seed, 'life-goal-slot', goalId);
  const weekday = random.int(0, 4);
  const fortnight = random.int(0, 1);
  // Its own fortnight of its four weeks (and a draw kept, so that the minute stays the one every world had).
  const half = random.int(1, 24) % 2;
  const own = {
    weekday,
    fortnight,
    fourWeeks: (fortnight + 2 * half) * 7 + weekday,
    minute: random.int(10 * 60, 17 * 60),
    second: 0,
  };
  // Drawn after the rest, so that the days and minute stay those every world was drawn with.
  own.second = random.int(0, 59);
  if (anchor === undefined) return own;
  const facts = dayFacts(anchor);
  return { ...own, weekday: facts.weekday, fortnight: facts.fortnight, fourWeeks: facts.fourWeeks };
}

/** What a goal slot is matched against: a date's weekday (Monday 0), week parity and day of its four weeks. */
export interface DayFacts {
  weekday: number;
  fortnight: number;
  /** The date's day of a four-week cycle counted from a Monday (0 to 27): its weekday and week of its fortnight. */
  fourWeeks: number;
}

const MONDAY_FIRST = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** dayFacts already found, by date: the catch-up asks of the same few dates again and again (calendar.ts's cap). */
const factsOfDates = new Map<IsoDate, DayFacts>();

/** @example dayFacts('2026-11-23') // { weekday: 0, fortnight: 0 or 1, fourWeeks: 0 to 27 } */
export function dayFacts(date: IsoDate): DayFacts {
  let facts = factsOfDates.get(date);
  if (facts === undefined) {
    facts = Object.freeze({
      weekday: MONDAY_FIRST.indexOf(weekdayOf(date)),
      fortnight: Math.floor((dayNumber(date) + 3) / 7) % 2,
      fourWeeks: (((dayNumber(date) + 3) % FOUR_WEEKS) + FOUR_WEEKS) % FOUR_WEEKS,
    });
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the cap bounds the map's memory; finding the facts again gives the same.
    if (factsOfDates.size < 100_000) factsOfDates.set(date, facts);
  }
  return facts;
}

/**
 * LW6: whether the goal's owner posts on a date by its `update_cadence`: a weekday of each week, of every other
 * week, or of every fourth week, a month's (`day` as dayFacts gives it, computed once per date).
 * @example slotDue(slot, 'weekly', dayFacts('2026-11-23')) // true when slot.weekday is 0
 */
function slotDue(slot: GoalSlot, cadence: UpdateCadence, day: DayFacts): boolean {
  if (cadence === 'monthly') return day.fourWeeks === slot.fourWeeks;
  return day.weekday === slot.weekday && (cadence === 'weekly' || day.fortnight === slot.fortnight);
}

/**
 * LW6: the days whose slots an owner posts on `date`: none on a Saturday or Sunday, the date itself on a weekday,
 * and on a Monday the weekend before it too (an update due on a Saturday is posted on the Monday after: people
 * write in their working week). Computed once per date; slotDueOn matches a slot against them.
 * @example workingSlotDays('2026-11-23').length // 3 (Monday, Sunday, Saturday)
 */
export function workingSlotDays(date: IsoDate): DayFacts[] {
  const day = dayFacts(date);
  if (day.weekday >= 5) return [];
  return day.weekday > 0 ? [day] : [day, dayFacts(addDays(date, -1)), dayFacts(addDays(date, -2))];
}

/**
 * LW1: the day an owner closes a goal with an end date: its last update (done, or missed with why) is posted on the
 * end date, or on the Friday before when it falls on a weekend, so that no goal reads "On track" once it ended.
 * @example closingDate('2026-11-29') // '2026-11-27' (a Sunday's goal closes on the Friday)
 */
export function closingDate(endDate: IsoDate): IsoDate {
  const weekday = dayFacts(endDate).weekday;
  return weekday < 5 ? endDate : addDays(endDate, 4 - weekday);
}

/**
 * LW1: the day an owner away on their goal's closing date (closingDate: a public holiday, a vacation) closes it: the
 * last working day before it they are in, as someone leaving closes their goal before they go, when that is not
 * before `from` (the day the world was made); else the closing date, posted on their return. A goal ending on
 * Thanksgiving read "On track" past its end until the Monday after (test/story-motion-table.test.ts).
 * @example closingDayOf('2026-11-26', newYorkAbsences, '2026-11-20') // '2026-11-25'
 */
export function closingDayOf(closing: IsoDate, absences: readonly Absence[], from: IsoDate): IsoDate {
  if (!isAbsentOn(absences, closing)) return closing;
  const before = dayIn(addDays(closing, -1), absences, -1);
  return before >= from ? before : closing;
}

/** LW6: whether a slot falls on one of `days` (workingSlotDays of a date). */
export function slotDueOn(slot: GoalSlot, cadence: UpdateCadence, days: readonly DayFacts[]): boolean {
  return days.some((day) => slotDue(slot, cadence, day));
}

/**
 * The instant of the goal's update on `date` (whose local midnight is `midnight`), or null when none is due.
 * @example goalUpdateTime(slot, 'weekly', '2026-11-23', midnight) // midnight + 14 h 05 when slot.weekday is 0
 */
export function goalUpdateTime(
  slot: GoalSlot,
  cadence: UpdateCadence,
  date: IsoDate,
  midnight: EpochSeconds,
): EpochSeconds | null {
  return slotDueOn(slot, cadence, workingSlotDays(date)) ? slotInstant(slot, date, midnight) : null;
}

/**
 * The instant of a goal's slot on `date` (whose local midnight is `midnight`): its minute, and its second moved on by
 * the date (17 is prime to 60, so every second comes round and no two days running share one).
 * @example slotInstant(slot, '2026-11-23', midnight) - midnight // slot.minute * 60 + a second of that day's
 */
export function slotInstant(slot: GoalSlot, date: IsoDate, midnight: EpochSeconds): EpochSeconds {
  return midnight + slot.minute * MINUTE + ((slot.second + 17 * dayNumber(date)) % 60);
}

/**
 * LW5: the share of blocked check-ins teammates answer, the clock's and the history's (fixtures/discussion-targets.ts):
 * a reader of seed 42 found 20 blocked check-ins in two weeks, none answered, at a quarter.
 */
export const BLOCKED_COMMENTED = 0.65;

/**
 * Shares of new records that get comments and reactions (LW6: "some records"), routine and notable: a notable one
 * (a goal slipping or done, a check-in with a blocker) draws teammates in (LW5: help under a slip, congratulations
 * under a milestone). A routine check-in's are the history's (fixtures/comments.ts: some 8% of its check-ins
 * commented on, 12% reacted to): at 2% and 3% a small team's weekday the clock added often had no comment at all,
 * for want of a goal update to comment under (test/quiet-days.test.ts).
 */
const COMMENTED: Readonly<Record<CommentableType, readonly [number, number]>> = {
  'goal-update': [0.6, 0.95],
  'check-in': [0.06, BLOCKED_COMMENTED],
};
const REACTED: Readonly<Record<CommentableType, readonly [number, number]>> = {
  'goal-update': [0.3, 0.6],
  'check-in': [0.1, 0.25],
};

/**
 * Whether the k-th routine goal update a world's simulation posts gets comments: a share of ROUTINE_COMMENTED
 * spread evenly (k times the golden ratio, from a point the seed picks), so any run of n such updates has
 * within one of that share commented, rather than a week of a small team where none is, by chance. The point is
 * within the share, so the first is always answered: a small team's quiet week may post a single routine update.
 * @example routineCommented(42, 0) // true; about 6 of any 10 in a row are true
 */
export function routineCommented(seed: number, k: number): boolean {
  const share = COMMENTED['goal-update'][0];
  const start = new EntityRandom(seed, 'life-routine-comments', 'start').random() * share;
  return (start + k * GOLDEN) % 1 < share;
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** When teammates respond to a record written at `at`: up to three comments in turn, up to three reactions. */
export interface Responses {
  comments: EpochSeconds[];
  reactions: EpochSeconds[];
}

/**
 * @example responseTimes(42, 'goal-update', updateId, at, false).comments // [] or up to three instants after `at`
 */
export function responseTimes(
  seed: number,
  type: CommentableType,
  id: Uuid,
  at: EpochSeconds,
  notable: boolean,
  commented?: boolean,
): Responses {
  const random = new EntityRandom(seed, 'life-responses', id);
  const comments: EpochSeconds[] = [];
  const reactions: EpochSeconds[] = [];
  // The draw is made either way: what follows in the stream stays where it was.
  const drawn = random.chance(COMMENTED[type][notable ? 1 : 0]);
  if (commented ?? drawn) {
    let t = at;
    for (let k = 0; k < 3; k++) comments.push((t += random.int(10 * MINUTE, 6 * HOUR)));
  }
  if (random.chance(REACTED[type][notable ? 1 : 0])) {
    for (let k = 0; k < 3; k++) reactions.push(at + random.int(MINUTE, 12 * HOUR));
  }
  return { comments, reactions };
}

/** LW6: the working day responses come in, local: from 08:00 to before 19:00, Monday to Friday. */
const WORK_STARTS = 8;
const WORK_ENDS = 19;

/**
 * LW6: the hour of the next working morning a write that waited for it comes at, by the minute of the day it fell
 * on: most by mid-morning, a few after it. All at 08 made a stripe: 56% of seeds 1-20's comments and 60% of their
 * reactions in their writers' 08:00 hour (a twelfth reader of seed 3: "on any timeline view this shows up").
 */
const MORNING_HOURS = [8, 8, 9, 9, 10, 10, 11, 11, 12, 14];

/**
 * LW6: an instant as a person writes at it: as it is within working hours of `timeZone` (the writer's own), else
 * the next working morning, at an hour of its morning (MORNING_HOURS) and the minute and second it had (an evening's
 * or a weekend's answer waits for the next workday; a moved time keeps its seconds, so moved writes do not all fall
 * on :00).
 * @example duringWorkingHours(saturdayNoonBerlin, 'Europe/Berlin') // Monday 08:00 and the minute, Berlin time
 */
export function duringWorkingHours(at: EpochSeconds, timeZone: string): EpochSeconds {
  const { date, hour, minute, second } = zonedParts(at, timeZone);
  const weekday = (day: IsoDate) => dayFacts(day).weekday < 5;
  if (hour >= WORK_STARTS && hour < WORK_ENDS && weekday(date)) return at;
  let day = hour >= WORK_ENDS ? addDays(date, 1) : date;
  while (!weekday(day)) day = addDays(day, 1);
  const morning = MORNING_HOURS[(hour * 60 + minute) % MORNING_HOURS.length]!;
  return sameTimeOn({ hour: morning, minute, second }, day, timeZone);
}

/**
 * LW6: the first working day from `date` on (Monday to Friday) that none of `absences` covers: the day someone
 * away (a public holiday, a vacation, a sick day) is back.
 * @example firstDayBack('2026-11-26', newYorkAbsences) // '2026-11-30': Thanksgiving and the Friday after off
 */
function firstDayBack(date: IsoDate, absences: readonly Absence[]): IsoDate {
  return dayIn(date, absences, 1);
}

/**
 * The first working day (Monday to Friday) that none of `absences` covers from `date` on, going by `step`: forward
 * to someone's day back, or back (-1) to the last day they were in before they left.
 */
function dayIn(date: IsoDate, absences: readonly Absence[], step: 1 | -1): IsoDate {
  let day = date;
  while (dayFacts(day).weekday >= 5 || isAbsentOn(absences, day)) day = addDays(day, step);
  return day;
}

/** The instant of `date` at the time of day `parts` tell in `timeZone`, to the second. */
function sameTimeOn(
  { hour, minute, second }: { hour: number; minute: number; second: number },
  date: IsoDate,
  timeZone: string,
): EpochSeconds {
  return instantAt(date, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, timeZone) + second;
}

/**
 * LW6: an instant on a day its person is away moved to the last working day before it they are in, at the time of
 * day it had (someone leaving for a vacation sets up what they start before they go); as it is on a day they are in.
 * @example beforeDaysAway(thanksgivingNoon, 'America/New_York', absences) // Wednesday 25 November, 12:00
 */
export function beforeDaysAway(at: EpochSeconds, timeZone: string, absences: readonly Absence[]): EpochSeconds {
  const parts = zonedParts(at, timeZone);
  return isAbsentOn(absences, parts.date)
    ? sameTimeOn(parts, dayIn(addDays(parts.date, -1), absences, -1), timeZone)
    : at;
}

/**
 * LW6: duringWorkingHours on a day the writer is in: a write that falls on a day they are away comes on their first
 * day back, at the time of day it had (as the clock's life posts an update put off by an absence, life.ts), so that
 * nobody answers a thread on Thanksgiving or from their vacation.
 * @example duringWorkingDays(thanksgivingNoon, 'America/New_York', absences) // Monday 30 November, 12:00
 */
export function duringWorkingDays(at: EpochSeconds, timeZone: string, absences: readonly Absence[]): EpochSeconds {
  const placed = duringWorkingHours(at, timeZone);
  if (absences.length === 0) return placed;
  const parts = zonedParts(placed, timeZone);
  return isAbsentOn(absences, parts.date) ? sameTimeOn(parts, firstDayBack(parts.date, absences), timeZone) : placed;
}

/** MK3: a simulated record's id depends on the seed, what it concerns and its instant or place alone. */
export function lifeId(seed: number, kind: string, of: Uuid, n: number): Uuid {
  return stableUuid(seed, 'life', kind, of, n);
}
