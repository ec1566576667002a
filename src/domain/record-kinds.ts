// The record kinds of a world, listed once: each kind's record type and table indexes, whether it is part of a
// world's contents (a generated world, a full state, an imported base), the MK3 counter its created ids count
// on, and what else the text of one of its records is made from (the render cache's dependencies). The store,
// the contents, the state format, the integrity checks and the state file iterate this list; HTTP keys each
// kind's wire form (schema, presenter) by the same kinds (src/http/wire-kinds.ts), and the compiler holds
// both to every kind. Adding a kind is an entry here (its record type and its spec) and its wire form there.
import { isCalendarDate } from './calendar.js';
import { canSeeGoal } from './goal-visibility.js';
import { goalOrder, newestFirst, newestPublishedFirst, newestRecordedFirst, resourceKey } from './record-order.js';
import type {
  Absence,
  Activity,
  CheckIn,
  Comment,
  EchoAnswer,
  EchoQuestion,
  EpochSeconds,
  Goal,
  GoalUpdate,
  Person,
  PersonAbsences,
  Reaction,
  Team,
} from './records.js';
import type { IndexSpec, Table } from './table.js';

/** The record each kind holds, in the order a state lists the kinds. */
export interface KindRecords {
  people: Person;
  teams: Team;
  goals: Goal;
  goalUpdates: GoalUpdate;
  checkIns: CheckIn;
  echoQuestions: EchoQuestion;
  echoAnswers: EchoAnswer;
  comments: Comment;
  reactions: Reaction;
  activities: Activity;
  /** CI9: absences recorded while the world ran replace the person's generated list. */
  absences: PersonAbsences;
}

export type RecordKind = keyof KindRecords;

export type RecordOf<K extends RecordKind> = KindRecords[K];

/** A world's tables, one per kind (the store's fields: `store.goals`). */
export type Tables = { readonly [K in RecordKind]: Table<KindRecords[K]> };

/** What the store, the contents and the render cache know of a kind of record. */
export interface KindSpec<R> {
  /** The table's indexes: what lists of this kind are found and ordered by. */
  readonly indexes: Readonly<Record<string, IndexSpec<R>>>;
  /**
   * Part of a world's contents, as generated and in a full state (`records.<kind>`); false for what lives in
   * another kind's records there (recorded absences are the people's `absences`).
   */
  readonly contents: boolean;
  /** People and teams: loaded with a base, shared by its layers, never changed over it. */
  readonly directory?: true;
  /** MK3: the name the ids of records clients create count on (`store.newId`); none when no request creates one. */
  readonly created?: string;
  /**
   * What else a record's wire text is made from, besides the record itself and the names of people and teams
   * (which never change): the render cache makes the text again when any of these differs. `now` is the
   * world's clock in seconds, for kinds whose text follows it (`readsClock`).
   */
  readonly dependsOn?: (tables: Tables, record: R, viewer: Person, now: EpochSeconds) => readonly unknown[];
  /** Whether the text follows the clock: the renderer then reads it once and hands it to `dependsOn`. */
  readonly readsClock?: true;
  /** What a record must refer to, or be, for the world to hold together: each problem told to `add` (world-integrity.ts). */
  readonly references?: (tables: Tables, record: R, add: (problem: string) => void) => void;
  /**
   * A deletion's problem, if any: what still depends on the deleted record (GO8, EC6, CR1) or that this kind is
   * never deleted (CI7).
   */
  readonly leftBehind?: (tables: Tables, id: string) => string | undefined;
}

/** A reference to a person, which must exist. */
function person(tables: Tables, id: string, where: string, add: (problem: string) => void): void {
  if (!tables.people.has(id)) add(`${where} names person ${id}, who does not exist`);
}

/** A reference to a team, which must exist. */
function team(tables: Tables, id: string, where: string, add: (problem: string) => void): void {
  if (!tables.teams.has(id)) add(`${where} names team ${id}, which does not exist`);
}

/** CI9: absences as [{start, end, recordedAt}] with start <= end. */
function wellFormedAbsences(absences: unknown): boolean {
  return (
    Array.isArray(absences) &&
    absences.every(
      (a: Absence) =>
        // A null entry fails here; past it, `a` is an object.
        isCalendarDate(String(a?.start)) &&
        isCalendarDate(String(a.end)) &&
        a.start <= a.end &&
        Number.isFinite(a.recordedAt),
    )
  );
}

/** CR1: a comment or a reaction sits on a check-in or a goal update that exists. */
function onResource(tables: Tables, r: Comment | Reaction, kind: string, add: (problem: string) => void): void {
  person(tables, r.personId, `${kind} ${r.id}`, add);
  const exists =
    r.resourceType === 'check-in' ? tables.checkIns.has(r.resourceId) : tables.goalUpdates.has(r.resourceId);
  if (!exists) add(`${kind} ${r.id} sits on ${r.resourceType} ${r.resourceId}, which does not exist`);
}

const ALL = 'all';

/** The registry as written, each entry's literal types kept (which kinds are contents, which are created). */
const SPECS = {
  people: {
    indexes: {},
    contents: true,
    directory: true,
    references: (tables, p, add) => {
      p.teamIds.forEach((id) => team(tables, id, `person ${p.id}`, add));
      if (!wellFormedAbsences(p.absences))
        add(`person ${p.id} has absences that are not [{start, end, recordedAt}] with start <= end (CI9)`);
    },
  },
  teams: { indexes: {}, contents: true, directory: true },
  goals: {
    indexes: {
      person: { keys: (g) => new Set([g.ownerId, ...g.contributorIds]) },
      team: { keys: (g) => g.teamIds },
      parent: { keys: (g) => (g.parentId ? [g.parentId] : []) },
      order: { keys: () => [ALL], compare: goalOrder },
    },
    contents: true,
    created: 'goal',
    // GO4: the latest update's progress and confidence; GO7: the parent, if the viewer may see it.
    dependsOn: (tables, goal, viewer) => {
      const parent = goal.parentId === null ? undefined : tables.goals.get(goal.parentId);
      return [tables.goalUpdates.first('goal', goal.id), parent, parent !== undefined && canSeeGoal(parent, viewer)];
    },
    references: (tables, g, add) => {
      person(tables, g.ownerId, `goal ${g.id}`, add);
      g.contributorIds.forEach((id) => person(tables, id, `goal ${g.id}`, add));
      g.teamIds.forEach((id) => team(tables, id, `goal ${g.id}`, add));
      if (g.parentId !== null && !tables.goals.has(g.parentId))
        add(`goal ${g.id} has parent ${g.parentId}, which does not exist`);
      const seen = new Set([g.id]);
      for (
        let p = g.parentId ? tables.goals.get(g.parentId) : undefined;
        p;
        p = p.parentId ? tables.goals.get(p.parentId) : undefined
      ) {
        if (seen.has(p.id)) {
          add(`goal ${g.id} is its own ancestor (GO2)`);
          break;
        }
        seen.add(p.id);
      }
    },
    // GO8: a deleted goal's updates go with it, and its children are left with parent null: a state whose
    // deleted goal still has either is refused, naming each.
    leftBehind: (tables, id) => {
      const updates = tables.goalUpdates.find('goal', id).length;
      const children = tables.goals.find('parent', id).length;
      const left = [
        updates > 0 && `whose ${updates} updates remain: a deleted goal's updates go with it (GO8)`,
        children > 0 && `whose ${children} child goals still name it: they keep parent null (GO8)`,
      ].filter((problem) => problem !== false);
      return left.length > 0
        ? left.map((problem) => `deleted.goals holds goal ${id}, ${problem}`).join('; ')
        : undefined;
    },
  },
  goalUpdates: {
    // DG2: an update lands in the digests of its author's teammates, found by author.
    indexes: {
      goal: { keys: (u) => [u.goalId], compare: newestFirst },
      author: { keys: (u) => [u.personId], compare: newestFirst },
    },
    contents: true,
    created: 'goal-update',
    // The goal's title.
    dependsOn: (tables, update) => [tables.goals.get(update.goalId)],
    references: (tables, u, add) => {
      if (!tables.goals.has(u.goalId)) add(`goal update ${u.id} belongs to goal ${u.goalId}, which does not exist`);
      person(tables, u.personId, `goal update ${u.id}`, add);
    },
    // GO8: an update goes with its comments and reactions; a state whose deleted update keeps either is refused,
    // naming where the deletion is and what remains.
    leftBehind: (tables, id) => {
      const comments = tables.comments.find('resource', resourceKey('goal-update', id)).length;
      const reactions = tables.reactions.find('resource', resourceKey('goal-update', id)).length;
      return comments + reactions > 0
        ? `deleted.goalUpdates holds goal update ${id}, whose ${comments} comments and ${reactions} reactions remain: a deleted update's comments and reactions go with it (GO8)`
        : undefined;
    },
  },
  checkIns: {
    indexes: { day: { pair: (c) => [c.personId, c.date] as const } },
    contents: true,
    references: (tables, c, add) => {
      person(tables, c.personId, `check-in ${c.id}`, add);
      c.teamIds.forEach((id) => team(tables, id, `check-in ${c.id}`, add));
      if (tables.checkIns.pair('day', c.personId, c.date)?.id !== c.id)
        add(`check-in ${c.id} is a second check-in of its person on ${c.date} (CI1)`);
    },
    leftBehind: (_tables, id) => `deleted.checkIns holds check-in ${id}: check-ins are never deleted (CI7)`,
  },
  echoQuestions: {
    indexes: {},
    contents: true,
    created: 'echo-question',
    // EC2: `next_answer_at` follows the clock.
    dependsOn: (_tables, _question, _viewer, now) => [now],
    readsClock: true,
    references: (tables, q, add) => {
      person(tables, q.creatorId, `echo question ${q.id}`, add);
      if (!Number.isFinite(q.publishedThrough)) add(`echo question ${q.id} lacks publishedThrough`);
    },
    // EC6: a question goes with its answers.
    leftBehind: (tables, id) => {
      const answers = tables.echoAnswers.find('question', id).length;
      return answers > 0
        ? `deleted.echoQuestions holds echo question ${id}, whose ${answers} answers remain: a deleted Echo's answers go with it (EC6)`
        : undefined;
    },
  },
  echoAnswers: {
    indexes: { question: { keys: (a) => [a.questionId], compare: newestPublishedFirst } },
    contents: true,
    created: 'echo-answer',
    // The question's title.
    dependsOn: (tables, answer) => [tables.echoQuestions.get(answer.questionId)],
    references: (tables, a, add) => {
      if (!tables.echoQuestions.has(a.questionId))
        add(`echo answer ${a.id} answers question ${a.questionId}, which does not exist`);
    },
  },
  comments: {
    indexes: {
      resource: { keys: (c) => [resourceKey(c.resourceType, c.resourceId)], compare: newestFirst },
      // LW4: the simulation reads what a person commented earlier in the week (life.ts), never saying it again.
      writer: { keys: (c) => [c.personId], compare: newestFirst },
    },
    contents: true,
    created: 'comment',
    references: (tables, c, add) => onResource(tables, c, 'comment', add),
  },
  reactions: {
    indexes: { resource: { keys: (r) => [resourceKey(r.resourceType, r.resourceId)], compare: newestFirst } },
    contents: true,
    created: 'reaction',
    references: (tables, r, add) => onResource(tables, r, 'reaction', add),
  },
  activities: {
    indexes: { order: { keys: () => [ALL], compare: newestRecordedFirst } },
    contents: true,
    created: 'activity',
    references: (tables, a, add) => person(tables, a.personId, `activity ${a.id}`, add),
  },
  absences: {
    indexes: {},
    contents: false,
    references: (tables, a, add) => {
      person(tables, a.id, `absences ${a.id}`, add);
      if (!wellFormedAbsences(a.absences))
        add(`absences ${a.id} are not [{start, end, recordedAt}] with start <= end (CI9)`);
    },
  },
} as const satisfies { readonly [K in RecordKind]: KindSpec<KindRecords[K]> };

/**
 * The registry: every kind's spec. Its order is the order a state lists the kinds; a store's tables are made
 * from it.
 * @example for (const kind of RECORD_KINDS) if (KINDS[kind].directory) console.log(kind, 'is shared by layers')
 */
export const KINDS: { readonly [K in RecordKind]: KindSpec<KindRecords[K]> } = SPECS;

/** Every kind, in the order a state lists them. */
export const RECORD_KINDS = Object.keys(KINDS) as RecordKind[];

/** The kinds of a world's contents (a generated world, a full state's `records`, an imported base). */
export type ContentsKind = { [K in RecordKind]: (typeof SPECS)[K]['contents'] extends true ? K : never }[RecordKind];

export const CONTENTS_KINDS = RECORD_KINDS.filter((kind): kind is ContentsKind => KINDS[kind].contents);

/** The kinds whose records clients create, each with the name its ids count on (MK3). */
export type CreatedKind = { [K in RecordKind]: (typeof SPECS)[K] extends { created: string } ? K : never }[RecordKind];

/**
 * MK3: the name the ids of a created kind count on.
 * @example createdName('goalUpdates') // 'goal-update'
 */
export function createdName(kind: CreatedKind): string {
  return SPECS[kind].created;
}
