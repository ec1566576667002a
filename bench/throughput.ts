// The throughput part: Prism and every standin scenario round after round, each server in its own process, and
// the raw node:http baseline before the first round and after each: a scenario's ratio to raw is taken against
// the raw runs on either side of its own round. Rounds interleave the scenarios, so a drift of the shared box
// spreads over all of them instead of landing on one.
import { cannon, oneConnection, type LoadResult } from './load.js';
import { cpuMs, sleep, stop } from './processes.js';
import type { Baseline } from './baseline.js';
import { scenarios as allScenarios, baselineTwins, goalRead, type Scenario, type Target } from './scenarios.js';
import { NOW, startPrism, startRaw, startStandin, type Server, type Standin } from './servers.js';
import { median, round } from './stats.js';
import { findSubjects, type Subjects } from './subjects.js';

export interface ThroughputOptions {
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number;
  log: (line: string) => void;
  /** Another build to run the small world's scenarios against, each right after its twin. */
  baseline?: Baseline;
}

export interface ScenarioResult {
  key: string;
  label: string;
  server: Target;
  load: Scenario['load'];
  connections: number;
  /** Medians over the rounds, each figure on its own. */
  rps: number;
  p50: number;
  p99: number;
  /** Failed requests over all rounds: any makes the figure invalid. */
  failed: number;
  rounds: LoadResult[];
  /** The server's CPU time per request, µs: the median over the rounds (null where it cannot be read). */
  cpuUs: number | null;
  /**
   * Against raw node:http: the median of each round's ratio of requests per second to the mean of the raw runs
   * just before and just after that round (absent on the raw row itself). A shared box's load drifts over a run
   * (raw fell from 24,057 to 7,818 req/s in one); a raw figure minutes away from the round says little of it.
   */
  vsRaw?: number;
  /**
   * Against a baseline's twin: the median of each round's ratio of requests per second (the two ran back to
   * back, so each pair met the same state of the box), and the ratio of their CPU time per request (what each
   * request costs the server, which another load on the box moves far less). Absent without `--baseline`.
   */
  vsBaseline?: number;
  cpuVsBaseline?: number | null;
}

export interface ThroughputResult {
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number;
  /** Bytes of the goal's JSON the raw baseline answers. */
  goalBodyBytes: number;
  subjects: { small: Omit<Subjects, 'goalBody'>; large: Omit<Subjects, 'goalBody'> };
  /** Raw node:http: its runs before the first round and after each (rounds + 1), and their median. */
  raw: ScenarioResult;
  /** Why Prism's row is missing, if it is. */
  prismSkipped: string | null;
  /** The build the small world's scenarios were compared with, if any. */
  baseline: { ref: string; commit: string } | null;
  scenarios: ScenarioResult[];
}

/** One scenario once against its server. */
async function runOnce(
  scenario: Scenario,
  server: Server,
  token: string | undefined,
  seconds: number,
  options: ThroughputOptions,
) {
  const [first] = scenario.requests;
  const before = cpuMs(server.process.pid);
  const result =
    scenario.load === 'one-connection' && first
      ? await oneConnection(server.origin, first, { token, seconds })
      : await cannon(server.origin, scenario.requests, { token, seconds, connections: options.connections });
  const after = cpuMs(server.process.pid);
  result.cpuUs =
    before === null || after === null || result.requests === 0
      ? null
      : round(((after - before) * 1000) / result.requests, 1);
  return result;
}

/** Back to the world as generated (MK2, milliseconds): the next scenario meets the same world as the first. */
async function reset(standin: Standin): Promise<void> {
  // The requests autocannon cut off at the end may still be at work in the server: let them land first.
  await sleep(100);
  const response = await fetch(`${standin.origin}/__mock/reset`, { method: 'POST' });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST /__mock/reset: ${response.status}`);
}

function summarise(scenario: Scenario, rounds: LoadResult[], connections: number): ScenarioResult {
  return {
    key: scenario.key,
    label: scenario.label,
    server: scenario.server,
    load: scenario.load,
    connections: scenario.load === 'one-connection' ? 1 : connections,
    rps: round(median(rounds.map((r) => r.rps)), 0),
    p50: round(median(rounds.map((r) => r.p50)), 2),
    p99: round(median(rounds.map((r) => r.p99)), 2),
    failed: rounds.reduce((sum, r) => sum + r.failed, 0),
    rounds,
    cpuUs: rounds.every((r) => typeof r.cpuUs === 'number') ? round(median(rounds.map((r) => r.cpuUs!)), 1) : null,
  };
}

function strip({ goalBody: _body, ...rest }: Subjects): Omit<Subjects, 'goalBody'> {
  return rest;
}

export async function throughput(options: ThroughputOptions): Promise<ThroughputResult> {
  const { log } = options;
  const started: Server[] = [];
  log('throughput: starting standin (small, large) and Prism');
  // Prism takes seconds to start: it starts beside the others, and a failure only drops its row.
  const prism = startPrism().then(
    (server) => (started.push(server), server),
    (error: Error) => error,
  );
  try {
    const [small, large, baseline] = await Promise.all([
      startStandin('small'),
      startStandin('large'),
      options.baseline ? startStandin('small', [], [], options.baseline.cli) : null,
    ]).then((servers) => (started.push(...servers.filter((server) => server !== null)), servers));
    const today = NOW.slice(0, 10);
    const [smallSubjects, largeSubjects, baselineSubjects] = await Promise.all([
      findSubjects(small, today),
      findSubjects(large, today),
      baseline ? findSubjects(baseline, today) : null,
    ]);
    const raw = await startRaw(smallSubjects.goalBody);
    started.push(raw);
    const prismServer = await prism;
    const prismSkipped =
      prismServer instanceof Error ? `Prism did not start: ${prismServer.message.split('\n')[0]}` : null;
    if (prismSkipped) log(`throughput: ${prismSkipped}; its row is skipped`);

    const servers: Record<Target, Server | null> = {
      raw,
      prism: prismServer instanceof Error ? null : prismServer,
      small,
      large,
      baseline,
    };
    const tokens: Record<Target, string | undefined> = {
      raw: undefined,
      // The spec declares bearer auth: Prism answers 401 without a header, any token will do.
      prism: 'x',
      small: smallSubjects.token,
      large: largeSubjects.token,
      baseline: baselineSubjects?.token,
    };
    const rawScenario: Scenario = {
      key: 'raw',
      label: `raw node:http, the goal's JSON (${Buffer.byteLength(smallSubjects.goalBody)} B)`,
      server: 'raw',
      load: 'connections',
      requests: [goalRead(smallSubjects)],
      writes: false,
    };
    const twins = new Map(
      (baselineSubjects ? baselineTwins(baselineSubjects, largeSubjects) : []).map((twin) => [
        twin.key.replace(/@baseline$/, ''),
        twin,
      ]),
    );
    // Each scenario, then its baseline twin if it has one: a pair meets the same state of the box.
    const list = allScenarios(smallSubjects, largeSubjects, servers.prism !== null).flatMap((scenario) => {
      const twin = twins.get(scenario.key);
      return twin ? [scenario, twin] : [scenario];
    });
    const run = async (scenario: Scenario, seconds: number) => {
      const server = servers[scenario.server]!;
      const result = await runOnce(scenario, server, tokens[scenario.server], seconds, options);
      if (scenario.writes) await reset(server as Standin);
      return result;
    };

    // Warm-up: every path through the server's code compiled by V8 before anything counts.
    log(`throughput: warm-up, ${options.warmupSeconds} s per scenario`);
    for (const scenario of [rawScenario, ...list]) await run(scenario, options.warmupSeconds);

    const rawRun = async (when: string) => {
      const result = await run(rawScenario, options.seconds);
      log(`throughput: raw node:http (${when}): ${result.rps} req/s`);
      return result;
    };
    const rawRuns = [await rawRun('before round 1')];
    const rounds = new Map<string, LoadResult[]>(list.map((s) => [s.key, []]));
    for (let r = 0; r < options.rounds; r++) {
      for (const scenario of list) {
        const result = await run(scenario, options.seconds);
        rounds.get(scenario.key)!.push(result);
        log(
          `throughput: round ${r + 1}/${options.rounds} ${scenario.label}: ${result.rps} req/s, p99 ${result.p99} ms${result.failed ? `, ${result.failed} FAILED` : ''}`,
        );
      }
      rawRuns.push(await rawRun(`after round ${r + 1}`));
    }
    /** Each round's requests per second against the raw runs on either side of that round. */
    const vsRaw = (results: readonly LoadResult[]) =>
      round(median(results.map((result, r) => result.rps / ((rawRuns[r]!.rps + rawRuns[r + 1]!.rps) / 2))), 2);
    return {
      seconds: options.seconds,
      rounds: options.rounds,
      warmupSeconds: options.warmupSeconds,
      connections: options.connections,
      goalBodyBytes: Buffer.byteLength(smallSubjects.goalBody),
      subjects: { small: strip(smallSubjects), large: strip(largeSubjects) },
      raw: summarise(rawScenario, rawRuns, options.connections),
      prismSkipped,
      baseline: options.baseline ? { ref: options.baseline.ref, commit: options.baseline.commit } : null,
      scenarios: list.map((s) => {
        const result = summarise(s, rounds.get(s.key)!, options.connections);
        result.vsRaw = vsRaw(result.rounds);
        const twin = rounds.get(`${s.key}@baseline`);
        if (twin) {
          result.vsBaseline = round(median(rounds.get(s.key)!.map((r, i) => r.rps / twin[i]!.rps)), 2);
          const twinCpu = summarise(s, twin, options.connections).cpuUs;
          result.cpuVsBaseline = result.cpuUs !== null && twinCpu ? round(result.cpuUs / twinCpu, 2) : null;
        }
        return result;
      }),
    };
  } finally {
    await prism;
    await Promise.all(started.map((server) => stop(server.process)));
  }
}
