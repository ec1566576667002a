// Owns the behaviour rules one exchange shows beyond the schemas, for standin proxy's live checks: an answer of
// 2xx or 500 to a request the spec refuses (G8, or the field's own rule), G4's clamping of a page, the order of a
// newest-first page, GO5's label of a confidence, GU2's snapping of a confidence sent, G12's ETag grammar and
// 304s, G14's rate-limit headers. Each finding names its rule and, where the source differs, the rule's part.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { CompiledSpec, SpecOperation } from '../spec/compiled-spec.js';
import type { ExchangeFinding, ObservedExchange } from './exchange.js';
import { CONFIDENCE_LABELS as LABELS, snappedConfidence as snapped } from './confidence-rules.js';
import { ruleOfProblem } from './spec-findings.js';

/** What the rules of one exchange found, and which rules (and parts) they looked at: `G12`, `G4/clamp`. */
export interface RuleCheck {
  findings: ExchangeFinding[];
  applied: Set<string>;
}

/** A rule id and part as `applied` keeps them. */
export const ruleKey = (rule: string, part?: string): string => (part === undefined ? rule : `${rule}/${part}`);

/** RFC 9110 §8.8.3: `W/"…"`, the tag's characters any visible ASCII but `"` (weak: G12). */
const WEAK_ETAG = /^W\/"[\x21\x23-\x7e\x80-\xff]*"$/;
/** G14: `"burst";q=30;w=10, "sustained";q=500;w=1800` — each policy a quoted name with q and w. */
const POLICY_ITEM = /^"([^"]+)";q=(\d+);w=(\d+)$/;
/** G14: `"burst";r=<left>;t=<s>, …`. */
const LIMIT_ITEM = /^"([^"]+)";r=(\d+);t=(\d+)$/;

/** G4: the most a page holds. */
const PAGE_MAX = 50;
const PAGE_DEFAULT = 30;

/**
 * The lists whose pages are newest first, by operation: the field that orders them (descending) and the rule
 * (and part) that says so. Check-ins are newest by date (CI5); the others by an instant.
 */
const NEWEST_FIRST: Record<string, { field: string; rule: string; part?: string }> = {
  listGoalUpdates: { field: 'created_at', rule: 'GU7' },
  listEchoAnswers: { field: 'published_at', rule: 'EC5', part: 'order' },
  listCheckInComments: { field: 'created_at', rule: 'CR1' },
  listGoalUpdateComments: { field: 'created_at', rule: 'CR1' },
  listCheckInReactions: { field: 'created_at', rule: 'CR2' },
  listGoalUpdateReactions: { field: 'created_at', rule: 'CR2' },
  listActivities: { field: 'recorded_at', rule: 'AC1' },
  listDigest: { field: 'published_at', rule: 'DG1' },
  listCheckIns: { field: 'date', rule: 'CI5', part: 'order' },
};

/** G12: the entity tags of an If-None-Match, or '*'. */
function tagsOf(header: string): string[] | '*' {
  if (header.trim() === '*') return '*';
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** RFC 9110's weak comparison: the tags match with any W/ taken off. */
function weaklyMatches(a: string, b: string): boolean {
  return a.replace(/^W\//, '') === b.replace(/^W\//, '');
}

/** G12 for GETs of check-ins is production's; for every other GET, standin's decision (its part `every-get`). */
function etagPart(op: SpecOperation): string | undefined {
  return op.operationId === 'listCheckIns' || op.operationId === 'getCheckIn' ? undefined : 'every-get';
}

/** Whether the spec documents an ETag on this status of the operation (every 200 of a GET, G12). */
function documentsEtag(spec: CompiledSpec, op: SpecOperation, status: number): boolean {
  const item = spec.document.paths?.[op.path] as Record<string, OpenAPIV3_1.OperationObject | undefined> | undefined;
  const response = item?.[op.method.toLowerCase()]?.responses?.[String(status)] as
    OpenAPIV3_1.ResponseObject | undefined;
  return Object.keys(response?.headers ?? {}).some((name) => name.toLowerCase() === 'etag');
}

function checkEtag(spec: CompiledSpec, op: SpecOperation, exchange: ObservedExchange, out: RuleCheck): void {
  if (op.method !== 'GET' || (exchange.status !== 200 && exchange.status !== 304)) return;
  if (exchange.status === 200 && !documentsEtag(spec, op, 200)) return;
  const part = etagPart(op);
  out.applied.add(ruleKey('G12', part));
  const etag = exchange.headers.get('etag');
  const sent = exchange.requestHeaders?.get('if-none-match') ?? null;
  if (exchange.status === 200) {
    if (etag === null) {
      out.findings.push({ rule: 'G12', part, problem: 'a weak ETag on a 200 answer to a GET (G12), got none' });
      return;
    }
    if (!WEAK_ETAG.test(etag))
      out.findings.push({ rule: 'G12', part, problem: `a weak ETag W/"…" (G12), got ${etag.slice(0, 100)}` });
    const tags = sent === null ? [] : tagsOf(sent);
    if (tags === '*' || tags.some((tag) => weaklyMatches(tag, etag)))
      out.findings.push({
        rule: 'G12',
        part,
        problem: `304 for an If-None-Match that matches the answer's ETag ${etag} (G12), got 200 with the whole body`,
      });
    return;
  }
  // A 304 says "what you have is current": only to a request that said what it has, and about that.
  if (exchange.requestHeaders && sent === null) {
    out.findings.push({ rule: 'G12', part, problem: '304 only to a GET with If-None-Match (G12), and this had none' });
    return;
  }
  if (etag !== null && sent !== null) {
    const tags = tagsOf(sent);
    if (tags !== '*' && !tags.some((tag) => weaklyMatches(tag, etag)))
      out.findings.push({
        rule: 'G12',
        part,
        problem: `a 304's ETag matching the If-None-Match sent (G12): sent ${sent.slice(0, 200)}, got ${etag}`,
      });
  }
}

/** G14: the rate-limit headers, when present, in production's grammar, both or neither, and what is left within each quota. */
function checkRateLimit(exchange: ObservedExchange, out: RuleCheck): void {
  const policy = exchange.headers.get('ratelimit-policy');
  const limit = exchange.headers.get('ratelimit');
  if (exchange.status === 429) {
    out.applied.add('G14');
    const retry = exchange.headers.get('retry-after');
    if (retry !== null && !/^\d+$/.test(retry.trim()) && Number.isNaN(Date.parse(retry)))
      out.findings.push({
        rule: 'G14',
        problem: `Retry-After as seconds or an HTTP date (G14), got ${JSON.stringify(retry.slice(0, 100))}`,
      });
  }
  if (policy === null && limit === null) return;
  out.applied.add('G14');
  if (policy === null || limit === null) {
    out.findings.push({
      rule: 'G14',
      problem: `RateLimit-Policy and RateLimit together (G14), got only ${policy === null ? 'RateLimit' : 'RateLimit-Policy'}`,
    });
    return;
  }
  const quotas = new Map<string, number>();
  for (const item of policy.split(',').map((s) => s.trim())) {
    const match = POLICY_ITEM.exec(item);
    if (!match) {
      out.findings.push({
        rule: 'G14',
        problem: `RateLimit-Policy items such as "burst";q=30;w=10 (G14), got ${JSON.stringify(item.slice(0, 100))}`,
      });
      return;
    }
    quotas.set(match[1]!, Number(match[2]));
  }
  for (const item of limit.split(',').map((s) => s.trim())) {
    const match = LIMIT_ITEM.exec(item);
    if (!match) {
      out.findings.push({
        rule: 'G14',
        problem: `RateLimit items such as "burst";r=29;t=10 (G14), got ${JSON.stringify(item.slice(0, 100))}`,
      });
      return;
    }
    const quota = quotas.get(match[1]!);
    if (quota === undefined)
      out.findings.push({
        rule: 'G14',
        problem: `RateLimit names only policies of RateLimit-Policy (G14): not "${match[1]}"`,
      });
    else if (Number(match[2]) > quota)
      out.findings.push({
        rule: 'G14',
        problem: `RateLimit's r at most the policy's q (G14): "${match[1]}" has r=${match[2]} of q=${quota}`,
      });
  }
}

/** G4: a page holds at most what per_page asked, clamped to 50; without per_page, at most 30. */
function checkPageSize(op: SpecOperation, exchange: ObservedExchange, out: RuleCheck): void {
  if (exchange.status !== 200 || !Array.isArray(exchange.body)) return;
  if (!op.parameters.some((p) => p.in === 'query' && p.name === 'per_page')) return;
  const question = exchange.path.indexOf('?');
  const asked = new URLSearchParams(question === -1 ? '' : exchange.path.slice(question + 1)).get('per_page');
  let most: number;
  let part: string | undefined;
  if (asked === null) [most, part] = [PAGE_DEFAULT, 'defaults'];
  else if (!/^\d+$/.test(asked) || Number(asked) < 1)
    return; // a 200 to that is request-problems' finding
  else if (Number(asked) > PAGE_MAX) [most, part] = [PAGE_MAX, 'clamp'];
  else most = Number(asked);
  out.applied.add(ruleKey('G4', part));
  if (exchange.body.length > most)
    out.findings.push({
      rule: 'G4',
      part,
      problem: `a page of at most ${most} (G4: ${asked === null ? 'per_page defaults to 30' : Number(asked) > PAGE_MAX ? `per_page ${asked} is clamped to 50` : `per_page ${asked}`}), got ${exchange.body.length}`,
    });
}

/** A newest-first page never holds an older record above a newer one. */
function checkOrder(op: SpecOperation, exchange: ObservedExchange, out: RuleCheck): void {
  const order = NEWEST_FIRST[op.operationId];
  if (!order || exchange.status !== 200 || !Array.isArray(exchange.body)) return;
  out.applied.add(ruleKey(order.rule, order.part));
  const values = exchange.body.map((item) => (item as Record<string, unknown> | null)?.[order.field]);
  for (let i = 1; i < values.length; i++) {
    const [before, after] = [values[i - 1], values[i]];
    if (typeof before === 'string' && typeof after === 'string' && before < after) {
      out.findings.push({
        rule: order.rule,
        part: order.part,
        problem: `newest first by ${order.field} (${order.rule}): item ${i} (${before}) comes before the newer item ${i + 1} (${after})`,
      });
      return;
    }
  }
}

/** GO5: every confidence an answer carries with its description has the label of its value. */
function checkLabels(exchange: ObservedExchange, out: RuleCheck): void {
  if (exchange.status >= 300 || exchange.body === null || typeof exchange.body !== 'object') return;
  let seen = false;
  const visit = (node: unknown, where: string, depth: number): void => {
    if (depth > 32 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${where}[${i}]`, depth + 1));
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.confidence === 'number' && typeof record.confidence_description === 'string') {
      seen = true;
      const label = LABELS[record.confidence];
      if (label !== undefined && label !== record.confidence_description && out.findings.length < 50)
        out.findings.push({
          rule: 'GO5',
          problem: `${where}.confidence_description "${label}" for confidence ${record.confidence} (GO5), got ${JSON.stringify(record.confidence_description.slice(0, 60))}`,
        });
    }
    for (const [key, value] of Object.entries(record)) visit(value, `${where}.${key}`, depth + 1);
  };
  visit(exchange.body, 'response', 0);
  if (seen) out.applied.add('GO5');
}

/** GU2: a goal update saved with a confidence answers it snapped to 30, 60 or 90. */
function checkSnapping(op: SpecOperation, exchange: ObservedExchange, out: RuleCheck): void {
  if (op.operationId !== 'createGoalUpdate' && op.operationId !== 'updateGoalUpdate') return;
  if (exchange.status < 200 || exchange.status >= 300 || exchange.requestBody === undefined) return;
  let sent: unknown;
  try {
    sent = (JSON.parse(exchange.requestBody) as Record<string, unknown> | null)?.confidence;
  } catch {
    return;
  }
  if (typeof sent !== 'number' || !Number.isInteger(sent) || sent < 0 || sent > 100) return;
  out.applied.add(ruleKey('GU2', 'thresholds'));
  const got = (exchange.body as Record<string, unknown> | null)?.confidence;
  if (got !== snapped(sent))
    out.findings.push({
      rule: 'GU2',
      part: 'thresholds',
      problem: `confidence ${sent} saved as ${snapped(sent)} (GU2: below 45 → 30, 45 to 74 → 60, 75 and above → 90), got ${JSON.stringify(got)}`,
    });
}

/**
 * G8: a request the spec refuses gets a 4xx, not a 2xx and never a 500 (the server failed on bad input); the rule
 * is the refused field's own when the problem names one. A 502 or 503 says the service could not answer at all,
 * whatever the request, so it is no finding here.
 */
function checkRefusal(
  spec: CompiledSpec,
  exchange: ObservedExchange,
  problems: readonly string[],
  out: RuleCheck,
): void {
  if (problems.length === 0) return;
  out.applied.add('G8');
  const taken = exchange.status >= 200 && exchange.status < 300;
  if (!taken && exchange.status !== 500) return;
  const first = problems[0]!;
  out.findings.push({
    rule: ruleOfProblem(spec, first, 'G8'),
    problem: `a 4xx for a request the spec refuses (G8), got ${exchange.status}: ${first}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
  });
}

/**
 * The one-exchange rules on an exchange whose operation is `op`, given what the spec refuses in its request.
 * @example exchangeRules(spec, op, exchange, requestProblems(op, exchange)).findings
 */
export function exchangeRules(
  spec: CompiledSpec,
  op: SpecOperation,
  exchange: ObservedExchange,
  problems: readonly string[],
): RuleCheck {
  const out: RuleCheck = { findings: [], applied: new Set() };
  checkRefusal(spec, exchange, problems, out);
  checkEtag(spec, op, exchange, out);
  checkRateLimit(exchange, out);
  checkPageSize(op, exchange, out);
  checkOrder(op, exchange, out);
  checkLabels(exchange, out);
  checkSnapping(op, exchange, out);
  return out;
}
