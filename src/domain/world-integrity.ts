// Whether a rebuilt world holds together: unique ids and tokens, every reference pointing at a record that
// exists, absences well formed, no parent cycles, nothing left pointing at a deleted record, and counters
// past every id already made (MK3). A restored state must pass before it replaces a running world, or a
// later request would fail on it. A state of changes is checked where it changed, at what it changed costs.
// What each kind refers to and leaves behind is said in the registry (record-kinds.ts); this walks it.
import { stableUuid } from './entropy.js';
import {
  CONTENTS_KINDS,
  createdName,
  KINDS,
  RECORD_KINDS,
  type CreatedKind,
  type RecordKind,
  type RecordOf,
} from './record-kinds.js';
import type { Store } from './store.js';
import type { WorldContents } from './world-base.js';
import type { World, WorldChanges } from './world.js';

type Add = (problem: string) => void;

/** The references a record of `kind` makes, checked against the store. */
function checkReferences<K extends RecordKind>(store: Store, kind: K, record: RecordOf<K>, add: Add): void {
  KINDS[kind].references?.(store, record, add);
}

/** MK3: the next id of each kind must be free, or a create would overwrite a record. */
function counterProblems(world: World, add: Add): void {
  const { store } = world;
  const created = store.counters().created;
  for (const kind of RECORD_KINDS) {
    // Stryker disable next-line ConditionalExpression: a kind that makes no records has no counter; its name's id is in no table either.
    if (!KINDS[kind].created) continue;
    const name = createdName(kind as CreatedKind);
    if (store.table(kind).has(stableUuid(world.seed, name, 'created', (created[name] ?? 0) + 1)))
      add(`counters.created.${name} is behind the records already made (MK3)`);
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
  for (const kind of CONTENTS_KINDS) {
    const records: ReadonlyArray<{ id: string }> = contents[kind];
    const duplicates = records.length - new Set(records.map((r) => r.id)).size;
    if (duplicates > 0) add(`records.${kind} holds ${duplicates} records whose id is taken`);
  }
  if (store.tokens.size !== store.people.size * 2) add('two people share a token (G9)');
  for (const kind of RECORD_KINDS) {
    for (const record of store.table(kind).values()) checkReferences(store, kind, record, add);
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
  for (const kind of Object.keys(changes.tables) as RecordKind[]) {
    const table = store.table(kind);
    for (const { id, record } of changes.tables[kind]) {
      // Stryker disable next-line ConditionalExpression: a deletion the rebuilt world does not carry out cannot be: its change removed the record.
      if (KINDS[kind].directory && (record !== null || table.has(id) === false)) {
        add(`changes.${kind} changes ${id}: people and teams never change over a base`);
        continue;
      }
      // A record put is in the rebuilt world (a deleted one is not): its references are checked as it is now.
      const now = table.get(id);
      if (now !== undefined) checkReferences(store, kind, now, add);
      // A deletion must take what depends on the record along (GO8, EC6, CR1).
      const left = record === null ? KINDS[kind].leftBehind?.(store, id) : undefined;
      if (left) add(left);
    }
  }
  counterProblems(world, add);
  return problems;
}
