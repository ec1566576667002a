// Owns the spec's checks of one answer, the ones the kit's checking client makes on every exchange and standin
// proxy on every exchange it forwards: the status documented (G8's 500, 502 and 503 are, on every operation, as
// a fault profile injects them, MK6), the content type, the schema (G3's instants and G10's urls through it),
// empty 204 and 304 bodies, a JSON body that parses, G8's problem documents, G9's bearer challenge, G14's
// Retry-After on 429. Each finding names the rule it breaks. (A 5xx for bad input: exchange-rules.ts.)
import type { CompiledSpec, SpecOperation } from '../spec/compiled-spec.js';
import type { ExchangeFinding, ObservedExchange } from './exchange.js';

/** A rule id in a schema problem's message, where describeErrors puts it: `… must look like … (G3); got …`. */
const RULE_IN_MESSAGE = / \(([A-Z]{1,3}\d{1,2})\)(?=[;.:]|$)/;

/**
 * The rule a schema problem breaks: the one its message names (the schema node's `x-rule`), when the spec knows
 * it; else the answer's own (G1 for a success, G8 for an error).
 */
export function ruleOfProblem(spec: CompiledSpec, problem: string, fallback: string): string {
  // Only what the schema said, not what the answer held: `got …` quotes the server's text.
  const said = problem.split('; got ', 1)[0] ?? problem;
  const named = RULE_IN_MESSAGE.exec(said)?.[1];
  return named !== undefined && spec.rules.rules.has(named) ? named : fallback;
}

/**
 * Findings of the spec's checks on one answer. A success answer is checked against the spec's schemas, which
 * the interface makes the authority for names and shapes; error answers against G8's problem documents.
 * @example specFindings(spec, spec.findOperation('GET', '/me')!, exchange) // [] when the answer conforms
 */
export function specFindings(spec: CompiledSpec, op: SpecOperation, exchange: ObservedExchange): ExchangeFinding[] {
  const contentType = exchange.headers.get('content-type');
  const error = exchange.status >= 400;
  const rule = error ? 'G8' : 'G1';
  const findings: ExchangeFinding[] = op
    .checkResponse(exchange.status, contentType, exchange.body)
    .map((problem) => ({ rule: ruleOfProblem(spec, problem, rule), problem }));
  if (typeof exchange.body === 'string' && /json/.test(contentType ?? ''))
    findings.push({ rule, problem: 'a JSON body (G1): it does not parse' });
  if (error && !/^application\/problem\+json/.test(contentType ?? '')) {
    findings.push({
      rule: 'G8',
      problem: `an application/problem+json error body (G8), got ${contentType ?? 'no content type'}`,
    });
  }
  // G9's bearer challenge is the API's; a hook at the service root takes its token in the query (WH1).
  if (exchange.status === 401 && op.base === null && !/^Bearer/i.test(exchange.headers.get('www-authenticate') ?? ''))
    findings.push({ rule: 'G9', part: 'statuses', problem: 'WWW-Authenticate: Bearer on 401 (G9)' });
  if (exchange.status === 429 && !exchange.headers.has('retry-after'))
    findings.push({ rule: 'G14', problem: 'Retry-After on 429 (G14)' });
  return findings;
}
