// The restore part (finding 6 of issue 17): a 100 MiB PUT /__mock/state to `standin serve --size large`, refused
// and then applied, while other clients keep asking for GET /api/v2/me: the slowest answer they got meanwhile
// (the target: under 100 ms), how long the PUT took, and resident memory (VmRSS from /proc) before and after, as
// it is and right after a full collection (the gc-probe preload, as the memory part reads it).
//
// The state is what a large world that ran on for a few months gives: its state of changes (version 2) after
// its clock was advanced as many days as make it 100 MiB (each day brings every person's check-in of the day),
// taken from another `standin serve` on the same generated base, so the restore rebuilds a few hundred thousand
// changed check-ins over a base both servers hold. Refused: the same state deleting one check-in (CI7), which
// only the checks at the end find, after everything else was read and built; twice, as the first large body a
// fresh server reads leaves Node's body buffers' worth in the C allocator (any large request's cost, not a
// restore's), which the second finds in place.
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { clientsAsking } from './clients-asking.js';
import { reading, type MemoryReading } from './memory.js';
import { stop } from './processes.js';
import { startStandin, type Standin } from './servers.js';
import { round } from './stats.js';

export interface RestoreOptions {
  /** The size of the state to restore, in MiB. */
  stateMib: number;
  log: (line: string) => void;
}

/** One PUT /__mock/state and what other clients saw meanwhile. */
export interface RestoreRun {
  status: number;
  putMs: number;
  /** The slowest answer to GET /api/v2/me among those asked for while the PUT was under way. */
  slowestMs: number;
  /** Answers other clients got while it was under way, and how many of them failed. */
  answers: number;
  failed: number;
  before: MemoryReading;
  after: MemoryReading;
}

export interface RestoreResult {
  size: 'large';
  stateMib: number;
  /** Days the source world's clock ran on, and the check-ins that brought. */
  days: number;
  changedCheckIns: number;
  /** The server the state came from, holding the same world (its clock run on): the applied restore's peer. */
  source: MemoryReading;
  /** The first large body the fresh server reads: Node's body buffers leave their worth in the C allocator. */
  first: RestoreRun;
  /** The same refused state again: what a restore leaves, once that is in place. */
  refused: RestoreRun;
  applied: RestoreRun;
}

const GC_PROBE = fileURLToPath(new URL('./gc-probe.js', import.meta.url));
/** The days of catch-up a first reading of the state's size is taken after. */
const PROBE_DAYS = 20;
/** Deleting a check-in is refused (CI7): found only once the state is read, built and checked. */
const NO_SUCH_CHECK_IN = '00000000-0000-4000-8000-000000000000';

async function control(standin: Standin, method: string, path: string, body?: unknown): Promise<string> {
  // A connection of its own: one kept alive through a long catch-up can be closed by the server (its
  // keepAliveTimeout) just as it is taken again ("other side closed"), on a busy machine.
  const response = await fetch(`${standin.origin}/__mock${path}`, {
    method,
    headers: { connection: 'close', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /__mock${path}: ${response.status} ${text.slice(0, 300)}`);
  return text;
}

/** The source world's state after its clock ran on long enough to make it about `mib` MiB. */
async function largeState(source: Standin, mib: number, log: (line: string) => void) {
  await control(source, 'POST', '/clock/advance', { days: PROBE_DAYS });
  const probe = Buffer.byteLength(await control(source, 'GET', '/state'));
  const days = Math.max(PROBE_DAYS, Math.round((PROBE_DAYS * mib * 2 ** 20) / probe));
  log(`restore: ${PROBE_DAYS} days make ${round(probe / 2 ** 20)} MiB; running the clock on to ${days} days`);
  for (let done = PROBE_DAYS; done < days; done += Math.min(10, days - done))
    await control(source, 'POST', '/clock/advance', { days: Math.min(10, days - done) });
  const text = await control(source, 'GET', '/state');
  const state = JSON.parse(text) as { changes: { checkIns?: unknown[] }; deleted: Record<string, string[]> };
  const refused = JSON.stringify({ ...state, deleted: { ...state.deleted, checkIns: [NO_SUCH_CHECK_IN] } });
  return {
    days,
    good: Buffer.from(text),
    refused: Buffer.from(refused),
    checkIns: state.changes.checkIns?.length ?? 0,
  };
}

/** One PUT of `body`, with clients asking meanwhile, between two memory readings. */
async function restoreOnce(standin: Standin, body: Buffer): Promise<RestoreRun> {
  const before = await reading(standin);
  const clients = await clientsAsking(standin);
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(`${standin.origin}/__mock/state`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end(body);
  });
  const putMs = performance.now() - started;
  const meanwhile = await clients.stop();
  return {
    status,
    putMs: round(putMs, 0),
    slowestMs: round(Math.max(...meanwhile.latencies), 1),
    answers: meanwhile.latencies.length,
    failed: meanwhile.failed,
    before,
    after: await reading(standin),
  };
}

export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const { log } = options;
  log(`restore: making a ${options.stateMib} MiB state of the large world`);
  const source = await startStandin('large', [], ['--expose-gc', '--import', GC_PROBE]);
  let made: Awaited<ReturnType<typeof largeState>>;
  let sourceReading: MemoryReading;
  try {
    made = await largeState(source, options.stateMib, log);
    sourceReading = await reading(source);
  } finally {
    await stop(source.process);
  }
  const stateMib = round(made.good.length / 2 ** 20);
  log(`restore: ${stateMib} MiB (${made.checkIns} changed check-ins); to a fresh standin serve --size large`);
  const target = await startStandin('large', [], ['--expose-gc', '--import', GC_PROBE]);
  try {
    const run = async (what: string, body: Buffer, status: number) => {
      const done = await restoreOnce(target, body);
      log(`restore: ${what} (${done.status}) in ${done.putMs} ms; slowest answer meanwhile ${done.slowestMs} ms`);
      if (done.status !== status) throw new Error(`the ${what} state was answered ${done.status}, not ${status}`);
      return done;
    };
    const first = await run('refused, the first', made.refused, 422);
    const refused = await run('refused again', made.refused, 422);
    const applied = await run('applied', made.good, 200);
    return {
      size: 'large',
      stateMib,
      days: made.days,
      changedCheckIns: made.checkIns,
      source: sourceReading,
      first,
      refused,
      applied,
    };
  } finally {
    await stop(target.process);
  }
}
