// Issue 34, point 6: the benchmark's judgement of its new figures (bench/targets.ts) — the write's CPU against a
// bare Hono route's, `standin serve` small's start, `npm test` cold and warm — met, not met, or not measured,
// from results as the parts return them.
import { describe, expect, it } from 'vitest';
import type { StartsResult } from '../bench/cold-start.js';
import type { FloorResult, FloorSubject } from '../bench/floor.js';
import type { SuiteResult, SuiteRun } from '../bench/suite.js';
import type { ResetResult } from '../bench/reset.js';
import { floorTargets, resetTargets, startTargets, suiteTargets, throughputTargets } from '../bench/targets.js';
import type { ScenarioResult, ThroughputResult } from '../bench/throughput.js';

const WHAT = 'standin serve CPU per POST goal update against a bare Hono route doing the same domain write';

function subject(key: FloorSubject['key'], failed = 0): FloorSubject {
  return { key, label: key, rounds: [], rps: 1000, cpuUs: 50, vsRaw: 0.5, failed };
}

function floorResult(cpuVsHono: number | null, standinFailed = 0): FloorResult {
  return {
    seconds: 4,
    rounds: 3,
    warmupSeconds: 2,
    connections: 50,
    subjects: [subject('raw'), subject('write'), subject('hono-write'), subject('standin', standinFailed)],
    cpuVsHono,
  };
}

describe('floorTargets: standin serve CPU per POST ≤ 1.5× bare Hono', () => {
  it.each([
    ['below the limit', floorResult(1.2), 1.2, true, undefined],
    ['at the limit', floorResult(1.5), 1.5, true, undefined],
    ['above it', floorResult(1.51), 1.51, false, undefined],
    ["issue 34's figure before", floorResult(2.09), 2.09, false, undefined],
    ['met, but with failed requests', floorResult(1.2, 7), 1.2, false, '7 failed requests'],
    ['no CPU from /proc', floorResult(null), null, null, 'no CPU figure from /proc'],
  ])('%s', (_, result, value, met, note) => {
    expect(floorTargets(result)).toEqual([
      {
        key: 'floor-write',
        what: WHAT,
        value,
        threshold: '≤ 1.5× bare Hono',
        met,
        ...(note ? { note } : {}),
      },
    ]);
  });
});

function run(seconds: number, exitCode: number | null): SuiteRun {
  return { seconds, exitCode, loadAtStart: 0.4, loadAtEnd: 3.1, log: '/tmp/x.log' };
}

function suiteResult(cold: SuiteRun | null, warm: SuiteRun | null, installExit = 0): SuiteResult {
  return { commit: 'abc1234', install: run(60, installExit), cold, warm };
}

const COLD = { key: 'suite-cold', what: 'npm test in a fresh clone after npm ci (cold)', threshold: '≤ 120 s' };
const WARM = { key: 'suite-warm', what: 'npm test again in the same clone (warm)', threshold: '≤ 90 s' };

describe('suiteTargets: npm test ≤ 120 s cold, ≤ 90 s warm; a failing run is never met', () => {
  it.each([
    [
      'both within, both passing',
      suiteResult(run(120, 0), run(90, 0)),
      [
        { ...COLD, value: 120, met: true },
        { ...WARM, value: 90, met: true },
      ],
    ],
    [
      'both over',
      suiteResult(run(141.1, 0), run(95.9, 0)),
      [
        { ...COLD, value: 141.1, met: false },
        { ...WARM, value: 95.9, met: false },
      ],
    ],
    [
      'within, but failing or killed',
      suiteResult(run(80, 1), run(60, null)),
      [
        { ...COLD, value: 80, met: false, note: 'exit code 1' },
        { ...WARM, value: 60, met: false, note: 'exit code none: ended by a signal' },
      ],
    ],
    [
      'npm ci failed: not measured',
      suiteResult(null, null, 1),
      [
        { ...COLD, value: null, met: null, note: 'npm ci failed (exit 1)' },
        { ...WARM, value: null, met: null, note: 'npm ci failed (exit 1)' },
      ],
    ],
  ])('%s', (_, result, expected) => {
    expect(suiteTargets(result)).toEqual(expected);
  });
});

function starts(serveSmallMs: number): StartsResult {
  return {
    createMock: { runs: [], bootstrapMs: 50, createMockMs: 150 },
    serveSmall: { runsMs: [serveSmallMs], medianMs: serveSmallMs },
    bareNode: { runsMs: [120], medianMs: 120 },
    serveLarge: { runsMs: [2000], medianMs: 2000 },
    npmStart: {
      runsMs: [1000],
      medianMs: 1000,
      signals: [
        {
          signal: 'SIGTERM',
          firstAnswerMs: 1000,
          stopped: true,
          closedAfterMs: 20,
          npmExited: true,
          cleanup: 'nothing left',
        },
        {
          signal: 'SIGINT',
          firstAnswerMs: 1000,
          stopped: true,
          closedAfterMs: 0,
          npmExited: true,
          cleanup: 'nothing left',
        },
      ],
    },
  };
}

describe('startTargets: standin serve small, spawn to the first answer ≤ 200 ms (issue 34)', () => {
  it.each([
    [180, true],
    [200, true],
    [201, false],
    [337, false],
  ])('%d ms: met %s', (ms, met) => {
    expect(startTargets(starts(ms)).find((target) => target.key === 'serve-small')).toEqual({
      key: 'serve-small',
      what: 'standin serve small, spawn to first answer',
      value: ms,
      threshold: '≤ 200 ms',
      met,
    });
  });

  it('keeps the other start rows', () => {
    expect(startTargets(starts(180)).map((target) => [target.key, target.threshold, target.met])).toEqual([
      ['create-mock', '< 200 ms', true],
      ['serve-small', '≤ 200 ms', true],
      ['serve-large', '< 3000 ms', true],
      ['npm-start', '< 2000 ms', true],
      ['npm-start-sigterm', 'yes', true],
      ['npm-start-sigint', 'yes', true],
    ]);
  });
});

describe('throughputTargets: an MCP tool call ≤ 2× the CPU of its REST call (issue 36)', () => {
  const row = (key: string, cpuUs: number | null, failed = 0): ScenarioResult => ({
    key,
    label: key,
    server: 'small',
    load: 'connections',
    connections: 50,
    rps: 1000,
    p50: 1,
    p99: 2,
    failed,
    rounds: [],
    cpuUs,
    vsRaw: 0.5,
  });
  const result = (mcpMe: number | null, failed = 0): ThroughputResult =>
    ({
      raw: row('raw', 20),
      prismSkipped: 'not asked',
      scenarios: [
        row('goal', 50),
        row('goals-page', 100),
        row('goal-update', 90),
        row('team-week-small', 150),
        row('team-week-large', 250),
        row('me', 40),
        row('mcp-me', mcpMe, failed),
        row('mcp-goal', 120),
      ],
    }) as unknown as ThroughputResult;
  const mcp = (r: ThroughputResult) =>
    throughputTargets(r)
      .filter((t) => t.key.startsWith('mcp-'))
      .map((t) => [t.key, t.value, t.met, t.note]);

  it.each([
    ['at twice', 80, 2, true, undefined],
    ['above', 81, 2.03, false, undefined],
    ["this run's figure before the shared validator", 1261.3, 31.53, false, undefined],
  ])('%s', (_, mcpMe, value, met, note) => {
    expect(mcp(result(mcpMe))).toEqual([
      ['mcp-me-vs-rest', value, met, note],
      ['mcp-goal-vs-rest', 2.4, false, undefined],
    ]);
  });

  it('not measured without a CPU figure, never met with failed requests', () => {
    expect(mcp(result(null))[0]).toEqual(['mcp-me-vs-rest', null, null, undefined]);
    expect(mcp(result(60, 3))[0]).toEqual(['mcp-me-vs-rest', 1.5, false, '3 failed requests']);
  });
});

describe('resetTargets: the slowest answer to other clients < 100 ms, during a reset to the large world and a week lived on it', () => {
  const meanwhile = (slowestMs: number, failed = 0) => ({ slowestMs, p99Ms: slowestMs / 2, answers: 500, failed });
  const result = (resetMs: number, weekMs: number, weekFailed = 0): ResetResult => ({
    idle: meanwhile(5),
    toLarge: { ...meanwhile(resetMs), body: { size: 'large' }, status: 200, resetMs: 9000 },
    advanceWeek: { ...meanwhile(weekMs, weekFailed), status: 200, advanceMs: 4000, happened: { comments_posted: 3 } },
    toSmall: { ...meanwhile(8), body: { size: 'small' }, status: 200, resetMs: 20 },
  });
  const verdicts = (r: ResetResult) => resetTargets(r).map(({ key, value, met }) => [key, value, met]);

  it.each([
    ['both under', result(40, 81.5), true],
    ["the week before it was lived in turns (4,099 ms: a scratch run's)", result(40, 4099), false],
    ['the week at 100 ms', result(40, 100), false],
    ['the week under, with failed requests', result(40, 55.6, 3), false],
  ])('%s', (_, r, met) => {
    expect(verdicts(r)).toEqual([
      ['advance-large-slowest', r.advanceWeek.slowestMs, met],
      ['reset-large-slowest', 40, true],
    ]);
  });
});
