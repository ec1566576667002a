// --state FILE, the writing: the shared world's changes appended to its log in batches (group commit), each
// batch a consistent moment of the world, and an answer to a write held until its change is in the file
// (handed to the OS), so kill -9 loses no write that was answered. Serialization goes in slices bounded in
// bytes, whatever the records' size. The log is rewritten (a replacement file, then one rename) when the
// world is replaced and when it has grown well past what it holds; writes meanwhile go on being appended to
// the old file, and the rewrite takes in what they changed before it is renamed into place.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CONTENTS_KINDS, RECORD_KINDS, type RecordKind } from '../domain/record-kinds.js';
import type { World } from '../domain/world.js';
import type { MockRuntime } from '../runtime/mock-runtime.js';
import { Replacement } from '../files/replace-file.js';
import { clockLine, headerLine, type RecordLine } from './state-file.js';

/** Bytes of JSON made between two turns of the event loop: a few milliseconds, whatever the records' size. */
export const SLICE_BYTES = 256 * 1024;
/** The log is rewritten once it is this much over twice the size of its last rewrite. */
const REWRITE_SLACK_BYTES = 8 * 1024 * 1024;
/** Passes a rewrite makes over what changed while it ran, appends going on, before the last one holds them. */
const CATCH_UP_PASSES = 3;
/** A pass this short ends the catch-up: the last pass then holds appends for a few milliseconds. */
const SHORT_PASS_BYTES = 4 * SLICE_BYTES;
/** After a failed write, the next try waits at least this long. */
const RETRY_MS = 1000;

const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0);

/**
 * Changes not yet in a file: per kind and id, the record then in force (records are never changed in place).
 * It holds references to records the world holds anyway: a map entry per changed record, never a copy.
 */
class ChangeSet {
  readonly #tables = new Map<RecordKind, Map<string, unknown>>();

  note(table: RecordKind, id: string, record: unknown): void {
    let records = this.#tables.get(table);
    if (!records) this.#tables.set(table, (records = new Map<string, unknown>()));
    records.set(id, record);
  }

  *lines(): Generator<RecordLine> {
    for (const [t, records] of this.#tables)
      for (const [id, record] of records) yield record === null ? { t, d: id } : { t, r: record as { id: string } };
  }
}

/** Every line of a log of `world` after its header: an imported base's records, then the world's changes. */
function* worldLines(world: World): Generator<RecordLine> {
  if (world.base.origin === 'imported') {
    for (const b of CONTENTS_KINDS) for (const r of world.base.store.table(b).values()) yield { b, r };
  }
  for (const t of RECORD_KINDS) {
    for (const { id, record } of world.store.table(t).changes())
      yield record === null ? { t, d: id } : { t, r: record as { id: string } };
  }
}

/**
 * @example
 * const writer = new StateFileWriter(mock, 'world.jsonl', '/home/me/world.jsonl');
 * await writer.save(); // the world as it is now is in the file
 */
export class StateFileWriter {
  #world: World;
  /** What stops the watching of the mock's events. */
  readonly #stops: Array<() => void>;
  /** The world the file holds; null when it must be written afresh (at start, after a failed write). */
  #fileWorld: World | null = null;
  /** Changes since the last batch was taken. */
  #dirty = new ChangeSet();
  /** Changes since the running rewrite last took them. */
  #since: ChangeSet | null = null;
  /** Counts the shared world's changes and clock moves; the file holds every one up to `#durable`. */
  #version = 1;
  #durable = 0;
  #clockKey = '';
  /** Answers waiting for their change to be in the file, in order of version. */
  readonly #waiters: Array<{ version: number; resolve: () => void }> = [];
  #running: Promise<void> | null = null;
  #scheduled = false;
  #rewrite: AsyncGenerator<void, void> | null = null;
  #fileBytes = 0;
  #rewrittenBytes = 0;
  #retryAt = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  /** `#version` at the last failure: the next try waits for a change after it. */
  #failedAt = 0;
  #closed = false;
  /** The file is another server's now (its lock was taken over): nothing more is written to it. */
  #abandoned = false;
  /** The longest a single slice of serialization held the event loop, in ms (for the reliability figures). */
  longestSliceMs = 0;
  /** Whether the last write failed (a graceful stop then exits non-zero). */
  failed = false;

  /** `target` is the real file `path` names (realTarget): a symlinked state file stays a symlink. */
  constructor(
    mock: MockRuntime,
    readonly path: string,
    readonly target: string,
    /** Told after a rewrite put a new file (a new inode) in the target's place: the lock follows it. */
    private readonly rewritten: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.#world = mock.world;
    // Only the shared world is kept (MK5: sessions are not).
    this.#stops = [
      mock.events.on('record:changed', ({ session, world, kind, id }) => {
        if (session !== null || world !== this.#world) return;
        const record = world.store.table(kind).get(id) ?? null;
        this.#dirty.note(kind, id, record);
        this.#since?.note(kind, id, record);
        this.#version++;
        this.#schedule();
      }),
      mock.events.on('world:replaced', ({ session, world }) => {
        if (session !== null) return;
        this.#world = world;
        this.#dirty = new ChangeSet();
        this.#since = null;
        // The replacement is a change too: the request that made it is answered once the new file is in place.
        this.#version++;
        this.#schedule();
      }),
    ];
  }

  /**
   * Resolves once every change made so far is in the file: a write's answer waits for it. Changes arriving
   * while a batch is written go into the next one together. After a failed write answers are not held.
   */
  save(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#noteClock();
    if (this.#durable >= this.#version || this.#halted()) return Promise.resolve();
    const saved = new Promise<void>((resolve) => this.#waiters.push({ version: this.#version, resolve }));
    this.#schedule();
    return saved;
  }

  /**
   * Saves what is pending and stops watching (a graceful stop, once no answer can go out any more): nothing
   * is written after it. Resolves true when everything was saved.
   */
  async close(): Promise<boolean> {
    this.#closed = true;
    for (const stop of this.#stops) stop();
    this.#noteClock();
    // One more try now, whatever a failure before said about waiting.
    this.#retryAt = 0;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    while (this.#running || (!this.#settled() && !this.#halted() && !this.#abandoned)) {
      this.#run();
      await this.#running;
    }
    return !this.failed && !this.#abandoned;
  }

  /**
   * Stops writing at once, what is pending dropped: the file is another server's now (its lock was taken over).
   * A batch being appended ends with its clock line or is cut short without it, which a load ignores; a rewrite
   * under way is discarded at its next step, or was renamed into place whole. Resolves once no write is under way.
   */
  async abandon(): Promise<void> {
    this.#abandoned = this.#closed = true;
    for (const stop of this.#stops) stop();
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    for (const waiter of this.#waiters.splice(0)) waiter.resolve();
    await this.#running;
  }

  /**
   * A frozen clock's instant, or a running clock's shift from real time: a move of either is a change, as is a
   * change of whom the world simulates for (LW7).
   */
  #noteClock(): void {
    const { clock, simulate } = this.#world;
    const at = clock.frozen ? `at ${clock.nowMs()}` : `shifted ${Math.round((clock.nowMs() - Date.now()) / 1000)}`;
    const key = `${at} ${simulate}`;
    if (key === this.#clockKey) return;
    this.#clockKey = key;
    this.#version++;
  }

  #settled(): boolean {
    return this.#durable >= this.#version && this.#fileWorld === this.#world && this.#rewrite === null;
  }

  #halted(): boolean {
    return Date.now() < this.#retryAt;
  }

  /** Work starts on the next turn, never inside the request whose change called: a batch holds whole requests. */
  #schedule(): void {
    if (this.#scheduled || this.#running || this.#closed) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#run();
    });
  }

  #run(): void {
    this.#running ??= this.#work().finally(() => {
      this.#running = null;
      // A change that came as the work ended; after a failure, the retry's timer decides.
      if (!this.#settled() && !this.#halted()) this.#schedule();
    });
  }

  /** Appends batches and steps a rewrite in turn, until the file holds everything. */
  async #work(): Promise<void> {
    while (!this.#halted() && !this.#abandoned) {
      try {
        let worked = false;
        if (this.#fileWorld === this.#world && this.#durable < this.#version) {
          await this.#append();
          worked = true;
        }
        if (!this.#rewrite && (this.#fileWorld !== this.#world || this.#overgrown()))
          this.#rewrite = this.#rewriting(this.#world);
        if (this.#rewrite) {
          if ((await this.#rewrite.next()).done) this.#rewrite = null;
          worked = true;
        }
        if (!worked) return;
      } catch (error) {
        await this.#fail(error as Error);
      }
    }
    // Halted by a failure: with something new to save, try again once the wait is over.
    if (this.#version > this.#failedAt && !this.#closed)
      this.#retryTimer ??= setTimeout(() => {
        this.#retryTimer = null;
        this.#schedule();
      }, this.#retryAt - Date.now()).unref();
  }

  #overgrown(): boolean {
    return this.#fileBytes > 2 * this.#rewrittenBytes + REWRITE_SLACK_BYTES;
  }

  /** One batch: the changes since the last, then the clock line that makes them count. */
  async #append(): Promise<void> {
    const world = this.#world;
    // Taken at one moment: the clock line never names an instant the world has not caught up to.
    world.catchUp();
    const batch = this.#dirty;
    this.#dirty = new ChangeSet();
    const version = this.#version;
    const end = Buffer.from(clockLine(world));
    // Opened by path, never created: a file moved or deleted meanwhile fails the batch, and the file is
    // written afresh, rather than a log without its header started.
    const handle = await open(this.target, APPEND_FLAGS);
    let bytes = end.length;
    try {
      for await (const slice of this.#slices(batch.lines())) {
        await handle.writeFile(slice);
        bytes += slice.length;
      }
      await handle.writeFile(end);
    } finally {
      await handle.close();
    }
    this.#fileBytes += bytes;
    this.#acknowledge(version);
  }

  /**
   * The whole log afresh, one slice per step, appends going on between steps; then passes over what changed
   * meanwhile; the last pass holds appends until the new file is renamed into place, so that it has every
   * change ever acknowledged. Abandoned when the world is replaced meanwhile.
   */
  async *#rewriting(world: World): AsyncGenerator<void, void> {
    world.catchUp();
    // What changes from now on: the next pass writes it (the listener notes into `#since`).
    let since = (this.#since = new ChangeSet());
    const file = await Replacement.create(this.target);
    let committed = false;
    try {
      await file.write(Buffer.from(headerLine(world)));
      let lines: Iterable<RecordLine> = worldLines(world);
      for (let pass = 0; ; pass++) {
        const before = file.bytes;
        for await (const slice of this.#slices(lines)) {
          await file.write(slice);
          yield;
          if (world !== this.#world || this.#abandoned) return;
        }
        // After a short pass, little can have changed meanwhile: the last pass, which holds appends, is short.
        if (file.bytes - before <= SHORT_PASS_BYTES || pass === CATCH_UP_PASSES) break;
        lines = since.lines();
        since = this.#since = new ChangeSet();
      }
      await file.sync();
      yield;
      if (world !== this.#world || this.#abandoned) return;
      // The last pass: no step yields from here on, so no batch is appended to the old file meanwhile.
      world.catchUp();
      const last = since;
      this.#since = null;
      this.#dirty = new ChangeSet();
      const version = this.#version;
      const end = Buffer.from(clockLine(world, world.base.origin === 'imported'));
      for await (const slice of this.#slices(last.lines())) await file.write(slice);
      await file.write(end);
      await file.commit();
      committed = true;
      await this.rewritten();
      this.#fileWorld = world;
      this.#fileBytes = this.#rewrittenBytes = file.bytes;
      this.failed = false;
      this.#acknowledge(version);
    } finally {
      if (!committed) await file.discard();
    }
  }

  /**
   * Lines as JSON, in slices of about SLICE_BYTES (one record more at most), each made in a turn of the event
   * loop of its own: between two slices, other requests are answered.
   */
  async *#slices(lines: Iterable<RecordLine>): AsyncGenerator<Buffer> {
    const iterator = lines[Symbol.iterator]();
    for (let first = true, done = false; !done; first = false) {
      if (!first) await nextTurn();
      const started = performance.now();
      const parts: Buffer[] = [];
      let bytes = 0;
      while (bytes < SLICE_BYTES) {
        const next = iterator.next();
        if (next.done) {
          done = true;
          break;
        }
        const part = Buffer.from(`${JSON.stringify(next.value)}\n`);
        parts.push(part);
        bytes += part.length;
      }
      const slice = Buffer.concat(parts, bytes);
      this.longestSliceMs = Math.max(this.longestSliceMs, performance.now() - started);
      if (bytes > 0) yield slice;
    }
  }

  #acknowledge(version: number): void {
    this.#durable = Math.max(this.#durable, version);
    while (this.#waiters[0] && this.#waiters[0].version <= this.#durable) this.#waiters.shift()!.resolve();
  }

  /** A write failed: said once, answers no longer held, and the next try (a second on) rewrites the file whole. */
  async #fail(error: Error): Promise<void> {
    this.failed = true;
    this.#fileWorld = null;
    this.#since = null;
    const rewrite = this.#rewrite;
    this.#rewrite = null;
    await rewrite?.return();
    this.#retryAt = Date.now() + RETRY_MS;
    this.#failedAt = this.#version;
    for (const waiter of this.#waiters.splice(0)) waiter.resolve();
    process.stderr.write(
      `standin: could not save the world to ${this.path}: ${error.message}; trying again at the next change\n`,
    );
  }
}
