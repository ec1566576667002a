// Whether every record of a world, presented, conforms to the spec's response schemas: the check a restored
// state must pass before it replaces the running world (never half-written state, never a 5xx later).
// A state of changes is checked where it changed: its records, not the base's.
import type { World, WorldChanges } from '../domain/world.js';
import { getCompiledSpec } from '../spec/compiled-spec.js';
import type { WorldVerifier } from '../runtime/state-rebuild.js';
import type { Presenter } from './present.js';
import { eachPresentedRecord } from './presented-records.js';

/**
 * The first problems found (empty when the world conforms); with `changes`, among the records they changed.
 * @example if (worldProblems(world, present).length) refuse()
 */
function worldProblems(world: World, present: Presenter, most = 5, changes?: WorldChanges): string[] {
  const spec = getCompiledSpec();
  if (!world.store.people.get(world.defaultPersonId))
    return [`default_person_id ${world.defaultPersonId} names no person`];
  const problems: string[] = [];
  // Only WORLD_SCHEMAS (each kind's on the wire, wire-kinds.ts): a page restoring at start has their validators
  // before it loads the other checks.
  eachPresentedRecord(
    world,
    present,
    (schema, value, record, error) => {
      if (problems.length >= most) return false;
      if (error) problems.push(`${schema} ${record.id}: ${error.message}`);
      else {
        const found = spec.checkSchema(schema, value);
        if (found.length > 0) problems.push(`${schema} ${record.id}: ${found[0]}`);
      }
    },
    changes,
  );
  return problems;
}

/**
 * The runtime's check of a restored world (state-rebuild.ts), presenting its records as `present` does.
 * @example new Worlds({ ..., verify: worldVerifier(present) })
 */
export function worldVerifier(present: Presenter): WorldVerifier {
  return (world, most, changes) => worldProblems(world, present, most, changes);
}
