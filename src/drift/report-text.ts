// standin drift's report for a terminal: the counts, then each change under its category, with where it is,
// the rules that govern it, and the pointer into each document.
import { changePlace, type ComparedLabels } from './change-place.js';
import { CATEGORIES, type Category, type DriftReport } from './drift-change.js';

/** Each category's heading: what it means for a client built against standin, and what to do. */
export const CATEGORY_MEANING: Readonly<Record<Category, string>> = {
  breaking: 'a client built against standin would fail against production',
  missing: 'production offers what standin lacks',
  compatible: 'nothing a client notices: descriptions, examples, widened inputs',
};

/**
 * @example process.stdout.write(textReport(report, { production: 'openapi.json', standin: 'spec/openapi.yaml' }))
 */
export function textReport(report: DriftReport, labels: ComparedLabels): string {
  const { summary } = report;
  const lines = [
    `standin drift: ${labels.production} against ${labels.standin}`,
    `${summary.breaking} breaking, ${summary.missing} missing, ${summary.compatible} compatible`,
  ];
  if (report.changes.length === 0) lines.push('', 'No difference: standin describes what production does.');
  for (const category of CATEGORIES) {
    const changes = report.changes.filter((c) => c.category === category);
    if (changes.length === 0) continue;
    lines.push('', `${category.toUpperCase()} (${changes.length}): ${CATEGORY_MEANING[category]}`);
    for (const change of changes) {
      const rules = change.rules.length > 0 ? `  [${change.rules.join(' ')}]` : '';
      lines.push(`  ${changePlace(change)}  ${change.kind}${rules}`);
      lines.push(`    ${change.message}`);
      lines.push(
        `    production: ${change.production_pointer ?? '(none)'}   standin: ${change.standin_pointer ?? '(none)'}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
