// The memory budget's own logic, with no world behind it: when it refuses (at the limit exactly, one byte over),
// the 507's text (each part in MiB, the three largest sessions, the fix), and the limits it refuses to be made
// with. test/memory-budget.test.ts fills real worlds to it (heap-sized, in `npm test` only).
import { describe, expect, it } from 'vitest';
import { BudgetError, MemoryBudget, type MemoryMeter, type MemoryUse } from './memory-budget.js';

const MiB = 2 ** 20;

/** A meter reading fixed parts; `used` is their sum, as the worlds' meter keeps it. */
function meter(use: MemoryUse): MemoryMeter {
  const sessions = [...use.sessions.values()].reduce((sum, bytes) => sum + bytes, 0);
  return { use: () => use, used: () => use.shared + sessions + use.snapshots + use.bases + use.caches };
}

function parts(sessions: Array<[string, number]>, rest: Partial<Omit<MemoryUse, 'sessions'>> = {}): MemoryUse {
  return { shared: 0, snapshots: 0, bases: 0, caches: 0, ...rest, sessions: new Map(sessions) };
}

const FIX =
  "Drop what you no longer need — sessions (DELETE /__mock/sessions/{name}), snapshots (DELETE /__mock/snapshots/{name}), or a world's changes (POST /__mock/reset) — or start the server with a higher --memory-budget.";

/** What the budget says when it refuses: the caught error itself. */
function refused(act: () => void): BudgetError {
  try {
    act();
  } catch (error) {
    if (error instanceof BudgetError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('MemoryBudget: what it refuses (G8)', () => {
  // Sessions listed out of order: the largest three are named, largest first.
  const USE = parts(
    [
      ['small', 0.5 * MiB],
      ['mid', 1 * MiB],
      ['big', 3 * MiB],
      ['second', 2 * MiB],
    ],
    { shared: 1 * MiB, snapshots: 0.25 * MiB, bases: 12.25 * MiB, caches: 0.75 * MiB },
  );

  it('takes what ends exactly at the limit, and refuses one byte more, saying what holds the memory', () => {
    const used = 20.75 * MiB;
    const budget = new MemoryBudget(used + 2 * MiB, meter(USE));
    expect(() => budget.ensure(2 * MiB, 'a snapshot')).not.toThrow();
    const error = refused(() => budget.ensure(2 * MiB + 1, 'a snapshot'));
    expect(error.status).toBe(507);
    expect(error.name).toBe('BudgetError');
    expect(error.message).toBe(
      'This server keeps at most 23 MiB beyond its base world (its memory budget) and holds 21 MiB: the shared world 1.0 MiB, 4 sessions 6.5 MiB (the largest: big 3.0 MiB, second 2.0 MiB, mid 1.0 MiB), snapshots 0.3 MiB, other base worlds 12 MiB, caches and the journal 0.8 MiB. It refused a snapshot (about 2.0 MiB more). ' +
        FIX,
    );
  });

  it('refuses what would go over it by the sum of what is kept and what is asked, not their difference', () => {
    const budget = new MemoryBudget(15, meter(parts([], { shared: 10 })));
    expect(() => budget.ensure(5, 'x')).not.toThrow();
    expect(() => budget.ensure(6, 'x')).toThrow(BudgetError);
  });

  it.each([
    ['no session, no list', parts([]), '0 sessions 0.0 MiB, '],
    ['one session, singular', parts([['solo', 2 * MiB]]), '1 session 2.0 MiB (the largest: solo 2.0 MiB), '],
    [
      'two sessions',
      parts([
        ['a', 1 * MiB],
        ['b', 4 * MiB],
      ]),
      '2 sessions 5.0 MiB (the largest: b 4.0 MiB, a 1.0 MiB), ',
    ],
  ])('names the sessions: %s', (_name, use, text) => {
    const error = new MemoryBudget(1, meter(use)).refusal('POST /goals, a write');
    expect(error).toBeInstanceOf(BudgetError);
    expect(error.message).toContain(`the shared world 0.0 MiB, ${text}snapshots 0.0 MiB`);
    expect(error.message).toContain('It refused POST /goals, a write. Drop');
  });

  it.each([
    [0, '0.0 MiB'],
    [0.04 * MiB, '0.0 MiB'],
    [1.25 * MiB, '1.3 MiB'],
    [10 * MiB - 1, '10.0 MiB'],
    [10 * MiB, '10 MiB'],
    [10.4 * MiB, '10 MiB'],
    [511.6 * MiB, '512 MiB'],
  ])('writes %d bytes as %s: one decimal below 10 MiB, none from there', (bytes, text) => {
    const error = new MemoryBudget(1, meter(parts([], { snapshots: bytes }))).refusal('x');
    expect(error.message).toContain(`, snapshots ${text}, `);
  });
});

describe('MemoryBudget: its limit and what it reads', () => {
  it.each([0, -1, Number.NaN])('refuses a limit of %d bytes', (limit) => {
    expect(() => new MemoryBudget(limit, meter(parts([])))).toThrow(
      new RangeError(`a memory budget must be more than 0 bytes, got ${limit}`),
    );
  });

  it('is over only past its limit, not at it, and reads the meter afresh', () => {
    const use = parts([['s', 0]], { shared: 100 });
    const budget = new MemoryBudget(100, meter(use));
    expect(budget.limit).toBe(100);
    expect([budget.used(), budget.over()]).toEqual([100, false]);
    expect(budget.use()).toBe(use);
    use.shared = 101;
    expect([budget.used(), budget.over()]).toEqual([101, true]);
  });
});
