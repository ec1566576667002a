// Whether a rebuilt world holds together: unique ids and tokens, every reference pointing at a record that
// exists, absences well formed, no parent cycles, and counters past every id already made (MK3). A restored
// state must pass before it replaces a running world, or a later request would fail on it.
import { isCalendarDate } from './calendar.js';
import { stableUuid } from './entropy.js';
import type { WorldContents, World } from './world.js';

/**
 * The first problems found (empty when the world holds together).
 * @example integrityProblems(world, contents)
 */
export function integrityProblems(world: World, contents: WorldContents, most = 5): string[] {
  const { store } = world;
  const problems: string[] = [];
  const add = (problem: string) => {
    if (problems.length < most) problems.push(problem);
  };
  // Within the state's own records: the rebuilt world may already hold more (a catch-up publishes answers).
  const collections: Array<[string, Array<{ id: string }>]> = [
    ['people', contents.people], ['teams', contents.teams], ['goals', contents.goals], ['goalUpdates', contents.goalUpdates],
    ['checkIns', contents.checkIns], ['echoQuestions', contents.echoQuestions], ['echoAnswers', contents.echoAnswers ?? []],
    ['comments', contents.comments], ['reactions', contents.reactions], ['activities', contents.activities],
  ];
  for (const [name, records] of collections) {
    const duplicates = records.length - new Set(records.map((r) => r.id)).size;
    if (duplicates > 0) add(`records.${name} holds ${duplicates} records whose id is taken`);
  }
  if (store.tokens.size !== store.people.size * 2) add('two people share a token (G9)');
  const person = (id: string, where: string) => store.people.has(id) || add(`${where} names person ${id}, who does not exist`);
  const team = (id: string, where: string) => store.teams.has(id) || add(`${where} names team ${id}, which does not exist`);
  for (const p of store.people.values()) {
    p.teamIds.forEach((id) => team(id, `person ${p.id}`));
    const wellFormed = Array.isArray(p.absences) && p.absences.every((a) =>
      isCalendarDate(String(a?.start)) && isCalendarDate(String(a?.end)) && a.start <= a.end && Number.isFinite(a.recordedAt));
    if (!wellFormed) add(`person ${p.id} has absences that are not [{start, end, recordedAt}] with start <= end (CI9)`);
  }
  for (const g of store.goals.values()) {
    person(g.ownerId, `goal ${g.id}`);
    g.contributorIds.forEach((id) => person(id, `goal ${g.id}`));
    g.teamIds.forEach((id) => team(id, `goal ${g.id}`));
    if (g.parentId !== null && !store.goals.has(g.parentId)) add(`goal ${g.id} has parent ${g.parentId}, which does not exist`);
    const seen = new Set([g.id]);
    for (let p = g.parentId ? store.goals.get(g.parentId) : undefined; p; p = p.parentId ? store.goals.get(p.parentId) : undefined) {
      if (seen.has(p.id)) {
        add(`goal ${g.id} is its own ancestor (GO2)`);
        break;
      }
      seen.add(p.id);
    }
  }
  for (const u of store.goalUpdates.values()) {
    if (!store.goals.has(u.goalId)) add(`goal update ${u.id} belongs to goal ${u.goalId}, which does not exist`);
    person(u.personId, `goal update ${u.id}`);
  }
  for (const c of store.checkIns.values()) {
    person(c.personId, `check-in ${c.id}`);
    c.teamIds.forEach((id) => team(id, `check-in ${c.id}`));
    if (store.checkInOf(c.personId, c.date) !== c) add(`check-in ${c.id} is a second check-in of its person on ${c.date} (CI1)`);
  }
  for (const q of store.echoQuestions.values()) {
    person(q.creatorId, `echo question ${q.id}`);
    if (!Number.isFinite(q.publishedThrough)) add(`echo question ${q.id} lacks publishedThrough`);
  }
  for (const a of store.echoAnswers.values()) {
    if (!store.echoQuestions.has(a.questionId)) add(`echo answer ${a.id} answers question ${a.questionId}, which does not exist`);
  }
  for (const r of [...store.comments.values(), ...store.reactions.values()]) {
    person(r.personId, `${'body' in r ? 'comment' : 'reaction'} ${r.id}`);
    const exists = r.resourceType === 'check-in' ? store.checkIns.has(r.resourceId) : store.goalUpdates.has(r.resourceId);
    if (!exists) add(`${'body' in r ? 'comment' : 'reaction'} ${r.id} sits on ${r.resourceType} ${r.resourceId}, which does not exist`);
  }
  for (const a of store.activities.values()) person(a.personId, `activity ${a.id}`);
  // MK3: the next id of each kind must be free, or a create would overwrite a record.
  const created = store.counters().created;
  const maps: Record<string, Map<string, unknown>> = {
    goal: store.goals, 'goal-update': store.goalUpdates, 'echo-question': store.echoQuestions, 'echo-answer': store.echoAnswers,
    comment: store.comments, reaction: store.reactions, activity: store.activities,
  };
  for (const [kind, map] of Object.entries(maps)) {
    if (map.has(stableUuid(world.seed, kind, 'created', (created[kind] ?? 0) + 1))) add(`counters.created.${kind} is behind the records already made (MK3)`);
  }
  return problems;
}
