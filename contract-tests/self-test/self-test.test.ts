// The kit's self-test ("proof that it has teeth"): the healthy mock passes every check with full coverage,
// and each deliberately broken variant of it (broken-variants.ts) is caught by a check of the expected rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import { ALL_GROUPS } from '../checks/index.js';
import { runChecks, type CheckResult, type RunReport } from '../kit/runner.js';
import { brokenFetch, VARIANTS, type Variant } from './broken-variants.js';

const BASE_URL = 'http://standin.test/api/v2';
/** A frozen clock keeps every run alike: same world, same today, same check-ins. */
const NOW = '2026-11-20T15:00:00Z';
const RULE_GROUPS = ['G', 'PT', 'GO', 'GU', 'CI', 'EC', 'CR', 'AC'];

/**
 * Runs the whole kit against a fresh mock, broken by `variant` (null: healthy). Every variant runs every
 * group: a defect must be caught wherever it shows, and against the in-process mock a whole run takes well
 * under a second, so the self-test stays within its minute without picking groups.
 */
async function runAgainst(variant: Variant | null): Promise<RunReport> {
  const mock = createMock({ now: NOW });
  const tokens = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  // The other person's and the read-only token come from /__mock/tokens through the kit itself (MK1).
  return runChecks(ALL_GROUPS, { baseUrl: BASE_URL, token: tokens[0].read_write, modifyExisting: true, fetch: brokenFetch(mock, variant) });
}

function summary(results: CheckResult[]): string {
  return results.filter((r) => r.outcome !== 'passed').map((r) => `${r.outcome} ${r.rule} ${r.title}: ${r.message ?? ''}`).join('\n');
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
    const missing = report.coverage.rows().filter((r) => r.statuses.length === 0).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(report.coverage.ratio()).toBe(1);
  });

  it('has a check for every rule group', () => {
    for (const prefix of RULE_GROUPS) {
      expect(report.results.some((r) => new RegExp(`^${prefix}\\d`).test(r.rule)), prefix).toBe(true);
    }
  });
});

describe('the broken variants', () => {
  it('are at least 20 caught ones, cover every rule group and hold at least 5 schema or status defects', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(VARIANTS.map((v) => v.name)).size).toBe(VARIANTS.length);
    for (const prefix of RULE_GROUPS) {
      expect(VARIANTS.some((v) => v.expectedRules.some((rule) => new RegExp(`^${prefix}\\d`).test(rule))), prefix).toBe(true);
    }
    expect(VARIANTS.filter((v) => v.kind !== 'behaviour').length).toBeGreaterThanOrEqual(5);
    // Every expected rule is one a check of the kit proves, so a typo cannot make a variant uncatchable.
    const rules = new Set(ALL_GROUPS.flatMap((g) => g.checks.map((c) => c.rule)));
    for (const variant of VARIANTS) for (const rule of variant.expectedRules) expect(rules.has(rule), `${variant.name}: ${rule}`).toBe(true);
  });

  for (const variant of VARIANTS) {
    const caughtBy = async () => {
      const { results } = await runAgainst(variant);
      const caught = results.filter((r) => r.outcome === 'failed' && variant.expectedRules.includes(r.rule));
      expect(caught.length, `not caught by ${variant.expectedRules.join('/')}; what did not pass:\n${summary(results) || '(everything passed)'}`).toBeGreaterThan(0);
    };
    it(`are caught: ${variant.name} (${variant.expectedRules.join(', ')})`, caughtBy);
  }
});
