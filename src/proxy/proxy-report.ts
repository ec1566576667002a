// Owns what standin proxy says of a session when it stops: the summary it prints (exchanges, findings per rule
// with the rule's source, the first few of each) and the JUnit file --junit writes (one testsuite per rule
// source, one testcase per rule the traffic was checked against, failed when any exchange broke it).
import { writeFileWhole } from '../files/replace-file.js';
import { xmlText as escape } from '../junit/xml-text.js';
import { RULE_SOURCES } from '../spec/rule-sources.js';
import { ruleLabel, type TallySummary } from './proxy-tally.js';

/** Findings of a rule the printed summary shows; the JUnit file and GET /__mock/proxy have more. */
const PRINTED = 3;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * @example process.stdout.write(summaryText(tally.summary(), 'https://api.example.com'))
 */
export function summaryText(summary: TallySummary, upstream: string): string {
  const lines = [
    `standin proxy: ${plural(summary.exchanges, 'exchange')} with ${upstream}: ${summary.checked} checked, ${summary.unchecked} not in the spec, ${summary.own} answered by the proxy (upstream unreachable, slow or broken)${summary.unread > 0 ? `, ${summary.unread} not read whole (over 8 MiB, cut midway, or in an encoding the proxy cannot read)` : ''}`,
  ];
  const broken = summary.rules.filter((r) => r.broken > 0);
  if (broken.length === 0) {
    lines.push(
      summary.checked === 0
        ? 'no exchange was checked'
        : `no findings: every answer kept the spec and the ${plural(summary.rules.length, 'rule')} it was checked against`,
    );
  } else {
    lines.push(
      `${plural(summary.findings, 'finding')} in ${plural(summary.withFindings, 'exchange')}, breaking ${plural(broken.length, 'rule')}:`,
    );
    for (const rule of broken) {
      lines.push(`  ${ruleLabel(rule)}: ${rule.broken} of ${rule.checked} exchanges`);
      for (const sample of rule.samples.slice(0, PRINTED)) lines.push(`    ${sample.exchange}: ${sample.problem}`);
      if (rule.broken > PRINTED) lines.push(`    … and ${rule.broken - PRINTED} more`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * @example writeFileSync('proxy.xml', junitXml(tally.summary(), 'https://api.example.com', 95.2))
 */
function junitXml(summary: TallySummary, upstream: string, seconds: number): string {
  const failed = summary.rules.filter((r) => r.broken > 0).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escape(`standin proxy ${upstream}`)}" tests="${summary.rules.length}" failures="${failed}" errors="0" skipped="0" time="${seconds.toFixed(3)}">`,
  ];
  for (const source of RULE_SOURCES) {
    const rules = summary.rules.filter((r) => r.source === source);
    if (rules.length === 0) continue;
    const broken = rules.filter((r) => r.broken > 0).length;
    lines.push(`  <testsuite name="${source}" tests="${rules.length}" failures="${broken}" errors="0" skipped="0">`);
    for (const rule of rules) {
      const name = `${rule.rule}${rule.part ? ` ${rule.part}` : ''}`;
      lines.push(
        `    <testcase classname="${escape(`standin proxy.${source}`)}" name="${escape(`${name}: ${plural(rule.checked, 'exchange')}`)}">`,
        `      <properties><property name="rule" value="${escape(rule.rule)}"/>${rule.part ? `<property name="part" value="${escape(rule.part)}"/>` : ''}<property name="source" value="${source}"/></properties>`,
      );
      if (rule.broken > 0) {
        const detail = rule.samples.map((s) => `${s.exchange}: ${s.problem}`).join('\n');
        const more = rule.broken > rule.samples.length ? `\n… and ${rule.broken - rule.samples.length} more` : '';
        lines.push(
          `      <failure message="${escape(`${ruleLabel(rule)}: ${rule.broken} of ${rule.checked} exchanges broke it`)}">${escape(detail + more)}</failure>`,
        );
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/** Writes the JUnit file whole, never through a link planted beside it (writeFileWhole). */
export async function writeJunit(
  file: string,
  summary: TallySummary,
  upstream: string,
  seconds: number,
): Promise<void> {
  await writeFileWhole(file, junitXml(summary, upstream, seconds), { newMode: 0o644 });
}
