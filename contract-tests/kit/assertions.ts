// The one home of what checks assert besides their rule's own logic: an id no server issued, the fields a
// problem names, a write the server must refuse (undoing whatever a broken server wrongly creates), the same
// ids in the same order, a list in a rule's order, and the same data whatever the key order.
import { ensure, fail } from './failures.js';
import type { CheckingClient, RequestOptions } from './checking-client.js';
import type { Cleanup } from './cleanup.js';

/** A UUID v4 no server will have issued (G2). */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * UUIDs no server will have issued that are not lowercase v4: a v7, a v1, the nil UUID and a random v4 in upper
 * case. G2's input half (decided) takes each as an id: a path naming one gives 404, never 422.
 */
export const OTHER_UUIDS: readonly string[] = [
  '01890a5d-ac96-774b-bcce-b302099a8057',
  'c232ab00-9414-11ec-b3c8-9f6bdeced846',
  '00000000-0000-0000-0000-000000000000',
  '5B0B9B5E-2C48-4C1D-9E51-7D2A4F0C8E13',
];

/** The field names a problem's `errors` name (G8). */
export function problemNames(body: unknown): string[] {
  const errors = (body as { errors?: Array<{ name?: unknown }> } | undefined)?.errors;
  return Array.isArray(errors) ? errors.map((e) => String(e.name)) : [];
}

/** True when a problem names `field` itself or an element of it (`contributor_ids[0]`, `team_ids.1`). */
export function namesField(body: unknown, field: string): boolean {
  return problemNames(body).some(
    (n) => n === field || n.startsWith(`${field}[`) || n.startsWith(`${field}.`) || n.startsWith(`${field}/`),
  );
}

/** Fails unless the problem names one of the fields (or an element of it). */
export function ensureNames(body: unknown, field: string | string[], rule: string, what: string): void {
  const fields = Array.isArray(field) ? field : [field];
  const names = problemNames(body);
  ensure(
    fields.some((f) => namesField(body, f)),
    rule,
    `${what}: the problem must name ${fields.join(' or ')}; it names ${names.length ? names.join(', ') : 'nothing'}`,
  );
}

/** Where a record a POST to `path` wrongly created is deleted, or null when the API cannot delete it. */
function deletionOf(path: string): string | null {
  if (path === '/goals') return '/goals/';
  if (path === '/echo/questions') return '/echo/questions/';
  if (path.endsWith('/goal-updates')) return '/goal-updates/';
  if (path.endsWith('/comments')) return '/comments/';
  if (path.endsWith('/reactions')) return '/reactions/';
  return null;
}

/**
 * A write the server must refuse with `status` (and a problem naming `field`). Should a broken server create
 * a record anyway, its deletion is registered, so a failing check leaves nothing behind on a live server;
 * a record the API cannot delete (an activity) is named in the failure.
 * @example await ensureRefused(ctx, 'POST', '/goals', { body: { private: 'yes' } }, 422, 'GO2', 'private')
 */
export async function ensureRefused(
  { client, cleanup }: { client: CheckingClient; cleanup: Cleanup },
  method: string,
  path: string,
  options: RequestOptions,
  status: number,
  rule: string,
  field?: string | string[],
): Promise<void> {
  const what = `${method} ${path} ${options.rawBody ?? JSON.stringify(options.body)}`;
  const response = await client.request(method, path, options);
  const created =
    method === 'POST' && response.status === 201 ? (response.body as { id?: string } | undefined)?.id : undefined;
  const deletion = deletionOf(path);
  if (created && deletion)
    cleanup.add(`delete wrongly created ${deletion}${created}`, () =>
      client.request('DELETE', `${deletion}${created}`),
    );
  ensure(
    response.status === status,
    rule,
    `${what} must give ${status}, got ${response.status}` +
      (created && !deletion ? ` (record ${created} was created and the API cannot delete it)` : ''),
  );
  if (field) ensureNames(response.body, field, rule, what);
}

/**
 * G8's refusals of a body the server cannot read, each as ensureRefused checks it: JSON cut off after its key
 * `{"field": ` (400), then `form` sent as `type`, which is not JSON (415).
 * @example await ensureUnreadableRefused(ctx, 'POST', '/activities', 'group', 'group=x', 'AC2')
 */
export async function ensureUnreadableRefused(
  host: { client: CheckingClient; cleanup: Cleanup },
  method: string,
  path: string,
  field: string,
  form: string,
  rule: string,
  type = 'text/plain',
): Promise<void> {
  const json = { 'content-type': 'application/json' };
  await ensureRefused(host, method, path, { rawBody: `{"${field}": `, headers: json }, 400, rule);
  await ensureRefused(host, method, path, { rawBody: form, headers: { 'content-type': type } }, 415, rule);
}

/** Canonical JSON (keys sorted), so records compare by content whatever the key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** True when two answers hold the same data. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Fails unless `actual` lists exactly the ids of `expected`, in that order; the message shows the first difference. */
export function ensureSameIds(
  actual: Array<{ id: string }>,
  expected: Array<{ id: string }>,
  rule: string,
  what: string,
): void {
  const a = actual.map((x) => x.id);
  const e = expected.map((x) => x.id);
  const at = a.findIndex((id, i) => id !== e[i]);
  const index = at === -1 && a.length !== e.length ? Math.min(a.length, e.length) : at;
  ensure(
    index === -1,
    rule,
    `${what}: expected ${e.length} records [${e.slice(index, index + 3).join(', ')}…] from position ${index}, got ${a.length} records [${a.slice(index, index + 3).join(', ')}…]`,
  );
}

/**
 * Fails at the first two neighbours out of order: `inOrder(before, after)` must hold for every item and the
 * one listed after it; the message says which two broke it.
 * @example ensureInOrder(list, (a, b) => a.created_at >= b.created_at, 'CR1', (a, b) => `${a.id} comes before ${b.id}`)
 */
export function ensureInOrder<T extends object>(
  list: readonly T[],
  inOrder: (before: T, after: T) => boolean,
  rule: string,
  outOfOrder: (before: T, after: T) => string,
): void {
  let before: T | undefined;
  for (const after of list) {
    if (before !== undefined && !inOrder(before, after)) fail(rule, outOfOrder(before, after));
    before = after;
  }
}
