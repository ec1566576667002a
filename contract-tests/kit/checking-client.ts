// The kit's one HTTP client: every exchange is checked against the spec (documented status, content type,
// schema, empty 204/304 bodies, G3 instants, G10 urls through the schemas) and, on 200 GETs, G12 ETags.
import { getCompiledSpec, type SpecOperation } from '../../src/spec/compiled-spec.js';
import type { Coverage } from './coverage.js';

export interface RequestOptions {
  body?: unknown;
  /** A raw body sent as is, for malformed-input checks. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Overrides the client's token; `null` sends no Authorization header. */
  token?: string | null;
}

export interface Exchange<T = any> {
  method: string;
  path: string;
  requestBody?: string;
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A broken contract: says which request, what came back and what the spec or rule expected. */
export class ContractViolation extends Error {
  constructor(readonly exchange: Pick<Exchange, 'method' | 'path' | 'requestBody' | 'status' | 'text'>, readonly problems: string[]) {
    super([
      `${exchange.method} ${exchange.path}${exchange.requestBody ? ` with body ${exchange.requestBody.slice(0, 300)}` : ''}`,
      `→ ${exchange.status} ${exchange.text.slice(0, 300)}`,
      ...problems.map((p) => `  expected: ${p}`),
    ].join('\n'));
    this.name = 'ContractViolation';
  }
}

export interface Target {
  /** Ends with the version segment, e.g. http://127.0.0.1:4010/api/v2. */
  baseUrl: string;
  fetch: typeof fetch;
}

/**
 * @example const me = await client.get('/me'); // throws ContractViolation if the answer breaks the spec
 */
export class CheckingClient {
  readonly #spec = getCompiledSpec();

  constructor(
    readonly target: Target,
    readonly token: string | null,
    readonly coverage: Coverage,
  ) {}

  /** The same target as another person (or with another token kind). */
  as(token: string | null): CheckingClient {
    return new CheckingClient(this.target, token, this.coverage);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Exchange<T>> {
    const exchange = await this.#send<T>(method, path, options);
    const op = this.#spec.findOperation(method, path);
    const problems = op ? this.#check(op, exchange) : [];
    if (op) this.coverage.record(op.operationId, exchange.status);
    if (problems.length > 0) throw new ContractViolation(exchange, problems);
    // G12: a 200 GET carries a weak ETag, and asking again with it gives an empty 304.
    if (op && method === 'GET' && exchange.status === 200) await this.#checkEtag(op, path, exchange, options);
    return exchange;
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { body, ...options });
  }

  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { body, ...options });
  }

  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  /** Every page of a list (G4 maximum per page), checking that pages never overlap. */
  async walk<T extends { id: string } = any>(path: string, options: RequestOptions = {}): Promise<T[]> {
    const all: T[] = [];
    for (let page = 1; page < 2000; page++) {
      const { body } = await this.expect<T[]>(200, 'GET', `${path}${path.includes('?') ? '&' : '?'}per_page=50&page=${page}`, options);
      all.push(...body);
      if (body.length < 50) break;
    }
    const ids = new Set(all.map((item) => item.id));
    if (ids.size !== all.length) throw new Error(`G4: pages of ${path} overlap: ${all.length - ids.size} records listed twice`);
    return all;
  }

  /** A request that must answer `status`; otherwise a violation naming the rule. */
  async expect<T = any>(status: number, method: string, path: string, options: RequestOptions = {}, rule = ''): Promise<Exchange<T>> {
    const exchange = await this.request<T>(method, path, options);
    if (exchange.status !== status) {
      throw new ContractViolation(exchange, [`status ${status}${rule ? ` (${rule})` : ''}, got ${exchange.status}`]);
    }
    return exchange;
  }

  async #send<T>(method: string, path: string, options: RequestOptions): Promise<Exchange<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let requestBody = options.rawBody;
    if (options.body !== undefined) {
      requestBody = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.target.fetch(`${this.target.baseUrl}${path}`, { method, headers, body: requestBody });
    const text = await response.text();
    let body: unknown = text;
    if (text !== '' && /json/.test(response.headers.get('content-type') ?? '')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { method, path, requestBody, status: response.status, headers: response.headers, body: (text === '' ? undefined : body) as T, text };
  }

  #check(op: SpecOperation, exchange: Exchange): string[] {
    if (exchange.status >= 500) return [`no 5xx (G8), got ${exchange.status}`];
    const contentType = exchange.headers.get('content-type');
    const problems = [...op.checkResponse(exchange.status, contentType, exchange.body)];
    if (typeof exchange.body === 'string' && /json/.test(contentType ?? '')) problems.push('a JSON body (G1): it does not parse');
    if (exchange.status >= 400 && !/^application\/problem\+json/.test(contentType ?? '')) {
      problems.push(`an application/problem+json error body (G8), got ${contentType ?? 'no content type'}`);
    }
    if (exchange.status === 401 && !/^Bearer/i.test(exchange.headers.get('www-authenticate') ?? '')) {
      problems.push('WWW-Authenticate: Bearer on 401 (G8)');
    }
    if (exchange.status === 429 && !exchange.headers.has('retry-after')) problems.push('Retry-After on 429 (G8, G14)');
    return problems;
  }

  async #checkEtag(op: SpecOperation, path: string, exchange: Exchange, options: RequestOptions): Promise<void> {
    const tag = exchange.headers.get('etag');
    if (!tag || !/^W\/".*"$/.test(tag)) {
      throw new ContractViolation(exchange, [`a weak ETag on a 200 GET (G12), got ${tag ?? 'none'}`]);
    }
    const again = await this.#send(op.method, path, { ...options, headers: { ...options.headers, 'if-none-match': tag } });
    this.coverage.record(op.operationId, again.status);
    // The record may have changed in between (a live server); a 200 with a new ETag is then right too.
    const changed = again.status === 200 && again.headers.get('etag') !== tag;
    if ((again.status !== 304 && !changed) || (again.status === 304 && again.text !== '')) {
      throw new ContractViolation({ ...again, path: `${path} (If-None-Match: ${tag})` }, ['304 with an empty body for a matching If-None-Match (G12)']);
    }
  }
}
