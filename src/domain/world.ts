// One world: the generated records in an indexed store, the clock, and the catch-up that moves the world
// along with the clock (CI1: new days get their check-ins; EC4: due echo answers are published).
import { echoAnswerBody, generateWorld, type GeneratedWorld, type WorldSize } from '../../fixtures/index.js';
import { addDays, dateInZone, instantAt } from './calendar.js';
import { freshCheckIn } from './check-in-schedule.js';
import { Clock } from './clock.js';
import { answerTitle, nextAnswerAt } from './echo-schedule.js';
import { stableUuid } from './entropy.js';
import { Presenter } from './present.js';
import type { EchoAnswer, EchoQuestion, EpochSeconds, IsoDate, Person, Uuid } from './records.js';
import { Store, type StoreCounters } from './store.js';

export type { WorldSize };

export interface WorldOptions {
  /** MK3: the same seed gives the same world. Default 42. */
  seed?: number;
  size?: WorldSize;
  clock?: Clock;
  /** G10: the web application's base URL used in `url` fields. */
  appUrl?: string;
}

/** A world's records: freshly generated, or restored from a saved state (with what the world made since). */
export interface WorldContents extends GeneratedWorld {
  echoAnswers?: EchoAnswer[];
  counters?: StoreCounters;
}

export const DEFAULT_SEED = 42;
export const DEFAULT_APP_URL = 'https://app.standin.test';

/** Generated records carry seq values below this; records made while the world runs get larger ones. */
const FIRST_RUNTIME_SEQ = 1_000_000_000;

export class World {
  readonly seed: number;
  readonly size: WorldSize;
  readonly clock: Clock;
  readonly appUrl: string;
  readonly store: Store;
  readonly present: Presenter;
  readonly historyStart: IsoDate;
  readonly defaultPersonId: Uuid;

  /** CI1: per time zone, its people and the last date whose check-ins exist. */
  readonly #zones = new Map<string, { people: Person[]; through: IsoDate }>();
  /** The next instant at which some zone reaches a new date; no check-in work before it. */
  #nextZoneRollover = 0;
  /** EC4: per question, when its next answer is due. */
  readonly #answerDue = new Map<Uuid, EpochSeconds>();

  /** Generates the world of the seed; with `contents`, rebuilds a saved one instead. */
  constructor(options: WorldOptions = {}, contents?: WorldContents) {
    this.seed = contents?.seed ?? options.seed ?? DEFAULT_SEED;
    this.size = contents?.size ?? options.size ?? 'small';
    this.clock = options.clock ?? new Clock();
    this.appUrl = (options.appUrl ?? DEFAULT_APP_URL).replace(/\/+$/, '');
    const generated = contents ?? generateWorld({ seed: this.seed, size: this.size, now: this.clock.nowSeconds() });
    this.historyStart = generated.historyStart;
    this.defaultPersonId = generated.defaultPersonId;

    const store = (this.store = new Store(this.seed, FIRST_RUNTIME_SEQ));
    if (contents?.counters) store.restoreCounters(contents.counters);
    this.present = new Presenter(store, this.appUrl);
    store.indexPeopleAndTeams(generated.people, generated.teams);
    for (const goal of generated.goals) store.putGoal(goal);
    for (const update of generated.goalUpdates) store.addGoalUpdate(update);
    for (const checkIn of generated.checkIns) store.addCheckIn(checkIn);
    for (const answer of contents?.echoAnswers ?? []) store.addEchoAnswer(answer);
    for (const question of generated.echoQuestions) this.putEchoQuestion(question);
    for (const comment of generated.comments) store.addComment(comment);
    for (const reaction of generated.reactions) store.addReaction(reaction);
    store.loadActivities(generated.activities);

    for (const person of store.peopleInOrder) {
      const zone = this.#zones.get(person.timeZone);
      if (zone) zone.people.push(person);
      else this.#zones.set(person.timeZone, { people: [person], through: dateInZone(generated.generatedAt, person.timeZone) });
    }
    this.catchUp();
  }

  now(): EpochSeconds {
    return this.clock.nowSeconds();
  }

  /** G9: the person a token belongs to, and whether the token is read-only. */
  authenticate(token: string): { person: Person; readOnly: boolean } | null {
    const entry = this.store.tokens.get(token);
    const person = entry && this.store.people.get(entry.personId);
    return person ? { person, readOnly: entry.readOnly } : null;
  }

  /** Brings the world up to the clock's now. Cheap when nothing is due: two comparisons. */
  catchUp(): void {
    const now = this.now();
    if (now >= this.#nextZoneRollover) this.#generateCheckIns(now);
    for (const [questionId, due] of this.#answerDue) {
      const question = this.store.echoQuestions.get(questionId)!;
      // EC3: a paused question published up to its pause, and nothing after.
      const until = question.pausedAt === null ? now : Math.min(now, question.pausedAt);
      if (due <= until) this.#publishAnswers(question, until);
    }
  }

  /** Stores a new or changed question and schedules its next answer (EC2). */
  putEchoQuestion(question: EchoQuestion): void {
    this.store.echoQuestions.set(question.id, question);
    this.#scheduleAnswer(question);
  }

  deleteEchoQuestion(question: EchoQuestion): void {
    this.store.deleteEchoQuestion(question);
    this.#answerDue.delete(question.id);
  }

  #scheduleAnswer(question: EchoQuestion): void {
    this.#answerDue.set(question.id, nextAnswerAt(question, question.publishedThrough));
  }

  /** CI1: every person gets the check-ins of the dates their zone reached since the last catch-up. */
  #generateCheckIns(now: EpochSeconds): void {
    let nextRollover = Infinity;
    for (const [timeZone, zone] of this.#zones) {
      const today = dateInZone(now, timeZone);
      for (let date = addDays(zone.through, 1); date <= today; date = addDays(date, 1)) {
        // A check-in is made at the start of its day; that instant, not the catch-up time, is its
        // updated_at and decides which absences were known (CI9), so results do not depend on request timing.
        const madeAt = instantAt(date, '00:00', timeZone);
        for (const person of zone.people) {
          const checkIn = freshCheckIn(this.seed, person, this.store.teams, date, madeAt);
          if (checkIn && !this.store.checkIns.has(checkIn.id)) this.store.addCheckIn(checkIn);
        }
      }
      if (today > zone.through) zone.through = today;
      nextRollover = Math.min(nextRollover, instantAt(addDays(today, 1), '00:00', timeZone));
    }
    this.#nextZoneRollover = nextRollover;
  }

  /** EC4: one answer per slot due up to `until`, published at the slot's instant. */
  #publishAnswers(question: EchoQuestion, until: EpochSeconds): void {
    let due = this.#answerDue.get(question.id)!;
    while (due <= until) {
      this.store.addEchoAnswer({
        id: stableUuid(this.seed, 'echo-answer', question.id, due),
        questionId: question.id,
        title: answerTitle(question.title, due, question.answerTimeZone),
        body: echoAnswerBody(this.seed, question, due),
        publishedAt: due,
        // Below every runtime seq: an answer posted in the same second was created later (EC5, GU7).
        seq: 0,
      });
      question.publishedThrough = due;
      due = nextAnswerAt(question, due);
    }
    this.#answerDue.set(question.id, due);
  }
}
