// The report a person reads at a glance: per rule group passed/failed/not run, the coverage of operation ×
// status, each failure with the request that failed and what was expected, and why checks did not run.
import { ALL_GROUPS } from '../checks/index.js';
import { Coverage, isExercised } from './coverage.js';
import type { GroupReport } from './run-files.js';

export interface Summary {
  text: string;
  passed: number;
  failed: number;
  notRun: number;
  coverage: Coverage;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/**
 * @example console.log(summarize(reports, 'http://127.0.0.1:4010/api/v2', 12_300).text)
 */
export function summarize(unordered: readonly GroupReport[], baseUrl: string, ms: number): Summary {
  const order = ALL_GROUPS.map((g) => g.name);
  const reports = [...unordered].sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
  const coverage = new Coverage();
  for (const report of reports) {
    for (const [op, statuses] of Object.entries(report.coverage)) {
      for (const [status, count] of Object.entries(statuses)) coverage.record(op, Number(status), count);
    }
  }
  const all = reports.flatMap((r) => r.results);
  const count = (outcome: string, results = all) => results.filter((r) => r.outcome === outcome).length;
  const lines = [`standin contract: ${baseUrl} — ${(ms / 1000).toFixed(1)} s`, ''];
  lines.push(`${pad('rule group', 36)}${pad('passed', 8)}${pad('failed', 8)}not run`);
  for (const report of reports) {
    lines.push(`${pad(report.title, 36)}${pad(String(count('passed', report.results)), 8)}${pad(String(count('failed', report.results)), 8)}${count('not run', report.results)}`);
  }
  const rows = coverage.rows();
  const exercised = rows.filter(isExercised).length;
  lines.push('', `coverage: ${exercised}/${rows.length} operations answered a success (${Math.round(coverage.ratio() * 100)}%); statuses seen:`);
  for (const row of rows) {
    lines.push(`  ${isExercised(row) ? ' ' : '!'} ${pad(row.operationId, 26)}${pad(`${row.method} ${row.path}`, 52)}${row.statuses.join(' ') || 'never called'}`);
  }
  const failures = all.filter((r) => r.outcome === 'failed');
  if (failures.length > 0) {
    lines.push('', 'failures:');
    for (const f of failures) lines.push(`  ✗ ${f.rule} ${f.title}`, ...String(f.message).split('\n').map((l) => `      ${l}`));
  }
  const notRun = all.filter((r) => r.outcome === 'not run');
  if (notRun.length > 0) {
    lines.push('', 'not run:');
    for (const n of notRun) lines.push(`  - ${n.rule} ${n.title}: ${n.message}`);
  }
  for (const report of reports) {
    for (const failure of report.cleanupFailures) lines.push(`  cleanup failed: ${failure}`);
  }
  lines.push('', `${count('passed')} passed, ${failures.length} failed, ${notRun.length} not run`);
  return { text: lines.join('\n'), passed: count('passed'), failed: failures.length, notRun: notRun.length, coverage };
}
