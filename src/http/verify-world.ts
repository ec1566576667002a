// Whether every record of a world, presented, conforms to the spec's response schemas: the check a restored
// state must pass before it replaces the running world (never half-written state, never a 5xx later).
// A state of changes is checked where it changed: its records, not the base's.
import type {
  Activity,
  CheckIn,
  Comment,
  EchoAnswer,
  EchoQuestion,
  Goal,
  GoalUpdate,
  Person,
  Reaction,
  Team,
} from '../domain/records.js';
import type { TableName } from '../domain/store.js';
import type { World, WorldChanges } from '../domain/world.js';
import { getCompiledSpec } from '../spec/compiled-spec.js';
import type { WorldSchema } from '../spec/world-schemas.js';
import type { WorldVerifier } from '../runtime/state-rebuild.js';
import type { Presenter } from './present.js';

/**
 * The first problems found (empty when the world conforms); with `changes`, among the records they changed.
 * @example if (worldProblems(world, present).length) refuse()
 */
export function worldProblems(world: World, present: Presenter, most = 5, changes?: WorldChanges): string[] {
  const spec = getCompiledSpec();
  const { store } = world;
  const now = world.now();
  const viewer = store.people.get(world.defaultPersonId);
  if (!viewer) return [`default_person_id ${world.defaultPersonId} names no person`];
  const problems: string[] = [];
  const recordsOf = (name: TableName): Iterable<unknown> =>
    changes
      ? changes.tables[name]
          .filter((c) => c.record !== null)
          .map((c) => store.table(name).get(c.id))
          .filter((r) => r !== undefined)
      : store.table(name).values();
  // Only WORLD_SCHEMAS: a page restoring at start has their validators before it loads the other checks.
  const check = <R>(schema: WorldSchema, name: TableName, show: (record: R) => unknown) => {
    for (const record of recordsOf(name) as Iterable<R>) {
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
  check<Person>('Person', 'people', (p) => present.person(world, p));
  check<Team>('TeamDetail', 'teams', (t) => present.teamDetail(world, t));
  check<Goal>('Goal', 'goals', (g) => present.goal(world, g, viewer));
  check<GoalUpdate>('GoalUpdate', 'goalUpdates', (u) => present.goalUpdate(world, u));
  check<CheckIn>('CheckIn', 'checkIns', (c) => present.checkIn(world, c));
  check<EchoQuestion>('EchoQuestion', 'echoQuestions', (q) => present.echoQuestion(world, q, now));
  check<EchoAnswer>('EchoAnswer', 'echoAnswers', (a) => present.echoAnswer(world, a));
  check<Comment>('Comment', 'comments', (c) => present.comment(world, c));
  check<Reaction>('Reaction', 'reactions', (r) => present.reaction(world, r));
  check<Activity>('Activity', 'activities', (a) => present.activity(world, a));
  return problems;
}

/**
 * The runtime's check of a restored world (state-rebuild.ts), presenting its records as `present` does.
 * @example new Worlds({ ..., verify: worldVerifier(present) })
 */
export function worldVerifier(present: Presenter): WorldVerifier {
  return (world, most, changes) => worldProblems(world, present, most, changes);
}
