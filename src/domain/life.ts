// LW6–LW8: a world's life as its clock moves. Each new zone-date gets its agenda (life-agenda.ts: who fills in
// their check-in and when, whose goal is due an update); what people write then gets responses. Every act waits
// in one queue ordered by (instant, kind, key) and is applied, when the clock passes it, through the domain's own
// writes (updateCheckIn, createGoalUpdate, createComment, createReaction), so it lands wherever an API write lands.
// LW7: an act yields to people: it never touches a record a client created or changed, and the default person is
// left to the user unless the world simulates "all".
import { addDays } from './calendar.js';
import { isAbsentOn } from './check-in-schedule.js';
import { updateCheckIn } from './check-ins.js';
import { createComment } from './comments.js';
import { DomainError } from './domain-error.js';
import { EntityRandom } from './entropy.js';
import { createGoalUpdate } from './goal-updates.js';
import {
  ACT_ORDER,
  checkInHabit,
  checkInTime,
  dayFacts,
  goalSlot,
  slotDue,
  lifeId,
  responseTimes,
  type CheckInHabit,
  type GoalSlot,
} from './life-agenda.js';
import type { LifeEngine, SimulateMode, ThreadComment, ThreadReaction } from './life-writer.js';
import { createReaction } from './reactions.js';
import type { CheckIn, CommentableType, EpochSeconds, Goal, GoalUpdate, IsoDate, Person, Uuid } from './records.js';
import { TimedQueue, type Timed } from './timed-queue.js';
import type { World } from './world.js';
import type { WorldBase } from './world-base.js';

/** An act waiting for its instant. */
export interface Act extends Timed {
  run(): void;
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

/** The base's goals by their owner's time zone: an owner's update falls on their own dates (computed once a base). */
const goalsByZone = new WeakMap<WorldBase, ReadonlyMap<string, readonly Goal[]>>();

function zoneGoals(base: WorldBase): ReadonlyMap<string, readonly Goal[]> {
  let byZone = goalsByZone.get(base);
  if (!byZone) {
    const zones = new Map<string, Goal[]>();
    for (const goal of base.store.goals.values()) {
      const zone = base.store.people.get(goal.ownerId)?.timeZone;
      if (zone === undefined) continue;
      const goals = zones.get(zone);
      if (goals) goals.push(goal);
      else zones.set(zone, [goal]);
    }
    goalsByZone.set(base, (byZone = zones));
  }
  return byZone;
}

/** What responses to one record share: its thread and reactions, written once, on the first that comes due. */
interface Replies {
  comments?: readonly ThreadComment[];
  reactions?: readonly ThreadReaction[];
}

/**
 * @example const life = new Life(world, 'others'); life.schedule(zone, date, midnight, midnight, base.generatedAt)
 */
export class Life implements LifeEngine {
  readonly #world: World;
  readonly #queue = new TimedQueue<Act>();
  readonly #habits = new Map<Uuid, CheckInHabit>();
  readonly #slots = new Map<Uuid, GoalSlot>();
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
    const { base, store } = this.#world;
    const seed = base.seed;
    for (const person of base.zones.get(zone) ?? []) {
      let habit = this.#habits.get(person.id);
      if (!habit) this.#habits.set(person.id, (habit = checkInHabit(seed, person.id)));
      const checkIn = store.checkInOf(person.id, date);
      if (!checkIn) continue;
      const at = checkInTime(seed, habit, checkIn.id, midnight);
      if (at === null || at <= start) continue;
      if (at > after)
        this.#queue.push({
          at,
          order: ACT_ORDER.fill,
          key: checkIn.id,
          run: () => this.#fill(person, checkIn.id, midnight, at),
        });
      else if (store.checkIns.get(checkIn.id)?.completedAt === at)
        this.#respond('check-in', checkIn.id, person, at, after);
    }
    const day = dayFacts(date);
    for (const goal of zoneGoals(base).get(zone) ?? []) {
      let slot = this.#slots.get(goal.id);
      if (!slot) this.#slots.set(goal.id, (slot = goalSlot(seed, goal.id)));
      // Cheap refusals first: a week of the large world walks 168,000 goal-days.
      if (!slotDue(slot, goal.updateCadence, day) || goal.archived) continue;
      const at = midnight + slot.minute * 60;
      if (at <= start || (goal.endDate !== null && date > addDays(goal.endDate, 7))) continue;
      const id = lifeId(seed, 'goal-update', goal.id, at);
      if (at > after)
        this.#queue.push({
          at,
          order: ACT_ORDER.update,
          key: goal.id,
          run: () => this.#post(goal.id, id, date, at),
        });
      else if (store.goalUpdates.has(id)) this.#respond('goal-update', id, store.people.get(goal.ownerId)!, at, after);
    }
  }

  /** CI3 through updateCheckIn: the person fills in their check-in, unless someone (or an absence) came first. */
  #fill(person: Person, checkInId: Uuid, midnight: EpochSeconds, at: EpochSeconds): void {
    const { store, base } = this.#world;
    const checkIn = store.checkIns.get(checkInId);
    // LW7: a check-in a client PATCHed (its updated_at moved past its making) is theirs.
    if (!checkIn || checkIn.absent || checkIn.completedAt !== null || checkIn.updatedAt > midnight) return;
    if (!this.actsFor(person) || isAbsentOn(store.absencesOf(person), checkIn.date)) return;
    const fill = base.life.checkInFill(checkIn, person);
    const filled = updateCheckIn(
      this.#world,
      person,
      checkIn.id,
      { mood: fill.mood ?? undefined, previous_completed: fill.previousCompleted },
      { at, dress: fill.dress },
    );
    this.#respond('check-in', filled.id, person, at, at);
  }

  /** GU1 through createGoalUpdate: the owner posts the goal's next update, continuing its figures. */
  #post(goalId: Uuid, id: Uuid, date: IsoDate, at: EpochSeconds): void {
    const { store, base } = this.#world;
    const goal = store.goals.get(goalId);
    // LW7: a goal a client created is theirs; an archived or long-ended one gets no more updates.
    if (!goal || !base.store.goals.has(goalId) || goal.archived || store.goalUpdates.has(id)) return;
    if (
      (goal.startDate !== null && date < goal.startDate) ||
      (goal.endDate !== null && date > addDays(goal.endDate, 7))
    )
      return;
    const owner = store.people.get(goal.ownerId);
    if (!owner || !this.actsFor(owner) || isAbsentOn(store.absencesOf(owner), date)) return;
    const latest = store.latestUpdateOf(goalId);
    if (latest && latest.progress >= 100) return;
    const random = new EntityRandom(base.seed, 'life-goal-update', id);
    // Progress never goes down; confidence drifts a level at a time, as the history's updates do.
    const progress = latest ? Math.min(100, latest.progress + random.int(2, 12)) : random.int(1, 10);
    const confidence = latest ? drifted(latest.confidence, random.random()) : 90;
    createGoalUpdate(
      this.#world,
      owner,
      goalId,
      { progress, confidence },
      { id, at, dress: base.life.goalUpdate(goal, owner, latest) },
    );
    this.#respond('goal-update', id, owner, at, at);
  }

  /** Queues the comments and reactions teammates write under a new record, those after `after`. */
  #respond(type: CommentableType, id: Uuid, author: Person, at: EpochSeconds, after: EpochSeconds): void {
    const { comments, reactions } = responseTimes(this.#world.seed, type, id, at);
    const replies: Replies = {};
    comments.forEach((t, k) => {
      if (t > after)
        this.#queue.push({
          at: t,
          order: ACT_ORDER.comment,
          key: `${id}:${k}`,
          run: () => this.#comment(type, id, author, replies, k, t),
        });
    });
    reactions.forEach((t, k) => {
      if (t > after)
        this.#queue.push({
          at: t,
          order: ACT_ORDER.reaction,
          key: `${id}:${k}`,
          run: () => this.#react(type, id, author, replies, k, t),
        });
    });
  }

  /** The record responses go to, while it stands (a check-in filled in); undefined once deleted or emptied. */
  #target(type: CommentableType, id: Uuid): CheckIn | GoalUpdate | undefined {
    const { store } = this.#world;
    if (type === 'goal-update') return store.goalUpdates.get(id);
    const checkIn = store.checkIns.get(id);
    return checkIn?.completedAt != null ? checkIn : undefined;
  }

  /** CR1 through createComment: comment k of the record's thread, by a teammate who may see it. */
  #comment(type: CommentableType, id: Uuid, author: Person, replies: Replies, k: number, at: EpochSeconds): void {
    const { store, base } = this.#world;
    const record = this.#target(type, id);
    if (!record) return;
    const comment = (replies.comments ??= base.life.commentThread(type, record, author))[k];
    const person = comment && store.people.get(comment.personId);
    const made = { id: lifeId(base.seed, 'comment', id, k), at };
    if (!comment || !person || !this.actsFor(person) || store.comments.has(made.id)) return;
    this.#asPerson(() => createComment(this.#world, person, type, id, comment.body, made));
  }

  /** CR2 through createReaction: reaction k of the record's, by a teammate who may see it. */
  #react(type: CommentableType, id: Uuid, author: Person, replies: Replies, k: number, at: EpochSeconds): void {
    const { store, base } = this.#world;
    const record = this.#target(type, id);
    if (!record) return;
    const reaction = (replies.reactions ??= base.life.reactions(type, record, author))[k];
    const person = reaction && store.people.get(reaction.personId);
    if (!reaction || !person || !this.actsFor(person)) return;
    const made = { id: lifeId(base.seed, 'reaction', id, k), at };
    this.#asPerson(() => createReaction(this.#world, person, type, id, reaction.name, made));
  }

  /** A person cannot respond to what they may not see (GO7): the domain's refusal means they do not. */
  #asPerson(write: () => unknown): void {
    try {
      write();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
}
