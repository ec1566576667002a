// The in-memory store: every collection keyed by id, plus the indexes that keep filtered lists proportional
// to what they return (check-ins by person and date, goals by person and team, children by parent).
import { stableUuid } from './entropy.js';
import type {
  Activity, CheckIn, Comment, CommentableType, EchoAnswer, EchoQuestion, Goal, GoalUpdate, IsoDate, Person,
  Reaction, Team, Uuid,
} from './records.js';

type Dated = { seq: number } & ({ createdAt: number } | { publishedAt: number } | { recordedAt: number });

function instantOf(record: Dated): number {
  return 'createdAt' in record ? record.createdAt : 'publishedAt' in record ? record.publishedAt : record.recordedAt;
}

/** GU7: newest first; within one second, the one created last first. */
export function newestFirst(a: Dated, b: Dated): number {
  return instantOf(b) - instantOf(a) || b.seq - a.seq;
}

/** Inserts into an array kept sorted by `compare` (binary search: no full re-sort per write). */
function insertSorted<T>(items: T[], item: T, compare: (a: T, b: T) => number): void {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(items[mid], item) <= 0) low = mid + 1;
    else high = mid;
  }
  items.splice(low, 0, item);
}

function removeFrom<T>(items: T[] | undefined, item: T): void {
  const index = items?.indexOf(item) ?? -1;
  if (index >= 0) items!.splice(index, 1);
}

function addToSetIndex(index: Map<Uuid, Set<Uuid>>, key: Uuid, value: Uuid): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

/** PT2, CI5: people ordered by name, then id. */
export function byNameThenId(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** GO6: end_date ascending with no end date last, then title, then id. */
export function goalOrder(a: Goal, b: Goal): number {
  if (a.endDate !== b.endDate) {
    if (a.endDate === null) return 1;
    if (b.endDate === null) return -1;
    return a.endDate < b.endDate ? -1 : 1;
  }
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function resourceKey(type: CommentableType, id: Uuid): string {
  return `${type}:${id}`;
}

/** What decides the ids and order of records made from now on (MK3): saved with a world's state. */
export interface StoreCounters {
  created: Record<string, number>;
  seq: number;
}

export class Store {
  readonly people = new Map<Uuid, Person>();
  readonly teams = new Map<Uuid, Team>();
  readonly goals = new Map<Uuid, Goal>();
  readonly goalUpdates = new Map<Uuid, GoalUpdate>();
  readonly checkIns = new Map<Uuid, CheckIn>();
  readonly echoQuestions = new Map<Uuid, EchoQuestion>();
  readonly echoAnswers = new Map<Uuid, EchoAnswer>();
  readonly comments = new Map<Uuid, Comment>();
  readonly reactions = new Map<Uuid, Reaction>();
  readonly activities = new Map<Uuid, Activity>();

  /** G9: token → person and whether the token is read-only. */
  readonly tokens = new Map<string, { personId: Uuid; readOnly: boolean }>();
  /** PT2, CI5: every person in name order. */
  readonly peopleInOrder: Person[] = [];
  readonly teamsInOrder: Team[] = [];
  /** Members of each team, in name order. */
  readonly membersByTeam = new Map<Uuid, Person[]>();

  readonly #goalsByPerson = new Map<Uuid, Set<Uuid>>();
  readonly #goalsByTeam = new Map<Uuid, Set<Uuid>>();
  readonly #childrenByGoal = new Map<Uuid, Set<Uuid>>();
  #goalsInOrder: Goal[] | null = null;
  readonly #updatesByGoal = new Map<Uuid, GoalUpdate[]>();
  readonly #checkInsByPerson = new Map<Uuid, Map<IsoDate, CheckIn>>();
  readonly #answersByQuestion = new Map<Uuid, EchoAnswer[]>();
  readonly #commentsByResource = new Map<string, Comment[]>();
  readonly #reactionsByResource = new Map<string, Reaction[]>();
  readonly #activitiesInOrder: Activity[] = [];
  /** Per kind, so creating a comment never shifts the id of the next goal (MK3). */
  readonly #created = new Map<string, number>();
  #seq: number;

  /** `firstSeq` lies above every generated record's seq, so records made later sort as newer. */
  constructor(readonly seed: number, firstSeq: number) {
    this.#seq = firstSeq;
  }

  /** MK3: ids of records clients create depend on the seed and the count of creates of that kind alone. */
  newId(kind: string): Uuid {
    const count = (this.#created.get(kind) ?? 0) + 1;
    this.#created.set(kind, count);
    return stableUuid(this.seed, kind, 'created', count);
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

  // People and teams are loaded once per world; their indexes are built in `indexPeopleAndTeams`.
  indexPeopleAndTeams(people: Iterable<Person>, teams: Iterable<Team>): void {
    for (const team of teams) this.teams.set(team.id, team);
    for (const person of people) {
      this.people.set(person.id, person);
      this.tokens.set(person.tokens.readWrite, { personId: person.id, readOnly: false });
      this.tokens.set(person.tokens.readOnly, { personId: person.id, readOnly: true });
    }
    this.peopleInOrder.push(...[...this.people.values()].sort(byNameThenId));
    this.teamsInOrder.push(...[...this.teams.values()].sort(byNameThenId));
    for (const person of this.peopleInOrder) {
      for (const teamId of person.teamIds) {
        const members = this.membersByTeam.get(teamId) ?? [];
        members.push(person);
        this.membersByTeam.set(teamId, members);
      }
    }
  }

  // Goals: indexed by owner/contributor, team and parent; the GO6 order is cached until a goal changes.
  putGoal(goal: Goal): void {
    const before = this.goals.get(goal.id);
    if (before) this.#unindexGoal(before);
    this.goals.set(goal.id, goal);
    for (const personId of [goal.ownerId, ...goal.contributorIds]) addToSetIndex(this.#goalsByPerson, personId, goal.id);
    for (const teamId of goal.teamIds) addToSetIndex(this.#goalsByTeam, teamId, goal.id);
    if (goal.parentId) addToSetIndex(this.#childrenByGoal, goal.parentId, goal.id);
    this.#goalsInOrder = null;
  }

  deleteGoal(goal: Goal): void {
    this.#unindexGoal(goal);
    this.goals.delete(goal.id);
    this.#childrenByGoal.delete(goal.id);
    this.#goalsInOrder = null;
  }

  #unindexGoal(goal: Goal): void {
    for (const personId of [goal.ownerId, ...goal.contributorIds]) this.#goalsByPerson.get(personId)?.delete(goal.id);
    for (const teamId of goal.teamIds) this.#goalsByTeam.get(teamId)?.delete(goal.id);
    if (goal.parentId) this.#childrenByGoal.get(goal.parentId)?.delete(goal.id);
  }

  goalIdsOfPerson(personId: Uuid): ReadonlySet<Uuid> {
    return this.#goalsByPerson.get(personId) ?? new Set();
  }

  goalIdsOfTeam(teamId: Uuid): ReadonlySet<Uuid> {
    return this.#goalsByTeam.get(teamId) ?? new Set();
  }

  childGoalIds(goalId: Uuid): ReadonlySet<Uuid> {
    return this.#childrenByGoal.get(goalId) ?? new Set();
  }

  /** GO6 order of all goals; rebuilt only after a goal was written. */
  goalsInOrder(): readonly Goal[] {
    this.#goalsInOrder ??= [...this.goals.values()].sort(goalOrder);
    return this.#goalsInOrder;
  }

  // Goal updates: per goal, newest first (GU7); the first is the latest (GO4).
  addGoalUpdate(update: GoalUpdate): void {
    this.goalUpdates.set(update.id, update);
    let list = this.#updatesByGoal.get(update.goalId);
    if (!list) this.#updatesByGoal.set(update.goalId, (list = []));
    insertSorted(list, update, newestFirst);
  }

  deleteGoalUpdate(update: GoalUpdate): void {
    this.goalUpdates.delete(update.id);
    removeFrom(this.#updatesByGoal.get(update.goalId), update);
  }

  updatesOfGoal(goalId: Uuid): readonly GoalUpdate[] {
    return this.#updatesByGoal.get(goalId) ?? [];
  }

  /** The first and last dates that hold any check-in; bounds for walking dates (CI5). */
  readonly checkInDates = { first: '9999-12-31', last: '0000-01-01' };

  // Check-ins: by person and date (CI1: at most one per person and day).
  addCheckIn(checkIn: CheckIn): void {
    this.checkIns.set(checkIn.id, checkIn);
    if (checkIn.date < this.checkInDates.first) this.checkInDates.first = checkIn.date;
    if (checkIn.date > this.checkInDates.last) this.checkInDates.last = checkIn.date;
    let byDate = this.#checkInsByPerson.get(checkIn.personId);
    if (!byDate) this.#checkInsByPerson.set(checkIn.personId, (byDate = new Map()));
    byDate.set(checkIn.date, checkIn);
  }

  checkInOf(personId: Uuid, date: IsoDate): CheckIn | undefined {
    return this.#checkInsByPerson.get(personId)?.get(date);
  }

  /** The dates on which a person has a check-in. */
  checkInDatesOf(personId: Uuid): Iterable<IsoDate> {
    return this.#checkInsByPerson.get(personId)?.keys() ?? [];
  }

  // Echo answers: per question, newest first (EC5).
  addEchoAnswer(answer: EchoAnswer): void {
    this.echoAnswers.set(answer.id, answer);
    let list = this.#answersByQuestion.get(answer.questionId);
    if (!list) this.#answersByQuestion.set(answer.questionId, (list = []));
    insertSorted(list, answer, newestFirst);
  }

  answersOfQuestion(questionId: Uuid): readonly EchoAnswer[] {
    return this.#answersByQuestion.get(questionId) ?? [];
  }

  /** EC6: a question goes with its answers. */
  deleteEchoQuestion(question: EchoQuestion): void {
    for (const answer of this.answersOfQuestion(question.id)) this.echoAnswers.delete(answer.id);
    this.#answersByQuestion.delete(question.id);
    this.echoQuestions.delete(question.id);
  }

  // Comments and reactions: per resource, newest first (CR1).
  addComment(comment: Comment): void {
    this.comments.set(comment.id, comment);
    const key = resourceKey(comment.resourceType, comment.resourceId);
    let list = this.#commentsByResource.get(key);
    if (!list) this.#commentsByResource.set(key, (list = []));
    insertSorted(list, comment, newestFirst);
  }

  deleteComment(comment: Comment): void {
    this.comments.delete(comment.id);
    removeFrom(this.#commentsByResource.get(resourceKey(comment.resourceType, comment.resourceId)), comment);
  }

  commentsOf(type: CommentableType, id: Uuid): readonly Comment[] {
    return this.#commentsByResource.get(resourceKey(type, id)) ?? [];
  }

  addReaction(reaction: Reaction): void {
    this.reactions.set(reaction.id, reaction);
    const key = resourceKey(reaction.resourceType, reaction.resourceId);
    let list = this.#reactionsByResource.get(key);
    if (!list) this.#reactionsByResource.set(key, (list = []));
    insertSorted(list, reaction, newestFirst);
  }

  deleteReaction(reaction: Reaction): void {
    this.reactions.delete(reaction.id);
    removeFrom(this.#reactionsByResource.get(resourceKey(reaction.resourceType, reaction.resourceId)), reaction);
  }

  reactionsOf(type: CommentableType, id: Uuid): readonly Reaction[] {
    return this.#reactionsByResource.get(resourceKey(type, id)) ?? [];
  }

  /** GO8: an update goes with its comments and reactions. */
  deleteResourceChildren(type: CommentableType, id: Uuid): void {
    for (const comment of [...this.commentsOf(type, id)]) this.deleteComment(comment);
    for (const reaction of [...this.reactionsOf(type, id)]) this.deleteReaction(reaction);
  }

  // Activities: newest first (AC1).
  addActivity(activity: Activity): void {
    this.activities.set(activity.id, activity);
    insertSorted(this.#activitiesInOrder, activity, newestFirst);
  }

  /** Loads many at once with one sort, not one sorted insert each (large worlds). */
  loadActivities(activities: readonly Activity[]): void {
    for (const activity of activities) this.activities.set(activity.id, activity);
    this.#activitiesInOrder.push(...activities);
    this.#activitiesInOrder.sort(newestFirst);
  }

  activitiesInOrder(): readonly Activity[] {
    return this.#activitiesInOrder;
  }
}
