// Whether every record of a world, presented, conforms to the spec's response schemas: the check a restored
// state must pass before it replaces the running world (never half-written state, never a 5xx later).
// A state of changes is checked where it changed: its records, not the base's.
import type { RecordKind } from '../domain/record-kinds.js';
import type { World, WorldChanges } from '../domain/world.js';
import { getCompiledSpec } from '../spec/compiled-spec.js';
import type { WorldVerifier } from '../runtime/state-rebuild.js';
import type { Presenter } from './present.js';
import { SHOWN_KINDS, WIRE_KINDS } from './wire-kinds.js';

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
  const recordsOf = (name: RecordKind): Iterable<unknown> =>
    changes
      ? changes.tables[name]
          .filter((c) => c.record !== null)
          .map((c) => store.table(name).get(c.id))
          .filter((r) => r !== undefined)
      : store.table(name).values();
  // Only WORLD_SCHEMAS (each kind's on the wire, wire-kinds.ts): a page restoring at start has their validators
  // before it loads the other checks.
  for (const kind of SHOWN_KINDS) {
    const { schema, present: show } = WIRE_KINDS[kind];
    for (const record of recordsOf(kind) as Iterable<never>) {
      if (problems.length >= most) return problems;
      let shown: unknown;
      try {
        shown = show(present, world, record, viewer, now);
      } catch (error) {
        problems.push(`${schema} ${(record as { id?: string }).id}: ${(error as Error).message}`);
        continue;
      }
      const found = spec.checkSchema(schema, shown);
      if (found.length > 0) problems.push(`${schema} ${(record as { id?: string }).id}: ${found[0]}`);
    }
  }
  return problems;
}

/**
 * The runtime's check of a restored world (state-rebuild.ts), presenting its records as `present` does.
 * @example new Worlds({ ..., verify: worldVerifier(present) })
 */
export function worldVerifier(present: Presenter): WorldVerifier {
  return (world, most, changes) => worldProblems(world, present, most, changes);
}
