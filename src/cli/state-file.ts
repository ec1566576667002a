// --state FILE: the shared world kept in a file across restarts, as what it is a function of — its base (seed,
// size, generation instant; an imported base in full) — and an append-only log of what changed, compacted
// now and then. Appends happen half a second after a change, in slices that never hold the event loop for
// long; kill -9 loses at most the last second. A foreign, corrupt or truncated file stops the start and is
// never overwritten; only a half-written last line, the mark of a kill during an append, is dropped.
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, open, rename, rm } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatInstant } from '../domain/calendar.js';
import { DomainError } from '../domain/domain-error.js';
import { TABLE_NAMES, type TableName } from '../domain/store.js';
import { exportState, STATE_FORMAT, type BaseState, type ChangesState } from '../domain/world-state.js';
import type { World } from '../domain/world.js';
import type { Mock } from '../http/app.js';

/** How long after a change the log is appended to: changes in a burst are written once. */
export const SAVE_DELAY_MS = 500;
/** Records serialized between two turns of the event loop: a slice stays far below 50 ms. */
const SLICE = 500;
/** The log is rewritten once it holds this many lines more than the world's changes. */
const COMPACT_SLACK = 10_000;

export const LOG_FORMAT = 'standin-state-log';

interface Header {
  format: typeof LOG_FORMAT;
  version: 1;
  seed: number;
  size: string;
  base:
    | { generated_at: string }
    | { generated_at: string; history_start: string; default_person_id: string; imported: true };
}

/** One line after the header: a record put or deleted, a base record of an imported base, or the clock. */
type Line =
  | { t: TableName; r: { id: string } }
  | { t: TableName; d: string }
  | { b: TableName; r: unknown }
  | {
      clock: { now: string; frozen: boolean };
      counters: ChangesState['counters'];
      base_counters?: ChangesState['counters'];
    };

export class StateFileError extends Error {}

function keep(path: string): string {
  return `standin leaves ${path} as it is; move it away or pass another --state to start afresh.`;
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
  if (!first || typeof first !== 'object' || first.format !== LOG_FORMAT || first.version !== 1) {
    throw new StateFileError(
      `${path} is not a standin state: its first line is not a "${LOG_FORMAT}" version 1 header. ${keep(path)}`,
    );
  }
  const header = first as unknown as Header;
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
  const changes = new Map<string, { table: TableName; id: string; record: unknown }>();
  const baseRecords: Record<string, unknown[]> = {};
  let baseCounters: ChangesState['counters'] | undefined;
  for (const [index, text] of lines.entries()) {
    if (index === 0) continue;
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      // kill -9 during an append leaves half a last line: what it held is the last moment's, and is lost.
      if (index === lines.length - 1) break;
      parse(text, index);
      throw new Error('unreachable');
    }
    if ('clock' in line) {
      state.now = line.clock.now;
      state.frozen = line.clock.frozen;
      state.counters = line.counters;
      baseCounters = line.base_counters ?? baseCounters;
    } else if ('b' in line) {
      (baseRecords[line.b] ??= []).push(line.r);
    } else if ('t' in line && 'd' in line) {
      changes.set(`${line.t}:${line.d}`, { table: line.t, id: line.d, record: null });
    } else if ('t' in line && 'r' in line) {
      changes.set(`${line.t}:${line.r.id}`, { table: line.t, id: line.r.id, record: line.r });
    } else {
      throw new StateFileError(
        `${path} is not a standin state: line ${index + 1} is not a change, a base record or the clock. ${keep(path)}`,
      );
    }
  }
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
      records: Object.fromEntries(TABLE_NAMES.filter((n) => n !== 'absences').map((n) => [n, baseRecords[n] ?? []])),
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

function clockLine(world: World, includeBaseCounters: boolean): string {
  const line: Line = {
    clock: { now: formatInstant(world.now()), frozen: world.clock.frozen },
    counters: world.store.counters(),
    ...(includeBaseCounters ? { base_counters: world.base.store.counters() } : {}),
  };
  return `${JSON.stringify(line)}\n`;
}

function changeLine(world: World, table: TableName, id: string): string {
  const record = world.store.table(table).get(id);
  return `${JSON.stringify(record === undefined ? { t: table, d: id } : { t: table, r: record })}\n`;
}

/**
 * Keeps the shared world's log: appends what changed shortly after each change, rewrites the file when the
 * world is replaced or the log has grown well past the world's changes. Writes never overlap.
 */
export class StateFileWriter {
  #world: World;
  /** Changes not yet in the file, as `table\0id`. */
  readonly #dirty = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  #queue: Promise<void> = Promise.resolve();
  #compactPending = true;
  #lines = 0;
  /** The longest a single slice of work held the event loop, in ms (for the reliability figures). */
  longestSliceMs = 0;
  /** Whether the last write failed (a graceful stop then exits non-zero). */
  failed = false;

  constructor(
    private readonly mock: Mock,
    readonly path: string,
  ) {
    this.#world = mock.world;
    this.#watch(this.#world);
    mock.worlds.onSharedReplaced = (world) => {
      this.#world.store.onChange(null);
      this.#world = world;
      this.#watch(world);
      this.#dirty.clear();
      this.#compactPending = true;
      this.changed();
    };
  }

  #watch(world: World): void {
    world.store.onChange((table, id) => this.#dirty.add(`${table}\0${id}`));
  }

  /** Something may have changed (a write request, a clock move): save a moment from now. */
  changed(): void {
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      void this.save();
    }, SAVE_DELAY_MS);
  }

  /** Saves what is pending now; resolves once it is in the file. */
  save(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#queue = this.#queue.then(() => this.#write());
    return this.#queue;
  }

  /** Saves what is pending and closes the file (a graceful stop). Resolves true when everything was saved. */
  async close(): Promise<boolean> {
    this.mock.worlds.onSharedReplaced = null;
    this.#world.store.onChange(null);
    await this.save();
    return !this.failed;
  }

  async #write(): Promise<void> {
    try {
      const world = this.#world;
      world.catchUp();
      if (this.#compactPending || this.#lines > 2 * world.store.changeCount + COMPACT_SLACK) await this.#compact(world);
      else await this.#append(world);
      this.failed = false;
    } catch (error) {
      this.failed = true;
      // The next save rewrites the whole file: what this one lost is still in the world.
      this.#compactPending = true;
      process.stderr.write(
        `standin: could not save the world to ${this.path}: ${(error as Error).message}; trying again at the next change\n`,
      );
    }
  }

  /** Appends the changes since the last write: the clock and counters first, so a cut-off tail is harmless. */
  async #append(world: World): Promise<void> {
    const keys = [...this.#dirty];
    this.#dirty.clear();
    // Opened by path each time, so a file moved or deleted meanwhile is noticed, not written into the void.
    await appendFile(this.path, clockLine(world, false));
    this.#lines++;
    for (let i = 0; i < keys.length; i += SLICE) {
      const text = this.#timed(() =>
        keys
          .slice(i, i + SLICE)
          .map((key) => {
            const [table, id] = key.split('\0') as [TableName, string];
            return changeLine(world, table, id);
          })
          .join(''),
      );
      await appendFile(this.path, text);
      this.#lines += Math.min(SLICE, keys.length - i);
      await nextTurn();
    }
  }

  /** Writes the whole log afresh to a temporary file, in slices, and renames it over the old one. */
  async #compact(world: World): Promise<void> {
    this.#compactPending = false;
    this.#dirty.clear();
    const temporary = `${this.path}.${process.pid}.tmp`;
    const handle = await open(temporary, 'w');
    let lines = 0;
    try {
      const { base } = world;
      const header: Header = {
        format: LOG_FORMAT,
        version: 1,
        seed: base.seed,
        size: base.size,
        base:
          base.origin === 'generated'
            ? { generated_at: formatInstant(base.generatedAt) }
            : {
                generated_at: formatInstant(base.generatedAt),
                history_start: base.historyStart,
                default_person_id: base.defaultPersonId,
                imported: true,
              },
      };
      await handle.write(`${JSON.stringify(header)}\n${clockLine(world, base.origin === 'imported')}`);
      lines += 2;
      const sources: Array<[TableName, Iterable<unknown>, (record: unknown) => Line]> = [];
      if (base.origin === 'imported') {
        const state = exportState(world) as ChangesState & { base: Extract<BaseState, { records: unknown }> };
        for (const [name, records] of Object.entries(state.base.records))
          sources.push([name as TableName, records, (r) => ({ b: name as TableName, r })]);
      }
      for (const name of TABLE_NAMES) {
        sources.push([
          name,
          world.store.table(name).changes(),
          (c) => {
            const { id, record } = c as { id: string; record: { id: string } | null };
            return record === null ? { t: name, d: id } : { t: name, r: record };
          },
        ]);
      }
      for (const [, records, toLine] of sources) {
        const iterator = records[Symbol.iterator]();
        for (let done = false; !done;) {
          const text = this.#timed(() => {
            let out = '';
            for (let n = 0; n < SLICE; n++) {
              const next = iterator.next();
              if (next.done) {
                done = true;
                break;
              }
              out += `${JSON.stringify(toLine(next.value))}\n`;
              lines++;
            }
            return out;
          });
          if (text) await handle.write(text);
          await nextTurn();
        }
      }
      await handle.datasync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temporary, this.path);
    this.#lines = lines;
  }

  #timed<T>(work: () => T): T {
    const started = performance.now();
    const result = work();
    this.longestSliceMs = Math.max(this.longestSliceMs, performance.now() - started);
    return result;
  }
}
