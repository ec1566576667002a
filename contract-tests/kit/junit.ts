// The kit's JUnit XML, written from the run's results rather than by the test runner, so that every check is
// in it (set-up failures, groups that never ran), each skipped one with its reason, the failure counts agree
// with the exit code, and each failure's message names its cause group (failure-causes.ts): a CI page that lists
// 55 failed testcases says they are one defect.
import { writeFileWhole } from '../../src/files/replace-file.js';
import { xmlText as escape } from '../../src/junit/xml-text.js';
import type { CheckResult } from './check-result.js';
import { causeOf, groupFailures } from './failure-causes.js';

/**
 * One <testsuite> per rule group, one <testcase> per check named `<rule> <title>`, its source as a property; a
 * failure's message starts with its cause group (`cause 1 of 2, 55 checks: POST /goals: …`).
 * @example writeFileSync('contract.xml', junitXml(summary.results, 12.3))
 */
export function junitXml(results: readonly CheckResult[], seconds: number): string {
  const causes = new Map(groupFailures(results).map((cause, _, all) => [cause.text, { ...cause, of: all.length }]));
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  const count = (rs: readonly CheckResult[], outcome: CheckResult['outcome']) =>
    rs.filter((r) => r.outcome === outcome).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="standin contract" tests="${results.length}" failures="${count(results, 'failed')}" errors="0" skipped="${count(results, 'not run')}" time="${seconds.toFixed(3)}">`,
  ];
  for (const [group, rs] of groups) {
    lines.push(
      `  <testsuite name="${escape(group)}" tests="${rs.length}" failures="${count(rs, 'failed')}" errors="0" skipped="${count(rs, 'not run')}">`,
    );
    for (const r of rs) {
      lines.push(
        `    <testcase classname="${escape(`standin contract.${group}`)}" name="${escape(`${r.rule} ${r.title}`)}">`,
      );
      lines.push(
        `      <properties><property name="rule" value="${escape(r.rule)}"/><property name="source" value="${r.source}"/></properties>`,
      );
      if (r.outcome === 'failed') {
        const broke = r.broke ? ` (broke ${r.broke.rule}, ${r.broke.source})` : ` (${r.source})`;
        const cause = causes.get(causeOf(r))!;
        const group = `cause ${cause.n} of ${cause.of}, ${cause.checks.length} check${cause.checks.length === 1 ? '' : 's'}: ${cause.text}`;
        lines.push(
          `      <failure message="${escape(`${group} — ${r.rule}${broke}: ${String(r.message).split('\n')[0]}`)}">${escape(String(r.message))}</failure>`,
        );
      }
      if (r.outcome === 'not run') lines.push(`      <skipped message="${escape(`not run: ${r.message}`)}"/>`);
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/** Writes the JUnit file whole, never through a link planted beside it (writeFileWhole). */
export async function writeJunit(file: string, results: readonly CheckResult[], seconds: number): Promise<void> {
  await writeFileWhole(file, junitXml(results, seconds), { newMode: 0o644 });
}
