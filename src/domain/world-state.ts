// A world as versioned JSON, for GET/PUT /__mock/state, snapshots and the state file. Version 2 (the default)
// holds what a world changed over its base, which is named by seed, size and generation instant (a world
// is a function of those plus its changes, MK3), so it costs what changed. Version 1 holds every record:
// a full export, readable by other tools, and restorable as an imported base.
import { formatInstant, parseInstant } from './calendar.js';
import { DomainError } from './domain-error.js';
import { CONTENTS_KINDS, RECORD_KINDS, type ContentsKind, type RecordKind } from './record-kinds.js';
import type { StoreCounters } from './store.js';
import type { SimulateMode } from './life-writer.js';
import type { Change } from './table.js';
import type { ContentsRecords, WorldBase, WorldContents, WorldSize } from './world-base.js';
import type { World, WorldChanges } from './world.js';

export const STATE_FORMAT = 'standin-world';

type Records = Record<string, unknown[]>;

export interface FullState {
  format: typeof STATE_FORMAT;
  version: 1;
  seed: number;
  size: WorldSize;
  /** The clock's now when the state was taken; restoring it sets the clock there. */
  now: string;
  frozen: boolean;
  /** LW7: whom the world simulates for (absent in an older state: `others`). */
  simulate?: SimulateMode;
  history_start: string;
  default_person_id: string;
  counters: StoreCounters;
  records: Records;
}

/** A base as a version 2 state names it: by its generation instant, or in full when it was imported. */
type BaseState =
  | { generated_at: string }
  | {
      generated_at: string;
      history_start: string;
      default_person_id: string;
      counters: StoreCounters;
      records: Records;
    };

export interface ChangesState {
  format: typeof STATE_FORMAT;
  version: 2;
  seed: number;
  size: WorldSize;
  base: BaseState;
  now: string;
  frozen: boolean;
  /** LW7: whom the world simulates for (absent in an older state: `others`). */
  simulate?: SimulateMode;
  counters: StoreCounters;
  /** Per record kind, the records created or replaced over the base. */
  changes: Partial<Record<RecordKind, unknown[]>>;
  /** Per record kind, the ids of base records deleted. */
  deleted: Partial<Record<RecordKind, string[]>>;
}

/** A state read back: a full world to import, or changes over a base named or carried in full. */
export type ParsedState =
  | { kind: 'full'; contents: WorldContents; now: number; frozen: boolean; simulate?: SimulateMode }
  | {
      kind: 'changes';
      base: { seed: number; size: WorldSize; generatedAt: number; contents?: WorldContents };
      changes: WorldChanges;
    };

/** Every record of the world, lazy texts written out (version 1): what a full export and an imported base hold. */
function fullRecords(world: World): Records {
  const { store } = world;
  const records: Records = {};
  for (const name of CONTENTS_KINDS) {
    records[name] =
      name === 'people'
        ? [...store.people.values()].map((person) => ({ ...person, absences: store.absencesOf(person) }))
        : [...store.table(name).values()];
  }
  return records;
}

/** The whole world, every record (version 1). */
export function exportFullState(world: World): FullState {
  world.catchUp();
  return {
    format: STATE_FORMAT,
    version: 1,
    seed: world.seed,
    size: world.size,
    now: formatInstant(world.now()),
    frozen: world.clock.frozen,
    simulate: world.simulate,
    history_start: world.historyStart,
    default_person_id: world.defaultPersonId,
    counters: world.store.counters(),
    records: fullRecords(world),
  };
}

/** What the world changed over its base (version 2); an imported base travels in full. */
export function exportState(world: World): ChangesState {
  return stateOfChanges(world, world.changes());
}

/** A version 2 state of changes taken earlier (a snapshot) of a world on `world`'s base. */
export function stateOfChanges(world: World, taken: WorldChanges): ChangesState {
  const { base } = world;
  const changes: ChangesState['changes'] = {};
  const deleted: ChangesState['deleted'] = {};
  for (const name of RECORD_KINDS) {
    const list = taken.tables[name] as Array<Change<unknown>>;
    const put = list.filter((c) => c.record !== null).map((c) => c.record);
    const gone = list.filter((c) => c.record === null).map((c) => c.id);
    if (put.length > 0) changes[name] = put;
    if (gone.length > 0) deleted[name] = gone;
  }
  return {
    format: STATE_FORMAT,
    version: 2,
    seed: base.seed,
    size: base.size,
    base: baseNamed(base, () => ({ counters: base.store.counters(), records: baseRecords(world) })),
    now: formatInstant(Math.floor(taken.now / 1000)),
    frozen: taken.frozen,
    simulate: taken.simulate ?? world.simulate,
    counters: taken.counters,
    changes,
    deleted,
  };
}

/**
 * A base as a state or a state log names it: a generated one by its generation instant alone (it is a function of
 * seed, size and that instant), an imported one with its history start and default person too, and whatever
 * `imported` adds (asked only for an imported base: its records cost what they weigh).
 * @example baseNamed(world.base, () => ({ imported: true })) // { generated_at: '2026-11-20T15:00:00Z' } when generated
 */
export function baseNamed<E extends object>(
  base: WorldBase,
  imported: () => E,
): { generated_at: string } | ({ generated_at: string; history_start: string; default_person_id: string } & E) {
  const generatedAt = formatInstant(base.generatedAt);
  if (base.origin === 'generated') return { generated_at: generatedAt };
  return {
    generated_at: generatedAt,
    history_start: base.historyStart,
    default_person_id: base.defaultPersonId,
    ...imported(),
  };
}

function baseRecords(world: World): Records {
  const { store } = world.base;
  return Object.fromEntries(CONTENTS_KINDS.map((name) => [name, [...store.table(name).values()]]));
}

function refuse(message: string): never {
  throw DomainError.field('body', 'state', message);
}

function instant(value: unknown, name: string): number {
  const seconds = parseInstant(String(value));
  if (Number.isNaN(seconds))
    refuse(`has ${name} ${JSON.stringify(value)?.slice(0, 40)}, not an instant YYYY-MM-DDTHH:MM:SSZ.`);
  return seconds;
}

function counters(value: unknown, name: string): StoreCounters {
  const c = value as Partial<StoreCounters> | undefined;
  if (!c || typeof c.seq !== 'number' || !c.created || typeof c.created !== 'object')
    refuse(`lacks ${name} {created, seq}.`);
  return c as StoreCounters;
}

function records(value: unknown, name: string): Records {
  const r = value as Records | undefined;
  for (const collection of CONTENTS_KINDS)
    if (!Array.isArray(r?.[collection])) refuse(`lacks ${name}.${collection} (an array).`);
  return r!;
}

function contentsOf(seed: number, size: WorldSize, generatedAt: number, frame: Record<string, unknown>): WorldContents {
  const r = records(frame.records, frame.version === 1 ? 'records' : 'base.records');
  return {
    seed,
    size,
    generatedAt,
    historyStart: String(frame.history_start),
    defaultPersonId: String(frame.default_person_id),
    counters: counters(frame.counters, frame.version === 1 ? 'counters' : 'base.counters'),
    ...contentsRecords(r),
  };
}

/** PT1: a person saved before people had a bio has none (null); the rest is checked once rebuilt. */
function withBio(person: unknown): unknown {
  return person !== null && typeof person === 'object' && !('bio' in person) ? { ...person, bio: null } : person;
}

/** The records of each contents kind, as `records` checked them to be arrays. */
function contentsRecords(r: Records): ContentsRecords {
  const out: Partial<Record<ContentsKind, readonly unknown[]>> = {};
  for (const kind of CONTENTS_KINDS) out[kind] = kind === 'people' ? r[kind]!.map(withBio) : r[kind];
  return out as ContentsRecords;
}

const SIMULATE_MODES: readonly SimulateMode[] = ['others', 'all', 'none'];

/** LW7: a state's `simulate`, when it says one (an older state does not). */
function simulateOf(value: unknown): SimulateMode | undefined {
  if (value === undefined) return undefined;
  if (!SIMULATE_MODES.includes(value as SimulateMode))
    refuse(`has simulate ${JSON.stringify(value)?.slice(0, 20)}; it takes others, all or none (LW7).`);
  return value as SimulateMode;
}

/**
 * Checks the frame of a saved state and turns it into what a world is rebuilt from; a foreign or
 * other-version document is refused with what was expected. The records themselves are checked once
 * rebuilt (world-integrity.ts, verify-world.ts).
 */
export function readState(value: unknown): ParsedState {
  const state = value as Record<string, unknown> | null;
  // A text or a number has no `format` either: only null and undefined need the `?.`.
  if (state?.format !== STATE_FORMAT) {
    refuse(`is not a standin world: expected "format": "${STATE_FORMAT}" as GET /__mock/state gives it.`);
  }
  if (state.version !== 1 && state.version !== 2) {
    refuse(`has version ${JSON.stringify(state.version)?.slice(0, 20)}; this standin reads versions 1 and 2.`);
  }
  const seed = state.seed as number;
  const size = state.size as WorldSize;
  if (!Number.isSafeInteger(seed) || (size !== 'small' && size !== 'large'))
    refuse('needs an integer seed and a size of small or large.');
  const now = instant(state.now, 'now');
  const frozen = state.frozen !== false;
  const simulate = simulateOf(state.simulate);
  if (state.version === 1)
    return {
      kind: 'full',
      contents: contentsOf(seed, size, now, state),
      now: now * 1000,
      frozen,
      ...(simulate && { simulate }),
    };

  const base = state.base as Record<string, unknown> | undefined;
  if (!base || typeof base !== 'object') refuse('lacks base {generated_at} (version 2).');
  const generatedAt = instant(base.generated_at, 'base.generated_at');
  if (generatedAt > now) refuse('has a base generated after its now.');
  const imported = 'records' in base ? contentsOf(seed, size, generatedAt, { ...base, version: 2 }) : undefined;
  const changed = (state.changes ?? {}) as Record<string, unknown>;
  const deleted = (state.deleted ?? {}) as Record<string, unknown>;
  const tables = {} as WorldChanges['tables'];
  for (const name of RECORD_KINDS) {
    const put = changed[name] ?? [];
    const gone = deleted[name] ?? [];
    if (!Array.isArray(put) || !Array.isArray(gone))
      refuse(`has changes.${name} or deleted.${name} that is not an array.`);
    // As above: a text or a number has no `id`; only null needs the `?.`.
    if (put.some((r) => typeof (r as { id?: unknown } | null)?.id !== 'string')) {
      refuse(`has a record in changes.${name} without a string id.`);
    }
    if (gone.some((id) => typeof id !== 'string')) refuse(`has an id in deleted.${name} that is not a string.`);
    (tables as Record<string, unknown>)[name] = [
      ...(gone as string[]).map((id) => ({ id, record: null })),
      ...(put as Array<{ id: string }>).map((record) => ({ id: record.id, record })),
    ];
  }
  for (const name of Object.keys(changed).concat(Object.keys(deleted))) {
    if (!(RECORD_KINDS as readonly string[]).includes(name))
      refuse(`names a record kind "${name.slice(0, 40)}" that does not exist.`);
  }
  return {
    kind: 'changes',
    base: { seed, size, generatedAt, contents: imported },
    changes: {
      now: now * 1000,
      frozen,
      counters: counters(state.counters, 'counters'),
      tables,
      ...(simulate && { simulate }),
    },
  };
}
