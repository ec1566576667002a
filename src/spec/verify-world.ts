// Whether every record of a world, presented, conforms to the spec's response schemas: the check a restored
// state must pass before it replaces the running world (never half-written state, never a 5xx later).
import type { World } from '../domain/world.js';
import { getCompiledSpec } from './compiled-spec.js';

/**
 * The first problems found (empty when the world conforms).
 * @example if (worldProblems(world).length) refuse()
 */
export function worldProblems(world: World, most = 5): string[] {
  const spec = getCompiledSpec();
  const { store, present } = world;
  const now = world.now();
  const viewer = store.people.get(world.defaultPersonId);
  if (!viewer) return [`default_person_id ${world.defaultPersonId} names no person`];
  const problems: string[] = [];
  const check = (schema: string, records: Iterable<unknown>, show: (record: any) => unknown) => {
    for (const record of records) {
      if (problems.length >= most) return;
      let shown: unknown;
      try {
        shown = show(record);
      } catch (error) {
        problems.push(`${schema} ${(record as { id?: string }).id}: ${(error as Error).message}`);
        continue;
      }
      const found = spec.checkSchema(schema, shown);
      if (found.length > 0) problems.push(`${schema} ${(record as { id?: string }).id}: ${found[0]}`);
    }
  };
  check('Person', store.people.values(), (p) => present.person(p));
  check('TeamDetail', store.teams.values(), (t) => present.teamDetail(t));
  check('Goal', store.goals.values(), (g) => present.goal(g, viewer));
  check('GoalUpdate', store.goalUpdates.values(), (u) => present.goalUpdate(u));
  check('CheckIn', store.checkIns.values(), (c) => present.checkIn(c));
  check('EchoQuestion', store.echoQuestions.values(), (q) => present.echoQuestion(q, now));
  check('EchoAnswer', store.echoAnswers.values(), (a) => present.echoAnswer(a));
  check('Comment', store.comments.values(), (c) => present.comment(c));
  check('Reaction', store.reactions.values(), (r) => present.reaction(r));
  check('Activity', store.activities.values(), (a) => present.activity(a));
  return problems;
}
