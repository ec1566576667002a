// Whether a rebuilt world holds together: unique ids and tokens, every reference pointing at a record that
// exists, absences well formed, no parent cycles, nothing left pointing at a deleted record, and counters
// past every id already made (MK3). A restored state must pass before it replaces a running world, or a
// later request would fail on it. A state of changes is checked where it changed, at what it changed costs.
import { isCalendarDate } from './calendar.js';
import { stableUuid } from './entropy.js';
import type {
  Absence,
  CheckIn,
  Comment,
  EchoAnswer,
  EchoQuestion,
  Goal,
  GoalUpdate,
  Person,
  Reaction,
} from './records.js';
import type { PersonAbsences, RecordOf, Store, TableName } from './store.js';
import type { WorldContents } from './world-base.js';
import type { World, WorldChanges } from './world.js';

type Add = (problem: string) => void;

function wellFormedAbsences(absences: unknown): boolean {
  return (
    Array.isArray(absences) &&
    absences.every(
      (a: Absence) =>
        isCalendarDate(String(a?.start)) &&
        isCalendarDate(String(a?.end)) &&
        a.start <= a.end &&
        Number.isFinite(a.recordedAt),
    )
  );
}

/** Per record kind, the references a record of it makes, checked against the store. */
function referenceChecks(store: Store, add: Add): { [N in TableName]?: (record: RecordOf<N>) => void } {
  const person = (id: string, where: string) =>
    store.people.has(id) || add(`${where} names person ${id}, who does not exist`);
  const team = (id: string, where: string) =>
    store.teams.has(id) || add(`${where} names team ${id}, which does not exist`);
  const onResource = (r: Comment | Reaction, kind: string) => {
    person(r.personId, `${kind} ${r.id}`);
    const exists =
      r.resourceType === 'check-in' ? store.checkIns.has(r.resourceId) : store.goalUpdates.has(r.resourceId);
    if (!exists) add(`${kind} ${r.id} sits on ${r.resourceType} ${r.resourceId}, which does not exist`);
  };
  return {
    people: (p: Person) => {
      p.teamIds.forEach((id) => team(id, `person ${p.id}`));
      if (!wellFormedAbsences(p.absences))
        add(`person ${p.id} has absences that are not [{start, end, recordedAt}] with start <= end (CI9)`);
    },
    absences: (a: PersonAbsences) => {
      person(a.id, `absences ${a.id}`);
      if (!wellFormedAbsences(a.absences))
        add(`absences ${a.id} are not [{start, end, recordedAt}] with start <= end (CI9)`);
    },
    goals: (g: Goal) => {
      person(g.ownerId, `goal ${g.id}`);
      g.contributorIds.forEach((id) => person(id, `goal ${g.id}`));
      g.teamIds.forEach((id) => team(id, `goal ${g.id}`));
      if (g.parentId !== null && !store.goals.has(g.parentId))
        add(`goal ${g.id} has parent ${g.parentId}, which does not exist`);
      const seen = new Set([g.id]);
      for (
        let p = g.parentId ? store.goals.get(g.parentId) : undefined;
        p;
        p = p.parentId ? store.goals.get(p.parentId) : undefined
      ) {
        if (seen.has(p.id)) {
          add(`goal ${g.id} is its own ancestor (GO2)`);
          break;
        }
        seen.add(p.id);
      }
    },
    goalUpdates: (u: GoalUpdate) => {
      if (!store.goals.has(u.goalId)) add(`goal update ${u.id} belongs to goal ${u.goalId}, which does not exist`);
      person(u.personId, `goal update ${u.id}`);
    },
    checkIns: (c: CheckIn) => {
      person(c.personId, `check-in ${c.id}`);
      c.teamIds.forEach((id) => team(id, `check-in ${c.id}`));
      if (store.checkInOf(c.personId, c.date)?.id !== c.id)
        add(`check-in ${c.id} is a second check-in of its person on ${c.date} (CI1)`);
    },
    echoQuestions: (q: EchoQuestion) => {
      person(q.creatorId, `echo question ${q.id}`);
      if (!Number.isFinite(q.publishedThrough)) add(`echo question ${q.id} lacks publishedThrough`);
    },
    echoAnswers: (a: EchoAnswer) => {
      if (!store.echoQuestions.has(a.questionId))
        add(`echo answer ${a.id} answers question ${a.questionId}, which does not exist`);
    },
    comments: (c: Comment) => onResource(c, 'comment'),
    reactions: (r: Reaction) => onResource(r, 'reaction'),
    activities: (a) => person(a.personId, `activity ${a.id}`),
  };
}

/** MK3: the next id of each kind must be free, or a create would overwrite a record. */
function counterProblems(world: World, add: Add): void {
  const { store } = world;
  const created = store.counters().created;
  const tables: Record<string, { has(id: string): boolean }> = {
    goal: store.goals,
    'goal-update': store.goalUpdates,
    'echo-question': store.echoQuestions,
    'echo-answer': store.echoAnswers,
    comment: store.comments,
    reaction: store.reactions,
    activity: store.activities,
  };
  for (const [kind, table] of Object.entries(tables)) {
    if (table.has(stableUuid(world.seed, kind, 'created', (created[kind] ?? 0) + 1)))
      add(`counters.created.${kind} is behind the records already made (MK3)`);
  }
}

function collector(most: number): { problems: string[]; add: Add } {
  const problems: string[] = [];
  return { problems, add: (problem) => void (problems.length < most && problems.push(problem)) };
}

/**
 * The first problems of a world imported in full (empty when it holds together).
 * @example integrityProblems(world, contents)
 */
export function integrityProblems(world: World, contents: WorldContents, most = 5): string[] {
  const { store } = world;
  const { problems, add } = collector(most);
  // Within the state's own records: the rebuilt world may already hold more (a catch-up publishes answers).
  const collections: Array<[string, ReadonlyArray<{ id: string }>]> = [
    ['people', contents.people],
    ['teams', contents.teams],
    ['goals', contents.goals],
    ['goalUpdates', contents.goalUpdates],
    ['checkIns', contents.checkIns],
    ['echoQuestions', contents.echoQuestions],
    ['echoAnswers', contents.echoAnswers ?? []],
    ['comments', contents.comments],
    ['reactions', contents.reactions],
    ['activities', contents.activities],
  ];
  for (const [name, records] of collections) {
    const duplicates = records.length - new Set(records.map((r) => r.id)).size;
    if (duplicates > 0) add(`records.${name} holds ${duplicates} records whose id is taken`);
  }
  if (store.tokens.size !== store.people.size * 2) add('two people share a token (G9)');
  const checks = referenceChecks(store, add) as Record<TableName, ((record: unknown) => void) | undefined>;
  for (const [name, check] of Object.entries(checks)) {
    for (const record of store.table(name as TableName).values()) check?.(record);
  }
  counterProblems(world, add);
  return problems;
}

/**
 * The first problems of a world rebuilt from changes over its base: every changed record's references,
 * nothing left pointing at a deleted one, people and teams untouched, counters ahead.
 * @example changeProblems(world, parsed.changes)
 */
export function changeProblems(world: World, changes: WorldChanges, most = 5): string[] {
  const { store } = world;
  const { problems, add } = collector(most);
  const checks = referenceChecks(store, add) as Record<TableName, ((record: unknown) => void) | undefined>;
  for (const name of Object.keys(changes.tables) as TableName[]) {
    for (const { id, record } of changes.tables[name]) {
      if ((name === 'people' || name === 'teams') && (record !== null || store.table(name).has(id) === false)) {
        add(`changes.${name} changes ${id}: people and teams never change over a base`);
        continue;
      }
      if (record !== null) {
        checks[name]?.(store.table(name).get(id));
        continue;
      }
      // A deletion must take what depends on the record along (GO8, EC6, CR1).
      if (name === 'goals') {
        const updates = store.updatesOfGoal(id).length;
        const children = store.childGoals(id).length;
        if (updates > 0)
          add(
            `deleted.goals holds goal ${id}, whose ${updates} updates remain: a deleted goal's updates go with it (GO8)`,
          );
        if (children > 0)
          add(
            `deleted.goals holds goal ${id}, whose ${children} child goals still name it: they keep parent null (GO8)`,
          );
      }
      if (
        name === 'goalUpdates' &&
        (store.commentsOf('goal-update', id).length > 0 || store.reactionsOf('goal-update', id).length > 0)
      ) {
        add(`goal update ${id} is deleted but its comments or reactions remain`);
      }
      if (name === 'echoQuestions' && store.answersOfQuestion(id).length > 0)
        add(`echo question ${id} is deleted but its answers remain`);
      if (name === 'checkIns') add(`check-in ${id} is deleted: check-ins are never deleted (CI7)`);
    }
  }
  counterProblems(world, add);
  return problems;
}
