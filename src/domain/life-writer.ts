// LW6: what the simulation asks of the generator: the texts people write as the clock moves (check-in answers,
// goal update titles and bodies, comments) and who reacts. The domain decides who acts, when and with which
// figures; the writer, which lives in fixtures (fixtures/life-text.ts), only writes. The domain imports nothing
// from fixtures: a base world carries its writer, as it carries the Echo answer writer (EC4).
import type { AnswerBodyWriter, BaseGoals, PausedInHistory } from './echo-publishing.js';
import type { Timed } from './timed-queue.js';
import type {
  ActivityDraft,
  CheckIn,
  Comment,
  CommentableType,
  EpochSeconds,
  Goal,
  GoalUpdate,
  IsoDate,
  Mood,
  Person,
  ReactionName,
  Team,
  Uuid,
} from './records.js';

/** LW7: who the simulation acts for: everyone but the default person (the default), everyone, or nobody. */
export type SimulateMode = 'others' | 'all' | 'none';

/**
 * What a record's texts are written from, once the domain has made the plain record: the same record with its
 * texts written on first read (the large world's week holds tens of thousands; eager texts would cost seconds).
 */
type Dress<R> = (record: R) => R;

/** A check-in its person fills in (CI3): the answers' figures now, the texts on first read. */
export interface CheckInFill {
  mood: Mood | null;
  previousCompleted: boolean | null;
  dress: Dress<CheckIn>;
}

/** A response to a record: a comment's author and body (CR1), or a reaction's person and name (CR2). */
export interface ThreadComment {
  personId: Uuid;
  body: string;
}
/**
 * LW4: how many weeks (ISO, UTC) before a comment's own a person's comments are read, so that nobody says again what
 * they said then: "ping me if you need a reviewer for the … work" from one person three weeks running read as a
 * template. Four: a person writes a comment or two a week, and their replies of a kind have a handful of gists.
 */
export const SAID_WEEKS = 4;

/**
 * LW4: how many weeks before a question's own are read for the same question put under its author's records: one,
 * so that two teammates never ask one person "how is the deploy pipeline looking for the release?" a week apart
 * (59 of 1,940 questions over seeds 1–20 small, a stranger's read).
 */
export const ASKED_WEEKS = 1;

/**
 * LW4: how many weeks before a comment's own a person's comments are read for the same words, whomever they
 * answered: one answer said again to another teammate a month later read as a template (a reader's read of seed 11).
 */
export const SAID_QUARTER = 13;

/**
 * LW4: the comments written before a record, as its thread reads them: a person's of its week and the SAID_WEEKS
 * weeks before, so that nobody says again what they said then, and those of its week and the ASKED_WEEKS before
 * under its author's records, so that nobody asks what a teammate asked the author then.
 */
export interface WeekBefore {
  /** The comments by `personId` before the record, of its week and the SAID_WEEKS before, newest first. */
  by(personId: Uuid): readonly Comment[];
  /** The comments before the record, of its week and the ASKED_WEEKS before, under its author's records. */
  under(): readonly Comment[];
  /**
   * LW4: the comments by `personId` before the record, of its week and the SAID_QUARTER weeks before, newest first:
   * what they said months ago, which they say again to nobody, whomever they answered then.
   */
  since?: (personId: Uuid) => readonly Comment[];
  /**
   * LW4: the comments before the record under the updates of its goal of the SAID_QUARTER weeks before (none for a
   * check-in): said there once. Not the whole goal's: a goal of a year has fifty updates to read for each thread.
   */
  onGoal?: () => readonly Comment[];
}
export interface ThreadReaction {
  personId: Uuid;
  name: ReactionName;
}

/** The texts of one world's people (LW2: each in their own discipline and voice). */
export interface LifeWriter {
  /**
   * How `person` fills in `checkIn` (CI3): mood, whether the plan was done, the answers; `previous` is their
   * last filled check-in before it (LW3: days follow on), if any in the last two weeks, and `before` the one
   * before that (what `previous` carried on of its own last plan, the day after tells of), `earliest` the one before
   * `before` (a blocker four check-ins running: whose trouble `before`'s told).
   */
  checkInFill(
    checkIn: CheckIn,
    person: Person,
    previous: CheckIn | undefined,
    before?: CheckIn,
    earliest?: CheckIn,
  ): CheckInFill;
  /**
   * The title and body of an update `author` posts on the goal, told from its figures (after `previous`); `closes`:
   * it is the goal's last, posted as its end date comes (LW1: done, or missed and why), or `planning`: the word after
   * a missed goal's last, what the planning decided (planning-day.ts). `sameDay`: the author's
   * updates of other goals on its UTC day, whose ticket numbers it does not take again (LW3). `shown`: how many
   * updates of the goal come before it, read when `previous` is not one this dressed (toldUpdate: a full state put
   * back, an imported organisation), whose number it goes on from.
   */
  goalUpdate(
    goal: Goal,
    author: Person,
    previous: GoalUpdate | undefined,
    closes: boolean | 'planning',
    sameDay: readonly GoalUpdate[],
    shown?: number,
  ): Dress<GoalUpdate>;
  /**
   * LW6: whether the update carries what its text was told from (as `goalUpdate` dresses it), not its text alone as
   * a record read back from a saved state does.
   */
  toldUpdate(update: GoalUpdate): boolean;
  /**
   * LW1: the progress the goal's aim stands at for a drawn one: a count's ("1 of the five sessions") on its
   * steps, so that the figure and the count an update tells agree; any other as drawn.
   */
  aimProgress(goal: Goal, progress: number): number;
  /**
   * The comments teammates write under a record of `author`'s, in order (CR1; LW5: about its subject), saying
   * nothing again of `earlier` (LW4).
   */
  commentThread(
    type: CommentableType,
    record: CheckIn | GoalUpdate,
    author: Person,
    earlier: WeekBefore,
  ): readonly ThreadComment[];
  /** LW4: whether `body`, a comment by `personId` at `at`, says again what `earlier` holds of its week. */
  saysAgain(personId: Uuid, body: string, at: EpochSeconds, earlier: WeekBefore): boolean;
  /** The teammates who react to it and how (CR2). */
  reactions(type: CommentableType, record: CheckIn | GoalUpdate, author: Person): readonly ThreadReaction[];
  /**
   * LW6, LW8: what the team's tools report of `person`'s work at `at`, the `k`th of their `date` (their zone's; the
   * history's of that date counted before it): a pull request of their area's code, a ticket, a meeting, a deploy, as
   * the history's activities read; null on a sick day of theirs, as their check-in of that date tells it (LW3).
   */
  activity(person: Person, date: IsoDate, at: EpochSeconds, k: number): ActivityDraft | null;
  /**
   * LW3, LW6: whether `date` (their zone's) is a sick day of `person`'s, as their check-in of that date tells it (its
   * mood), known from the person and the date alone: they post no goal update then (one due goes to their next
   * working day, as one due on a day they are away does: life.ts' #post), write no comment or reaction (#comment,
   * #react), nor do their tools log work (activity).
   */
  sickOn(person: Person, date: IsoDate): boolean;
  /**
   * LW3, LW6: whether `person`'s check-in of `date` (their zone's) is in a mood of a day gone well (happy, excited …),
   * as it draws it whether or not they fill it in: an update of theirs below On track that day would contradict it,
   * so it waits for their next working day (life.ts' #putOff). Known from the person and the date alone, as sickOn.
   */
  brightOn(person: Person, date: IsoDate): boolean;
  /**
   * CI4: whether the check-in's blockers say something (isBlocked), known without writing its texts when the
   * writer wrote it: the simulation asks of every check-in filled, and writing all their blockers cost a week of
   * the large world a sixth of its catch-up.
   */
  blocked(checkIn: CheckIn): boolean;
  /**
   * LW5: whether the check-in's blocker may ask a teammate by name for a look ("@svargas, can you have a look at the
   * component library after lunch?"): such a check-in is always answered, by the one asked. Known without writing its
   * texts (the writer draws it from the check-in alone), and the same for a record restored from a saved world.
   */
  asksForHelp(checkIn: CheckIn): boolean;
}

/** What a base world's writer is made from: its seed, people and teams (fixtures/life-text.ts makes one). */
export interface LifeDirectory {
  seed: number;
  people: readonly Person[];
  teams: readonly Team[];
  /** LW7: whose check-ins wait for them (no colleague's check-in tells a pairing with them). */
  defaultPersonId?: Uuid;
  /** LW1, LW3: the base's goals, what a project's end is read from (echo-publishing.ts); absent, none has ended. */
  goals?: BaseGoals;
}

/** LW6: what a world's catch-up asks of the engine that lives its team's life (life.ts's Life). */
export interface LifeEngine {
  mode: SimulateMode;
  /** The next act, by (instant, kind, key). */
  peek(): Timed | undefined;
  /** Applies the next act. */
  runNext(): void;
  /** The agenda of a zone's date (see Life.schedule). */
  schedule(zone: string, date: IsoDate, midnight: EpochSeconds, after: EpochSeconds, start: EpochSeconds): void;
  /** LW6: the updates put off by owners away that a restored world still owes (Life.resumePutOff). */
  resumePutOff(zone: string, from: IsoDate, through: IsoDate, after: EpochSeconds, start: EpochSeconds): void;
  /** LW6: the updates a restored world's changes hold, dressed again as the simulation posted them (Life.takeUp). */
  takeUp(updates: Iterable<GoalUpdate>): void;
}

/**
 * Everything a world does after its start besides its clients: Echo answers (EC4), the team's texts and the
 * engine that decides its acts (LW6). The engine is handed in with the base because it writes through the
 * domain's writes, which take a World: world.ts cannot import them without a cycle.
 */
export interface WorldWriter {
  answerBody: AnswerBodyWriter;
  /** EC3: the slots of a base's history its Echoes were paused at (none when not given). */
  pausedInHistory?: PausedInHistory;
  life(directory: LifeDirectory): LifeWriter;
  /** `world` is the World being made (typed loosely here, as this file cannot name World without a cycle). */
  engine(world: object, mode: SimulateMode): LifeEngine;
}

/** A domain write made by the simulation (LW8): its record's stable id and its instant, and its texts. */
export interface SimulatedWrite<R> {
  id: Uuid;
  at: EpochSeconds;
  dress?: Dress<R>;
}
