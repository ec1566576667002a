// docs/contract-kit.md's count of the kit's checks, by source and derived per operation, stays the kit's real count.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/spec/spec-files.js';
import { defined } from '../../test/support/defined.js';
import { ALL_GROUPS } from '../checks/index.js';
import { sourceOfCheck } from './runner.js';

describe("docs/contract-kit.md's kit counts", () => {
  const page = readFileSync(`${PACKAGE_ROOT}/docs/contract-kit.md`, 'utf8');
  const checks = ALL_GROUPS.flatMap((g) => g.checks);

  it('match the checks by source', () => {
    const count = (source: string) => checks.filter((c) => sourceOfCheck(c) === source).length;
    expect(page).toContain(
      `| checks | ${count('interface')} | ${count('production')} | ${count('decided')} | ${checks.length} |`,
    );
    expect(page).toContain(`A run makes ${checks.length} checks`);
  });

  it('match the checks by rule, in rule order', () => {
    const byRule = new Map<string, number>();
    for (const c of checks) byRule.set(c.rule, (byRule.get(c.rule) ?? 0) + 1);
    const groups = ['G', 'PT', 'GO', 'GU', 'CI', 'EC', 'CR', 'AC', 'DG', 'AI', 'WH'];
    const key = (rule: string) => {
      const [, group, n] = defined(/^([A-Z]+)(\d+)$/.exec(rule), `a rule id such as GO6, got ${rule}`);
      return groups.findIndex((g) => g === group) * 100 + Number(n);
    };
    const line = [...byRule]
      .sort(([a], [b]) => key(a) - key(b))
      .map(([rule, n]) => `${rule} ${n}`)
      .join(', ');
    expect(page).toContain(`By rule: ${line}.`);
  });

  it('match the derived checks per operation', () => {
    const derived = ALL_GROUPS.find((g) => g.name === 'operations')!.checks;
    expect(page).toContain(`named\n  \`<rule> <operationId> <parameter>\` (${derived.length} checks)`);
  });
});
