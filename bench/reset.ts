// The reset part (issue 33, point 8): POST /__mock/reset {"size":"large"} to a fresh `standin serve` of the small
// world, which generates the large world, while other clients keep asking GET /api/v2/me: how long the reset
// took and the slowest answer they got meanwhile (the target: under 100 ms); then back to the small world, the
// base the server started on and still holds.
import { clientsAsking } from './clients-asking.js';
import { stop } from './processes.js';
import { startStandin, type Standin } from './servers.js';
import { round } from './stats.js';

export interface ResetOptions {
  log: (line: string) => void;
}

/** One POST /__mock/reset and what other clients saw meanwhile. */
export interface ResetRun {
  /** The reset's body. */
  body: { size: 'small' | 'large' };
  status: number;
  resetMs: number;
  /** The slowest answer to GET /api/v2/me among those asked for while the reset was under way. */
  slowestMs: number;
  /** Answers other clients got while it was under way, and how many of them failed. */
  answers: number;
  failed: number;
}

export interface ResetResult {
  /** To the large world, generated; back to the small one, held. */
  toLarge: ResetRun;
  toSmall: ResetRun;
}

async function resetOnce(standin: Standin, body: ResetRun['body']): Promise<ResetRun> {
  const clients = await clientsAsking(standin);
  const started = performance.now();
  // A connection of its own: one kept alive through a long reset can be closed by the server (its
  // keepAliveTimeout) just as it is taken again, on a busy machine.
  const response = await fetch(`${standin.origin}/__mock/reset`, {
    method: 'POST',
    headers: { connection: 'close', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.text();
  const resetMs = performance.now() - started;
  const meanwhile = await clients.stop();
  return {
    body,
    status: response.status,
    resetMs: round(resetMs, 0),
    slowestMs: round(Math.max(...meanwhile.latencies), 1),
    answers: meanwhile.latencies.length,
    failed: meanwhile.failed,
  };
}

export async function reset(options: ResetOptions): Promise<ResetResult> {
  const { log } = options;
  const standin = await startStandin('small');
  try {
    const run = async (body: ResetRun['body']) => {
      const done = await resetOnce(standin, body);
      log(
        `reset: to ${body.size} (${done.status}) in ${done.resetMs} ms; slowest answer meanwhile ${done.slowestMs} ms`,
      );
      if (done.status !== 200) throw new Error(`the reset to ${body.size} was answered ${done.status}, not 200`);
      return done;
    };
    return { toLarge: await run({ size: 'large' }), toSmall: await run({ size: 'small' }) };
  } finally {
    await stop(standin.process);
  }
}
