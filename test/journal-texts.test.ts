// The journal's texts (GET /__mock/requests): for every kind of answer the API gives — a record, a problem of
// the front, of a step, of the input or of the domain, an override's, a fault's, an empty one — the entry shows
// the body the mock read (null when it read none) and exactly the text the client got (null for an empty
// answer). The front carries both along the request (front.ts), so a way of answering that forgot to hand its
// text on fails here.
import { describe, expect, it } from 'vitest';
import { Harness, control } from './support/harness.js';

interface Case {
  /** What the case shows (its rule). */
  what: string;
  /** Sets the mock up; what it returns is handed to `request`. */
  setUp?: (h: Harness) => Promise<void>;
  request: (h: Harness) => { path: string; method?: string; headers?: Record<string, string>; body?: string };
  status: number;
  /** The body the journal shows as read: the one sent (true) or none (null). */
  read: true | null;
}

const json = { 'content-type': 'application/json' };
const goalOf = (h: Harness) => h.world.store.goalsOfPerson(h.person().id)[0]!.id;
/** A POST of `body` to the default person's first goal's updates. */
const postUpdate = (body: string) => (h: Harness) => ({
  path: `/api/v2/goals/${goalOf(h)}/goal-updates`,
  method: 'POST',
  headers: json,
  body,
});
/** A case whose request sends no body, so the journal shows none read. */
const unread = (what: string, request: ReturnType<Case['request']>, status: number, setUp?: Case['setUp']): Case => ({
  what,
  setUp,
  request: () => request,
  status,
  read: null,
});
const overriding = (rule: Record<string, unknown>) => async (h: Harness) => {
  expect((await control(h, 'PUT', '/overrides', { rules: [{ unchecked: true, ...rule }] })).status).toBe(200);
};

const CASES: Case[] = [
  unread('a record', { path: '/api/v2/me' }, 200),
  {
    what: 'a created record and the body it was made from',
    request: postUpdate('{"confidence":74}'),
    status: 201,
    read: true,
  },
  {
    what: "GU2: the input's problem (422) and the body it names",
    request: postUpdate('{"confidence":150}'),
    status: 422,
    read: true,
  },
  {
    what: 'G8: malformed JSON (400), as sent',
    request: postUpdate('{"a":'),
    status: 400,
    read: true,
  },
  {
    what: 'G8: a body over the limit (413), never read',
    request: postUpdate(`{"title":"${'x'.repeat(1024 * 1024)}"}`),
    status: 413,
    read: null,
  },
  unread(
    "the domain's refusal (404 of an unknown goal)",
    { path: '/api/v2/goals/00000000-0000-4000-8000-000000000000' },
    404,
  ),
  unread(
    'G9: a step of the pipeline (401 without a token)',
    { path: '/api/v2/me', headers: { authorization: '' } },
    401,
  ),
  unread('G8: a path no spec documents (404)', { path: '/api/v2/nothing-here' }, 404),
  unread('G8: a method not allowed (405)', { path: '/api/v2/me', method: 'PUT' }, 405),
  unread("G8: the front's 414 for a long URL", { path: `/api/v2/goals?q=${'x'.repeat(9000)}` }, 414),
  unread(
    "MK5: the front's 400 for a bad session name",
    { path: '/api/v2/me', headers: { 'x-mock-session': 'no spaces allowed' } },
    400,
  ),
  {
    what: "G12: a 304's empty answer",
    setUp: async (h) => {
      const first = await h.get('/api/v2/me');
      etags.set(h, first.headers.get('etag')!);
    },
    request: (h) => ({ path: '/api/v2/me', headers: { 'if-none-match': etags.get(h)! } }),
    status: 304,
    read: null,
  },
  {
    what: "a 204's empty answer",
    request: (h) => ({ path: `/api/v2/goals/${goalOf(h)}`, method: 'DELETE' }),
    status: 204,
    read: null,
  },
  {
    what: "an override's own body, and the body it was sent",
    setUp: overriding({ method: 'POST', path: '/api/v2/goals/*/goal-updates', status: 201, body: { id: 'made-up' } }),
    request: postUpdate('{"confidence":74}'),
    status: 201,
    read: true,
  },
  unread(
    "an override's problem when it gives no body",
    { path: '/api/v2/me' },
    503,
    overriding({ path: '/api/v2/me', status: 503 }),
  ),
  unread("an override's empty answer", { path: '/api/v2/me' }, 204, overriding({ path: '/api/v2/me', status: 204 })),
  unread("MK6: a fault's injected problem", { path: '/api/v2/me', headers: { prefer: 'code=503' } }, 503),
  {
    what: "MK6: a slow body's text, as it trickled out",
    setUp: async (h) => {
      const profile = {
        rules: [{ path: '/api/v2/me', faults: [{ kind: 'slow-body', rate: 1, bytes_per_second: 1e6 }] }],
      };
      expect((await control(h, 'PUT', '/faults', profile)).status).toBe(200);
    },
    request: () => ({ path: '/api/v2/me' }),
    status: 200,
    read: null,
  },
];

const etags = new WeakMap<Harness, string>();

describe('the journal shows what the mock read and what the client got', () => {
  it.each(CASES)('$what', async ({ setUp, request, status, read }) => {
    const h = new Harness();
    await setUp?.(h);
    const { path, method = 'GET', headers = {}, body } = request(h);
    const response = await h.mock.app.request(path, {
      method,
      body,
      headers: { authorization: `Bearer ${h.person().tokens.readWrite}`, ...headers },
    });
    const got = await response.text();
    expect(response.status).toBe(status);
    const [entry] = (await control(h, 'GET', '/requests?limit=1')).body;
    expect(entry).toMatchObject({ method, status, request_body: read && body, response_body: got === '' ? null : got });
  });
});
