// One world a client talks to: a layer over a base world (MK5), its own clock (MK4), and the catch-up that
// moves it along with the clock (CI1: new days get their check-ins; EC4: due echo answers are published).
import { addDays, dateInZone, instantAt } from './calendar.js';
import { freshCheckIn } from './check-in-schedule.js';
import type { Clock } from './clock.js';
import { publishDueAnswers } from './echo-publishing.js';
import { nextAnswerAt } from './echo-schedule.js';
import type { EchoQuestion, EpochSeconds, IsoDate, Person, Uuid } from './records.js';
import { drain, inSlices, type Sliced } from './slices.js';
import type { RecordKind, RecordOf } from './record-kinds.js';
import type { Store, StoreCounters } from './store.js';
import type { Change } from './table.js';
import type { WorldBase, WorldSize } from './world-base.js';

export type { WorldSize };

/** What a world changed over its base, at an instant: a snapshot, a session's cost, a state file's body. */
export interface WorldChanges {
  /** The clock's now (epoch ms) when they were taken; the world was caught up to it. */
  now: number;
  frozen: boolean;
  counters: StoreCounters;
  tables: { [N in RecordKind]: Array<Change<RecordOf<N>>> };
}

export interface WorldOptions {
  clock: Clock;
}

/** A new layer of the base with `changes`' records put and deleted, a slice at a time (slices.ts). */
function* layerWith(base: WorldBase, changes: WorldChanges | undefined): Sliced<Store> {
  const store = base.store.layer();
  if (!changes) return store;
  for (const kind of Object.keys(changes.tables) as RecordKind[]) {
    yield* inSlices<Change<RecordOf<typeof kind>>>(changes.tables[kind], ({ id, record }) => {
      if (record === null) store.table(kind).delete(id);
      else store.put(kind, record);
    });
  }
  return store;
}

export class World {
  readonly base: WorldBase;
  readonly clock: Clock;
  readonly store: Store;

  /** CI1: per time zone, the last date whose check-ins exist. */
  readonly #through = new Map<string, IsoDate>();
  /** The next instant at which some zone reaches a new date; no check-in work before it. */
  #nextZoneRollover = 0;
  /** EC4: per question, when its next answer is due. */
  readonly #answerDue = new Map<Uuid, EpochSeconds>();

  /**
   * A layer over `base`: fresh, or holding `changes` taken of another world on the same base (a snapshot,
   * a state). Caught up to the clock at once. `layer`: a layer of the base already holding `changes`' records,
   * as `World.build` makes it a slice at a time.
   */
  constructor(
    base: WorldBase,
    options: WorldOptions,
    changes?: WorldChanges,
    layer: Store = drain(layerWith(base, changes)),
  ) {
    this.base = base;
    this.clock = options.clock;
    const store = (this.store = layer);
    const caughtUpTo = changes ? Math.floor(changes.now / 1000) : base.generatedAt;
    if (changes) store.restoreCounters(changes.counters);
    for (const timeZone of base.zones.keys()) {
      this.#through.set(timeZone, changes ? dateInZone(caughtUpTo, timeZone) : base.throughDate(timeZone));
    }
    for (const question of store.echoQuestions.values()) this.#scheduleAnswer(question);
    this.catchUp();
  }

  /**
   * The same world as `new World`, its changes applied a slice at a time: a server spreads it over turns of
   * its event loop (the catch-up to the clock stays one step: a state's own now is near the clock's).
   * @example const world = drain(World.build(base, { clock }, changes)) // or a slice a turn (src/server/state-loader.ts)
   */
  static *build(base: WorldBase, options: WorldOptions, changes: WorldChanges): Sliced<World> {
    return new World(base, options, changes, yield* layerWith(base, changes));
  }

  get seed(): number {
    return this.base.seed;
  }

  get size(): WorldSize {
    return this.base.size;
  }

  get historyStart(): IsoDate {
    return this.base.historyStart;
  }

  get defaultPersonId(): Uuid {
    return this.base.defaultPersonId;
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

  /** What this world changed over its base, as of now (caught up first). */
  changes(): WorldChanges {
    this.catchUp();
    return {
      now: this.clock.nowMs(),
      frozen: this.clock.frozen,
      counters: this.store.counters(),
      tables: this.store.changes(),
    };
  }

  /** Brings the world up to the clock's now. Cheap when nothing is due: a comparison and a short loop. */
  catchUp(): void {
    const now = this.now();
    // Stryker disable next-line ConditionalExpression: generating again makes nothing new (a check-in already there is kept); the rollover saves the walk.
    if (now >= this.#nextZoneRollover) this.#generateCheckIns(now);
    for (const [questionId, due] of this.#answerDue) {
      // Stryker disable next-line ConditionalExpression: publishDueAnswers publishes nothing before its due instant and hands the same due back.
      if (due > now) continue;
      const question = this.store.echoQuestions.get(questionId)!;
      this.#answerDue.set(
        questionId,
        publishDueAnswers(this.store, this.seed, this.base.answerBody, question, due, now),
      );
    }
  }

  /** Stores a new or changed question and schedules its next answer (EC2). */
  putEchoQuestion(question: EchoQuestion): void {
    this.store.putEchoQuestion(question);
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
    const { store } = this;
    let nextRollover = Infinity;
    for (const [timeZone, people] of this.base.zones) {
      const through = this.#through.get(timeZone)!;
      const today = dateInZone(now, timeZone);
      for (let date = addDays(through, 1); date <= today; date = addDays(date, 1)) {
        // A check-in is made at the start of its day; that instant, not the catch-up time, is its
        // updated_at and decides which absences were known (CI9), so results do not depend on request timing.
        const madeAt = instantAt(date, '00:00', timeZone);
        for (const person of people) {
          const checkIn = freshCheckIn(this.seed, person, store.absencesOf(person), store.teams, date, madeAt);
          if (checkIn && !store.checkIns.has(checkIn.id)) store.putCheckIn(checkIn);
        }
      }
      // Stryker disable next-line ConditionalExpression,EqualityOperator: how far days were made only saves walking them again: a day made twice keeps its check-ins.
      if (today > through) this.#through.set(timeZone, today);
      nextRollover = Math.min(nextRollover, instantAt(addDays(today, 1), '00:00', timeZone));
    }
    this.#nextZoneRollover = nextRollover;
  }
}
