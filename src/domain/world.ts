// One world a client talks to: a layer over a base world (MK5), its own clock (MK4), and the catch-up that
// moves it along with the clock (CI1: new days get their check-ins; EC4: due echo answers are published; LW6:
// the team fills in, posts and responds). Everything the clock passes is applied in one order (instant, kind,
// key: timed-queue.ts), so the world a clock reaches is the same however many steps it took (LW6).
import { addDays, dateInZone, instantAt } from './calendar.js';
import { freshCheckIn } from './check-in-schedule.js';
import type { Clock } from './clock.js';
import { publishDueAnswers } from './echo-publishing.js';
import { nextAnswerAt } from './echo-schedule.js';
import { ACT_ORDER } from './life-agenda.js';
import type { LifeEngine, SimulateMode } from './life-writer.js';
import type { EchoQuestion, EpochSeconds, GoalUpdate, IsoDate, Person, Uuid } from './records.js';
import { drain, inSlices, type Sliced } from './slices.js';
import type { RecordKind, RecordOf } from './record-kinds.js';
import type { Store, StoreCounters } from './store.js';
import type { Change } from './table.js';
import { compareTimed, type Timed } from './timed-queue.js';
import type { WorldBase, WorldSize } from './world-base.js';

export type { WorldSize };

/** What a world changed over its base, at an instant: a snapshot, a session's cost, a state file's body. */
export interface WorldChanges {
  /** The clock's now (epoch ms) when they were taken; the world was caught up to it. */
  now: number;
  frozen: boolean;
  counters: StoreCounters;
  tables: { [N in RecordKind]: Array<Change<RecordOf<N>>> };
  /** LW7: whom the world simulated for (a snapshot keeps it; absent: the default). */
  simulate?: SimulateMode;
}

export interface WorldOptions {
  clock: Clock;
  /** LW7: whom the simulation acts for; `others` unless told. */
  simulate?: SimulateMode;
}

/** LW6: how far back a world taken up again looks for responses still to come (comments come within a day). */
const RESUME_SECONDS = 3 * 86_400;
/**
 * LW6: how far back a restored world reads its agendas again: a reply waits for a teammate away to come back, and an
 * update put off by an owner away goes on to their first day back (Life.resumePutOff), after a vacation's 7 days and
 * the weekends and holidays around it. A fresh world, or one whose simulation is switched back on, owes nothing older
 * than RESUME_SECONDS.
 */
const RESTORE_SECONDS = 16 * 86_400;

/** The earliest of `dues` (by instant, then key) as the clock passes it, or undefined when there are none. */
function earliest(dues: ReadonlyMap<string, EpochSeconds>, order: number): Timed | undefined {
  let found: Timed | undefined;
  for (const [key, at] of dues) {
    const due = { at, order, key };
    if (!found || compareTimed(due, found) < 0) found = due;
  }
  return found;
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

/** The goal updates `changes` put, as the store holds them now. */
function* restoredUpdates(store: Store, changes: WorldChanges): Iterable<GoalUpdate> {
  for (const { id, record } of changes.tables.goalUpdates ?? []) {
    const update = record && store.goalUpdates.get(id);
    if (update) yield update;
  }
}

export class World {
  readonly base: WorldBase;
  readonly clock: Clock;
  readonly store: Store;

  /** CI1: per time zone, the last date whose check-ins exist, and when its next date begins. */
  readonly #through = new Map<string, IsoDate>();
  readonly #nextMidnight = new Map<string, EpochSeconds>();
  /** EC4: per question, when its next answer is due (Infinity while paused). */
  readonly #answerDue = new Map<Uuid, EpochSeconds>();
  /** EC4: whether this world's clock published an answer since it was made (answersOfItsOwnBy). */
  #clockPublished = false;
  /** LW6: the team's acts to come. */
  readonly #life: LifeEngine;
  /** Nothing is due before this instant: a catch-up before it is one comparison. */
  #nextDue = -Infinity;
  /** The earliest zone date and answer slot, until one is applied or changed (undefined: to be found). */
  #nextDay: Timed | undefined;
  #nextAnswer: Timed | undefined;

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
      const through = changes ? dateInZone(caughtUpTo, timeZone) : base.throughDate(timeZone);
      this.#through.set(timeZone, through);
      this.#nextMidnight.set(timeZone, instantAt(addDays(through, 1), '00:00', timeZone));
    }
    for (const question of store.echoQuestions.values()) this.#scheduleAnswer(question);
    this.#life = base.writer.engine(this, changes?.simulate ?? options.simulate ?? 'others');
    if (changes) this.#life.takeUp(restoredUpdates(store, changes));
    this.#resumeLife(caughtUpTo, changes !== undefined);
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
      simulate: this.simulate,
    };
  }

  /** LW7: whom the simulation acts for in this world: everyone but the default person, everyone, or nobody. */
  get simulate(): SimulateMode {
    return this.#life.mode;
  }

  /** LW7: from now on the simulation acts for `mode`'s people; what it did stays. */
  set simulate(mode: SimulateMode) {
    const was = this.#life.mode;
    this.#life.mode = mode;
    if (was === 'none' && mode !== 'none') {
      this.catchUp();
      this.#resumeLife(this.now());
    }
  }

  /**
   * LW6: the agendas of the dates a world taken up at `after` may still owe something of (the acts after it,
   * the responses to what its people did before it): a fresh world's today, a restored one's last days (`restored`:
   * a saved state's, whose owners away may have put off updates, and whose teammates away still owe replies).
   */
  #resumeLife(after: EpochSeconds, restored = false): void {
    if (this.#life.mode === 'none') return;
    const start = this.base.generatedAt;
    const from = Math.max(start, after - (restored ? RESTORE_SECONDS : RESUME_SECONDS));
    for (const timeZone of this.base.zones.keys()) {
      const through = this.#through.get(timeZone)!;
      for (let date = dateInZone(from, timeZone); date <= through; date = addDays(date, 1))
        this.#life.schedule(timeZone, date, instantAt(date, '00:00', timeZone), after, start);
      if (restored) this.#life.resumePutOff(timeZone, dateInZone(from, timeZone), through, after, start);
    }
    this.#nextDue = -Infinity;
  }

  /**
   * Brings the world up to the clock's now: every new date of a zone (CI1), answer slot (EC4) and act of the
   * team (LW6) the clock passed, in the order of their instants. Cheap when nothing is due: one comparison.
   */
  catchUp(): void {
    const now = this.now();
    if (now < this.#nextDue) return;
    for (;;) {
      // The earliest of the zones' next dates, the answers' slots and the acts; no allocation per act (a
      // week of the large world applies some 40,000).
      const day = (this.#nextDay ??= earliest(this.#nextMidnight, ACT_ORDER.day));
      const answer = (this.#nextAnswer ??= earliest(this.#answerDue, ACT_ORDER.answer));
      const act = this.#life.peek();
      let next: Timed | undefined = day;
      if (answer && (!next || compareTimed(answer, next) < 0)) next = answer;
      if (act && (!next || compareTimed(act, next) < 0)) next = act;
      if (next === undefined || next.at > now) {
        this.#nextDue = next?.at ?? Infinity;
        return;
      }
      if (next === act) this.#life.runNext();
      else if (next === day) this.#newDay(day.key);
      else this.#publish(next.key);
    }
  }

  /**
   * EC4: whether an export of this world's changes by `at` may hold an answer of its clock's publishing, whose body
   * is written when first read (echo-publishing.ts): one published since the world was made, or one due by then. A
   * page's kept world loads the answers' writer before a request whose save may read one (front.ts).
   * @example world.answersOfItsOwnBy(world.now() + 3600) // false on a fresh world with no slot within the hour
   */
  answersOfItsOwnBy(at: EpochSeconds): boolean {
    return this.#clockPublished || (earliest(this.#answerDue, ACT_ORDER.answer)?.at ?? Infinity) <= at;
  }

  /** EC4: the question's answer of its due slot; a paused question waits until it changes (EC3). */
  #publish(questionId: Uuid): void {
    const due = this.#answerDue.get(questionId)!;
    const question = this.store.echoQuestions.get(questionId)!;
    const next = publishDueAnswers(this.store, this.base, this.base.answerBody, question, due, due);
    // The same slot again: paused, nothing published.
    if (next !== due) this.#clockPublished = true;
    this.#answerDue.set(questionId, next === due ? Infinity : next);
    this.#nextAnswer = undefined;
  }

  /** Stores a new or changed question and schedules its next answer (EC2). */
  putEchoQuestion(question: EchoQuestion): void {
    this.store.putEchoQuestion(question);
    this.#scheduleAnswer(question);
  }

  deleteEchoQuestion(question: EchoQuestion): void {
    this.store.deleteEchoQuestion(question);
    this.#answerDue.delete(question.id);
    this.#nextAnswer = undefined;
  }

  #scheduleAnswer(question: EchoQuestion): void {
    this.#answerDue.set(question.id, nextAnswerAt(question, question.publishedThrough));
    this.#nextAnswer = undefined;
    this.#nextDue = -Infinity;
  }

  /** CI1: the zone reaches its next date: its people get their check-ins, and the day its agenda (LW6). */
  #newDay(timeZone: string): void {
    const { store } = this;
    const date = addDays(this.#through.get(timeZone)!, 1);
    // A check-in is made at the start of its day; that instant, not the catch-up time, is its updated_at and
    // decides which absences were known (CI9), so results do not depend on request timing.
    const madeAt = this.#nextMidnight.get(timeZone)!;
    for (const person of this.base.zones.get(timeZone)!) {
      const checkIn = freshCheckIn(this.seed, person, store.absencesOf(person), store.teams, date, madeAt);
      if (checkIn) store.addCheckIn(checkIn);
    }
    this.#through.set(timeZone, date);
    this.#nextMidnight.set(timeZone, instantAt(addDays(date, 1), '00:00', timeZone));
    this.#nextDay = undefined;
    if (this.#life.mode !== 'none') this.#life.schedule(timeZone, date, madeAt, madeAt, this.base.generatedAt);
  }
}
