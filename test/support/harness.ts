// Test harness: a mock on a fixed clock, called in-process through app.request, every response checked
// against spec/openapi.yaml — a test fails on any response the spec does not allow, whatever it asserts.
import { activityHookAccount } from '../../fixtures/activity-hook.js';
import { expect } from 'vitest';
import { createMock, type Mock, type MockOptions } from '../../src/http/app.js';
import {
  getCompiledControlSpec,
  getCompiledSpec,
  loadSpecChecks,
  type SpecOperation,
} from '../../src/spec/compiled-spec.js';
import type { Person } from '../../src/domain/records.js';

/** A Friday afternoon in UTC: Asia/Tokyo is already on Saturday, America/Los_Angeles still on Friday morning. */
export const NOW = '2026-11-20T15:00:00Z';

export interface CallOptions {
  /** Bearer token; `null` sends none. Default: the default person's read-write token. */
  token?: string | null | undefined;
  /** A JSON body (serialised with Content-Type: application/json). */
  body?: unknown;
  /** A raw body sent as is (with `headers` for its content type). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

// Every answer is checked against the spec's responses: those checks load on demand (spec-source.ts).
await loadSpecChecks();
const spec = getCompiledSpec();

/** Whether a path is the API's: /api/v2, or a hook of it at the service root (WH1). */
function isApiPath(path: string): boolean {
  return path.startsWith('/api/v2') || path.startsWith('/hooks/');
}

/** The spec operation a request addresses, if any: under /api/v2, or a hook at the service root (WH1). */
function operationFor(method: string, path: string): SpecOperation | undefined {
  if (path.startsWith('/api/v2/')) return spec.findOperation(method, path.slice('/api/v2'.length));
  const op = path.startsWith('/hooks/') ? spec.findOperation(method, path) : undefined;
  return op?.base === '' ? op : undefined;
}

export class Harness {
  readonly mock: Mock;

  constructor(options: MockOptions = {}) {
    this.mock = createMock({ now: NOW, ...options });
  }

  get world() {
    return this.mock.world;
  }

  /** A person of the world by a predicate; the default person when none is given. */
  person(predicate?: (p: Person) => boolean): Person {
    const people = this.world.store.peopleInOrder;
    const found = predicate ? people.find(predicate) : this.world.store.people.get(this.world.defaultPersonId);
    if (!found) throw new Error('no such person in the world');
    return found;
  }

  /** WH1: the path and query of the world's collect-activity hook, its token included, as /__mock/world gives it. */
  hookPath(): string {
    const { accountId, token } = activityHookAccount(this.world.seed, this.mock.worlds.tokenKey);
    return `/hooks/activity/a/${accountId}?token=${token}`;
  }

  /**
   * LW7: whom the world (or a session's) lives for as its clock moves, through PUT /__mock/world. A test of what
   * the clock alone makes (CI1's fresh check-ins, EC4's answers) sets `none`, so the team's acts stay out of it.
   */
  async simulate(simulate: 'others' | 'all' | 'none', session?: string): Promise<void> {
    const response = await this.mock.app.request('/__mock/world', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(session ? { 'x-mock-session': session } : {}) },
      body: JSON.stringify({ simulate }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  tokenOf(person: Person, kind: 'readWrite' | 'readOnly' = 'readWrite'): string {
    return person.tokens[kind];
  }

  /** Sends a request through app.request and asserts that the response conforms to the spec. */
  async call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.person().tokens.readWrite : options.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.mock.app.request(path, { method, headers, body });
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    const parsed = text === '' ? undefined : contentType?.includes('json') ? JSON.parse(text) : text;
    const op = operationFor(method, path);
    const problems = op
      ? op.checkResponse(response.status, contentType, parsed)
      : response.status >= 400 && isApiPath(path)
        ? spec.checkSchema('Problem', parsed)
        : [];
    expect(problems, `${method} ${path} → ${response.status} breaks the spec`).toEqual([]);
    if (response.status >= 400) expect(contentType).toBe('application/problem+json');
    // G13: every /api/v2 answer (and a hook's, WH1), errors and 204/304 included, is readable by a browser on
    // any origin.
    if (isApiPath(path))
      expect(response.headers.get('access-control-allow-origin'), `${method} ${path} CORS`).toBe('*');
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  /**
   * Every page of a list (G4), concatenated: asserts 200 on each page and that pages never overlap.
   * Stops at the first page shorter than `perPage` (default 50, the G4 maximum).
   */
  async walk<T extends { id: string } = any>(
    path: string,
    options: { token?: string; perPage?: number } = {},
  ): Promise<T[]> {
    const perPage = options.perPage ?? 50;
    const all: T[] = [];
    for (let page = 1; page < 1000; page++) {
      const response = await this.get<T[]>(`${path}${path.includes('?') ? '&' : '?'}per_page=${perPage}&page=${page}`, {
        token: options.token,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.length).toBeLessThanOrEqual(perPage);
      all.push(...response.body);
      if (response.body.length < perPage) break;
    }
    expect(new Set(all.map((item) => item.id)).size, `pages of ${path} overlap`).toBe(all.length);
    return all;
  }

  /** A browser's CORS preflight for `method` on `path`, from a dev server's origin, asking for auth and JSON (G13). */
  async preflight(path: string, method: string): Promise<Response> {
    return await this.mock.app.request(path, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization, content-type',
      },
    });
  }

  get<T = any>(path: string, options?: CallOptions) {
    return this.call<T>('GET', path, options);
  }

  post<T = any>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('POST', path, { body, ...options });
  }

  patch<T = any>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('PATCH', path, { body, ...options });
  }

  delete<T = any>(path: string, options?: CallOptions) {
    return this.call<T>('DELETE', path, options);
  }
}

/**
 * G8: a problem of `status` whose `errors[]` names `field` (exactly, or up to an index: `team_ids` matches
 * `team_ids[1]`), and whose text matches `hint` when given.
 */
export function expectProblem(response: CallResult, status: number, field?: string, hint?: RegExp): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.status).toBe(status);
  if (field !== undefined) {
    const names: string[] = (response.body.errors ?? []).map((e: { name: string }) => e.name);
    const base = (name: string) => name.replace(/\[.*$/, '');
    expect(
      names.some((n) => n === field || base(n) === base(field)),
      `errors [${names.join(', ')}] should name ${field}: ${response.body.detail}`,
    ).toBe(true);
  }
  if (hint) {
    const text = [
      response.body.detail,
      ...(response.body.errors ?? []).map((e: { message: string }) => e.message),
    ].join(' ');
    expect(text).toMatch(hint);
  }
}

/** A /__mock request through the harness's mock; its answer must conform to spec/control.yaml. */
export async function control(
  h: Harness,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const response = await h.mock.app.request(`/__mock${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  const text = await response.text();
  const parsed = text === '' ? undefined : JSON.parse(text);
  const op = getCompiledControlSpec().findOperation(method, path.replace(/\?.*$/, ''));
  expect(op, `${method} ${path} is in spec/control.yaml`).toBeDefined();
  expect(
    op?.checkResponse(response.status, response.headers.get('content-type'), parsed),
    `${method} ${path} → ${response.status}`,
  ).toEqual([]);
  return { status: response.status, body: parsed };
}
