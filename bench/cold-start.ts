// The starts part: createMock() in a fresh process, `standin serve` and `npm start` from spawn to the first
// answer of GET /api/v2/me, and whether a signal to `npm start` stops the server it started. Beside standin
// serve small, in alternation, the floor any Node server starts from on this machine: a bare node:http server
// (bench/raw-server.ts), from spawn to its first answer, so a start reads as a ratio of the same run too.
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import {
  commandLine,
  freePort,
  workingFolder,
  listenersOn,
  portClosesWithin,
  portOpen,
  signal,
  sleep,
  start,
  stop,
  type Spawned,
  waitForOutput,
} from './processes.js';
import { bannerOf, CLI, NOW, RAW_SERVER, ROOT } from './servers.js';
import { median, round } from './stats.js';

export interface StartsOptions {
  /** Runs of createMock and of `standin serve` small; large gets fewer (it takes seconds), npm start two. */
  runs: number;
  largeRuns: number;
  log: (line: string) => void;
}

export interface SignalOutcome {
  signal: 'SIGTERM' | 'SIGINT';
  /** From spawn of `npm start` to the first 200 of GET /api/v2/me. */
  firstAnswerMs: number;
  /** The port closed within 2 s of the signal to npm's own process (not its group). */
  stopped: boolean;
  closedAfterMs: number | null;
  npmExited: boolean;
  /** How the benchmark then made sure nothing was left: the process group, or the listener found by its port. */
  cleanup: 'nothing left' | 'process group killed' | 'listener killed by port' | 'STILL LISTENING';
}

export interface StartsResult {
  createMock: { runs: Array<{ bootstrapMs: number; createMockMs: number }>; bootstrapMs: number; createMockMs: number };
  serveSmall: { runsMs: number[]; medianMs: number };
  /** A bare node:http server (bench/raw-server.ts), spawn to its first answer, run in turn with serve small. */
  bareNode: { runsMs: number[]; medianMs: number };
  serveLarge: { runsMs: number[]; medianMs: number };
  npmStart: { runsMs: number[]; medianMs: number; signals: SignalOutcome[] };
}

/**
 * createMock() for the small world in a fresh process, import included, timed inside that process; node's own
 * bootstrap (performance.now() at the script's first line, its origin being the process's start) beside it. The
 * import is a user's: `standin` by its name from inside the package, which package.json's exports resolve.
 */
function createMockOnce(): { bootstrapMs: number; createMockMs: number } {
  const script = `
    const bootstrap = performance.now();
    const { createMock } = await import('standin');
    createMock({ size: 'small', now: ${JSON.stringify(NOW)} });
    const created = performance.now();
    process.stdout.write(JSON.stringify({ bootstrapMs: bootstrap, createMockMs: created - bootstrap }));
    process.exit(0);`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (child.status !== 0) throw new Error(`createMock in a fresh process failed: ${child.stderr}`);
  const parsed = JSON.parse(child.stdout) as { bootstrapMs: number; createMockMs: number };
  return { bootstrapMs: round(parsed.bootstrapMs, 1), createMockMs: round(parsed.createMockMs, 1) };
}

/** The status of GET /api/v2/me (0 if the connection fails), over node:http: fetch loads undici on first use. */
function meStatus(port: number, token: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/v2/me', headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', () => resolve(0));
    req.end();
  });
}

/** Waits for the banner, then asks GET /me until it answers 200; the time from spawn to that answer. */
async function firstAnswerMs(spawned: Spawned, timeoutMs: number): Promise<{ ms: number; port: number }> {
  const { port, token } = await bannerOf(spawned, timeoutMs);
  for (const end = performance.now() + timeoutMs; performance.now() < end;) {
    if ((await meStatus(port, token)) === 200) return { ms: round(performance.now() - spawned.spawnedAt, 1), port };
    await sleep(5);
  }
  throw new Error(`GET /api/v2/me never answered 200 on port ${port}`);
}

/** The bare node:http server from spawn to its first answer of GET /api/v2/me (it answers every path 200). */
async function bareOnce(): Promise<number> {
  const spawned = start(process.execPath, [RAW_SERVER, '{}']);
  try {
    const [, port] = await waitForOutput(spawned, /^listening on (\d+)$/m, 60_000);
    for (const end = performance.now() + 60_000; performance.now() < end;) {
      if ((await meStatus(Number(port), 'none')) === 200) return round(performance.now() - spawned.spawnedAt, 1);
      await sleep(5);
    }
    throw new Error(`the bare node:http server never answered on port ${port}`);
  } finally {
    await stop(spawned);
  }
}

async function serveOnce(size: 'small' | 'large'): Promise<number> {
  const spawned = start(process.execPath, [CLI, 'serve', '--port', '0', '--now', NOW, '--size', size]);
  try {
    return (await firstAnswerMs(spawned, 60_000)).ms;
  } finally {
    await stop(spawned);
  }
}

/**
 * `npm start -- --port P` from the repository's root, to the first answer; then `signal` to npm's own pid and
 * whether the port closes within 2 s. Whatever the answer, the whole process group goes afterwards, and any
 * listener left on the port that is a standin of this checkout.
 */
async function npmStartOnce(name: 'SIGTERM' | 'SIGINT'): Promise<SignalOutcome> {
  const port = await freePort();
  const spawned = start('npm', ['start', '--', '--port', String(port)], { cwd: ROOT });
  try {
    const { ms } = await firstAnswerMs(spawned, 180_000);
    signal(spawned, name);
    const closed = await portClosesWithin(port, 2000);
    return {
      signal: name,
      firstAnswerMs: ms,
      stopped: closed.closed,
      closedAfterMs: closed.closed ? round(closed.afterMs, 0) : null,
      npmExited: spawned.child.exitCode !== null || spawned.child.signalCode !== null,
      cleanup: await cleanUp(spawned, port),
    };
  } finally {
    // Also when the run failed: no server of ours stays on the port (a no-op after cleanUp).
    await cleanUp(spawned, port);
  }
}

/** A `standin serve` started from this checkout: npm start runs it by a relative path from the root. */
function isOurStandin(pid: number): boolean {
  const cwd = workingFolder(pid);
  return commandLine(pid).includes('dist/cli/standin.js') && cwd !== null && resolve(cwd) === resolve(ROOT);
}

/** Kills the process group, then any standin of this checkout still listening on the port; says which it took. */
async function cleanUp(spawned: Spawned, port: number): Promise<SignalOutcome['cleanup']> {
  const openBefore = await portOpen(port);
  await stop(spawned);
  if (!openBefore) return 'nothing left';
  if ((await portClosesWithin(port, 2000)).closed) return 'process group killed';
  // The server left its group (a setsid somewhere): found by its port, and killed only if it is ours.
  for (const pid of listenersOn(port)) if (isOurStandin(pid)) process.kill(pid, 'SIGKILL');
  return (await portClosesWithin(port, 2000)).closed ? 'listener killed by port' : 'STILL LISTENING';
}

export async function starts(options: StartsOptions): Promise<StartsResult> {
  const { log } = options;
  const creates: Array<{ bootstrapMs: number; createMockMs: number }> = [];
  for (let i = 0; i < options.runs; i++) {
    creates.push(createMockOnce());
    log(`starts: createMock() in a fresh process ${i + 1}/${options.runs}: ${creates.at(-1)!.createMockMs} ms`);
  }
  const serve = async (size: 'small' | 'large', runs: number, bare: number[] = []) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      times.push(await serveOnce(size));
      log(`starts: standin serve --size ${size} ${i + 1}/${runs}: ${times.at(-1)} ms to the first answer`);
      if (size !== 'small') continue;
      bare.push(await bareOnce());
      log(`starts: a bare node:http server ${i + 1}/${runs}: ${bare.at(-1)} ms to the first answer`);
    }
    return { runsMs: times, medianMs: round(median(times), 0) };
  };
  const bare: number[] = [];
  const serveSmall = await serve('small', options.runs, bare);
  const serveLarge = await serve('large', options.largeRuns);
  // Each run of npm start builds first (that is the point); one run per signal.
  const signals: SignalOutcome[] = [];
  for (const name of ['SIGTERM', 'SIGINT'] as const) {
    signals.push(await npmStartOnce(name));
    const last = signals.at(-1)!;
    log(
      `starts: npm start ${last.firstAnswerMs} ms to the first answer; ${name} to npm: server ${last.stopped ? 'stopped' : 'NOT stopped'} within 2 s (${last.cleanup})`,
    );
  }
  return {
    createMock: {
      runs: creates,
      bootstrapMs: round(median(creates.map((c) => c.bootstrapMs)), 1),
      createMockMs: round(median(creates.map((c) => c.createMockMs)), 1),
    },
    serveSmall,
    bareNode: { runsMs: bare, medianMs: round(median(bare), 0) },
    serveLarge,
    npmStart: {
      runsMs: signals.map((s) => s.firstAnswerMs),
      medianMs: round(median(signals.map((s) => s.firstAnswerMs)), 0),
      signals,
    },
  };
}
