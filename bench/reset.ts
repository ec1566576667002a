// The reset part (issue 33, point 8): POST /__mock/reset {"size":"large"} to a fresh `standin serve` of the small
// world, which generates the large world, while other clients keep asking GET /api/v2/me: how long the reset
// took and the slowest answer they got meanwhile (the target: under 100 ms); then back to the small world, the
// base the server started on and still holds. Between the two, on the large world, POST /__mock/clock/advance
// {"days":7} with the same clients asking: a week lived in turns (the controls' livedMove), against the same
// target. First the same clients for a few seconds with no reset: what the box alone makes them wait (a busy
// shared box makes the slowest answer wander), to read the others against.
import type { Asked } from './ask-meanwhile.js';
import { clientsAsking } from './clients-asking.js';
import { sleep, stop } from './processes.js';
import { startStandin, type Standin } from './servers.js';
import { percentile, round } from './stats.js';

/** The seconds the clients ask with no reset under way. */
const IDLE_SECONDS = 5;

export interface ResetOptions {
  log: (line: string) => void;
}

/** What clients asking GET /api/v2/me saw over a stretch of time. */
export interface Meanwhile {
  /** The slowest answer, and the 99th percentile. */
  slowestMs: number;
  p99Ms: number;
  /** Answers the clients got, and how many of them failed. */
  answers: number;
  failed: number;
}

/** One POST /__mock/reset and what other clients saw meanwhile. */
export interface ResetRun extends Meanwhile {
  /** The reset's body. */
  body: { size: 'small' | 'large' };
  status: number;
  resetMs: number;
}

/** A week of the large world lived (POST /__mock/clock/advance {"days":7}) and what other clients saw meanwhile. */
export interface AdvanceRun extends Meanwhile {
  status: number;
  advanceMs: number;
  /** What the week made (the answer's `happened`): records of each kind. */
  happened: Record<string, number>;
}

export interface ResetResult {
  /** The clients for IDLE_SECONDS with no reset under way. */
  idle: Meanwhile;
  /** To the large world, generated; back to the small one, held. */
  toLarge: ResetRun;
  toSmall: ResetRun;
  /** A week of the large world, between the two resets. */
  advanceWeek: AdvanceRun;
}

function meanwhileOf({ latencies, failed }: Asked): Meanwhile {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    slowestMs: round(sorted.at(-1) ?? NaN, 1),
    p99Ms: round(percentile(sorted, 99), 1),
    answers: sorted.length,
    failed,
  };
}

async function idle(standin: Standin): Promise<Meanwhile> {
  const clients = await clientsAsking(standin);
  await sleep(IDLE_SECONDS * 1000);
  return meanwhileOf(await clients.stop());
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
  return { body, status: response.status, resetMs: round(resetMs, 0), ...meanwhileOf(await clients.stop()) };
}

async function advanceOnce(standin: Standin): Promise<AdvanceRun> {
  const clients = await clientsAsking(standin);
  const started = performance.now();
  const response = await fetch(`${standin.origin}/__mock/clock/advance`, {
    method: 'POST',
    headers: { connection: 'close', 'content-type': 'application/json' },
    body: JSON.stringify({ days: 7 }),
  });
  const answer = (await response.json()) as { happened?: Record<string, number> };
  const advanceMs = performance.now() - started;
  return {
    status: response.status,
    advanceMs: round(advanceMs, 0),
    happened: answer.happened ?? {},
    ...meanwhileOf(await clients.stop()),
  };
}

export async function reset(options: ResetOptions): Promise<ResetResult> {
  const { log } = options;
  const standin = await startStandin('small');
  try {
    const quiet = await idle(standin);
    log(`reset: no reset, slowest answer ${quiet.slowestMs} ms, p99 ${quiet.p99Ms} ms (${quiet.answers} answers)`);
    const run = async (body: ResetRun['body']) => {
      const done = await resetOnce(standin, body);
      log(
        `reset: to ${body.size} (${done.status}) in ${done.resetMs} ms; slowest answer meanwhile ${done.slowestMs} ms, p99 ${done.p99Ms} ms (${done.answers} answers)`,
      );
      if (done.status !== 200) throw new Error(`the reset to ${body.size} was answered ${done.status}, not 200`);
      return done;
    };
    const toLarge = await run({ size: 'large' });
    const advanceWeek = await advanceOnce(standin);
    log(
      `reset: a week of the large world lived (${advanceWeek.status}) in ${advanceWeek.advanceMs} ms; slowest answer meanwhile ${advanceWeek.slowestMs} ms, p99 ${advanceWeek.p99Ms} ms (${advanceWeek.answers} answers); made ${JSON.stringify(advanceWeek.happened)}`,
    );
    if (advanceWeek.status !== 200) throw new Error(`the advance was answered ${advanceWeek.status}, not 200`);
    return { idle: quiet, toLarge, advanceWeek, toSmall: await run({ size: 'small' }) };
  } finally {
    await stop(standin.process);
  }
}
