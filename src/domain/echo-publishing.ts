// EC4: publishing an echo's answers: one per slot of its schedule up to an instant, each at the slot's
// instant, after which the question records how far it has published. Used by a world's catch-up and by
// a base world, which publishes what was due when it was generated.
import { dateInZone } from './calendar.js';
import { absenceKnownAt } from './check-in-schedule.js';
import { answerTitle, nextAnswerAt } from './echo-schedule.js';
import { stableUuid } from './entropy.js';
import type { Absence, EchoAnswer, EchoQuestion, EpochSeconds, Goal, GoalUpdate, Person, Uuid } from './records.js';
import type { Store } from './store.js';

/**
 * EC4: writes the Markdown body of an answer published at `publishedAt` (the generator's voice), in a world of
 * `size` (world-base.ts' WorldSize, spelled out here as world-base.ts imports this file): its answerers write in the
 * habits they have among that world's people (LW4), none of them on a day they are `away` (LW6).
 */
export type AnswerBodyWriter = (
  seed: number,
  question: EchoQuestion,
  publishedAt: EpochSeconds,
  size: 'small' | 'large',
  away: AwayAt,
  goals?: BaseGoals,
) => string;

/**
 * LW1, LW3: a base's goals and each one's updates, as it was loaded (never a client's edit): what the writer reads the
 * end of a team's project from (the goal finishing it done), after which its people tell of its work no more.
 */
export interface BaseGoals {
  goals(): Iterable<Goal>;
  updatesOf(goalId: Uuid): Iterable<GoalUpdate>;
}

/**
 * A base store's goals as the writer reads them (BaseGoals), read when asked: the store is loaded by then. One per
 * store, so that the writer reads a base's project ends once (project-ends.ts keeps them by it): the answers
 * published as the base loads and the clock's alike.
 */
export function baseGoalsOf(store: Store): BaseGoals {
  let goals = BASE_GOALS.get(store);
  if (!goals) {
    goals = { goals: () => store.goals.values(), updatesOf: (goalId) => store.updatesOfGoal(goalId) };
    BASE_GOALS.set(store, goals);
  }
  return goals;
}
/** baseGoalsOf's, by store: let go with it. */
const BASE_GOALS = new WeakMap<Store, BaseGoals>();

/**
 * EC3: whether the team had `question` paused at a slot of the history a base publishes as it loads (a daily Echo
 * over the weekend, when nobody works): the stretch publishes nothing, as a pause's does. The writer's to say, as
 * the answers are; the clock's publishing after the start (EC4) asks nothing of it.
 */
export type PausedInHistory = (question: EchoQuestion, at: EpochSeconds) => boolean;

/** LW6: whether a person (by id) was away on the day of an instant, in their own zone. */
export type AwayAt = (personId: Uuid, at: EpochSeconds) => boolean;

/**
 * LW6: whether a person of the store was away on the day of an instant in their own zone (an office holiday, a
 * vacation, a sick day: their absences, which their check-ins keep), so that nobody answers an Echo on Thanksgiving.
 * Only an absence on record before `asOf`, the clock when the answer is published, counts (a base publishes its
 * history's as it loads, so every absence of its making): one recorded later, through the API once the answer is
 * out, leaves the answer as published, whenever its body is first written. Someone the store does not know (an
 * imported world's answerers) is never away.
 * @example awayIn(store, now)(personId, thanksgivingNoonNewYork) // true for a New Yorker
 */
export function awayIn(
  store: { people: { get(id: Uuid): Person | undefined }; absencesOf(person: Person): readonly Absence[] },
  asOf: EpochSeconds,
): AwayAt {
  return (personId, at) => {
    const person = store.people.get(personId);
    return person !== undefined && absenceKnownAt(store.absencesOf(person), dateInZone(at, person.timeZone), asOf - 1);
  };
}

/**
 * An answer the schedule published (EC4), its body written when first read: a world publishes what was due as
 * it loads, and writing each answer's Markdown then was a fifth of the small world's start (createMock). The
 * body is the writer's of the question as it was at publishing (records are never changed in place), so when it
 * is read changes nothing. A change (EC5) makes a plain copy (echoes.ts); JSON.stringify writes the body (toJSON).
 */
class PublishedAnswer implements EchoAnswer {
  readonly id: Uuid;
  readonly questionId: Uuid;
  readonly title: string;
  readonly publishedAt: EpochSeconds;
  // Below every runtime seq: an answer posted in the same second was created later (EC5, GU7).
  readonly seq = 0;
  #body: string | undefined;
  #write: (() => string) | undefined;

  constructor(id: Uuid, question: EchoQuestion, publishedAt: EpochSeconds, write: () => string) {
    this.id = id;
    this.questionId = question.id;
    this.title = answerTitle(question.title, publishedAt, question.answerTimeZone);
    this.publishedAt = publishedAt;
    this.#write = write;
  }

  get body(): string {
    if (this.#body === undefined) {
      this.#body = this.#write!();
      // What it was written from is let go once written.
      this.#write = undefined;
    }
    return this.#body;
  }

  toJSON(): EchoAnswer {
    const { id, questionId, title, body, publishedAt, seq } = this;
    return { id, questionId, title, body, publishedAt, seq };
  }
}

/**
 * Publishes every slot of `question` from `due` up to `until` (EC3: a paused question up to its pause, and none of a
 * base's history that was `paused`) and returns when the next answer is due.
 * @example due = publishDueAnswers(store, { seed: 42, size: 'small' }, echoAnswerBody, question, due, now)
 */
export function publishDueAnswers(
  store: Store,
  { seed, size, goals }: { seed: number; size: 'small' | 'large'; goals?: BaseGoals },
  answerBody: AnswerBodyWriter,
  question: EchoQuestion,
  due: EpochSeconds,
  until: EpochSeconds,
  paused?: PausedInHistory,
): EpochSeconds {
  const last = question.pausedAt === null ? until : Math.min(until, question.pausedAt);
  if (due > last) return due;
  let publishedThrough = question.publishedThrough;
  const away = awayIn(store, until);
  while (due <= last) {
    const publishedAt = due;
    if (!paused?.(question, publishedAt))
      store.putEchoAnswer(
        new PublishedAnswer(
          // Stryker disable next-line StringLiteral: the name keeps answer ids apart from other stable ids; no other kind derives one from a question's id and an instant, so any name gives distinct ids.
          stableUuid(seed, 'echo-answer', question.id, due),
          question,
          publishedAt,
          () => answerBody(seed, question, publishedAt, size, away, goals),
        ),
      );
    publishedThrough = due;
    due = nextAnswerAt(question, due);
  }
  store.putEchoQuestion({ ...question, publishedThrough });
  return due;
}
