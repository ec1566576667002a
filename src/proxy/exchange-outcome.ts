// Owns the outcome of an exchange standin proxy has read: checked against the spec and the rules one exchange
// shows (src/exchange) when it is an operation of the spec and was read whole, or why it was not — answered by the
// proxy itself, cut midway, not in the spec, over what the proxy keeps or in an encoding it cannot read. A finding
// quotes the exchange's own text: the request's secrets go out of it here, before anything keeps it.
import { checkExchange, operationAt, type ExchangeVerdict } from '../exchange/check-exchange.js';
import { headerReader, parsedBody, type ObservedExchange } from '../exchange/exchange.js';
import { BASE_PATH } from '../spec/base-path.js';
import type { CompiledSpec } from '../spec/compiled-spec.js';
import type { RuleSource } from '../spec/rule-sources.js';
import type { ReadExchange } from './read-exchange.js';

export interface ExchangeOutcome {
  /** The exchange checked, its findings redacted; null when it was not checked. */
  verdict: ExchangeVerdict | null;
  /** Why it was not checked; null when it was. */
  note: string | null;
  /** What the tally counts it as (proxy-tally.ts). */
  counted: ExchangeVerdict | 'own' | 'unread' | 'unknown';
}

/**
 * @example exchangeOutcome(read, getCompiledSpec()).note // 'not in the spec: passed on unchecked' for GET /api/v2/nowhere
 */
export function exchangeOutcome(
  read: ReadExchange,
  spec: CompiledSpec,
  rules?: readonly RuleSource[],
): ExchangeOutcome {
  const { ended } = read;
  if (ended.own !== null) return { verdict: null, note: `answered by the proxy: ${ended.own}`, counted: 'own' };
  const found = operationAt(spec, ended.method, ended.path, BASE_PATH);
  const unchecked = (note: string): ExchangeOutcome => ({ verdict: null, note, counted: found ? 'unread' : 'unknown' });
  if (ended.cut !== undefined) return unchecked(`cut midway (${ended.cut}): passed on unchecked`);
  if (!found) return unchecked('not in the spec: passed on unchecked');
  if (read.responseText === null || (read.requestBytes === null && ended.method !== 'GET'))
    return unchecked(
      'over what the proxy keeps of a body (8 MiB), or in an encoding it cannot read: passed on unchecked',
    );
  const exchange: ObservedExchange = {
    method: ended.method,
    path: found.path,
    requestHeaders: headerReader(read.requestHeaders),
    requestBody: read.requestText,
    status: ended.status,
    headers: headerReader(read.responseHeaders),
    body: parsedBody(read.responseText, read.responseHeaders['content-type'] ?? null),
    text: read.responseText,
  };
  const checked = checkExchange(spec, found.op, exchange, rules);
  // What a finding quotes is the exchange's own text: its secrets go out of it before the journal, the tally
  // (the summary, --junit) and the HAR file keep it.
  const verdict = {
    ...checked,
    findings: checked.findings.map((f) => ({ ...f, problem: read.secrets.quoted(f.problem) })),
    requestProblems: checked.requestProblems.map((p) => read.secrets.quoted(p)),
  };
  return { verdict, note: null, counted: verdict };
}
