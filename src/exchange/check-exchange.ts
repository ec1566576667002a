// Owns the whole check of one exchange seen from outside, as standin proxy makes it on live traffic: which
// operation it is (under the API's base path, or the hook's at the service root), the spec's checks of the
// answer (spec-findings.ts, the kit's too), what the spec refuses in the request, and the one-exchange rules
// (exchange-rules.ts); each finding with the source of its rule, kept or left out by a --rules selection.
import type { CompiledSpec, SpecOperation } from '../spec/compiled-spec.js';
import type { RuleSource } from '../spec/rule-sources.js';
import type { ExchangeFinding, ObservedExchange } from './exchange.js';
import { exchangeRules, ruleKey } from './exchange-rules.js';
import { requestProblems } from './request-problems.js';
import { specFindings } from './spec-findings.js';

/** A finding as reported: with where its rule comes from. */
interface SourcedFinding extends ExchangeFinding {
  source: RuleSource;
}

export interface ExchangeVerdict {
  /** The operation the request addressed, or null when the spec has none at its method and path. */
  operationId: string | null;
  /** What the answer breaks, each under its rule and source (only the selected sources). */
  findings: SourcedFinding[];
  /** What the spec refuses in the request: the app's mistakes, not the server's. */
  requestProblems: string[];
  /** The rules (and parts) the exchange was checked against, selected ones only: `G12/every-get`. */
  applied: string[];
}

/**
 * The operation a request addresses, from the service root: under `basePath` the API's operations, elsewhere the
 * ones whose path item names its own server (the activity hook, WH1). The path the checks read goes with it.
 * @example operationAt(spec, 'GET', '/api/v2/goals?page=2', '/api/v2') // { op: listGoals, path: '/goals?page=2' }
 */
export function operationAt(
  spec: CompiledSpec,
  method: string,
  pathFromRoot: string,
  basePath: string,
): { op: SpecOperation; path: string } | null {
  const pathname = pathFromRoot.split('?', 1)[0] ?? '';
  if (pathname === basePath || pathname.startsWith(`${basePath}/`)) {
    const path = pathFromRoot.slice(basePath.length) || '/';
    const op = spec.findOperation(method, path);
    return op && op.base === null ? { op, path } : null;
  }
  const op = spec.findOperation(method, pathFromRoot);
  return op && op.base !== null ? { op, path: pathFromRoot } : null;
}

/**
 * Checks one exchange whose path is relative to `op`'s base. `sources` selects the rule sources reported
 * (all of them when left out).
 * @example checkExchange(spec, op, exchange).findings // [] for an exchange that keeps the spec and the rules
 */
export function checkExchange(
  spec: CompiledSpec,
  op: SpecOperation,
  exchange: ObservedExchange,
  sources?: readonly RuleSource[],
): ExchangeVerdict {
  const selected = (rule: string, part?: string) => !sources || sources.includes(spec.rules.sourceOf(rule, part));
  const problems = requestProblems(op, exchange);
  const rules = exchangeRules(spec, op, exchange, problems);
  const answerRule = exchange.status >= 400 ? 'G8' : 'G1';
  const findings = [...specFindings(spec, op, exchange), ...rules.findings]
    .filter((f) => selected(f.rule, f.part))
    .map((f) => ({ ...f, source: spec.rules.sourceOf(f.rule, f.part) }));
  const applied = new Set([answerRule, ...rules.applied, ...findings.map((f) => ruleKey(f.rule, f.part))]);
  return {
    operationId: op.operationId,
    findings,
    requestProblems: problems,
    applied: [...applied].filter((key) => {
      const [rule, part] = key.split('/') as [string, string | undefined];
      return selected(rule, part);
    }),
  };
}
