// What makes an override rule (PUT /__mock/overrides): its checks against its headers and the API's spec (G8,
// naming `rules[i].<field>` and the fix) and the answer made once when it is put. Apart from the rules in force
// (overrides.ts), which every request asks, so that a page loads this with the controls, by the first /__mock request.
import { DomainError } from '../domain/domain-error.js';
import { getCompiledSpec, type SpecOperation } from '../spec/compiled-spec.js';
import type { FieldError } from '../spec/describe-errors.js';
import { BASE_PATH } from '../spec/base-path.js';
import type { DecidedBy } from './decided-by.js';
import type { OverrideAnswer, OverrideRule, OverrideRuleInput, Overrides } from './overrides.js';
import { PathPattern } from './path-pattern.js';
import { problemJson } from '../spec/problem-document.js';

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

/** Headers standin writes itself on every API answer (its content type, G13's CORS headers). */
const OWN_HEADERS = /^(content-type|access-control-.*)$/i;

/**
 * Headers that frame the message or hold for one connection only (RFC 9110 §7.6.1, RFC 9112 §6), which the
 * server writes for the body it sends: set by a rule, `transfer-encoding` went out beside a `Content-Length`,
 * and a wrong `content-length` cut the body short and corrupted the next answer on the connection. No rule may
 * set them, unchecked or not.
 */
const FRAMING_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
]);

/** Where an operation's requests arrive: under the base path, or under its path item's own server (WH1's hook). */
function requestPathOf(op: SpecOperation): string {
  return (op.base ?? BASE_PATH) + op.path;
}

/**
 * The spec's operations of a method that a rule's path reaches: the one its path names when read as a request
 * path (`/api/v2/goals/3f…` names getGoal, `/hooks/activity/a/7c…` collectActivity), and every one whose path,
 * each parameter standing for one segment, the pattern matches (`*` spans segments: `/goals/*` reaches
 * `/goals/{id}` and `/goals/{goal_id}/goal-updates`).
 */
function reachedOperations(method: string, path: string): SpecOperation[] {
  const spec = getCompiledSpec();
  const matcher = new PathPattern(path);
  const underBase = path.startsWith(`${BASE_PATH}/`);
  // Stryker disable next-line StringLiteral: reading a star as nothing instead of `x` differs only for a star inside a literal segment beside a literal id (`/go*als/<id>`), where neither reading is exact; both are approximations of "some request both match".
  const found = spec.findOperation(method, (underBase ? path.slice(BASE_PATH.length) : path).replaceAll('*', 'x'));
  // findOperation reads paths relative to the base: a hook's path names an operation only if it lives at the root.
  const named = found && (found.base === null) === underBase ? found : undefined;
  return spec.operations.filter(
    (op) => op.method === method && (op === named || matcher.matches(requestPathOf(op).replace(/\{[^}]+\}/g, 'x'))),
  );
}

/** What is wrong with a rule, as G8 entries naming `rules[i].<field>`: its headers, and against the API's spec. */
function ruleProblems(rule: OverrideRuleInput, i: number): FieldError[] {
  const at = (field: string, message: string): FieldError => ({
    in: 'body',
    name: `rules[${i}].${field}`,
    message: `rules[${i}].${field} ${message}`,
  });
  try {
    new Headers(rule.headers ?? {});
  } catch {
    return [at('headers', 'holds a name or value HTTP does not allow (names are tokens; values have no line breaks).')];
  }
  const names = Object.keys(rule.headers ?? {});
  const framing = names.filter((name) => FRAMING_HEADERS.has(name.toLowerCase()));
  if (framing.length > 0)
    return [
      at(
        'headers',
        `sets ${framing.join(', ')}, which frames the message or manages the connection (RFC 9110 §7.6.1) and which the server writes itself. Drop it: no rule may set it, unchecked or not.`,
      ),
    ];
  if (rule.unchecked) return [];
  const own = names.filter((name) => OWN_HEADERS.test(name));
  if (own.length > 0)
    return [
      at('headers', `sets ${own.join(', ')}, which standin writes itself (G13); or mark the rule "unchecked": true.`),
    ];
  if (!rule.method)
    return [at('method', 'is needed to check the rule against the spec; or mark it "unchecked": true.')];
  const reached = reachedOperations(rule.method, rule.path);
  if (reached.length === 0) {
    return [
      at(
        'path',
        `reaches no operation of spec/openapi.yaml for ${rule.method}; see its paths, or mark it "unchecked": true.`,
      ),
    ];
  }
  const body = bodyOf(rule);
  // The answer must suit every operation the pattern reaches, since it will answer them all. A server error
  // too: every operation declares 500, 502 and 503 (G8), so those fit any path; another 5xx (504) fits none.
  const problems = reached.flatMap((op) =>
    op.checkResponse(rule.status, contentTypeOf(rule.status), body).map((p) => `${op.operationId}: ${p}`),
  );
  return problems.length === 0
    ? []
    : [
        at(
          rule.body === undefined ? 'status' : 'body',
          `is not an answer spec/openapi.yaml documents for ${reached.map((op) => op.operationId).join(', ')} (what the path reaches): ${problems.slice(0, 3).join('; ')}. Narrow the path, fix the answer, or mark the rule "unchecked": true.`,
        ),
      ];
}

function answerOf(id: string, rule: OverrideRuleInput): OverrideAnswer {
  const { status, headers = {} } = rule;
  const body = bodyOf(rule);
  const type = contentTypeOf(status);
  const decided: DecidedBy = {
    kind: 'override',
    rule: 'MK6',
    what: `${id} (${rule.method ?? 'any method'} ${rule.path})`,
  };
  if (type === null || body === undefined) return { id, status, headers, text: '', decided };
  // An unchecked rule's own Content-Type, in any letter case, is the answer's only one: beside standin's, both
  // went out (`application/json, text/plain`).
  const own = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  const answerHeaders = own ? headers : { 'content-type': type, ...headers };
  return { id, status, headers: answerHeaders, text: JSON.stringify(body), decided };
}

/**
 * Puts these rules in force in place of any before; a rule the spec does not allow changes nothing (422).
 * @example putOverrides(mock.overrides, [{ method: 'GET', path: '/api/v2/me', status: 503, uses: 1 }])
 */
export function putOverrides(overrides: Overrides, rules: readonly OverrideRuleInput[]): OverrideRule[] {
  const problems = rules.flatMap((rule, i) => ruleProblems(rule, i));
  if (problems.length > 0) throw DomainError.invalid(problems);
  overrides.replace(
    rules.map((rule) => {
      const id = overrides.nextId();
      return {
        id,
        uses_left: rule.uses ?? null,
        rule,
        matcher: new PathPattern(rule.path),
        answer: answerOf(id, rule),
      };
    }),
  );
  return overrides.list();
}
