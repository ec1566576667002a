// standin drift's report for a pull request or a job summary: the counts, a table per category (compatible
// folded away), each row with where, what, the rules and both pointers.
import { changePlace, type ComparedLabels } from './change-place.js';
import { CATEGORIES, type DriftReport } from './drift-change.js';
import { CATEGORY_MEANING } from './report-text.js';

/** A table cell's text: no line breaks, no column bar, backticks kept for code spans. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').replace(/</g, '&lt;');
}

/**
 * @example writeFileSync('drift.md', markdownReport(report, labels))
 */
export function markdownReport(report: DriftReport, labels: ComparedLabels): string {
  const { summary } = report;
  const lines = [
    '## standin drift',
    '',
    `**${summary.breaking} breaking**, ${summary.missing} missing, ${summary.compatible} compatible: ${cell(labels.production)} against ${cell(labels.standin)}.`,
  ];
  if (report.changes.length === 0) lines.push('', 'No difference: standin describes what production does.');
  for (const category of CATEGORIES) {
    const changes = report.changes.filter((c) => c.category === category);
    if (changes.length === 0) continue;
    const folded = category === 'compatible';
    lines.push('');
    if (folded)
      lines.push(`<details><summary>Compatible (${changes.length}): ${CATEGORY_MEANING[category]}</summary>`, '');
    else
      lines.push(
        `### ${category[0]?.toUpperCase()}${category.slice(1)} (${changes.length}): ${CATEGORY_MEANING[category]}`,
        '',
      );
    lines.push('| Where | Kind | What | Rules | Production | standin |', '|---|---|---|---|---|---|');
    for (const change of changes) {
      const pointer = (p: string | null) => (p === null ? '' : `\`${cell(p)}\``);
      lines.push(
        `| ${cell(changePlace(change))} | ${change.kind} | ${cell(change.message)} | ${change.rules.join(', ')} | ${pointer(change.production_pointer)} | ${pointer(change.standin_pointer)} |`,
      );
    }
    if (folded) lines.push('', '</details>');
  }
  return `${lines.join('\n')}\n`;
}
