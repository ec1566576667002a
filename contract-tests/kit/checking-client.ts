// The kit's one HTTP client: every exchange is checked against the spec (src/exchange/spec-findings.ts, which
// standin proxy checks live traffic with too: documented status, content type, schema, empty 204/304 bodies, G3
// instants, G10 urls through the schemas), each finding under the rule it belongs to, so that a run limited to
// some rule sources (--rules) skips what it leaves out. ETags (G12) are
// checked by their own per-operation checks, not on every GET: one missing ETag must not fail every check.
import { specFindings } from '../../src/exchange/spec-findings.js';
import { getCompiledSpec } from '../../src/spec/compiled-spec.js';
import type { Coverage } from './coverage.js';

export interface RequestOptions {
  body?: unknown;
  /** A raw body sent as is, for malformed-input checks. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Overrides the client's token; `null` sends no Authorization header. */
  token?: string | null;
}

export interface Exchange<T = unknown> {
  method: string;
  path: string;
  requestBody?: string;
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A broken contract: says which request, what came back and what the spec or rule expected. `rule` and
 * `part` name what broke when one rule did (the report shows its source). */
export class ContractViolation extends Error {
  constructor(
    readonly exchange: Pick<Exchange, 'method' | 'path' | 'requestBody' | 'status' | 'text'>,
    readonly problems: string[],
    readonly rule?: string,
    readonly part?: string,
  ) {
    super(
      [
        `${exchange.method} ${exchange.path}${exchange.requestBody ? ` with body ${exchange.requestBody.slice(0, 300)}` : ''}`,
        `→ ${exchange.status} ${exchange.text.slice(0, 300)}`,
        ...problems.map((p) => `  expected: ${p}`),
      ].join('\n'),
    );
    this.name = 'ContractViolation';
  }
}

/** Whether a run checks a rule (or a part of it): the kit context answers from the --rules selection. */
export type RuleSelection = (rule: string, part?: string) => boolean;

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
    readonly selects: RuleSelection = () => true,
  ) {}

  /** The same target as another person (or with another token kind). */
  as(token: string | null): CheckingClient {
    return new CheckingClient(this.target, token, this.coverage, this.selects);
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Exchange<T>> {
    const exchange = await this.send<T>(method, path, options);
    const op = this.#spec.findOperation(method, path);
    if (op) this.coverage.record(op.operationId, exchange.status);
    const findings = op ? specFindings(this.#spec, op, exchange).filter((f) => this.selects(f.rule, f.part)) : [];
    const [first] = findings;
    if (first)
      throw new ContractViolation(
        exchange,
        findings.map((f) => f.problem),
        first.rule,
        first.part,
      );
    return exchange;
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { body, ...options });
  }

  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { body, ...options });
  }

  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  /** Every page of a list (G4 maximum per page), checking that pages never overlap. */
  async walk<T extends { id: string } = { id: string }>(path: string, options: RequestOptions = {}): Promise<T[]> {
    const all: T[] = [];
    for (let page = 1; page < 2000; page++) {
      const { body } = await this.expect<T[]>(
        200,
        'GET',
        `${path}${path.includes('?') ? '&' : '?'}per_page=50&page=${page}`,
        options,
      );
      all.push(...body);
      if (body.length < 50) break;
    }
    const ids = new Set(all.map((item) => item.id));
    if (ids.size !== all.length)
      throw new Error(`G4: pages of ${path} overlap: ${all.length - ids.size} records listed twice`);
    return all;
  }

  /** A request that must answer `status`; otherwise a violation naming the rule (and its part). */
  async expect<T = unknown>(
    status: number,
    method: string,
    path: string,
    options: RequestOptions = {},
    rule = '',
    part?: string,
  ): Promise<Exchange<T>> {
    const exchange = await this.request<T>(method, path, options);
    if (exchange.status !== status) {
      throw new ContractViolation(
        exchange,
        [`status ${status}${rule ? ` (${rule})` : ''}, got ${exchange.status}`],
        rule || undefined,
        part,
      );
    }
    return exchange;
  }

  /** Sends a request without the spec checks (the G12 check's repeat, raw probes); coverage is the caller's. */
  async send<T = unknown>(method: string, path: string, options: RequestOptions): Promise<Exchange<T>> {
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
    return {
      method,
      path,
      requestBody,
      status: response.status,
      headers: response.headers,
      body: (text === '' ? undefined : body) as T,
      text,
    };
  }
}
