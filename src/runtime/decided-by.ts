// MCP6's explain: who decided a request's answer, as the request is answered — an override rule, a fault of the
// profile, the rate limit, an access rule, the input's validation or a domain rule — kept small on its journal
// entry (a kind, a rule id and a short "what"); the sentence is made only when someone asks (explanation.ts)
// from this and what the entry keeps anyway (the problem's detail and errors[]), so no text is kept twice.
import type { DomainError } from '../domain/domain-error.js';

/** What decided an answer; `spec` for one the operation gave as the spec says (no one refused anything). */
export type DecisionKind = 'override' | 'fault' | 'rate_limit' | 'access' | 'validation' | 'domain' | 'spec';

/** Who decided a request's answer, as the journal keeps it (a few dozen bytes). */
export interface DecidedBy {
  kind: DecisionKind;
  /** The rule's id (MK6, G14, G9, GO7, G8, GU2, …), or null when the answer names none. */
  rule: string | null;
  /** Which one exactly, when the rule alone does not say: the override's id and pattern, the fault. */
  what?: string;
}

/** A rule id as answers write it in parentheses, e.g. `(GU2)` or `(CI3)`: the first one names the rule. */
const RULE_IN_TEXT = /\((MCP|[A-Z]{1,2})(\d+)[^)]*\)/;

/**
 * The first rule id a refusal's text names in parentheses, or null.
 * @example ruleNamedIn('team_ids[0] is not one of your teams (CI3); use …') // 'CI3'
 */
export function ruleNamedIn(text: string): string | null {
  const found = RULE_IN_TEXT.exec(text);
  return found ? `${found[1]}${found[2]}` : null;
}

/**
 * A domain refusal as the journal's explanation names it: the rule the error gives or its message names first;
 * what the caller may not do or see (403, GO7's 404) is access, the rest the domain's own rules.
 * @example decidedByDomainError(DomainError.forbidden('… (CI3) …')) // { kind: 'access', rule: 'CI3' }
 */
export function decidedByDomainError(error: DomainError): DecidedBy {
  const rule = error.rule ?? ruleNamedIn(error.message);
  const access = error.kind === 'forbidden' || error.rule === 'GO7';
  return { kind: access ? 'access' : 'domain', rule };
}
