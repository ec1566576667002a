// Override rules (PUT /__mock/overrides): answers given instead of the world's, the escape hatch users of MSW,
// WireMock and Mockoon expect for what a world cannot reach — a 500 on one call, an empty list, a slow
// partner's odd body. A rule names a method, a path pattern, optionally a session and a number of uses, and the
// status, headers and body to answer with; it is checked against the API's spec unless marked unchecked.
import { DomainError } from '../domain/domain-error.js';
import { getCompiledSpec } from '../spec/compiled-spec.js';
import type { FieldError } from '../spec/describe-errors.js';
import { CORS_RESPONSE_HEADERS } from './cors.js';
import { answered } from './exchange-texts.js';
import { pathPattern } from './path-pattern.js';
import { problemJson } from './problem.js';

/** One rule as it is put (spec/control.yaml's OverrideRuleInput). */
export interface OverrideRuleInput {
  method?: string;
  path: string;
  session?: string;
  uses?: number;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  unchecked?: boolean;
}

/** One rule in force, as listed. */
export interface OverrideRule {
  id: string;
  uses_left: number | null;
  rule: OverrideRuleInput;
}

const API_PREFIX = '/api/v2';
/** Statuses that carry no body (G1). */
const EMPTY = new Set([204, 304]);

function contentTypeOf(status: number): string | null {
  if (EMPTY.has(status)) return null;
  return status >= 400 ? 'application/problem+json' : 'application/json';
}

/**
 * The body a rule answers with: its own, or for an error status without one, a problem saying an override
 * answered (G8: every error is a problem document), so `{ method, path, status: 503 }` is a whole rule.
 */
function bodyOf(rule: OverrideRuleInput): unknown {
  if (rule.body !== undefined || rule.status < 400) return rule.body;
  return JSON.parse(
    problemJson(rule.status, 'override', 'An override rule answered in place of the world (/__mock/overrides).'),
  );
}

/** What is wrong with a rule against the API's spec, as G8 entries naming `rules[i].<field>`. */
function ruleProblems(rule: OverrideRuleInput, i: number): FieldError[] {
  const at = (field: string, message: string): FieldError => ({
    in: 'body',
    name: `rules[${i}].${field}`,
    message: `rules[${i}].${field} ${message}`,
  });
  if (rule.unchecked) return [];
  if (!rule.method)
    return [at('method', 'is needed to check the rule against the spec; or mark it "unchecked": true.')];
  // A pattern's wildcards stand for one path segment's worth of characters when naming the operation.
  const sample = rule.path.slice(API_PREFIX.length).replaceAll('*', 'x');
  const op = getCompiledSpec().findOperation(rule.method, sample);
  if (!op) {
    return [
      at(
        'path',
        `names no operation of spec/openapi.yaml for ${rule.method}; see its paths, or mark it "unchecked": true.`,
      ),
    ];
  }
  const body = bodyOf(rule);
  // A server error may answer any operation (production's servers, like MK6's faults, can fail anywhere): the
  // spec documents none, so a 5xx is held to the Problem schema alone.
  const problems =
    rule.status >= 500
      ? getCompiledSpec().checkSchema('Problem', body)
      : op.checkResponse(rule.status, contentTypeOf(rule.status), body);
  return problems.length === 0
    ? []
    : [
        at(
          rule.body === undefined ? 'status' : 'body',
          `is not an answer spec/openapi.yaml documents for ${op.operationId}: ${problems.slice(0, 3).join('; ')}. Fix it, or mark the rule "unchecked": true.`,
        ),
      ];
}

/**
 * The rules of one mock, tried in order for each /api/v2 request.
 * @example overrides.replace([{ method: 'GET', path: '/api/v2/me', status: 503, uses: 1, body: problem }])
 */
export class Overrides {
  #rules: Array<OverrideRule & { matcher: RegExp }> = [];
  #count = 0;

  get size(): number {
    return this.#rules.length;
  }

  /** Puts these rules in force in place of any before; a rule the spec does not allow changes nothing (422). */
  replace(rules: readonly OverrideRuleInput[]): OverrideRule[] {
    const problems = rules.flatMap((rule, i) => ruleProblems(rule, i));
    if (problems.length > 0) throw DomainError.invalid(problems);
    this.#rules = rules.map((rule) => ({
      id: `override-${++this.#count}`,
      uses_left: rule.uses ?? null,
      rule,
      matcher: pathPattern(rule.path),
    }));
    return this.list();
  }

  list(): OverrideRule[] {
    return this.#rules.map(({ id, uses_left, rule }) => ({ id, uses_left, rule }));
  }

  clear(): void {
    this.#rules = [];
  }

  delete(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((rule) => rule.id !== id);
    return this.#rules.length < before;
  }

  /** The answer of the first rule that fits the request, counting one of its uses; nothing when none fits. */
  answer(method: string, path: string, session: string | undefined): { id: string; response: Response } | undefined {
    const index = this.#rules.findIndex(
      ({ rule, matcher }) =>
        (rule.method === undefined || rule.method === method) &&
        (rule.session === undefined || rule.session === session) &&
        matcher.test(path),
    );
    const found = this.#rules[index];
    if (!found) return undefined;
    if (found.uses_left !== null && --found.uses_left === 0) this.#rules.splice(index, 1);
    const { status, headers = {} } = found.rule;
    const body = bodyOf(found.rule);
    const type = contentTypeOf(status);
    const text = type === null || body === undefined ? '' : JSON.stringify(body);
    const response =
      text === ''
        ? new Response(null, { status, headers: { ...CORS_RESPONSE_HEADERS, ...headers } })
        : answered(text, {
            status,
            headers: { 'content-type': type ?? 'application/json', ...CORS_RESPONSE_HEADERS, ...headers },
          });
    return { id: found.id, response };
  }
}
