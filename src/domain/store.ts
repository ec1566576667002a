// The record store: one table per record kind with the indexes that keep filtered lists proportional to what
// they return (check-ins by person and date, goals by person, team and parent, children of each record).
// A base store holds a generated world and is frozen; every world a client talks to is a layer over one
// (MK5): it costs what it changed, and two layers never see each other's writes.
import { stableUuid } from './entropy.js';
import {
  createdName,
  KINDS,
  RECORD_KINDS,
  type CreatedKind,
  type RecordKind,
  type RecordOf,
  type Tables,
} from './record-kinds.js';
import { byNameThenId, resourceKey } from './record-order.js';
import type {
  Absence,
  Activity,
  CheckIn,
  Comment,
  CommentableType,
  EchoAnswer,
  EchoQuestion,
  Goal,
  GoalUpdate,
  IsoDate,
  Person,
  Reaction,
  Team,
  Uuid,
} from './records.js';
import type { Sliced } from './slices.js';
import { Table, type Change, type IndexSpec } from './table.js';

/** What decides the ids and order of records made from now on (MK3): saved with a world's state. */
export interface StoreCounters {
  created: Record<string, number>;
  seq: number;
}

const ALL = 'all';

/** People, teams and tokens: fixed for a base's life, shared by all its layers. */
interface Directory {
  tokens: Map<string, { personId: Uuid; readOnly: boolean }>;
  peopleInOrder: Person[];
  teamsInOrder: Team[];
  membersByTeam: Map<Uuid, Person[]>;
}

/** Numbers each store made, so that what holds a layer's records can tell whether that layer is still in use. */
let stores = 0;

/**
 * A class whose instances carry one table per kind as their own fields (`store.goals`), typed from the registry
 * (record-kinds.ts) and set by Store's constructor: no kind is listed here by hand.
 */
const WithTables = class {} as new () => Tables;

export class Store extends WithTables {
  /** This store's number, unique in the process (a snapshot notes the layer it was taken of). */
  // Stryker disable next-line UpdateOperator: serials are only compared for equality (sessions.ts), and counting down keeps them distinct.
  readonly serial = ++stores;

  readonly #directory: Directory;
  /** Per kind, so creating a comment never shifts the id of the next goal (MK3). */
  readonly #created: Map<string, number>;
  #seq: number;
  /** The first and last dates that hold any check-in; bounds for walking dates (CI5). */
  readonly checkInDates: { first: IsoDate; last: IsoDate };

  /** A base store; `firstSeq` lies above every generated record's seq, so records made later sort as newer. */
  constructor(
    readonly seed: number,
    firstSeq: number,
    base?: Store,
  ) {
    super();
    for (const kind of RECORD_KINDS) {
      const indexes = KINDS[kind].indexes as Readonly<Record<string, IndexSpec<never>>>;
      (this as Record<RecordKind, unknown>)[kind] = base ? base.table(kind).layer() : new Table(indexes);
    }
    this.#directory = base
      ? base.#directory
      : { tokens: new Map(), peopleInOrder: [], teamsInOrder: [], membersByTeam: new Map() };
    this.#created = new Map(base ? base.#created : []);
    this.#seq = base ? base.#seq : firstSeq;
    this.checkInDates = {
      ...(base?.checkInDates ?? {
        first: '9999-12-31',
        // Stryker disable next-line StringLiteral: without a check-in the walk from first to last is empty with any last below every date; the first check-in replaces it.
        last: '0000-01-01',
      }),
    };
  }

  /** A copy-on-write layer over this store, which must be frozen. */
  layer(): Store {
    return new Store(this.seed, this.#seq, this);
  }

  /**
   * Ends loading a base: indexes sorted once, and every later write refused (write to a layer); a slice at a
   * time (slices.ts).
   */
  *freezing(): Sliced<this> {
    for (const name of RECORD_KINDS) yield* this.table(name).freezing();
    return this;
  }

  table<K extends RecordKind>(kind: K): Tables[K] {
    return this[kind];
  }

  /**
   * A record of any kind, put as that kind's own writes put it: a check-in also widens the dates walked (CI5).
   * @example store.put('goals', goal)
   */
  put<K extends RecordKind>(kind: K, record: RecordOf<K>): void {
    if (kind === 'checkIns') this.putCheckIn(record as CheckIn);
    else this.table(kind).put(record);
  }

  /** Every change of this layer, per kind (a snapshot, the state file). */
  changes(): { [N in RecordKind]: Array<Change<RecordOf<N>>> } {
    return Object.fromEntries(RECORD_KINDS.map((name) => [name, [...this.table(name).changes()]])) as never;
  }

  /** How many records this layer created, replaced or deleted (what it costs over its base). */
  get changeCount(): number {
    return RECORD_KINDS.reduce((sum, name) => sum + this.table(name).changeCount, 0);
  }

  /** Puts and deletes of every table so far (the digest's cache is current while this is unchanged). */
  get writes(): number {
    return RECORD_KINDS.reduce((sum, name) => sum + this.table(name).writes, 0);
  }

  /** What this layer's own records cost, in estimated bytes (MK5: a layer costs what it changed). */
  get approxBytes(): number {
    // A loop, not a reduce: the memory budget asks on every write.
    let bytes = 0;
    for (const name of RECORD_KINDS) bytes += this.table(name).approxBytes;
    return bytes;
  }

  /** A snapshot now holds this layer's records: those replaced or deleted later stay counted. */
  retainReplaced(): void {
    for (const name of RECORD_KINDS) this.table(name).retainReplaced();
  }

  /**
   * Calls `listener` after every put and delete of this layer (the state file's change log) with the record in
   * force before it, or undefined for a new one (WH2: a check-in just completed, an update just posted).
   */
  onChange(listener: ((table: RecordKind, id: string, previous: unknown) => void) | null): void {
    for (const name of RECORD_KINDS) {
      // Each table's listener takes its own record type; the store's listener takes any (`unknown`).
      const table = this.table(name) as { onChange: ((id: string, previous: unknown) => void) | null };
      table.onChange = listener && ((id, previous) => listener(name, id, previous));
    }
  }

  /** MK3: ids of records clients create depend on the seed and the count of creates of that kind alone. */
  newId(kind: CreatedKind): Uuid {
    const name = createdName(kind);
    const count = (this.#created.get(name) ?? 0) + 1;
    this.#created.set(name, count);
    return stableUuid(this.seed, name, 'created', count);
  }

  nextSeq(): number {
    return ++this.#seq;
  }

  counters(): StoreCounters {
    return { created: Object.fromEntries(this.#created), seq: this.#seq };
  }

  restoreCounters(counters: StoreCounters): void {
    this.#created.clear();
    for (const [kind, count] of Object.entries(counters.created)) this.#created.set(kind, count);
    this.#seq = counters.seq;
  }

  // People and teams: loaded once per base; a layer shares them (no API changes a person or a team).
  get tokens(): ReadonlyMap<string, { personId: Uuid; readOnly: boolean }> {
    return this.#directory.tokens;
  }

  /** PT2, CI5: every person in name order. */
  get peopleInOrder(): readonly Person[] {
    return this.#directory.peopleInOrder;
  }

  get teamsInOrder(): readonly Team[] {
    return this.#directory.teamsInOrder;
  }

  /** Members of each team, in name order. */
  get membersByTeam(): ReadonlyMap<Uuid, readonly Person[]> {
    return this.#directory.membersByTeam;
  }

  indexPeopleAndTeams(people: Iterable<Person>, teams: Iterable<Team>): void {
    const { tokens, peopleInOrder, teamsInOrder, membersByTeam } = this.#directory;
    for (const team of teams) this.teams.put(team);
    for (const person of people) {
      this.people.put(person);
      tokens.set(person.tokens.readWrite, { personId: person.id, readOnly: false });
      tokens.set(person.tokens.readOnly, { personId: person.id, readOnly: true });
    }
    peopleInOrder.push(...[...this.people.values()].sort(byNameThenId));
    teamsInOrder.push(...[...this.teams.values()].sort(byNameThenId));
    for (const person of peopleInOrder) {
      for (const teamId of person.teamIds) {
        const members = membersByTeam.get(teamId) ?? [];
        members.push(person);
        membersByTeam.set(teamId, members);
      }
    }
  }

  /** CI9: a person's absences, the generated ones and those recorded since. */
  absencesOf(person: Person): readonly Absence[] {
    return this.absences.get(person.id)?.absences ?? person.absences;
  }

  // Goals: indexed by owner/contributor, team and parent, and kept in GO6 order.
  putGoal(goal: Goal): void {
    this.goals.put(goal);
  }

  deleteGoal(goal: Goal): void {
    this.goals.delete(goal.id);
  }

  goalsOfPerson(personId: Uuid): readonly Goal[] {
    return this.goals.find('person', personId);
  }

  goalsOfTeam(teamId: Uuid): readonly Goal[] {
    return this.goals.find('team', teamId);
  }

  childGoals(goalId: Uuid): readonly Goal[] {
    return this.goals.find('parent', goalId);
  }

  /** GO6 order of all goals, read lazily: a page costs what it skips and returns. */
  goalsInOrder(): Iterable<Goal> {
    return this.goals.iterate('order', ALL);
  }

  // Goal updates: per goal, newest first (GU7); the first is the latest (GO4).
  putGoalUpdate(update: GoalUpdate): void {
    this.goalUpdates.put(update);
  }

  deleteGoalUpdate(update: GoalUpdate): void {
    this.goalUpdates.delete(update.id);
  }

  updatesOfGoal(goalId: Uuid): readonly GoalUpdate[] {
    return this.goalUpdates.find('goal', goalId);
  }

  /** GU7, lazily: a page of a goal's updates costs the page, not all of them. */
  updatesOfGoalInOrder(goalId: Uuid): Iterable<GoalUpdate> {
    return this.goalUpdates.iterate('goal', goalId);
  }

  /** DG2: the updates a person posted, newest first. */
  updatesByPerson(personId: Uuid): readonly GoalUpdate[] {
    return this.goalUpdates.find('author', personId);
  }

  /** GO4: the goal's latest update, found without listing the others. */
  latestUpdateOf(goalId: Uuid): GoalUpdate | undefined {
    return this.goalUpdates.first('goal', goalId);
  }

  // Check-ins: by person and date (CI1: at most one per person and day).
  putCheckIn(checkIn: CheckIn): void {
    this.checkIns.put(checkIn);
    // Stryker disable next-line EqualityOperator: on an equal date, assigning it again changes nothing.
    if (checkIn.date < this.checkInDates.first) this.checkInDates.first = checkIn.date;
    // Stryker disable next-line EqualityOperator: as above.
    if (checkIn.date > this.checkInDates.last) this.checkInDates.last = checkIn.date;
  }

  /** CI1: puts a check-in unless one with its id exists (a new day's, made again after a restore); whether it did. */
  addCheckIn(checkIn: CheckIn): boolean {
    if (!this.checkIns.add(checkIn)) return false;
    // Stryker disable next-line EqualityOperator: on an equal date, assigning it again changes nothing.
    if (checkIn.date < this.checkInDates.first) this.checkInDates.first = checkIn.date;
    // Stryker disable next-line EqualityOperator: as above.
    if (checkIn.date > this.checkInDates.last) this.checkInDates.last = checkIn.date;
    return true;
  }

  checkInOf(personId: Uuid, date: IsoDate): CheckIn | undefined {
    return this.checkIns.pair('day', personId, date);
  }

  /** checkInOf for one person, their check-ins looked up once (a walk over their dates); read before a write. */
  checkInsOf(personId: Uuid): (date: IsoDate) => CheckIn | undefined {
    return this.checkIns.pairsOf('day', personId);
  }

  /** The dates on which a person has a check-in, unordered. */
  checkInDatesOf(personId: Uuid): Iterable<IsoDate> {
    return this.checkIns.pairKeys('day', personId);
  }

  // Echo questions and their answers, per question newest first (EC5).
  putEchoQuestion(question: EchoQuestion): void {
    this.echoQuestions.put(question);
  }

  /** EC6: a question goes with its answers. */
  deleteEchoQuestion(question: EchoQuestion): void {
    for (const answer of [...this.answersOfQuestion(question.id)]) this.echoAnswers.delete(answer.id);
    this.echoQuestions.delete(question.id);
  }

  putEchoAnswer(answer: EchoAnswer): void {
    this.echoAnswers.put(answer);
  }

  answersOfQuestion(questionId: Uuid): readonly EchoAnswer[] {
    return this.echoAnswers.find('question', questionId);
  }

  // Comments and reactions: per resource, newest first (CR1).
  putComment(comment: Comment): void {
    this.comments.put(comment);
  }

  deleteComment(comment: Comment): void {
    this.comments.delete(comment.id);
  }

  commentsOf(type: CommentableType, id: Uuid): readonly Comment[] {
    return this.comments.find('resource', resourceKey(type, id));
  }

  /** LW4: the comments a person wrote, newest first, lazily (the simulation reads a week's of them). */
  commentsBy(personId: Uuid): Iterable<Comment> {
    return this.comments.iterate('writer', personId);
  }

  putReaction(reaction: Reaction): void {
    this.reactions.put(reaction);
  }

  deleteReaction(reaction: Reaction): void {
    this.reactions.delete(reaction.id);
  }

  reactionsOf(type: CommentableType, id: Uuid): readonly Reaction[] {
    return this.reactions.find('resource', resourceKey(type, id));
  }

  /** GO8: an update goes with its comments and reactions. */
  deleteResourceChildren(type: CommentableType, id: Uuid): void {
    for (const comment of [...this.commentsOf(type, id)]) this.deleteComment(comment);
    for (const reaction of [...this.reactionsOf(type, id)]) this.deleteReaction(reaction);
  }

  // Activities: newest first (AC1).
  putActivity(activity: Activity): void {
    this.activities.put(activity);
  }

  activitiesInOrder(): Iterable<Activity> {
    return this.activities.iterate('order', ALL);
  }
}
