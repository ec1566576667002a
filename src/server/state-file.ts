// --state FILE, the format and its reading: the shared world as what it is a function of — its base (seed,
// size, generation instant; an imported base in full) — and an append-only log of the records that changed,
// in batches each ended by a line with the clock and counters: a batch without its end, the mark of a kill
// during an append, was never acknowledged and is dropped. A foreign, corrupt or truncated file stops the
// start and is never overwritten. (The writing: state-file-writer.ts.)
import { existsSync, readFileSync } from 'node:fs';
import { formatInstant } from '../domain/calendar.js';
import { DomainError } from '../domain/domain-error.js';
import { CONTENTS_KINDS, type RecordKind } from '../domain/record-kinds.js';
import { baseNamed, STATE_FORMAT, type ChangesState } from '../domain/world-state.js';
import type { World } from '../domain/world.js';
import type { Mock } from '../http/app.js';

const LOG_FORMAT = 'standin-state-log';
/** Version 2 ends each batch with its clock line; version 1 (read, never written) began each with it. */
const LOG_VERSION = 2;

type Header = {
  format: typeof LOG_FORMAT;
  version: 1 | 2;
  seed: number;
  size: string;
  base:
    | { generated_at: string }
    | { generated_at: string; history_start: string; default_person_id: string; imported: true };
};

/** A record put or deleted, or a base record of an imported base. */
export type RecordLine =
  { t: RecordKind; r: { id: string } } | { t: RecordKind; d: string } | { b: RecordKind; r: unknown };

/** The clock and counters (and whom the world simulates for, LW7): in version 2, the end of a batch. */
interface ClockLine {
  clock: { now: string; frozen: boolean };
  simulate?: ChangesState['simulate'];
  counters: ChangesState['counters'];
  base_counters?: ChangesState['counters'];
}

type Line = RecordLine | ClockLine;

export class StateFileError extends Error {}

function keep(path: string): string {
  return `standin leaves ${path} as it is; move it away or pass another --state to start afresh.`;
}

/** The header of a log of `world`'s base. */
export function headerLine(world: World): string {
  const { base } = world;
  const header: Header = {
    format: LOG_FORMAT,
    version: LOG_VERSION,
    seed: base.seed,
    size: base.size,
    base: baseNamed(base, () => ({ imported: true as const })),
  };
  return `${JSON.stringify(header)}\n`;
}

/** The line that ends a batch: the world's clock and counters (and an imported base's, after its records). */
export function clockLine(world: World, withBaseCounters = false): string {
  const line: ClockLine = {
    clock: { now: formatInstant(world.now()), frozen: world.clock.frozen },
    simulate: world.simulate,
    counters: world.store.counters(),
    ...(withBaseCounters ? { base_counters: world.base.store.counters() } : {}),
  };
  return `${JSON.stringify(line)}\n`;
}

/**
 * The state a log file holds, as a version 2 world state (or the state document an older standin wrote).
 * Throws StateFileError naming what is wrong.
 */
export function readStateFile(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const parse = (line: string, index: number): unknown => {
    try {
      return JSON.parse(line);
    } catch (error) {
      throw new StateFileError(
        `${path} is not a standin state: line ${index + 1} is not valid JSON (${(error as Error).message.slice(0, 120)}). ${keep(path)}`,
      );
    }
  };
  const first = parse(lines[0] ?? '', 0) as Record<string, unknown> | null;
  // A state document, as GET /__mock/state gives it or an older standin saved it.
  if (first && typeof first === 'object' && first.format === STATE_FORMAT) return first;
  if (
    !first ||
    typeof first !== 'object' ||
    first.format !== LOG_FORMAT ||
    (first.version !== 1 && first.version !== 2)
  ) {
    throw new StateFileError(
      `${path} is not a standin state: its first line is not a "${LOG_FORMAT}" version 1 or 2 header. ${keep(path)}`,
    );
  }
  const header = first as Header;
  const state: ChangesState = {
    format: STATE_FORMAT,
    version: 2,
    seed: header.seed,
    size: header.size as ChangesState['size'],
    base: { generated_at: header.base.generated_at },
    now: header.base.generated_at,
    frozen: true,
    counters: { created: {}, seq: 0 },
    changes: {},
    deleted: {},
  };
  const changes = new Map<string, { table: RecordKind; id: string; record: unknown }>();
  const baseRecords: Record<string, unknown[]> = {};
  let baseCounters: ChangesState['counters'] | undefined;
  const apply = (line: RecordLine) => {
    if ('b' in line) (baseRecords[line.b] ??= []).push(line.r);
    else if ('d' in line) changes.set(`${line.t}:${line.d}`, { table: line.t, id: line.d, record: null });
    else changes.set(`${line.t}:${line.r.id}`, { table: line.t, id: line.r.id, record: line.r });
  };
  // Version 2: a batch's records count once its clock line is read.
  const batch: RecordLine[] = [];
  let batches = 0;
  for (const [index, text] of lines.entries()) {
    if (index === 0) continue;
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      // kill -9 during an append leaves half a last line: what it held was never acknowledged.
      if (index === lines.length - 1) break;
      parse(text, index);
      throw new Error('unreachable');
    }
    if ('clock' in line) {
      for (const record of batch.splice(0)) apply(record);
      batches++;
      state.now = line.clock.now;
      state.frozen = line.clock.frozen;
      if (line.simulate !== undefined) state.simulate = line.simulate;
      state.counters = line.counters;
      baseCounters = line.base_counters ?? baseCounters;
    } else if (('t' in line && ('d' in line || 'r' in line)) || ('b' in line && 'r' in line)) {
      if (header.version === 1) apply(line);
      else batch.push(line);
    } else {
      throw new StateFileError(
        `${path} is not a standin state: line ${index + 1} is not a change, a base record or the clock. ${keep(path)}`,
      );
    }
  }
  // standin renames a log into place only once its first batch is whole: without one, the file was cut off.
  if (header.version === 2 && batches === 0)
    throw new StateFileError(`${path} is not a standin state: it ends before its first complete batch. ${keep(path)}`);
  for (const { table, id, record } of changes.values()) {
    if (record === null) (state.deleted[table] ??= []).push(id);
    else (state.changes[table] ??= []).push(record);
  }
  if ('imported' in header.base) {
    state.base = {
      generated_at: header.base.generated_at,
      history_start: header.base.history_start,
      default_person_id: header.base.default_person_id,
      counters: baseCounters ?? { created: {}, seq: 0 },
      records: Object.fromEntries(CONTENTS_KINDS.map((n) => [n, baseRecords[n] ?? []])),
    };
  }
  return state;
}

/**
 * Restores the mock's shared world from the file when it exists; leaves the generated world when not.
 * @example loadStateFile(mock, 'demo.jsonl') // true when a world was loaded
 */
export function loadStateFile(mock: Mock, path: string): boolean {
  if (!existsSync(path)) return false;
  const state = readStateFile(path);
  try {
    mock.restore(state);
  } catch (error) {
    if (error instanceof DomainError)
      throw new StateFileError(`${path} is not a standin state this version can load: ${error.message} ${keep(path)}`);
    throw error;
  }
  return true;
}
