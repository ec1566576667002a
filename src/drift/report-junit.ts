// standin drift's JUnit XML for CI: a <testsuite> per category, a <testcase> per change, failed when
// `--fail-on` counts its category, so that the CI's test view and the exit code agree; a run with no change is
// one passing case, so the file is never empty.
import { xmlText } from '../junit/xml-text.js';
import { changePlace, type ComparedLabels } from './change-place.js';
import { CATEGORIES, type DriftReport } from './drift-change.js';
import { failsRun, type FailOn } from './fail-on.js';
import { CATEGORY_MEANING } from './report-text.js';

/**
 * @example writeFileSync('reports/drift.xml', junitReport(report, labels, 'breaking'))
 */
export function junitReport(report: DriftReport, labels: ComparedLabels, failOn: FailOn): string {
  const failures = report.changes.filter((c) => failsRun(failOn, c.category)).length;
  const tests = Math.max(report.changes.length, 1);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="standin drift" tests="${tests}" failures="${failures}" errors="0" skipped="0">`,
  ];
  if (report.changes.length === 0) {
    lines.push(
      '  <testsuite name="standin drift" tests="1" failures="0" errors="0" skipped="0">',
      `    <testcase classname="standin drift" name="${xmlText(`no difference: ${labels.production} against ${labels.standin}`)}"/>`,
      '  </testsuite>',
    );
  }
  for (const category of CATEGORIES) {
    const changes = report.changes.filter((c) => c.category === category);
    if (changes.length === 0) continue;
    const failed = failsRun(failOn, category) ? changes.length : 0;
    lines.push(
      `  <testsuite name="${category}: ${xmlText(CATEGORY_MEANING[category])}" tests="${changes.length}" failures="${failed}" errors="0" skipped="0">`,
    );
    for (const change of changes) {
      lines.push(
        `    <testcase classname="standin drift.${category}" name="${xmlText(`${changePlace(change)} ${change.kind}: ${change.message}`)}">`,
      );
      const properties = [
        ['kind', change.kind],
        ['rules', change.rules.join(' ')],
        ['production_pointer', change.production_pointer ?? ''],
        ['standin_pointer', change.standin_pointer ?? ''],
      ];
      lines.push(
        `      <properties>${properties.map(([name, value]) => `<property name="${name}" value="${xmlText(value ?? '')}"/>`).join('')}</properties>`,
      );
      if (failsRun(failOn, category)) {
        const detail = [
          change.message,
          `rules: ${change.rules.join(' ') || '(none)'}`,
          `production: ${change.production_pointer ?? '(none)'}`,
          `standin: ${change.standin_pointer ?? '(none)'}`,
        ].join('\n');
        lines.push(
          `      <failure message="${xmlText(`${category} ${change.kind}: ${change.message}`)}">${xmlText(detail)}</failure>`,
        );
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
