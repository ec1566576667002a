// Every record of a world as its GET gives it to the default person, with the spec schema it is presented in:
// what the check of a restored world holds to the spec (verify-world.ts), and what standin drift reads to tell
// which enum values standin's world emits.
import type { RecordKind } from '../domain/record-kinds.js';
import type { World, WorldChanges } from '../domain/world.js';
import type { WorldSchema } from '../spec/world-schemas.js';
import type { Presenter } from './present.js';
import { SHOWN_KINDS, WIRE_KINDS } from './wire-kinds.js';

/** One record on the wire, or what kept it from being presented. */
export type PresentedRecord =
  | { readonly schema: WorldSchema; readonly id: string; readonly value: unknown }
  | { readonly schema: WorldSchema; readonly id: string; readonly error: Error };

/**
 * The world's records presented (with `changes`, only those they changed), kind after kind as a state lists them.
 * @example for (const record of presentedRecords(world, present)) check(record.schema, record.value)
 */
export function* presentedRecords(
  world: World,
  present: Presenter,
  changes?: WorldChanges,
): Generator<PresentedRecord> {
  const { store } = world;
  const now = world.now();
  const viewer = store.people.get(world.defaultPersonId);
  if (!viewer) throw new RangeError(`default_person_id ${world.defaultPersonId} names no person`);
  const recordsOf = (name: RecordKind): Iterable<unknown> =>
    changes
      ? changes.tables[name]
          .filter((c) => c.record !== null)
          .map((c) => store.table(name).get(c.id))
          .filter((r) => r !== undefined)
      : store.table(name).values();
  for (const kind of SHOWN_KINDS) {
    const { schema, present: show } = WIRE_KINDS[kind];
    for (const record of recordsOf(kind) as Iterable<never>) {
      const id = String((record as { id?: string }).id);
      try {
        yield { schema, id, value: show(present, world, record, viewer, now) };
      } catch (error) {
        yield { schema, id, error: error as Error };
      }
    }
  }
}
