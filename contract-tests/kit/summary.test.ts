// The summary accounts for every planned check, reported or not, and names the source of what broke.
import { describe, expect, it } from 'vitest';
import { junitXml } from './junit.js';
import type { GroupReport } from './run-files.js';
import { summarize, verdict, type PlannedGroup } from './summary.js';

const planned: PlannedGroup[] = [
  {
    name: 'goals',
    title: 'Goals',
    checks: [
      { rule: 'GO6', title: 'order', source: 'interface' },
      { rule: 'GO7', title: 'private', source: 'decided' },
    ],
  },
  { name: 'echoes', title: 'Echoes', checks: [{ rule: 'EC1', title: 'defaults', source: 'interface' }] },
];
const goals: GroupReport = {
  group: 'goals',
  title: 'Goals',
  coverage: { listGoals: { 200: 2 } },
  cleanupFailures: [],
  results: [
    {
      group: 'goals',
      rule: 'GO6',
      source: 'interface',
      title: 'order',
      outcome: 'failed',
      message: 'GET /goals → 404',
      broke: { rule: 'G8', source: 'decided' },
    },
  ],
};

describe('summarize', () => {
  const summary = summarize({
    baseUrl: 'http://x/api/v2',
    ms: 1500,
    planned,
    reports: [goals],
    setUpFailures: [],
    leftOut: { production: 3 },
    rules: ['interface', 'decided'],
  });

  it('counts a check its group never reached, and a group that never reported, as not run with the reason', () => {
    expect([summary.passed, summary.failed, summary.notRun]).toEqual([0, 1, 2]);
    expect(summary.text).toContain('- GO7 private [decided]: the group ended before this check ran');
    expect(summary.text).toContain('- EC1 defaults [interface]: its group reported nothing');
    expect(summary.text.trim().split('\n').at(-1)).toBe('0 passed, 1 failed, 2 not run');
  });

  it('shows the source of the check and of what broke next to each failure, and what --rules left out', () => {
    expect(summary.text).toContain('✗ GO6 order [interface] — broke G8 [decided]');
    expect(summary.text).toContain('left out by --rules: 3 production');
    expect(summary.text).toContain('rules: interface, decided');
  });

  it('gives JUnit every check, with the failure and skip counts of the run', () => {
    const xml = junitXml(summary.results, 1.5);
    expect(xml).toContain(
      '<testsuites name="standin contract" tests="3" failures="1" errors="0" skipped="2" time="1.500">',
    );
    expect(xml).toContain('<failure message="GO6 (broke G8, decided): GET /goals → 404">');
    expect(xml).toContain('<skipped message="not run: its group reported nothing');
  });
});

// Issue 18 item 7: README's CI command exited 1 on a clean standin for four checks --modify-existing leaves out.
describe('checks a flag leaves out', () => {
  const echoes: GroupReport = {
    group: 'echoes',
    title: 'Echoes',
    coverage: {},
    cleanupFailures: [],
    results: [
      {
        group: 'echoes',
        rule: 'EC1',
        source: 'interface',
        title: 'defaults',
        outcome: 'not run',
        message: 'changes a record the kit did not create: pass --modify-existing',
        flag: '--modify-existing',
      },
    ],
  };
  const passedGoals: GroupReport = {
    ...goals,
    results: [
      { group: 'goals', rule: 'GO6', source: 'interface', title: 'order', outcome: 'passed' },
      { group: 'goals', rule: 'GO7', source: 'decided', title: 'private', outcome: 'passed' },
    ],
  };
  const input = { baseUrl: 'http://x/api/v2', ms: 1500, planned, setUpFailures: [], leftOut: {} };
  const chosen = summarize({ ...input, reports: [passedGoals, echoes] });

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
    ['a flag left a check out', [passedGoals, echoes], false, true],
    ['a flag left a check out, under --require-full-coverage', [passedGoals, echoes], true, false],
    ['a check not run for another reason', [goals], false, false],
    ['a group never reached', [passedGoals], false, false],
  ])('%s: the run passes: %s', (_, reports, requireFullCoverage, ok) => {
    const summary = summarize({ ...input, reports });
    expect(verdict(summary, { requireFullCoverage }).ok).toBe(ok);
  });

  it('names what full coverage lacks', () => {
    expect(verdict(chosen, { requireFullCoverage: true }).short).toEqual([
      'coverage below 100%',
      '1 check not run because of a flag',
    ]);
  });
});
