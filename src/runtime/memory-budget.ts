// One memory budget for what a mock keeps beyond its base world — every world's own records (the shared one's
// and each session's), snapshots, other bases it generated or imported, and its caches and journal — so that
// no client can make it grow until it crashes. What would go over it is refused with a 507 that says what
// holds the memory and what to drop; what is kept is estimated (approx-bytes.ts), on the high side.

/** 512 MiB: a laptop's share for a mock, far above what a demo or a suite of test workers keeps. */
export const DEFAULT_MEMORY_BUDGET = 512 * 2 ** 20;

/**
 * What reading and checking a saved state may take while it runs (PUT /__mock/state on standin serve), measured in
 * test/restore-memory.test.ts: a fixed part, whatever the state's size (the worker thread it is read in, with its
 * code and the compiled spec it checks with, and this thread's buffers: 70-110 MiB over where the server was on
 * Node 20 and 24 for a state refused after 20-40 MiB, 134 MiB once on a loaded box), and a part per byte of its
 * body (its records parsed, the world they are checked in and the one built from them: a 100 MiB state applied
 * peaked at 3.3-3.4 times its size, the fixed part included). A body that would not fit in what the budget leaves
 * is refused before it is read. Four times the body and nothing fixed, as before, let a state of 32 MiB peak at
 * 4.2 times its size.
 */
export const RESTORE_FIXED_BYTES = 128 * 2 ** 20;
export const RESTORE_BYTES_PER_BODY_BYTE = 3;

/** What a restore of a body of `bytes` may take while it runs. */
export function restoreBytes(bytes: number): number {
  return RESTORE_FIXED_BYTES + bytes * RESTORE_BYTES_PER_BODY_BYTE;
}

/** The largest body a restore may read within `room` bytes (0 when not even the fixed part fits). */
export function largestRestore(room: number): number {
  return Math.max(0, Math.floor((room - RESTORE_FIXED_BYTES) / RESTORE_BYTES_PER_BODY_BYTE));
}

/** The parts of what a mock keeps, in estimated bytes. */
export interface MemoryUse {
  /** The shared world's own records (its writes and the days it caught up). */
  shared: number;
  /** Each session's own records, by name (MK5). */
  sessions: ReadonlyMap<string, number>;
  /** Named snapshots, every world's. */
  snapshots: number;
  /** Base worlds besides the one the mock started on: other seeds and sizes, imported states. */
  bases: number;
  /** The render caches and the request journal, each bounded on its own. */
  caches: number;
}

/** What the budget refused: the status and problem the answer carries (G8). */
export class BudgetError extends Error {
  readonly status = 507;
  constructor(message: string) {
    super(message);
    this.name = 'BudgetError';
  }
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MiB`;
}

/** The sum of the parts. */
function total(use: MemoryUse): number {
  let sum = use.shared + use.snapshots + use.bases + use.caches;
  for (const bytes of use.sessions.values()) sum += bytes;
  return sum;
}

/** How a budget learns what is kept: the parts (for a refusal's message), and their sum (cheap, per write). */
export interface MemoryMeter {
  use(): MemoryUse;
  used(): number;
}

/**
 * @example const budget = new MemoryBudget(512 * 2 ** 20, meter);
 * budget.ensure(8 * 2 ** 20, 'a snapshot'); // throws BudgetError when it would not fit
 */
export class MemoryBudget {
  /** `limit` in bytes; `meter` tells what is kept now. */
  constructor(
    readonly limit: number,
    private readonly meter: MemoryMeter,
  ) {
    if (!(limit > 0)) throw new RangeError(`a memory budget must be more than 0 bytes, got ${limit}`);
  }

  use(): MemoryUse {
    return this.meter.use();
  }

  used(): number {
    return this.meter.used();
  }

  /** What the budget leaves: its limit less what is kept (0 when over it). */
  room(): number {
    return Math.max(0, this.limit - this.meter.used());
  }

  /** Whether what is kept already goes over the budget (writes are refused then). */
  over(): boolean {
    return this.used() > this.limit;
  }

  /**
   * Refuses (BudgetError) what would take `bytes` more when that would go over the budget; `what` says what
   * was asked ("a new session", "a snapshot", "the clock 30 days on").
   */
  ensure(bytes: number, what: string): void {
    if (this.meter.used() + bytes <= this.limit) return;
    const use = this.meter.use();
    const used = total(use);
    throw new BudgetError(this.#refusal(use, used, `${what} (about ${mib(bytes)} more)`));
  }

  /** The refusal of a write while over the budget. */
  refusal(what: string): BudgetError {
    const use = this.meter.use();
    return new BudgetError(this.#refusal(use, total(use), what));
  }

  #refusal(use: MemoryUse, used: number, what: string): string {
    const largest = [...use.sessions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, bytes]) => `${name} ${mib(bytes)}`);
    const parts = [
      `the shared world ${mib(use.shared)}`,
      `${use.sessions.size} session${use.sessions.size === 1 ? '' : 's'} ${mib([...use.sessions.values()].reduce((a, b) => a + b, 0))}${largest.length ? ` (the largest: ${largest.join(', ')})` : ''}`,
      `snapshots ${mib(use.snapshots)}`,
      `other base worlds ${mib(use.bases)}`,
      `caches and the journal ${mib(use.caches)}`,
    ];
    return `This server keeps at most ${mib(this.limit)} beyond its base world (its memory budget) and holds ${mib(used)}: ${parts.join(', ')}. It refused ${what}. Drop what you no longer need — sessions (DELETE /__mock/sessions/{name}), snapshots (DELETE /__mock/snapshots/{name}), or a world's changes (POST /__mock/reset) — or start the server with a higher --memory-budget.`;
  }
}
