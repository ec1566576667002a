// The kit's self-test ("proof that it has teeth"): the healthy mock passes every check with full coverage,
// and each deliberately broken variant of it (broken-variants.ts) is caught by a check of the expected rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import { defined } from '../../test/support/defined.js';
import { ALL_GROUPS } from '../checks/index.js';
import type { CheckGroup } from '../kit/check.js';
import type { KitOptions } from '../kit/context.js';
import { runChecks, type CheckResult, type RunReport } from '../kit/runner.js';
import { brokenFetch, SET_UP_VARIANTS, VARIANTS, type Variant } from './broken-variants.js';

const BASE_URL = 'http://standin.test/api/v2';
/** A frozen clock keeps every run alike: same world, same today, same check-ins. */
const NOW = '2026-11-20T15:00:00Z';
const RULE_GROUPS = ['G', 'PT', 'GO', 'GU', 'CI', 'EC', 'CR', 'AC'];

/**
 * Runs the kit (every group, or those given) against a fresh mock, broken by `variant` (null: healthy).
 */
async function runAgainst(
  variant: Variant | null,
  options: Partial<KitOptions> = {},
  groups: readonly CheckGroup[] = ALL_GROUPS,
): Promise<RunReport> {
  const mock = createMock({ now: NOW });
  const tokens = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  // The other person's and the read-only token come from /__mock/tokens through the kit itself (MK1).
  return runChecks(groups, {
    baseUrl: BASE_URL,
    token: defined(tokens[0], 'a first token').read_write,
    modifyExisting: true,
    fetch: brokenFetch(mock, variant),
    ...options,
  });
}

/** The groups holding a check of one of the rules: enough to show a variant caught by them. */
function groupsOf(rules: readonly string[]): CheckGroup[] {
  return ALL_GROUPS.filter((g) => g.checks.some((c) => rules.includes(c.rule)));
}

/**
 * A variant's run of the groups with a check of its expected rules, made once: the clock is frozen, so the
 * tests that read the same variant's run read the same report.
 */
const targetedRuns = new Map<Variant, Promise<RunReport>>();
function targetedRun(variant: Variant): Promise<RunReport> {
  let run = targetedRuns.get(variant);
  if (!run) targetedRuns.set(variant, (run = runAgainst(variant, {}, groupsOf(variant.expectedRules))));
  return run;
}

const named = (r: CheckResult) => `${r.rule} ${r.title}`;

function summary(results: CheckResult[]): string {
  return results
    .filter((r) => r.outcome !== 'passed')
    .map((r) => `${r.outcome} ${r.rule} ${r.title}: ${r.message ?? ''}`)
    .join('\n');
}

describe('the kit against the healthy mock', () => {
  let report: RunReport;
  beforeAll(async () => {
    report = await runAgainst(null);
  });

  it('passes every check, with none failed and none not run', () => {
    expect(report.results.length).toBeGreaterThan(0);
    expect(summary(report.results)).toBe('');
    expect(report.cleanupFailures).toEqual([]);
  });

  it('exercises every operation of the spec', () => {
    const missing = report.coverage
      .rows()
      .filter((r) => r.statuses.length === 0)
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(report.coverage.ratio()).toBe(1);
  });

  it('has a check for every rule group', () => {
    for (const prefix of RULE_GROUPS) {
      expect(
        report.results.some((r) => new RegExp(`^${prefix}\\d`).test(r.rule)),
        prefix,
      ).toBe(true);
    }
  });
});

describe('the broken variants', () => {
  it('are at least 20 caught ones, cover every rule group and hold at least 5 schema or status defects', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(VARIANTS.map((v) => v.name)).size).toBe(VARIANTS.length);
    for (const prefix of RULE_GROUPS) {
      expect(
        VARIANTS.some((v) => v.expectedRules.some((rule) => new RegExp(`^${prefix}\\d`).test(rule))),
        prefix,
      ).toBe(true);
    }
    expect(VARIANTS.filter((v) => v.kind !== 'behaviour').length).toBeGreaterThanOrEqual(5);
    // Every expected rule is one a check of the kit proves, so a typo cannot make a variant uncatchable.
    const rules = new Set(ALL_GROUPS.flatMap((g) => g.checks.map((c) => c.rule)));
    for (const variant of VARIANTS)
      for (const rule of variant.expectedRules) expect(rules.has(rule), `${variant.name}: ${rule}`).toBe(true);
  });

  for (const variant of VARIANTS) {
    const caughtBy = async () => {
      // Only the groups with a check of the expected rules run: the claim is that one of those catches it.
      const { results } = await targetedRun(variant);
      const caught = results.filter((r) => r.outcome === 'failed' && variant.expectedRules.includes(r.rule));
      expect(
        caught.length,
        `not caught by ${variant.expectedRules.join('/')}; what did not pass:\n${summary(results) || '(everything passed)'}`,
      ).toBeGreaterThan(0);
      if (variant.expectedCheck) {
        // Caught where it is, and only there: the same rule on every other operation still passes.
        const sameRule = results
          .filter((r) => r.group === 'operations' && r.rule === variant.expectedRules[0] && r.outcome === 'failed')
          .map(named);
        expect(sameRule).toHaveLength(1);
        const failed = defined(sameRule[0], `the failed check of ${variant.expectedRules[0]}`);
        expect(
          failed.startsWith(`${variant.expectedCheck} `) || failed.startsWith(`${variant.expectedCheck}:`),
          failed,
        ).toBe(true);
      }
    };
    it(`are caught: ${variant.name} (${variant.expectedCheck ?? variant.expectedRules.join(', ')})`, caughtBy);
  }

  it('include one defect on one operation and parameter for each of G2, G4, G5, G6, G9 and the 405 Allow (G8)', () => {
    const precise = VARIANTS.filter((v) => v.expectedCheck).map((v) => v.expectedRules[0]);
    for (const rule of ['G2', 'G4', 'G5', 'G6', 'G9', 'G8']) expect(precise, rule).toContain(rule);
  });
});

describe('a set-up request that breaks a rule', () => {
  // A full run per variant, each made once: the last test reads the first variant's run again (the clock is
  // frozen, so a second run would give the same report, at the cost of a whole run of the kit).
  const runs = new Map<Variant, Promise<RunReport>>();
  const fullRun = (variant: Variant) => runs.get(variant) ?? runs.set(variant, runAgainst(variant)).get(variant)!;

  for (const variant of SET_UP_VARIANTS) {
    it(`counts against its rule and hides no other group's results: ${variant.name}`, async () => {
      const { results } = await fullRun(variant);
      const failedRules = new Set(results.filter((r) => r.outcome === 'failed').map((r) => r.rule));
      expect(
        [...failedRules].filter((rule) => variant.expectedRules.includes(rule)).length,
        summary(results),
      ).toBeGreaterThan(0);
      // Every group still reports checks that passed, and every check is accounted for.
      for (const group of ALL_GROUPS) {
        expect(
          results.filter((r) => r.group === group.name && r.outcome === 'passed').length,
          group.name,
        ).toBeGreaterThan(0);
        expect(results.filter((r) => r.group === group.name).length, group.name).toBe(group.checks.length);
      }
    });
  }

  it('is a failed set-up check of that rule when GET /me breaks', async () => {
    const { results } = await fullRun(defined(SET_UP_VARIANTS[0], 'a set-up variant breaking GET /me'));
    expect(results.filter((r) => r.group === 'set-up').map((r) => [r.rule, r.outcome])).toEqual([['PT1', 'failed']]);
    // Checks that need the person are not run, saying why.
    expect(results.some((r) => r.outcome === 'not run' && /set-up failed: GET \/me/.test(r.message ?? ''))).toBe(true);
  });
});

describe('--rules', () => {
  it('leaves out checks of the other sources and counts them', async () => {
    const report = await runAgainst(null, { rules: ['interface', 'production'] });
    expect(summary(report.results)).toBe('');
    expect(report.results.every((r) => r.source !== 'decided')).toBe(true);
    expect(report.leftOut.decided).toBeGreaterThan(0);
    expect(report.results.length + report.leftOut.decided!).toBe(ALL_GROUPS.reduce((n, g) => n + g.checks.length, 0));
  });

  it('passes a server that differs only in what standin decided, and fails one that breaks the interface', async () => {
    const decided = VARIANTS.find((v) => v.name === 'a 404 answers text/plain instead of problem+json')!;
    const interfaceBroken = VARIANTS.find((v) => v.name === 'goal answers carry owner_id')!;
    expect(summary((await runAgainst(decided, { rules: ['interface', 'production'] })).results)).toBe('');
    // Only the groups with a check of the rule it breaks: the claim is that one of them fails under --rules.
    const { results } = await runAgainst(interfaceBroken, { rules: ['interface'] }, groupsOf(['GO3']));
    expect(results.filter((r) => r.outcome === 'failed').map((r) => r.rule)).toContain('GO3');
  });

  it('shows, on each failure, the source of what broke', async () => {
    // The run that showed it caught (the groups with a check of G4), read again rather than run in full once more.
    const { results } = await targetedRun(VARIANTS.find((v) => v.expectedCheck === 'G4 listEchoAnswers page')!);
    const failure = results.find((r) => r.outcome === 'failed' && named(r).startsWith('G4 listEchoAnswers page'))!;
    // The check's core (page 1-indexed) is the interface's; what broke (page=0 → 422) is standin's decision.
    expect([failure.source, failure.broke?.source, failure.broke?.part]).toEqual(['interface', 'decided', 'invalid']);
  });
});
