// A base world: the records of a generated (or imported) world in a frozen store, shared by every world built
// on it (MK5: the shared world and each session are layers over one base, and cost what they change).
import { dateInZone } from './calendar.js';
import { publishDueAnswers, type AnswerBodyWriter } from './echo-publishing.js';
import { nextAnswerAt } from './echo-schedule.js';
import type {
  Activity,
  CheckIn,
  Comment,
  EchoAnswer,
  EchoQuestion,
  EpochSeconds,
  Goal,
  GoalUpdate,
  IsoDate,
  Person,
  Reaction,
  Team,
  Uuid,
} from './records.js';
import { Store, type StoreCounters } from './store.js';

export type WorldSize = 'small' | 'large';

export const DEFAULT_SEED = 42;

/** Generated records carry seq values below this; records made while a world runs get larger ones. */
export const FIRST_RUNTIME_SEQ = 1_000_000_000;

/** A world's records: as the generator builds them from a seed, or as a full state export holds them. */
export interface WorldContents {
  seed: number;
  size: WorldSize;
  /** Every timestamp of the contents is at or before this instant; check-ins exist up to its dates. */
  generatedAt: EpochSeconds;
  /** The first date with check-ins. */
  historyStart: IsoDate;
  /** The person the CLI prints and `GET /__mock/tokens` lists first. */
  defaultPersonId: Uuid;
  people: readonly Person[];
  teams: readonly Team[];
  goals: readonly Goal[];
  goalUpdates: readonly GoalUpdate[];
  checkIns: readonly CheckIn[];
  echoQuestions: readonly EchoQuestion[];
  echoAnswers?: readonly EchoAnswer[];
  comments: readonly Comment[];
  reactions: readonly Reaction[];
  activities: readonly Activity[];
  counters?: StoreCounters;
}

export type { AnswerBodyWriter } from './echo-publishing.js';

/**
 * @example const base = new WorldBase(generateWorld({ seed, size, now }), echoAnswerBody, 'generated');
 */
export class WorldBase {
  readonly seed: number;
  readonly size: WorldSize;
  readonly generatedAt: EpochSeconds;
  readonly historyStart: IsoDate;
  readonly defaultPersonId: Uuid;
  readonly store: Store;
  /** CI1: the people of each time zone, in name order (each zone reaches a new date at its own midnight). */
  readonly zones: ReadonlyMap<string, readonly Person[]>;

  /**
   * `origin` says whether the base is a function of seed, size and `generatedAt` (a state then records only
   * those three), or was imported from a full state (a state must then carry its records).
   */
  constructor(
    contents: WorldContents,
    readonly answerBody: AnswerBodyWriter,
    readonly origin: 'generated' | 'imported',
  ) {
    this.seed = contents.seed;
    this.size = contents.size;
    this.generatedAt = contents.generatedAt;
    this.historyStart = contents.historyStart;
    this.defaultPersonId = contents.defaultPersonId;
    const store = (this.store = new Store(this.seed, FIRST_RUNTIME_SEQ));
    if (contents.counters) store.restoreCounters(contents.counters);
    store.indexPeopleAndTeams(contents.people, contents.teams);
    for (const goal of contents.goals) store.putGoal(goal);
    for (const update of contents.goalUpdates) store.putGoalUpdate(update);
    for (const checkIn of contents.checkIns) store.putCheckIn(checkIn);
    for (const answer of contents.echoAnswers ?? []) store.putEchoAnswer(answer);
    // EC4: what was due when the world was generated is published in the base, shared by its worlds.
    for (const question of contents.echoQuestions) {
      store.putEchoQuestion(question);
      publishDueAnswers(
        store,
        this.seed,
        answerBody,
        question,
        nextAnswerAt(question, question.publishedThrough),
        this.generatedAt,
      );
    }
    for (const comment of contents.comments) store.putComment(comment);
    for (const reaction of contents.reactions) store.putReaction(reaction);
    for (const activity of contents.activities) store.putActivity(activity);
    store.freeze();
    const zones = new Map<string, Person[]>();
    for (const person of store.peopleInOrder) {
      const zone = zones.get(person.timeZone);
      if (zone) zone.push(person);
      else zones.set(person.timeZone, [person]);
    }
    this.zones = zones;
  }

  /** Whether a state taken of a world on this base can name it by seed, size and generation instant. */
  sameAs(other: { seed: number; size: WorldSize; generatedAt: EpochSeconds }): boolean {
    return (
      this.origin === 'generated' &&
      other.seed === this.seed &&
      other.size === this.size &&
      other.generatedAt === this.generatedAt
    );
  }

  /** CI1: the last date of each zone whose check-ins the base holds. */
  throughDate(timeZone: string): IsoDate {
    return dateInZone(this.generatedAt, timeZone);
  }
}
