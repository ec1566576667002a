// LW6–LW8: a world's life as its clock moves. Each new zone-date gets its agenda (life-agenda.ts: who fills in
// their check-in and when, whose goal is due an update); what people write then gets responses. Every act waits
// in one queue ordered by (instant, kind, key) and is applied, when the clock passes it, through the domain's own
// writes (updateCheckIn, createGoalUpdate, writeComment, writeReaction, recordActivity), so it lands wherever an API
// write lands.
// LW7: an act yields to people: it never touches a record a client created or changed, and the default person is
// left to the user unless the world simulates "all".
import { promisedAt } from './day-words.js';
import { cadenceAfter, cadenceAnchor } from './action-items.js';
import { recordActivity } from './activities.js';
import { addDays, dateInZone, instantAt, utcDate } from './calendar.js';
import { BoundedMap } from './bounded-map.js';
import { checkInThread, isAbsentOn } from './check-in-schedule.js';
import { updateCheckIn } from './check-ins.js';
import { canSeeResource } from './commentables.js';
import { writeComment } from './comments.js';
import { EntityRandom } from './entropy.js';
import { behindPace, pacedMost, timeShare } from './goal-pace.js';
import { createGoalUpdate } from './goal-updates.js';
import { updateGoal } from './goals.js';
import {
  ACT_ORDER,
  activityTimes,
  checkInHabit,
  checkInTime,
  closingDate,
  closingDayOf,
  dayFacts,
  duringWorkingDays,
  goalSlot,
  slotDueOn,
  lifeId,
  responseTimes,
  routineCommented,
  workingSlotDays,
  type CheckInHabit,
  slotInstant,
  type GoalSlot,
} from './life-agenda.js';
import {
  ASKED_WEEKS,
  SAID_QUARTER,
  SAID_WEEKS,
  type LifeEngine,
  type SimulateMode,
  type ThreadComment,
  type ThreadReaction,
  type WeekBefore,
} from './life-writer.js';
import { PLANNING_LAST_DAYS, planningDay, planningInstant } from './planning-day.js';
import { writeReaction } from './reactions.js';
import type {
  Absence,
  CheckIn,
  Comment,
  CommentableType,
  EpochSeconds,
  Goal,
  GoalUpdate,
  IsoDate,
  Person,
  Uuid,
} from './records.js';
import type { Store } from './store.js';
import { TimedQueue, type Timed } from './timed-queue.js';
import type { World } from './world.js';
import type { WorldBase } from './world-base.js';

/**
 * An act waiting for its instant. One class for every act, so that the queue's comparisons read one shape: a
 * week of the large world compares acts some million times, and objects of five shapes made that a tenth of it.
 */
export class Act implements Timed {
  constructor(
    readonly at: EpochSeconds,
    readonly order: number,
    readonly key: string,
    readonly run: () => void,
  ) {}
}

const DAY = 86_400;
const HOUR = 3_600;

/** LW3: a person's last filled check-in of `thread` before `date`, within two weeks (what their answers follow up). */
function lastFilled(
  checkInOn: (date: IsoDate) => CheckIn | undefined,
  date: IsoDate,
  thread: (checkIn: CheckIn) => boolean,
): CheckIn | undefined {
  for (let back = 1; back <= 14; back++) {
    const checkIn = checkInOn(addDays(date, -back));
    if (checkIn && checkIn.completedAt !== null && thread(checkIn)) return checkIn;
  }
  return undefined;
}

/** A check-in as responses go to it: once filled in. */
function filledIn(checkIn: CheckIn | undefined): CheckIn | undefined {
  return checkIn?.completedAt != null ? checkIn : undefined;
}

/** GU2's saved levels, lowest first, so a drift of ±1 moves one level (as fixtures/goal-updates.ts drifts). */
const LEVELS = [30, 60, 90] as const;

/** A low roll moves confidence a level down, a high one a level up (fixtures/goal-updates.ts's rule). */
function drifted(confidence: number, roll: number): 30 | 60 | 90 {
  const level = Math.max(0, LEVELS.indexOf(confidence as 30 | 60 | 90));
  if (roll < 0.15) return LEVELS[Math.max(0, level - 1)]!;
  if (roll > 0.85) return LEVELS[Math.min(2, level + 1)]!;
  return LEVELS[level]!;
}

/**
 * What a base's agendas are made of, computed once a base and shared by its worlds (the shared one, each
 * session's: a session is made in milliseconds, MK5): the goals by their owner's time zone (an owner's update
 * falls on their own dates), and each person's habit and each goal's slot (pure functions of seed and id, so
 * as many as the base has people and goals).
 */
interface BaseAgenda {
  goalsByZone: ReadonlyMap<string, readonly AgendaGoal[]>;
  habits: Map<Uuid, CheckInHabit>;
  /** Per zone, what its date at the base's generation holds. */
  today: Map<string, { date: IsoDate; planned: readonly Planned[] }>;
  /** LW6: the activities a person logs on a working day, on average: as many as the base's last four weeks held. */
  activityRate: number;
}

/** The span the base's activities are counted over (activityRate): four weeks, twenty working days. */
const RATE_DAYS = 28;
const RATE_WORKING_DAYS = 20;

/**
 * LW6: how many activities a person of the base logs on a working day: what its history logged in its last four
 * weeks, per person and working day, so that a feed goes on as dense as it was (a generated world's, an imported
 * organisation's) and a world with none logs none.
 */
function activityRateOf(base: WorldBase): number {
  let count = 0;
  for (const activity of base.store.activitiesInOrder()) {
    if (activity.recordedAt < base.generatedAt - RATE_DAYS * DAY) break;
    if (activity.recordedAt <= base.generatedAt) count++;
  }
  return count / (Math.max(1, base.store.people.size) * RATE_WORKING_DAYS);
}

/**
 * A primary act of a zone's date: a person's check-in fill (key and id: the check-in's), a goal's update, or a missed
 * goal's word after the planning (of ACT_ORDER.planning).
 */
interface Planned extends Timed {
  /** The check-in's id, or the update's to be. */
  id: Uuid;
  /** Who acts: the check-in's person, the goal's owner, whose activity it is. */
  person: Person;
  /** An activity's place among its person's of the day, the history's before it counted (activityTimes); else 0. */
  k: number;
}

/** A goal of the base as its owner's agenda holds it: its slot, and its closing date (LW1), found once. */
interface AgendaGoal {
  goal: Goal;
  slot: GoalSlot;
  owner: Person;
  closing: IsoDate | null;
  /** The owner's date of the base's latest update of the goal: none more that day (its slot may be that day's). */
  posted: IsoDate | null;
  /** LW1: the last date a missed goal's word after the planning may come on (planning-day.ts); null without an end. */
  planningBy: IsoDate | null;
}

const agendas = new WeakMap<WorldBase, BaseAgenda>();

function baseAgenda(base: WorldBase): BaseAgenda {
  let agenda = agendas.get(base);
  if (!agenda) {
    const zones = new Map<string, AgendaGoal[]>();
    for (const goal of base.store.goals.values()) {
      const owner = base.store.people.get(goal.ownerId);
      // An archived goal gets no update (a client unarchiving one is the client's: LW7).
      if (owner === undefined || goal.archived) continue;
      const zone = owner.timeZone;
      const goals = zones.get(zone);
      // AI3: the owner posts on the days their action item says the update is due; one already due when the
      // world was made is caught up within three days, and the cadence goes on from there.
      const today = dateInZone(base.generatedAt, zone);
      const latest = base.store.latestUpdateOf(goal.id);
      let anchor = cadenceAnchor(goal, latest, zone);
      if (cadenceAfter(anchor, goal.updateCadence) <= today)
        anchor = catchUpDay(base, goal.id, { timeZone: zone, absences: base.store.absencesOf(owner) }, today);
      const closing =
        goal.endDate === null ? null : closingDayOf(closingDate(goal.endDate), base.store.absencesOf(owner), today);
      const posted = latest ? dateInZone(latest.createdAt, zone) : null;
      const planningBy = goal.endDate === null ? null : addDays(goal.endDate, PLANNING_LAST_DAYS);
      const entry = { goal, slot: goalSlot(base.seed, goal.id, anchor), owner, closing, posted, planningBy };
      if (goals) goals.push(entry);
      else zones.set(zone, [entry]);
    }
    agenda = { goalsByZone: zones, habits: new Map(), today: new Map(), activityRate: activityRateOf(base) };
    agendas.set(base, agenda);
  }
  return agenda;
}

/** How many activities each person of `zone` has in the base's history on `date` (their zone's), newest first. */
function loggedOn(base: WorldBase, zone: string, date: IsoDate): Map<Uuid, number> {
  const counts = new Map<Uuid, number>();
  const from = instantAt(date, '00:00', zone);
  for (const activity of base.store.activitiesInOrder()) {
    if (activity.recordedAt < from) break;
    const person = base.store.people.get(activity.personId);
    if (person?.timeZone === zone && dateInZone(activity.recordedAt, zone) === date)
      counts.set(person.id, (counts.get(person.id) ?? 0) + 1);
  }
  return counts;
}

/** The day an update falls on when it is due on `date`: a weekend's is posted on the Monday (workingSlotDays). */
function postedOn(date: IsoDate): IsoDate {
  const weekday = dayFacts(date).weekday;
  return weekday < 5 ? date : addDays(date, 7 - weekday);
}

/**
 * LW6: the day an update already due when the world was made is caught up on: one to three days on (drawn), or,
 * when the owner is away by then, the nearest day before it they are in, today itself when its slot is still to
 * come (someone leaving for a week posts before they go, not on their return); their first day back when none is.
 * @example catchUpDay(base, goal.id, { timeZone, absences }, '2026-11-20') // '2026-11-20', away from the 21st
 */
export function catchUpDay(
  base: Pick<WorldBase, 'seed' | 'generatedAt'>,
  goalId: Uuid,
  owner: { timeZone: string; absences: readonly Absence[] },
  today: IsoDate,
): IsoDate {
  const drawn = new EntityRandom(base.seed, 'life-catch-up', goalId).int(1, 3);
  const away = owner.absences;
  for (let k = drawn; k >= 0; k--) {
    const day = addDays(today, k);
    if (isAbsentOn(away, postedOn(day))) continue;
    if (k > 0) return day;
    const at = slotInstant(goalSlot(base.seed, goalId, today), today, instantAt(today, '00:00', owner.timeZone));
    if (dayFacts(today).weekday < 5 && at > base.generatedAt) return today;
  }
  return addDays(today, drawn);
}

/** What responses to one record share: its thread and reactions, written once, on the first that comes due. */
interface Replies {
  comments?: readonly ThreadComment[];
  reactions?: readonly ThreadReaction[];
}

/**
 * LW6: records younger than this when a restore reads them again are always responded to (a reply of theirs may
 * still wait a night or a weekend); older ones only when one of their people has been off since (#awayThrough): a
 * restore reads 16 days back (world.ts) for the replies owed by people away, and writing every thread of those days
 * again cost a large week's restore some 1.3x its CPU.
 */
const SETTLED_SECONDS = 2 * DAY;

/**
 * The next working day's try of an update put off on `date` at `at`: the same hour the next day, a Friday's on the
 * Monday (#post, resumePutOff).
 */
function nextTry(date: IsoDate, at: EpochSeconds): [IsoDate, EpochSeconds] {
  const skip = dayFacts(date).weekday === 4 ? 3 : 1;
  return [addDays(date, skip), at + skip * DAY];
}

/**
 * @example const life = new Life(world, 'others'); life.schedule(zone, date, midnight, midnight, base.generatedAt)
 */
export class Life implements LifeEngine {
  readonly #world: World;
  readonly #queue = new TimedQueue<Act>();
  /**
   * The routine goal updates the simulation posted, by instant then goal (the order it posts them in): an
   * update's rank here is routineCommented's k. A rank, not a running count, so that a world taken up again from
   * its saved state, which re-reads its last days zone by zone, gives each update the k it had (LW6: a restore
   * changes nothing of what follows). Read from the world's own records when first asked; one small entry per
   * simulated update, beside the update itself.
   */
  #routine: Array<{ at: EpochSeconds; goalId: Uuid }> | undefined;
  /**
   * #awayThrough's last reading: per team, the earliest day one of its people has been off from up to `after`, as the
   * records stood (`writes`); one small entry per team.
   */
  #away: { after: EpochSeconds; writes: number; byTeam: Map<Uuid, IsoDate> } | undefined;
  /**
   * #planningOn's day for each missed goal, by the missed update it was read from: a goal past its end is asked on
   * each working day of its window (PLANNING_LAST_DAYS), and the day read afresh each time was 80% of #updatesDue's
   * time in a week of the large world. One small entry per missed goal of the world (bounded by its goals).
   */
  readonly #planningDays = new Map<Uuid, { missed: Uuid; day: IsoDate | null }>();
  /**
   * Each person's comments newest first, as store.commentsBy gives them, down to the first before `horizon`, while
   * the comments stand as they were read (`writes`): a thread reads those of its team's people (up to 153 on the large
   * world) for each record it answers, and read from the table each time they were some 12% of a week's catch-up.
   * A comment the simulation writes drops its writer's list alone; any other write to the comments drops them all.
   * Bounded in entries and bytes (a slot a comment, the comments themselves being the store's).
   */
  #commentsBy = Life.#noComments(-1);
  mode: SimulateMode;

  constructor(world: World, mode: SimulateMode) {
    this.#world = world;
    this.mode = mode;
  }

  /** The next act, or undefined when none waits. */
  peek(): Act | undefined {
    return this.#queue.peek();
  }

  /** Takes the next act off the queue and applies it. */
  runNext(): void {
    this.#queue.pop()?.run();
  }

  /** LW7: whether the simulation acts for `person` in this mode. */
  actsFor(person: Person): boolean {
    return this.mode === 'all' || (this.mode === 'others' && person.id !== this.#world.defaultPersonId);
  }

  /**
   * LW6: the agenda of a zone's date: each of its people's check-in, each due update of goals its people own.
   * Acts at or before `after` were applied already (or, before `start`, the history told them): those that did
   * happen get their responses still to come.
   */
  schedule(zone: string, date: IsoDate, midnight: EpochSeconds, after: EpochSeconds, start: EpochSeconds): void {
    const { store } = this.#world;
    for (const planned of this.#planned(zone, date, midnight)) {
      const { at } = planned;
      if (at <= start) {
        // The history filled it at its hour, as this would have (fixtures/check-ins.ts): its responses are to come.
        if (planned.order === ACT_ORDER.fill && store.checkIns.get(planned.key)?.completedAt === at)
          this.#respond('check-in', planned.key, planned.person, at, after);
        continue;
      }
      if (planned.order === ACT_ORDER.activity) {
        // An activity draws no responses: one applied already is done with.
        if (at > after)
          this.#queue.push(
            new Act(at, planned.order, planned.key, () => this.#log(planned.person, planned.id, date, at, planned.k)),
          );
        continue;
      }
      if (planned.order === ACT_ORDER.fill) {
        const { person } = planned;
        if (at > after)
          this.#queue.push(
            new Act(at, planned.order, planned.key, () => this.#fill(person, planned.key, midnight, at)),
          );
        else if (store.checkIns.get(planned.key)?.completedAt === at)
          this.#respond('check-in', planned.key, person, at, after);
      } else if (planned.order === ACT_ORDER.planning) {
        // LW1: unanswered (it closes its goal's story: fixtures/discussion-targets.ts leaves the history's alike); a
        // world taken up again between it and its goal's archiving archives it still.
        if (at > after)
          this.#queue.push(new Act(at, planned.order, planned.key, () => this.#plan(planned.key, planned.id, at)));
        else if (store.goalUpdates.has(planned.id) && at + HOUR > after)
          this.#archiveLater(planned.key, planned.id, at);
      } else if (at > after) {
        this.#queue.push(new Act(at, planned.order, planned.key, () => this.#post(planned.key, planned.id, date, at)));
      } else if (store.goalUpdates.has(planned.id)) {
        this.#respond('goal-update', planned.id, planned.person, at, after);
      }
    }
  }

  /**
   * What a zone's date holds for its people, whatever any world did: a pure function of the base, kept for the
   * dates the base was generated on (every world on it, each new session's, starts with them: MK5's sessions
   * are made in milliseconds; about 1 MiB on the large world).
   */
  #planned(zone: string, date: IsoDate, midnight: EpochSeconds): readonly Planned[] {
    const { base } = this.#world;
    const agenda = baseAgenda(base);
    const today = agenda.today.get(zone);
    if (today?.date === date) return today.planned;
    const seed = base.seed;
    const isToday = date === dateInZone(base.generatedAt, zone);
    // The check-ins CI1 made for the date: the base's on its own dates, else the world's, made at its midnight.
    const checkIns = isToday ? base.store : this.#world.store;
    const planned: Planned[] = [];
    const people = base.zones.get(zone) ?? [];
    const logs = activityTimes(seed, zone, date, agenda.activityRate, people.length);
    // On the date the world was made, a person's activities go on from those its history gave them that day, so that
    // no two of their day take one place (a number, a task: fixtures/activities.ts).
    const logged = isToday ? loggedOn(base, zone, date) : undefined;
    for (const [index, person] of people.entries()) {
      let habit = agenda.habits.get(person.id);
      if (!habit) agenda.habits.set(person.id, (habit = checkInHabit(seed, person)));
      const id = checkIns.checkInOf(person.id, date)?.id;
      const at = id === undefined ? null : checkInTime(seed, habit, id, midnight);
      if (at !== null) planned.push({ at, order: ACT_ORDER.fill, key: id!, id: id!, person, k: 0 });
      const before = logged?.get(person.id) ?? 0;
      logs[index]?.forEach((at, k) => {
        const id = lifeId(seed, 'activity', person.id, at);
        planned.push({ at, order: ACT_ORDER.activity, key: id, id, person, k: before + k });
      });
    }
    planned.push(...this.#updatesDue(zone, date, midnight, checkIns));
    if (isToday) agenda.today.set(zone, { date, planned });
    return planned;
  }

  /**
   * The goal updates due on a zone's date, by their owners there (#planned's part of it), the goals' latest updates
   * read in `store` (the base's on the dates it was generated on, as #planned reads its check-ins).
   */
  #updatesDue(zone: string, date: IsoDate, midnight: EpochSeconds, store: Store = this.#world.store): Planned[] {
    const { base } = this.#world;
    const seed = base.seed;
    const planned: Planned[] = [];
    const days = workingSlotDays(date);
    for (const { goal, slot, owner, closing, posted, planningBy } of days.length
      ? (baseAgenda(base).goalsByZone.get(zone) ?? [])
      : []) {
      // Cheap refusals first: a week of the large world walks over 100,000 goal-days. LW1: a goal with an end date
      // gets its last update on its closing date, and none after it but, missed, its word after the planning.
      if (closing !== null && date > closing) {
        const at = planningBy !== null && date <= planningBy ? this.#planningOn(goal, owner, date, store) : null;
        if (at !== null) {
          const id = lifeId(seed, 'goal-planning', goal.id, 0);
          planned.push({ at, order: ACT_ORDER.planning, key: goal.id, id, person: owner, k: 0 });
        }
        continue;
      }
      // LW3: a goal its history updated on the day the world was made (its owner's update day) gets none more then.
      if (posted !== null && date <= posted) continue;
      if (date !== closing && !slotDueOn(slot, goal.updateCadence, days)) continue;
      // Its minute and a second of the date's (slotInstant): on the minute, every update the clock posted stood out
      // beside the history's (an eighth reader: "the simulated update at exactly 21:00:00Z").
      const at = slotInstant(slot, date, midnight);
      planned.push({
        at,
        order: ACT_ORDER.update,
        key: goal.id,
        id: lifeId(seed, 'goal-update', goal.id, at),
        person: owner,
        k: 0,
      });
    }
    return planned;
  }

  /**
   * LW6: a world taken up again from a saved state owes what its owners put off while away: an update due on a day
   * its owner was away went to their next working day (#post), and on until they were back, as acts of the queue that
   * no agenda holds. For each update due on the zone's dates `from` through `through` at or before `after` (the
   * instant the state was saved) that is not in the store, this follows those tries as #post made them: the first
   * still to come is queued again, one made already gets its responses still to come. Only on a restore: a world
   * whose simulation was off owes nothing of that span (LW7).
   */
  resumePutOff(zone: string, from: IsoDate, through: IsoDate, after: EpochSeconds, start: EpochSeconds): void {
    const { store, base } = this.#world;
    for (let date = from; date <= through; date = addDays(date, 1)) {
      for (const due of this.#updatesDue(zone, date, instantAt(date, '00:00', zone))) {
        // A word after the planning is not put off: its day is one its owner is in (planning-day.ts).
        if (due.order !== ACT_ORDER.update) continue;
        if (due.at <= start || due.at > after || store.goalUpdates.has(due.id)) continue;
        let [tried, at] = [date, due.at];
        for (;;) {
          const triedId = lifeId(base.seed, 'goal-update', due.key, at);
          const poster = this.#poster(due.key, triedId, tried);
          if (!poster || !this.#putOff(poster.goal, poster.owner, triedId, tried, at)) break;
          [tried, at] = nextTry(tried, at);
          const id = lifeId(base.seed, 'goal-update', due.key, at);
          if (at > after) {
            const [goalId, on, when] = [due.key, tried, at];
            this.#queue.push(new Act(at, ACT_ORDER.update, goalId, () => this.#post(goalId, id, on, when)));
            break;
          }
          if (store.goalUpdates.has(id)) {
            this.#respond('goal-update', id, poster.owner, at, after);
            break;
          }
        }
      }
    }
  }

  /** CI3 through updateCheckIn: the person fills in their check-in, unless someone (or an absence) came first. */
  #fill(person: Person, checkInId: Uuid, midnight: EpochSeconds, at: EpochSeconds): void {
    const { store, base } = this.#world;
    const checkIn = store.checkIns.get(checkInId);
    // LW7: a check-in a client PATCHed (its updated_at moved past its making) is theirs.
    if (!checkIn || checkIn.absent || checkIn.completedAt !== null || checkIn.updatedAt > midnight) return;
    if (!this.actsFor(person) || isAbsentOn(store.absencesOf(person), checkIn.date)) return;
    const checkInOn = store.checkInsOf(person.id);
    // LW3: of the check-in's thread (a guest's check-ins for another team follow up their own: checkInThread).
    const ofThread = checkInThread(person, checkIn.teamIds);
    const thread = (c: CheckIn) => checkInThread(person, c.teamIds) === ofThread;
    const previous = lastFilled(checkInOn, checkIn.date, thread);
    const before = previous && lastFilled(checkInOn, previous.date, thread);
    const earliest = before && lastFilled(checkInOn, before.date, thread);
    const fill = base.life.checkInFill(checkIn, person, previous, before, earliest);
    const filled = updateCheckIn(
      this.#world,
      person,
      checkIn.id,
      // Filed under the teams it was made for (CI1), as the generated history files it: its text tells their work.
      { mood: fill.mood ?? undefined, previous_completed: fill.previousCompleted, team_ids: [...checkIn.teamIds] },
      { at, dress: fill.dress },
    );
    this.#respond('check-in', filled.id, person, at, at);
  }

  /**
   * LW6, LW8 through recordActivity: the team's tools collect one of the person's pull requests, tickets, meetings
   * or deploys, unless they are away that day or it is a sick day of theirs (their check-in's mood says so: a reader
   * found a focus block on one) (LW7: the default person's own are the user's to log).
   */
  #log(person: Person, id: Uuid, date: IsoDate, at: EpochSeconds, k: number): void {
    const { store, base } = this.#world;
    if (store.activities.has(id) || !this.actsFor(person) || isAbsentOn(store.absencesOf(person), date)) return;
    const draft = base.life.activity(person, date, at, k);
    if (draft) recordActivity(this.#world, person, draft, { id, at });
  }

  /**
   * The goal and the owner who would post its update `id` due on `date`, or undefined when nobody does. LW7: a goal a
   * client created is theirs; an archived or long-ended one gets no more updates; nor one whose owner the simulation
   * does not act for.
   */
  #poster(goalId: Uuid, id: Uuid, date: IsoDate): { goal: Goal; owner: Person } | undefined {
    const { store, base } = this.#world;
    const goal = store.goals.get(goalId);
    if (!goal || !base.store.goals.has(goalId) || goal.archived || store.goalUpdates.has(id)) return undefined;
    if (
      (goal.startDate !== null && date < goal.startDate) ||
      (goal.endDate !== null && date > addDays(goal.endDate, 7))
    )
      return undefined;
    const owner = store.people.get(goal.ownerId);
    return owner && this.actsFor(owner) ? { goal, owner } : undefined;
  }

  /**
   * LW3, LW6: whether `person` is off on `date` (their zone's): away (a holiday, a vacation, a sick day recorded) or
   * sick, as their check-in of the date says (a fresh reader of seed 42: "Mostly in bed; no work on the service mesh
   * from me" beside "Back on track at last … Pushed through platform-core#557919" the same day). The history's
   * updates keep to the same days (fixtures/goal-updates.ts, offOn).
   */
  #offOn(person: Person, date: IsoDate): boolean {
    const { store, base } = this.#world;
    return isAbsentOn(store.absencesOf(person), date) || base.life.sickOn(person, date);
  }

  /**
   * LW3, LW6: whether `at` falls on a sick day of `person`'s, their check-in of that date (their zone's) telling it:
   * they write no comment or reaction then ("Mostly in bed" in the morning, a review offered that afternoon: issue
   * 35, 26 of a week's over seeds 1-20). Of the person and the instant alone, so any path to `at` (a day at a time, a
   * week at once, a world restored) reads the same.
   */
  #sickAt(person: Person, at: EpochSeconds): boolean {
    return this.#world.base.life.sickOn(person, dateInZone(at, person.timeZone));
  }

  /**
   * LW3, LW6: whether the update due on `date` waits for the owner's next working day: they are off (#offOn), or it
   * would be posted below On track on a day their check-in is in a mood of a day gone well, which it would contradict
   * (a reader of seed 7: "happy" in the morning, "Uptime is at risk" that afternoon; the history's keep to the same
   * days: fixtures/goal-updates.ts' brightRisks). Of the store as #post reads it, so a restore's tries read alike.
   */
  #putOff(goal: Goal, owner: Person, id: Uuid, date: IsoDate, at: EpochSeconds): boolean {
    if (this.#offOn(owner, date)) return true;
    if (!this.#world.base.life.brightOn(owner, date)) return false;
    return (this.#figuresOf(goal, owner, id, date, at)?.confidence ?? 90) < 90;
  }

  /** The figures of the goal's update `id` posted at `at`, continuing its latest; null when none is to be posted. */
  #figuresOf(
    goal: Goal,
    owner: Person,
    id: Uuid,
    date: IsoDate,
    at: EpochSeconds,
  ): { latest: GoalUpdate | undefined; closes: boolean; progress: number; confidence: 30 | 60 | 90 } | null {
    const { store, base } = this.#world;
    const latest = store.latestUpdateOf(goal.id);
    if (latest && latest.progress >= 100) return null;
    const closing = this.#closingDay(goal, owner);
    const closes = closing !== null && date >= closing;
    // Closed already (an update put off by an absence landing on the closing date too).
    if (closes && latest && dateInZone(latest.createdAt, owner.timeZone) >= closing) return null;
    const random = new EntityRandom(base.seed, 'life-goal-update', id);
    // Progress never goes down; confidence drifts a level at a time, as the history's updates do. LW1: and a goal
    // with an end date keeps to its time as the history's arcs do (fixtures/goal-arc.ts): it rises at least its share
    // of the way left for the time gone since the update before, by goal-pace.ts' pacedMost at most.
    const share = timeShare(goal, at);
    const before = latest ? (timeShare(goal, latest.createdAt) ?? 0) : 0;
    const paced =
      latest && share !== null && share > before
        ? Math.min(pacedMost(share - before), Math.round(((100 - latest.progress) * (share - before)) / (1 - before)))
        : 0;
    const drawn = latest ? Math.min(100, latest.progress + Math.max(paced, random.int(2, 12))) : random.int(1, 10);
    const level = latest ? drifted(latest.confidence, random.random()) : 90;
    // LW1: at 100% a goal is done, On track; closing short of it, it is done when nearly there, else missed (Off
    // track, the update says why).
    // LW1: nor is it done while a child of it (not archived) is short of 100%: a parent finishes after its
    // children, and holds at 95% at most until then.
    const held = store
      .childGoals(goal.id)
      .some((c) => !c.archived && (store.latestUpdateOf(c.id)?.progress ?? 0) < 100);
    // LW1: done at its close from 60% or more: a goal told at 40% the week before is not done at once (a reader of
    // issue 35: 33% → 100% "Complete" in the closing update), however far the time has it rise.
    const reached = closes && drawn >= 80 && (latest?.progress ?? 0) >= 60 ? 100 : drawn;
    const progress = base.life.aimProgress(
      goal,
      held ? Math.min(reached, Math.max(95, latest?.progress ?? 0)) : reached,
    );
    // LW1: far behind its time, a goal reads At risk, not On track (goal-pace.ts).
    const confidence = progress === 100 ? 90 : closes ? 30 : level === 90 && behindPace(progress, share) ? 60 : level;
    return { latest, closes, progress, confidence };
  }

  /** GU1 through createGoalUpdate: the owner posts the goal's next update, continuing its figures. */
  #post(goalId: Uuid, id: Uuid, date: IsoDate, at: EpochSeconds): void {
    const { base } = this.#world;
    const poster = this.#poster(goalId, id, date);
    if (!poster) return;
    const { goal, owner } = poster;
    if (this.#putOff(goal, owner, id, date, at)) {
      // Away or sick on the day it is due, or at risk on a bright day: the owner tries again the next working day at
      // the same hour (AI3 still lists it). A world taken up again finds these tries the same way (resumePutOff).
      const [later, nextAt] = nextTry(date, at);
      const laterId = lifeId(base.seed, 'goal-update', goalId, nextAt);
      this.#queue.push(new Act(nextAt, ACT_ORDER.update, goalId, () => this.#post(goalId, laterId, later, nextAt)));
      return;
    }
    const figures = this.#figuresOf(goal, owner, id, date, at);
    if (!figures) return;
    const { latest, closes, progress, confidence } = figures;
    this.#write(goal, owner, latest, closes, { progress, confidence }, id, at);
    this.#respond('goal-update', id, owner, at, at);
  }

  /** Through createGoalUpdate: `owner`'s update of `goal` at `at`, its text dressed after `latest` (LifeWriter). */
  #write(
    goal: Goal,
    owner: Person,
    latest: GoalUpdate | undefined,
    closes: boolean | 'planning',
    figures: { progress: number; confidence: number },
    id: Uuid,
    at: EpochSeconds,
  ): void {
    const sameDay = this.#updatesOfTheDay(owner, goal.id, at);
    const dress = this.#world.base.life.goalUpdate(
      goal,
      owner,
      latest,
      closes,
      sameDay,
      this.#shownBefore(goal.id, latest),
    );
    createGoalUpdate(this.#world, owner, goal.id, figures, { id, at, dress });
  }

  /**
   * LW1: the instant on `date` (the owner's) the owner of a missed goal tells what the planning decided, or null: when
   * its latest update in `store` closed it short of 100%, Off track (fixtures/goal-arc.ts' missed), and `date` is
   * the planning's day after it (planning-day.ts: a working day a week on that the owner is in, and not in a mood of a
   * day gone well, which the update Off track would contradict, as #putOff reads it), as the history has it
   * (fixtures/goal-updates.ts' planningAfter).
   */
  #planningOn(goal: Goal, owner: Person, date: IsoDate, store: Store): EpochSeconds | null {
    const { base } = this.#world;
    // The missed update: the latest, or the one before the word itself (a world taken up again between the word and
    // its goal's archiving finds the act again, which archives it: schedule).
    const word = lifeId(base.seed, 'goal-planning', goal.id, 0);
    let latest: GoalUpdate | undefined;
    for (const update of store.updatesOfGoalInOrder(goal.id))
      if (update.id !== word) {
        latest = update;
        break;
      }
    if (!latest || latest.progress >= 100 || latest.confidence > 30 || goal.endDate === null) return null;
    let known = this.#planningDays.get(goal.id);
    if (known?.missed !== latest.id) {
      const absences = store.absencesOf(owner);
      const off = (day: IsoDate) =>
        isAbsentOn(absences, day) || base.life.sickOn(owner, day) || base.life.brightOn(owner, day);
      known = { missed: latest.id, day: planningDay(dateInZone(latest.createdAt, owner.timeZone), goal.endDate, off) };
      this.#planningDays.set(goal.id, known);
    }
    return known.day === date ? planningInstant(base.seed, goal.id, date, owner.timeZone) : null;
  }

  /**
   * LW1 through createGoalUpdate: the owner of a missed goal tells what the planning decided, at its latest update's
   * progress, Off track, and archives the goal an hour on (#archiveLater). LW7: not on a goal a client changed since
   * it was made (its updated_at moved: a new end date set, say), nor on one the simulation does not act for.
   */
  #plan(goalId: Uuid, id: Uuid, at: EpochSeconds): void {
    const { store, base } = this.#world;
    const goal = store.goals.get(goalId);
    const made = base.store.goals.get(goalId);
    if (!goal || !made || goal.archived || goal.updatedAt !== made.updatedAt || store.goalUpdates.has(id)) return;
    const owner = store.people.get(goal.ownerId);
    const latest = store.latestUpdateOf(goalId);
    if (!owner || !this.actsFor(owner) || !latest || latest.progress >= 100) return;
    this.#write(goal, owner, latest, 'planning', { progress: latest.progress, confidence: 30 }, id, at);
    this.#archiveLater(goalId, id, at);
  }

  /** Queues the archiving of the goal whose word after the planning (`id`) was posted at `at`: an hour on. */
  #archiveLater(goalId: Uuid, id: Uuid, at: EpochSeconds): void {
    const when = at + HOUR;
    this.#queue.push(new Act(when, ACT_ORDER.planning, goalId, () => this.#archive(goalId, id, when)));
  }

  /**
   * LW1 through updateGoal: the owner archives a missed goal after its word after the planning (`id`), as the history's
   * are (fixtures/goal-updates.ts' archivedLast). LW7: not one a client changed meanwhile, nor whose word they deleted.
   */
  #archive(goalId: Uuid, id: Uuid, at: EpochSeconds): void {
    const { store, base } = this.#world;
    const goal = store.goals.get(goalId);
    const made = base.store.goals.get(goalId);
    if (!goal || !made || goal.archived || goal.updatedAt !== made.updatedAt || !store.goalUpdates.has(id)) return;
    const owner = store.people.get(goal.ownerId);
    if (owner && this.actsFor(owner)) updateGoal(this.#world, owner, goalId, { archived: true }, at);
  }

  /** LW1: the date whose update (or one away then posts on coming back) resolves the goal; null without an end. */
  #closingDay(goal: Goal, owner: Person): IsoDate | null {
    const { base } = this.#world;
    if (goal.endDate === null) return null;
    return closingDayOf(
      closingDate(goal.endDate),
      base.store.absencesOf(owner),
      dateInZone(base.generatedAt, owner.timeZone),
    );
  }

  /**
   * LW3: the updates `author` posted on other goals on the UTC day of `at`, whose numbers a new one leaves alone;
   * `before`: those posted before the update of that sequence number only (one told again: takeUp).
   */
  #updatesOfTheDay(author: Person, goalId: Uuid, at: EpochSeconds, before = Infinity): GoalUpdate[] {
    const day = Math.floor(at / DAY);
    return this.#world.store
      .updatesByPerson(author.id)
      .filter((u) => u.goalId !== goalId && Math.floor(u.createdAt / DAY) === day && u.seq < before);
  }

  /**
   * LW6: a world taken up again from a saved state holds the updates the simulation posted as plain records, their
   * texts kept but not what the texts were told from, while the next update of a goal takes its story, voice and
   * number from the one before as told, and teammates' comments their subject. Each of `updates` the simulation
   * posted (its id is the one #post gives it, and nobody changed it since) is dressed again as #post dressed it, in
   * the order they were posted (so that the one before and the author's others of the day are told already), its
   * text kept as it came (writing it again would cost a restored week of the large world a second, and tell otherwise
   * of a goal a client edited since). One a client changed stays plain, as in the world that never stopped.
   */
  takeUp(updates: Iterable<GoalUpdate>): void {
    const { store, base } = this.#world;
    // LW1: a missed goal's word after the planning among them (#plan).
    const planning = (u: GoalUpdate) => u.id === lifeId(base.seed, 'goal-planning', u.goalId, 0);
    const posted = [...updates].filter(
      (u) =>
        u.updatedAt === u.createdAt &&
        (u.id === lifeId(base.seed, 'goal-update', u.goalId, u.createdAt) || planning(u)),
    );
    posted.sort((a, b) => a.seq - b.seq);
    for (const restored of posted) {
      const goal = store.goals.get(restored.goalId);
      const author = store.people.get(restored.personId);
      if (!goal || !author || base.life.toldUpdate(restored)) continue;
      // The goal's latest update when it was posted: the newest of those made before it.
      let previous: GoalUpdate | undefined;
      for (const u of store.updatesOfGoalInOrder(goal.id))
        if (u.seq < restored.seq) {
          previous = u;
          break;
        }
      const closing = this.#closingDay(goal, author);
      const closes = planning(restored)
        ? 'planning'
        : closing !== null && dateInZone(restored.createdAt, author.timeZone) >= closing;
      const sameDay = this.#updatesOfTheDay(author, goal.id, restored.createdAt, restored.seq);
      // Handed its text, the record says what it said (written again, its goal edited since would tell otherwise).
      const shown = this.#shownBefore(goal.id, previous, restored.seq);
      store.putGoalUpdate(base.life.goalUpdate(goal, author, previous, closes, sameDay, shown)({ ...restored }));
    }
  }

  /**
   * LW1: how many updates of the goal come before one posted after `previous` (those before sequence number `before`
   * only), when `previous` is a plain record (a full state put back, an imported organisation): its number among
   * them goes on from theirs ("(#4)", not "(#1)" after three). Undefined when the writer counts on from `previous`.
   */
  #shownBefore(goalId: Uuid, previous: GoalUpdate | undefined, before = Infinity): number | undefined {
    if (!previous || this.#world.base.life.toldUpdate(previous)) return undefined;
    let shown = 0;
    for (const u of this.#world.store.updatesOfGoalInOrder(goalId)) if (u.seq < before) shown++;
    return shown;
  }

  /**
   * LW6: whether someone who may answer a record of `author`'s made at `at` (under `teamIds` too: a check-in's) has
   * been off from about then up to `after`: the people of the author's teams and the record's, whose comments and
   * reactions they are (fixtures/comments.ts, reactions.ts). A reply drawn before `after` comes after it only when
   * its writer, or the writer of a reply before it in the thread, was off from its drawing on (a night, a weekend,
   * an absence), and it is drawn within 18 hours of its record (responseTimes). Per person, the run of days off back
   * from `after`'s day (which counts as off: `after` may be before their morning), a day counted off when it or a
   * day beside it is a weekend day or one they are away (local dates read as UTC ones, a day wide either side); per
   * team, the earliest such run's first day, found once per `after`.
   */
  #awayThrough(author: Person, teamIds: readonly Uuid[], at: EpochSeconds, after: EpochSeconds): boolean {
    const { store } = this.#world;
    // Read again when the clock or the records moved: with the clock frozen, an absence recorded between two resumes
    // at one instant (the simulation switched off and on) would be missed.
    if (this.#away?.after !== after || this.#away.writes !== store.writes) {
      const byTeam = new Map<Uuid, IsoDate>();
      for (const person of store.peopleInOrder) {
        const absences = store.absencesOf(person);
        const off = (day: IsoDate) =>
          [-1, 0, 1].some((k) => {
            const near = addDays(day, k);
            return dayFacts(near).weekday >= 5 || isAbsentOn(absences, near);
          });
        let from = utcDate(after);
        for (let back = 0; back < 21 && off(addDays(from, -1)); back++) from = addDays(from, -1);
        for (const id of person.teamIds) if (from < (byTeam.get(id) ?? '9999')) byTeam.set(id, from);
      }
      this.#away = { after, writes: store.writes, byTeam };
    }
    const by = addDays(utcDate(at), 2);
    const { byTeam } = this.#away;
    const through = (id: Uuid) => (byTeam.get(id) ?? '9999') <= by;
    return author.teamIds.some(through) || teamIds.some(through);
  }

  /** Queues the comments and reactions teammates write under a new record, those after `after`. */
  #respond(type: CommentableType, id: Uuid, author: Person, at: EpochSeconds, after: EpochSeconds): void {
    const { store, base } = this.#world;
    // The record is read once here and handed on: a week of the large world responds to some 35,000.
    const update = type === 'goal-update' ? store.goalUpdates.get(id) : undefined;
    const checkIn = type === 'check-in' ? store.checkIns.get(id) : undefined;
    if (after - at >= SETTLED_SECONDS && !this.#awayThrough(author, checkIn?.teamIds ?? [], at, after)) return;
    const notable = type === 'goal-update' ? this.#notableUpdate(update) : this.#notableCheckIn(checkIn);
    // A routine update's comments come evenly spread over the world's updates, not by a draw of their own; an
    // update that takes its goal off track or to done always draws teammates in (LW5).
    // LW5: nor does a check-in whose blocker asks a teammate by name (the one asked answers it).
    const commented =
      type !== 'goal-update'
        ? (notable && author.kind === 'human' && this.#world.base.life.asksForHelp(checkIn!)) || undefined
        : notable
          ? this.#decisive(update) || undefined
          : routineCommented(this.#world.seed, this.#routineRank(update!));
    const drawn = responseTimes(this.#world.seed, type, id, at, notable, commented);
    const record = type === 'goal-update' ? update : filledIn(checkIn);
    if (!record || (drawn.comments.length === 0 && drawn.reactions.length === 0)) return;
    // LW6: each teammate answers in their own working day (a reply drawn for 02:00 in Tokyo waits for the Tokyo
    // morning) and on a day they are in (one drawn on their holiday, vacation or sick day waits for their first day
    // back, as the history's do), so who answers is known now: the thread and the reactions are written here, once.
    const replies: Replies = {};
    const placed = (drawnAt: EpochSeconds, personId: Uuid) => {
      const person = store.people.get(personId) ?? author;
      return duringWorkingDays(drawnAt, person.timeZone, store.absencesOf(person));
    };
    const comments = drawn.comments.length ? (replies.comments = this.#thread(type, record, author)) : [];
    const reactions = drawn.reactions.length ? (replies.reactions = base.life.reactions(type, record, author)) : [];
    // A thread stays in order: a reply moved to its writer's morning keeps the drawn gap after the one before it.
    let [drawnBefore, placedBefore] = [at, at];
    // LW5, LW6: a thread opens on its record (a blocked check-in's first reply names what it waits on): when its opening
    // reply falls on its writer's sick day (#comment leaves it out), none of the thread is written, as the next reply
    // would open it on nothing (the history's threads draw their replies again in turn: fixtures/comments.ts).
    let unopened = false;
    drawn.comments.forEach((drawnAt, k) => {
      const comment = comments[k];
      if (!comment || unopened) return;
      const t = placed(Math.max(drawnAt, placedBefore + drawnAt - drawnBefore), comment.personId);
      [drawnBefore, placedBefore] = [drawnAt, t];
      const writer = store.people.get(comment.personId);
      if (k === 0 && writer && this.#sickAt(writer, t)) unopened = true;
      else if (t > after)
        this.#queue.push(
          new Act(t, ACT_ORDER.comment, `${id}:${k}`, () => this.#comment(type, id, author, replies, k, t)),
        );
    });
    drawn.reactions.forEach((drawnAt, k) => {
      const reaction = reactions[k];
      if (!reaction) return;
      const t = placed(drawnAt, reaction.personId);
      if (t > after)
        this.#queue.push(
          new Act(t, ACT_ORDER.reaction, `${id}:${k}`, () => this.#react(type, id, author, replies, k, t)),
        );
    });
  }

  /** The rank of a routine update of the simulation's among them all (#routine), filing it if new. */
  #routineRank(update: GoalUpdate): number {
    const routine = (this.#routine ??= this.#routineFromStore());
    const { createdAt: at, goalId } = update;
    let low = 0;
    let high = routine.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const other = routine[middle]!;
      if (other.at < at || (other.at === at && other.goalId < goalId)) low = middle + 1;
      else high = middle;
    }
    if (routine[low]?.at !== at || routine[low]?.goalId !== goalId) routine.splice(low, 0, { at, goalId });
    return low;
  }

  /** The routine updates among the world's own records that the simulation posted (their ids say so). */
  #routineFromStore(): Array<{ at: EpochSeconds; goalId: Uuid }> {
    const { store, base } = this.#world;
    const routine: Array<{ at: EpochSeconds; goalId: Uuid }> = [];
    for (const { record } of store.goalUpdates.changes()) {
      if (!record || record.id !== lifeId(base.seed, 'goal-update', record.goalId, record.createdAt)) continue;
      if (!this.#notableUpdate(record)) routine.push({ at: record.createdAt, goalId: record.goalId });
    }
    return routine.sort((a, b) => a.at - b.at || (a.goalId < b.goalId ? -1 : a.goalId > b.goalId ? 1 : 0));
  }

  /** LW5: whether an update takes its goal off track or to done (the end of a goal, as often as not). */
  #decisive(update: GoalUpdate | undefined): boolean {
    return update !== undefined && (update.confidence <= 30 || update.progress >= 100);
  }

  /** LW5: whether an update draws teammates in: its goal slipping or done. */
  #notableUpdate(update: GoalUpdate | undefined): boolean {
    return update !== undefined && (update.confidence < 90 || update.progress >= 100);
  }

  /** LW5: whether a check-in draws teammates in: it has a blocker. */
  #notableCheckIn(checkIn: CheckIn | undefined): boolean {
    return checkIn !== undefined && this.#world.base.life.blocked(checkIn);
  }

  /** The record responses go to, while it stands (a check-in filled in); undefined once deleted or emptied. */
  #target(type: CommentableType, id: Uuid): CheckIn | GoalUpdate | undefined {
    const { store } = this.#world;
    return type === 'goal-update' ? store.goalUpdates.get(id) : filledIn(store.checkIns.get(id));
  }

  static #noComments(writes: number) {
    return { writes, lists: new BoundedMap<{ horizon: EpochSeconds; list: readonly Comment[] }>(8_192, 4 * 2 ** 20) };
  }

  /** `personId`'s comments newest first, down to the first made before `horizon` (#commentsBy). */
  #commentsOf(personId: Uuid, horizon: EpochSeconds): readonly Comment[] {
    const { comments } = this.#world.store;
    if (this.#commentsBy.writes !== comments.writes) this.#commentsBy = Life.#noComments(comments.writes);
    const held = this.#commentsBy.lists.peek(personId);
    if (held && held.horizon <= horizon) return held.list;
    const list: Comment[] = [];
    for (const comment of this.#world.store.commentsBy(personId)) {
      list.push(comment);
      if (comment.createdAt < horizon) break;
    }
    this.#commentsBy.lists.set(personId, { horizon, list }, 64 + 8 * list.length);
    return list;
  }

  /** CR1 through writeComment: comment k of the record's thread, by a teammate who may see it. */
  #comment(type: CommentableType, id: Uuid, author: Person, replies: Replies, k: number, at: EpochSeconds): void {
    const { store, base } = this.#world;
    const record = this.#target(type, id);
    if (!record) return;
    const comment = (replies.comments ??= this.#thread(type, record, author))[k];
    const person = comment && store.people.get(comment.personId);
    if (!comment || !person || !this.actsFor(person) || !canSeeResource(this.#world, person, type, id)) return;
    // LW3, LW6: nor on a day their check-in says they are sick (#sickAt): not written, and the author's answer to it
    // neither (below); the history's threads keep to the same days (fixtures/comments.ts).
    if (this.#sickAt(person, at)) return;
    const made = { id: lifeId(base.seed, 'comment', id, k), at };
    if (store.comments.has(made.id)) return;
    // LW4: a thread made before a teammate's comment of the same day was written may say it again: not written then
    // (the store before `at`, as every path to `at` holds it).
    const goalId = 'goalId' in record ? record.goalId : undefined;
    // LW3: said at its hour and on its day, its writer's ("on it after lunch" at 15:00 is "before I log off", "talk
    // tomorrow" on a Friday is the Monday's).
    const body = promisedAt(comment.body, at, person.timeZone);
    if (base.life.saysAgain(comment.personId, body, at, this.#weekBefore(author, at, goalId))) return;
    // LW5: nor the author's answer to a comment of the simulation's that was not written: one its writer could not
    // see to, said again, or one of the default person's, whom the simulation leaves alone (LW7: "Cheers @agraham!"
    // answered nothing the user wrote, a stranger's read).
    const before = replies.comments[k - 1];
    if (
      person.id === author.id &&
      before &&
      before.personId !== author.id &&
      !store.comments.has(lifeId(base.seed, 'comment', id, k - 1))
    )
      return;
    const read = this.#commentsBy.writes === store.comments.writes;
    writeComment(this.#world, person, type, id, body, made);
    // Its writer's list is read again; the others' stand (#commentsBy).
    if (read) {
      this.#commentsBy.writes = store.comments.writes;
      this.#commentsBy.lists.delete(person.id);
    }
  }

  /** A record's thread, written knowing what its week said before it (LW4). */
  #thread(type: CommentableType, record: CheckIn | GoalUpdate, author: Person): readonly ThreadComment[] {
    const at = 'goalId' in record ? record.createdAt : (record.completedAt ?? record.updatedAt);
    const goalId = 'goalId' in record ? record.goalId : undefined;
    return this.#world.base.life.commentThread(type, record, author, this.#weekBefore(author, at, goalId));
  }

  /**
   * LW4: the comments written before `at`, by a person in `at`'s week (ISO, UTC) and the SAID_WEEKS before, and under
   * `author`'s records in `at`'s week and the ASKED_WEEKS before: what a thread under `author`'s record says nothing
   * again of. Of the instants before `at` alone, so that any path to `at` (a day at a time, a week at once, a world
   * restored) reads the same; each list read when first asked, newest first down to its first week (a person's few
   * comments a week).
   */
  #weekBefore(author: Person, at: EpochSeconds, goalId?: Uuid): WeekBefore {
    const { store } = this.#world;
    const monday = (Math.floor((Math.floor(at / DAY) + 3) / 7) * 7 - 3) * DAY;
    const askedSince = monday - ASKED_WEEKS * 7 * DAY;
    const inWeeks = (c: Comment) => c.createdAt >= askedSince && c.createdAt < at;
    const before = (c: Comment) => c.createdAt < at;
    // A person's comments from `weeks` weeks before `at`'s to `at`, newest first down to the first of them: of those
    // read down to the widest span asked, SAID_QUARTER weeks (#commentsOf).
    const byPerson = (personId: Uuid, weeks: number): Comment[] => {
      const comments: Comment[] = [];
      for (const comment of this.#commentsOf(personId, monday - SAID_QUARTER * 7 * DAY)) {
        if (comment.createdAt < monday - weeks * 7 * DAY) break;
        if (comment.createdAt < at) comments.push(comment);
      }
      return comments;
    };
    return {
      by: (personId) => byPerson(personId, SAID_WEEKS),
      under: () => {
        // A record of the Friday before gets comments on the Monday: records from three days before the weeks on.
        const comments: Comment[] = [];
        const checkInOn = store.checkInsOf(author.id);
        const last = utcDate(at + DAY);
        for (let date = utcDate(askedSince - 3 * DAY); date <= last; date = addDays(date, 1)) {
          const checkIn = checkInOn(date);
          if (checkIn) comments.push(...store.commentsOf('check-in', checkIn.id).filter(inWeeks));
        }
        // Newest first: the author's updates of the months before are not read.
        for (const update of store.goalUpdates.iterate('author', author.id)) {
          if (update.createdAt < askedSince - 3 * DAY) break;
          comments.push(...store.commentsOf('goal-update', update.id).filter(inWeeks));
        }
        return comments;
      },
      since: (personId) => byPerson(personId, SAID_QUARTER),
      onGoal: () => {
        const comments: Comment[] = [];
        if (goalId === undefined) return comments;
        // Newest first, the quarter's: the updates of a goal of a year are not all read for each thread.
        for (const update of store.updatesOfGoalInOrder(goalId)) {
          if (update.createdAt < monday - SAID_QUARTER * 7 * DAY) break;
          if (update.createdAt < at) comments.push(...store.commentsOf('goal-update', update.id).filter(before));
        }
        return comments;
      },
    };
  }

  /** CR2 through writeReaction: reaction k of the record's, by a teammate who may see it. */
  #react(type: CommentableType, id: Uuid, author: Person, replies: Replies, k: number, at: EpochSeconds): void {
    const { store, base } = this.#world;
    const record = this.#target(type, id);
    if (!record) return;
    const reaction = (replies.reactions ??= base.life.reactions(type, record, author))[k];
    const person = reaction && store.people.get(reaction.personId);
    // A person cannot respond to what they may not see (GO7): asked here, not learnt from createReaction's 404.
    if (!reaction || !person || !this.actsFor(person) || !canSeeResource(this.#world, person, type, id)) return;
    // LW3, LW6: nor on a day their check-in says they are sick (#sickAt): the others react, or nobody, as the history's
    // reactions (fixtures/reactions.ts).
    if (this.#sickAt(person, at)) return;
    const made = { id: lifeId(base.seed, 'reaction', id, k), at };
    writeReaction(this.#world, person, type, id, reaction.name, made);
  }
}
