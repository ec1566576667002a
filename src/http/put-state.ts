// PUT /__mock/state through a state loader (MockOptions.stateLoader, standin serve's worker thread): the state
// read, parsed and checked off the request path while other requests are answered, then the world it describes
// put in place at once. One restore at a time per mock: each holds a whole state and its world in memory, so a
// second one meanwhile gets 409 rather than doubling that.
import type { Context } from 'hono';
import type { World } from '../domain/world.js';
import type { Mock, StateLoader } from './mock.js';
import type { PipelineEnv } from './pipeline.js';
import { BudgetError } from '../runtime/memory-budget.js';
import { budgetProblem } from './runtime-problems.js';
import { problemResponse } from './problem.js';
import { clockView } from '../runtime/time-travel.js';

/** What PUT /__mock/state and a snapshot's restore answer: the restored world's seed, size and clock. */
export function restored(world: World) {
  return { seed: world.seed, size: world.size, ...clockView(world) };
}

/**
 * The Hono handler of PUT /__mock/state with a loader.
 * @example controls.put('/state', putStateRoute(mock, loader, 512 * 2 ** 20))
 */
export function putStateRoute(mock: Mock, load: StateLoader, maxBytes: number) {
  let restoring = false;
  return async (c: Context<PipelineEnv>): Promise<Response> => {
    const transcript = c.get('transcript');
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
      const loaded = await load({
        request: c.req.raw,
        worlds: mock.worlds,
        appUrl: mock.options.appUrl,
        maxBytes,
        transcript,
      });
      if (loaded instanceof Response) return loaded;
      mock.worlds.install(c.get('slot'), loaded);
      return c.json(restored(loaded), 200);
    } catch (error) {
      if (error instanceof BudgetError) return budgetProblem(transcript, error);
      throw error;
    } finally {
      restoring = false;
    }
  };
}
