// The summary counts every check the run reported, by group and by source, names the source of what broke, and
// its verdict passes a run only when nothing failed, nothing ran short for another reason than a flag, and the
// cleanup left nothing behind.
import { describe, expect, it } from 'vitest';
import type { CheckResult } from './check-result.js';
import { Coverage } from './coverage.js';
import { junitXml } from './junit.js';
import { summarize, verdict, type SummaryInput } from './summary.js';

const groups = [
  { name: 'goals', title: 'Goals' },
  { name: 'echoes', title: 'Echoes' },
];
const coverage = new Coverage();
coverage.record('listGoals', 200, 2);
const failedOrder: CheckResult = {
  group: 'goals',
  rule: 'GO6',
  source: 'interface',
  title: 'order',
  outcome: 'failed',
  message: 'GET /goals → 404',
  broke: { rule: 'G8', source: 'decided' },
};
const interrupted: CheckResult = {
  group: 'echoes',
  rule: 'EC1',
  source: 'interface',
  title: 'defaults',
  outcome: 'not run',
  message: 'the run was interrupted before this check',
};
const setUpFailure: CheckResult = {
  group: 'set-up',
  rule: 'PT1',
  source: 'interface',
  title: "set-up: GET /me answers the token's person",
  outcome: 'failed',
  message: 'GET /me → 200 {}',
};

function input(results: CheckResult[], more: Partial<SummaryInput> = {}): SummaryInput {
  return {
    baseUrl: 'http://x/api/v2',
    ms: 1500,
    groups,
    run: { results, coverage, cleanupFailures: [], leftOut: {} },
    ...more,
  };
}

describe('summarize', () => {
  const summary = summarize(
    input([setUpFailure, failedOrder, interrupted], {
      run: {
        results: [setUpFailure, failedOrder, interrupted],
        coverage,
        cleanupFailures: [],
        leftOut: { production: 3 },
      },
      rules: ['interface', 'decided'],
    }),
  );

  it('counts set-up failures in a group of their own, first, and every reported check by group and by source', () => {
    expect([summary.passed, summary.failed, summary.notRun]).toEqual([0, 2, 1]);
    const rows = summary.text.split('\n').filter((line) => /^(Set-up|Goals|Echoes|interface|decided) /.test(line));
    expect(rows.map((row) => row.split(/\s+/))).toEqual([
      ['Set-up', '0', '1', '0'],
      ['Goals', '0', '1', '0'],
      ['Echoes', '0', '0', '1'],
      ['interface', '0', '2', '1'],
    ]);
    expect(summary.text).toContain('- EC1 defaults [interface]: the run was interrupted before this check');
    expect(summary.text.trim().split('\n').at(-1)).toBe('0 passed, 2 failed, 1 not run');
  });

  it('shows the source of the check and of what broke next to each failure, and what --rules left out', () => {
    expect(summary.text).toContain('  cause 2 of 2, 1 check: GET /goals → 404 — broke G8 [decided]\n');
    expect(summary.text).toContain('    ✗ GO6 order [interface]\n');
    expect(summary.text).toContain('left out by --rules: 3 production');
    expect(summary.text).toContain('rules: interface, decided');
  });

  it('gives JUnit every check, with the failure and skip counts of the run', () => {
    const xml = junitXml(summary.results, 1.5);
    expect(xml).toContain(
      '<testsuites name="standin contract" tests="3" failures="2" errors="0" skipped="1" time="1.500">',
    );
    // Each failure's message names its cause group first: here two causes of one check each.
    expect(xml).toContain(
      '<failure message="cause 2 of 2, 1 check: GET /goals → 404 — GO6 (broke G8, decided): GET /goals → 404">',
    );
    expect(xml).toContain('<skipped message="not run: the run was interrupted before this check"/>');
  });
});

// Issue 18 item 7: README's CI command exited 1 on a clean standin for four checks --modify-existing leaves out.
describe('checks a flag leaves out', () => {
  const byFlag: CheckResult = {
    ...interrupted,
    message: 'changes a record the kit did not create: pass --modify-existing',
    flag: '--modify-existing',
  };
  const passed: CheckResult[] = [
    { group: 'goals', rule: 'GO6', source: 'interface', title: 'order', outcome: 'passed' },
    { group: 'goals', rule: 'GO7', source: 'decided', title: 'private', outcome: 'passed' },
  ];
  const chosen = summarize(input([...passed, byFlag]));

  it('are reported apart, with the flag, and counted on the last line', () => {
    expect([chosen.passed, chosen.failed, chosen.notRun, chosen.notRunByFlag]).toEqual([2, 0, 1, 1]);
    expect(chosen.text).toContain(
      "not run because of --modify-existing (the run's choice; only --require-full-coverage fails on them):\n  - EC1 defaults [interface]: changes a record the kit did not create: pass --modify-existing",
    );
    expect(chosen.text).not.toMatch(/^not run:$/m);
    expect(chosen.text.trim().split('\n').at(-1)).toBe(
      '2 passed, 0 failed, 1 not run (1 because of --modify-existing)',
    );
  });

  it.each([
    ['all passed', true, passed, [], false],
    ['a flag left a check out', true, [...passed, byFlag], [], false],
    ['a flag left a check out, under --require-full-coverage', false, [...passed, byFlag], [], true],
    ['a check failed', false, [...passed, failedOrder], [], false],
    ['a check not run for another reason (an interrupt)', false, [...passed, interrupted], [], false],
    ['the cleanup left a record behind', false, passed, ['delete goal g1: 500'], false],
    ['no check ran at all', false, [], [], false],
  ])('%s: the run passes: %s', (_, ok, results, cleanupFailures, requireFullCoverage) => {
    const summary = summarize(input(results, { run: { results, coverage, cleanupFailures, leftOut: {} } }));
    expect(verdict(summary, { requireFullCoverage }).ok).toBe(ok);
  });

  it('names what full coverage lacks', () => {
    expect(verdict(chosen, { requireFullCoverage: true }).short).toEqual([
      'coverage below 100%',
      '1 check not run because of a flag',
    ]);
  });
});

describe('many causes', () => {
  const results: CheckResult[] = Array.from({ length: 12 }, (_, i) => ({
    ...failedOrder,
    title: `order ${i}`,
    cause: `cause ${String(i).padStart(2, '0')}`,
  }));
  results.push({ ...failedOrder, title: 'order 12', cause: 'cause 11' });
  const summary = summarize(input(results));

  it('lists the ten that took down the most checks at the top, and counts the rest, which the detail shows', () => {
    const lines = summary.text.split('\n');
    expect(lines[2]).toBe('13 failures from 12 causes:');
    expect(lines[3]).toBe('  1. 2 checks: cause 11 — broke G8 [decided]');
    expect(lines[5]).toBe('  2. 1 check: cause 00 — broke G8 [decided]');
    expect(lines[23]).toBe('  and 2 more causes of 2 checks in all: each is in the detail below');
    expect(summary.text).toContain('\n  cause 12 of 12, 1 check: cause 10 — broke G8 [decided]\n');
  });
});
