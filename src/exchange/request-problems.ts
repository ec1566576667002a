// Owns what the spec says of the request half of an exchange: its path parameters, its query (G5's bracket
// form for arrays) and its JSON body, validated by the operation's compiled validators. standin proxy shows
// these to the developer whose app sent the request; an answer of 2xx to a request the spec refuses is the
// server's finding (exchange-rules.ts).
import type { SpecOperation } from '../spec/compiled-spec.js';
import type { ObservedExchange } from './exchange.js';

/** A path template's parameters read off a concrete path (`/goals/{id}` and `/goals/abc` → { id: 'abc' }). */
function pathParams(template: string, path: string): Record<string, string> {
  const names = template.split('/');
  const values = (path.split('?', 1)[0] ?? '').split('/');
  const params: Record<string, string> = {};
  names.forEach((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name !== undefined && values[i] !== undefined) {
      try {
        params[name] = decodeURIComponent(values[i]);
      } catch {
        params[name] = values[i];
      }
    }
  });
  return params;
}

/** The query as the operation reads it: arrays only in the repeated bracket form (G5), scalars their first value. */
function queryOf(op: SpecOperation, search: URLSearchParams, problems: string[]): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const param of op.parameters) {
    if (param.in !== 'query') continue;
    if (param.isArray) {
      const bare = param.name.replace(/\[\]$/, '');
      if (search.has(bare))
        problems.push(
          `query ${bare} is not the form of an array parameter: use the repeated bracket form ${param.name}=… (G5)`,
        );
      if (search.has(param.name)) query[param.name] = search.getAll(param.name);
    } else if (search.has(param.name)) {
      query[param.name] = search.get(param.name)!;
    }
  }
  return query;
}

/**
 * What the spec refuses in the request: each problem a sentence naming the parameter or field and its rule.
 * Empty when the request conforms (or when its body is not JSON the spec could judge).
 * @example requestProblems(op, { method: 'GET', path: '/goals?per_page=0', … }) // ['query.per_page must be …']
 */
export function requestProblems(op: SpecOperation, exchange: ObservedExchange): string[] {
  const problems: string[] = [];
  const question = exchange.path.indexOf('?');
  const search = new URLSearchParams(question === -1 ? '' : exchange.path.slice(question + 1));
  const path = op.validatePath(pathParams(op.path, exchange.path));
  if (!path.ok) problems.push(...path.errors.map((e) => e.message));
  const query = op.validateQuery(queryOf(op, search, problems));
  if (!query.ok) problems.push(...query.errors.map((e) => e.message));
  const contentType = exchange.requestHeaders?.get('content-type') ?? 'application/json';
  if (exchange.requestBody !== undefined && exchange.requestBody !== '' && /json/.test(contentType)) {
    let body: unknown;
    try {
      body = JSON.parse(exchange.requestBody);
    } catch {
      problems.push('the request body is not JSON that parses (G8)');
      return problems;
    }
    const checked = op.validateBody(body);
    if (!checked.ok) problems.push(...checked.errors.map((e) => e.message));
  } else if (op.bodyRequired && (exchange.requestBody === undefined || exchange.requestBody === '')) {
    problems.push(`${op.operationId} takes a JSON body, and the request had none (G8)`);
  }
  return problems;
}
