// MCP6's explain for one journal entry (GET /__mock/requests/{seq}/explain, the control twin's explain_request,
// the dashboard's journal): who decided its answer — an override, a fault, the rate limit, an access rule, the
// input's validation, a domain rule, or the operation as the spec says — with the rule's id, its source and one
// sentence, made now from what the entry keeps (its decided_by, and the problem's detail and errors[]).
import type { RuleRegistry } from '../spec/rule-sources.js';
import { ruleNamedIn, type DecisionKind } from './decided-by.js';
import type { JournalEntry } from './request-journal.js';
import type { ControlSchema } from '../types/wire.js';

/** spec/control.yaml's RequestExplanation, as the spec's generated types have it. */
export type Explanation = ControlSchema<'RequestExplanation'>;

/** The detail of the problem an entry answered with, when its text is still whole JSON. */
function problemDetail(entry: JournalEntry): string | null {
  if (entry.status < 400 || entry.response_body === null) return null;
  try {
    const { detail } = JSON.parse(entry.response_body) as { detail?: unknown };
    return typeof detail === 'string' ? detail : null;
  } catch {
    return null;
  }
}

/** The first field the problem's errors[] names, as "the body field `confidence`: its message". */
function firstError(entry: JournalEntry): string | null {
  const [first, ...rest] = entry.errors ?? [];
  if (!first) return null;
  const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
  return `the ${first.in} parameter "${first.name}"${more}: ${first.message}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What ends a sentence: the problem's own detail, or the rule's summary when the detail is not kept. */
function because(detail: string | null, summary: string | undefined): string {
  return detail ?? summary ?? 'the problem it answered with is no longer kept';
}

/**
 * The sentence saying who decided the answer, by kind, naming the override, the fault, the parameter or the rule.
 */
function sentenceOf(
  entry: JournalEntry,
  kind: DecisionKind,
  rule: string | null,
  what: string | undefined,
  summary: string | undefined,
): string {
  const { status } = entry;
  const detail = problemDetail(entry);
  switch (kind) {
    case 'override':
      return `Override rule ${what} answered ${status} in place of the world (MK6); the operation did not run.`;
    case 'fault':
      return `${capitalised(what ?? 'an injected fault')} answered ${status} in place of the world (MK6); the operation did not run.`;
    case 'rate_limit':
      return `The rate limit (G14) answered 429 before the operation ran: ${because(detail, summary)}`;
    case 'access':
      if (rule === 'GO7')
        return `Access (GO7) decided it: the record is, or belongs to, a private goal, visible only to its owner and contributors, so the API answered ${status} as for one that does not exist.`;
      return `Access (${rule ?? 'G9'}${what ? `, ${what}` : ''}) refused it with ${status}: ${because(detail, summary)}`;
    case 'validation': {
      const field = firstError(entry);
      if (field) return `Validation (G8) refused ${field}`;
      return `Validation (G8${what ? `, ${what}` : ''}) refused it with ${status}: ${because(detail, summary)}`;
    }
    case 'domain':
      return `The domain rule ${rule ?? '(unnamed)'} decided it with ${status}: ${because(detail, summary)}`;
    case 'spec':
      return status < 400
        ? `The operation answered as the spec says: ${entry.method} ${entry.path.split('?', 1)[0]} gave ${status}.`
        : `The server answered ${status} as the spec says: ${because(detail, summary)}`;
  }
}

/**
 * What decided an entry's answer. `rules` are the API spec's (their sources and summaries).
 * @example explain(mock.journal.get(3)!, getCompiledSpec().rules).decided_by.rule // 'G14'
 */
export function explain(entry: JournalEntry, rules: RuleRegistry): Explanation {
  const decided = entry.decided_by;
  const kind = decided?.kind ?? 'spec';
  // A refusal no step named (a 404 of no route, a 405, a 507) names its rule in its own text.
  const detail = problemDetail(entry);
  const rule = decided ? decided.rule : detail === null ? null : ruleNamedIn(detail);
  const known = rule === null ? undefined : rules.rules.get(rule);
  const summary = known?.summary || undefined;
  const decidedBy: Explanation['decided_by'] = {
    kind,
    rule,
    sentence: sentenceOf(entry, kind, rule, decided?.what, summary),
  };
  if (known) decidedBy.source = known.source;
  if (summary) decidedBy.summary = summary;
  const explanation: Explanation = {
    seq: entry.seq,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    decided_by: decidedBy,
  };
  if (entry.mcp_tool) explanation.mcp_tool = entry.mcp_tool;
  return explanation;
}
