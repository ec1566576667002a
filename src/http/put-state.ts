// PUT /__mock/state through a state loader (MockOptions.stateLoader, standin serve's worker thread): the state
// read, parsed and checked off the request path while other requests are answered, then the world it describes
// put in place at once. One restore at a time per mock: each holds a whole state and its world in memory, so a
// second one meanwhile gets 409 rather than doubling that. A state that could not be read within the memory
// budget is refused before it is (413): from its Content-Length, or once that many bytes came.
import type { World } from '../domain/world.js';
import type { Mock, StateLoader } from './mock.js';
import type { Exchange, Step } from './steps.js';
import {
  BudgetError,
  largestRestore,
  RESTORE_BYTES_PER_BODY_BYTE,
  RESTORE_FIXED_BYTES,
  restoreBytes,
  type MemoryBudget,
} from '../runtime/memory-budget.js';
import { budgetProblem } from './runtime-problems.js';
import { problemResponse } from './problem.js';
import { bodyTooLarge } from './request-input.js';
import type { Transcript } from './transcript.js';
import { clockView } from '../runtime/time-travel.js';

/** What PUT /__mock/state and a snapshot's restore answer: the restored world's seed, size and clock. */
export function restored(world: World) {
  return { seed: world.seed, size: world.size, ...clockView(world) };
}

const MiB = 2 ** 20;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(bytes < 10 * MiB ? 1 : 0)} MiB`;

/**
 * The 413 of a state too large to read and check within what the memory budget leaves: what it would take, what
 * the budget leaves, and the ways out (a smaller state, less kept, a larger --memory-budget).
 * @example stateOverBudget(transcript, 100 * MiB, 96 * MiB, budget)
 */
function stateOverBudget(
  transcript: Transcript,
  declared: number | null,
  most: number,
  budget: MemoryBudget,
): Response {
  const size = declared ?? most + 1;
  const needed = budget.used() + restoreBytes(size);
  const suggested = `${Math.ceil(needed / MiB / 256) * 256}MiB`;
  return problemResponse(
    transcript,
    413,
    'memory-budget',
    `This state ${declared === null ? `is over ${mib(most)}` : `of ${mib(declared)} is over ${mib(most)}`}, the most this server can read and check within its memory budget (G8): a restore takes ${mib(RESTORE_FIXED_BYTES)} (its worker) and up to ${RESTORE_BYTES_PER_BODY_BYTE} times a state's size while it runs, and the budget (--memory-budget, ${mib(budget.limit)}) leaves ${mib(budget.room())}. Send a smaller state, drop what the server keeps (POST /__mock/reset, DELETE /__mock/sessions/{name}, DELETE /__mock/snapshots/{name}), or start it with --memory-budget ${suggested}.`,
    undefined,
    { connection: 'close' },
  );
}

/**
 * The last step of PUT /__mock/state with a loader: the state read and checked by it, then put in place.
 * @example [...guarded, putStateStep(mock, loader, 512 * 2 ** 20)]
 */
export function putStateStep(mock: Mock, load: StateLoader, maxBytes: number): Step {
  let restoring = false;
  const run = async ({ c, slot, transcript }: Exchange): Promise<Response> => {
    if (restoring) {
      // Connection: close, or the server would read the rest of this body to keep the connection alive.
      return problemResponse(
        transcript,
        409,
        'restore-in-progress',
        'Another PUT /__mock/state is being read and checked on this server; send this one again once that one is answered.',
        undefined,
        { 'retry-after': '1', connection: 'close' },
      );
    }
    restoring = true;
    try {
      // The body's bytes, and what they become while they are read and checked, within what the budget leaves.
      const { budget } = mock.worlds;
      const most = Math.min(maxBytes, largestRestore(budget.room()));
      const declared = c.req.header('content-length');
      const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : null;
      const loaded = await load({
        request: c.req.raw,
        worlds: mock.worlds,
        appUrl: mock.options.appUrl,
        maxBytes: most,
        // Over G8's limit, that is what it is over; under it, over what the budget leaves.
        tooLarge: () =>
          most === maxBytes || (length ?? 0) > maxBytes
            ? bodyTooLarge(transcript, maxBytes)
            : stateOverBudget(transcript, length, most, budget),
        transcript,
      });
      if (loaded instanceof Response) return loaded;
      mock.worlds.install(slot, loaded);
      return c.json(restored(loaded), 200);
    } catch (error) {
      if (error instanceof BudgetError) return budgetProblem(transcript, error);
      throw error;
    } finally {
      restoring = false;
    }
  };
  return { name: 'putState (read and checked by the state loader)', run };
}
