// Who may do what, as a matrix: every operation of spec/openapi.yaml × {no token, unknown token, read-only
// token, another person's token, own token, an administrator's token} answers what the rules say (G9, GO7,
// GO9, GU8, EC7, CI3, CR1, CR2), each cell in a session of its own over records the owner just made. Then
// private goals: what members and others get on every path that names one, and a walk through every list,
// filter and error message as a non-member that must never meet a private goal's id, title or text. And every
// control of spec/control.yaml × every kind of web page that may call it (G13).
import { describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../src/http/app.js';
import type { Person } from '../src/domain/records.js';
import { getCompiledControlSpec, getCompiledSpec } from '../src/spec/compiled-spec.js';
import { KIND_OF_SEGMENT } from '../contract-tests/kit/record-pool.js';
import { defined } from './support/defined.js';
import { NOW } from './support/harness.js';
import { bodyText } from './support/body-text.js';

type Caller = 'none' | 'unknown' | 'readOnly' | 'other' | 'own' | 'admin';
const CALLERS: Caller[] = ['none', 'unknown', 'readOnly', 'other', 'own', 'admin'];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The expected status per caller, from the rules (never from running the code). `own` is the record's owner,
 * author or creator, a person who is no administrator; `other` neither that nor an administrator. No token
 * and an unknown one: 401 everywhere (G9); a read-only token: as its owner for reads, 403 for writes (G9).
 */
type Row = { other: number; own: number; admin: number; body?: Record<string, unknown> };
const READ: Row = { other: 200, own: 200, admin: 200 };
const ANYONE_CREATES: Row = { other: 201, own: 201, admin: 201 };
const MATRIX: Record<string, Row> = {
  getMe: READ,
  listPeople: READ,
  getPerson: READ,
  listTeams: READ,
  getTeam: READ,
  listGoals: READ,
  getGoal: READ,
  listGoalUpdates: READ,
  getGoalUpdate: READ,
  listCheckIns: READ,
  getCheckIn: READ,
  listEchoQuestions: READ,
  getEchoQuestion: READ,
  listEchoAnswers: READ,
  getEchoAnswer: READ,
  listCheckInComments: READ,
  listGoalUpdateComments: READ,
  listCheckInReactions: READ,
  listGoalUpdateReactions: READ,
  listActivities: READ,
  getActivity: READ,
  // DG1, AI1: each person's own digest and action items.
  listDigest: READ,
  listActionItems: READ,
  createGoal: { ...ANYONE_CREATES, body: { title: 'Matrix goal' } },
  // GO9: anyone who sees a goal edits its other fields; only owner, contributors and administrators delete it.
  updateGoal: { other: 200, own: 200, admin: 200, body: { title: 'Renamed' } },
  deleteGoal: { other: 403, own: 204, admin: 204 },
  // GU1: an update by the caller on any goal they see; GU8: only its author or an administrator changes it.
  createGoalUpdate: { ...ANYONE_CREATES, body: { title: 'Matrix update', confidence: 60 } },
  updateGoalUpdate: { other: 403, own: 200, admin: 200, body: { title: 'Edited' } },
  deleteGoalUpdate: { other: 403, own: 204, admin: 204 },
  // CI3: only the check-in's own person, administrators included.
  updateCheckIn: { other: 403, own: 200, admin: 403, body: { mood: 'calm' } },
  // EC7: only the creator or an administrator changes an Echo or its answers; anyone answers (EC5).
  createEchoQuestion: { ...ANYONE_CREATES, body: { prompt: 'Matrix?' } },
  updateEchoQuestion: { other: 403, own: 200, admin: 200, body: { title: 'Edited' } },
  deleteEchoQuestion: { other: 403, own: 204, admin: 204 },
  createEchoAnswer: { ...ANYONE_CREATES, body: { body: 'An answer' } },
  updateEchoAnswer: { other: 403, own: 200, admin: 200, body: { body: 'Edited' } },
  // CR1, CR2: anyone comments and reacts on what they see; only the author edits or deletes.
  createCheckInComment: { ...ANYONE_CREATES, body: { body: 'A comment' } },
  createGoalUpdateComment: { ...ANYONE_CREATES, body: { body: 'A comment' } },
  updateComment: { other: 403, own: 200, admin: 403, body: { body: 'Edited' } },
  deleteComment: { other: 403, own: 204, admin: 403 },
  createCheckInReaction: { ...ANYONE_CREATES, body: { name: 'rocket' } },
  createGoalUpdateReaction: { ...ANYONE_CREATES, body: { name: 'rocket' } },
  deleteReaction: { other: 403, own: 204, admin: 403 },
  createActivity: { ...ANYONE_CREATES, body: { group: 'Matrix', description: 'Checked who may do what' } },
};

interface Cast {
  own: Person;
  other: Person;
  admin: Person;
}

function castOf(mock: Mock): Cast {
  const people = [...mock.world.store.people.values()];
  const today = mock.world.store.checkIns;
  // The owner: no administrator, with a check-in of their own to work on.
  const own = people.find((p) => !p.administrator && [...today.values()].some((c) => c.personId === p.id))!;
  const other = people.find((p) => !p.administrator && p.id !== own.id)!;
  const admin = people.find((p) => p.administrator && p.id !== own.id)!;
  return { own, other, admin };
}

async function call(mock: Mock, session: string, method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { 'x-mock-session': session };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await mock.app.request(`/api/v2${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}

/** The owner's records in a session, made through the API: the ids each path names. */
async function ownRecords(mock: Mock, session: string, own: Person) {
  const token = own.tokens.readWrite;
  const post = async (path: string, body: unknown) => {
    const { status, body: created } = await call(mock, session, 'POST', path, token, body);
    expect(status, `set-up POST ${path}`).toBe(201);
    return created.id as string;
  };
  const goal = await post('/goals', { title: 'Owned goal' });
  const goalUpdate = await post(`/goals/${goal}/goal-updates`, { title: 'Owned update' });
  const echoQuestion = await post('/echo/questions', { prompt: 'Owned question?' });
  const echoAnswer = await post(`/echo/questions/${echoQuestion}/answers`, { body: 'Owned answer' });
  const comment = await post(`/goal-updates/${goalUpdate}/comments`, { body: 'Owned comment' });
  const reaction = await post(`/goal-updates/${goalUpdate}/reactions`, { name: 'eyes' });
  const activity = await post('/activities', { group: 'Owned', description: 'Owned activity' });
  const checkIn = [...mock.worlds.slotFor(session).world.store.checkIns.values()]
    .filter((c) => c.personId === own.id)
    .at(-1)!.id;
  return {
    goal,
    goalUpdate,
    echoQuestion,
    echoAnswer,
    comment,
    reaction,
    activity,
    checkIn,
    person: own.id,
    team: defined(own.teamIds[0], 'a team of the caller'),
  };
}

type RecordKey = keyof Awaited<ReturnType<typeof ownRecords>>;

/** The record a path parameter names, by the segment before it (`/goals/{id}` → goal). */
function kindOf(segment: string): RecordKey {
  return defined(KIND_OF_SEGMENT[segment], `a record kind for the path segment ${segment}`);
}

function tokenOf(caller: Caller, cast: Cast): string | null {
  switch (caller) {
    case 'none':
      return null;
    case 'unknown':
      return 'rw_not-a-token-of-anyone';
    case 'readOnly':
      return cast.own.tokens.readOnly;
    case 'other':
      return cast.other.tokens.readWrite;
    case 'own':
      return cast.own.tokens.readWrite;
    case 'admin':
      return cast.admin.tokens.readWrite;
  }
}

function expectedStatus(row: Row, caller: Caller, method: string): number {
  if (caller === 'none' || caller === 'unknown') return 401;
  if (caller === 'readOnly') return method === 'GET' ? row.own : 403;
  return row[caller];
}

/**
 * WH1: the hooks at the service root know no bearer token, only their account's hook token in the query: a
 * person's token, even as the query's token, is no hook token; the right token under another account id is an
 * unknown account; a bearer header neither helps (the hook token sent as one) nor hurts (an unknown one beside
 * the right query).
 */
type HookCaller = 'none' | 'personToken' | 'hookTokenAsBearer' | 'otherAccount' | 'hookToken';
const HOOK_CALLERS: HookCaller[] = ['none', 'personToken', 'hookTokenAsBearer', 'otherAccount', 'hookToken'];
const HOOK_MATRIX: Record<string, Record<HookCaller, number>> = {
  collectActivity: { none: 401, personToken: 401, hookTokenAsBearer: 401, otherAccount: 404, hookToken: 201 },
};

/** A hook request as one kind of caller: its path, query and headers. */
function hookRequest(
  caller: HookCaller,
  accountId: string,
  hookToken: string,
  own: Person,
): { path: string; headers: Record<string, string> } {
  const path = (account: string, token?: string) =>
    `/hooks/activity/a/${account}${token === undefined ? '' : `?token=${token}`}`;
  switch (caller) {
    case 'none':
      return { path: path(accountId), headers: {} };
    case 'personToken':
      return { path: path(accountId, own.tokens.readWrite), headers: {} };
    case 'hookTokenAsBearer':
      return { path: path(accountId), headers: { authorization: `Bearer ${hookToken}` } };
    case 'otherAccount':
      return { path: path(UNKNOWN_ID, hookToken), headers: {} };
    case 'hookToken':
      return { path: path(accountId, hookToken), headers: { authorization: 'Bearer rw_not-a-token-of-anyone' } };
  }
}

describe('the access matrix: every operation × every kind of caller', () => {
  const operations = getCompiledSpec().operations.filter((op) => op.base === null);
  const hooks = getCompiledSpec().operations.filter((op) => op.base !== null);

  it('has a row for every operation of the spec, the hooks in their own matrix (WH1)', () => {
    expect(operations.map((op) => op.operationId).filter((id) => !MATRIX[id])).toEqual([]);
    expect(hooks.map((op) => op.operationId)).toEqual(Object.keys(HOOK_MATRIX));
  });

  it('WH1 answers each hook cell by the hook token in the query alone', async () => {
    const mock = createMock({ now: NOW });
    const cast = castOf(mock);
    const { account_id: accountId, token } = (
      (await (await mock.app.request('/__mock/world')).json()) as {
        activity_hook: { account_id: string; token: string };
      }
    ).activity_hook;
    const body = { email: cast.other.email, source: 'Matrix', description: 'Checked who may post' };
    const wrong: string[] = [];
    for (const op of hooks) {
      for (const caller of HOOK_CALLERS) {
        const { path, headers } = hookRequest(caller, accountId, token, cast.own);
        const response = await mock.app.request(path, {
          method: op.method,
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        const expected = defined(HOOK_MATRIX[op.operationId], 'a hook row')[caller];
        if (response.status !== expected)
          wrong.push(`${op.operationId} as ${caller}: ${response.status}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    // Only the one accepted call recorded anything, and as the person the email names, not the bearer's.
    const recorded = [...mock.world.store.activities.values()].filter((a) => a.group === 'Matrix');
    expect(recorded.map((a) => a.personId)).toEqual([cast.other.id]);
  });

  it('answers each cell as the rules say (G9, GO9, GU8, CI3, EC7, CR1, CR2)', async () => {
    const mock = createMock({ now: NOW, maxSessions: 1000 });
    const cast = castOf(mock);
    const wrong: string[] = [];
    for (const op of operations) {
      const row = defined(MATRIX[op.operationId], `a matrix row for ${op.operationId}`);
      for (const caller of CALLERS) {
        const session = `${op.operationId}-${caller}`;
        const ids = await ownRecords(mock, session, cast.own);
        const path = op.path.replace(/([^/]+)\/\{\w+\}/g, (_, segment: string) => `${segment}/${ids[kindOf(segment)]}`);
        const { status } = await call(mock, session, op.method, path, tokenOf(caller, cast), row.body);
        const expected = expectedStatus(row, caller, op.method);
        if (status !== expected) wrong.push(`${op.operationId} as ${caller}: ${status}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('GO7: private goals, to members and to everyone else', () => {
  /** A private goal of `own` with `contributor`, an update, a comment and a reaction on it, and a public child. */
  async function privateWorld() {
    const mock = createMock({ now: NOW });
    const cast = castOf(mock);
    const people = [...mock.world.store.people.values()];
    const contributor = people.find((p) => ![cast.own.id, cast.other.id, cast.admin.id].includes(p.id))!;
    const post = async (path: string, body: unknown, token = cast.own.tokens.readWrite) => {
      const response = await mock.app.request(`/api/v2${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, `set-up POST ${path}`).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const secret = { title: 'Project Nightingale acquisition', description: 'Codename kestrel-7741, do not share' };
    const goal = await post('/goals', {
      ...secret,
      private: true,
      contributor_ids: [contributor.id],
      team_ids: cast.own.teamIds.slice(0, 1),
    });
    const update = await post(`/goals/${goal}/goal-updates`, {
      title: 'Nightingale term sheet',
      // DG2: mentions of the non-member would put both in their digest, were it not for GO7.
      body: `kestrel-7741 signed, cc @${cast.other.username}`,
    });
    const comment = await post(`/goal-updates/${update}/comments`, {
      body: `kestrel-7741 comment @${cast.other.username}`,
    });
    await post(`/goal-updates/${update}/reactions`, { name: 'tada' });
    const child = await post('/goals', { title: 'Public child of a secret', parent_id: goal });
    return {
      mock,
      cast,
      contributor,
      goal,
      update,
      comment,
      child,
      secrets: [goal, update, comment, secret.title, 'kestrel-7741', 'Nightingale'],
    };
  }

  const GOAL_PATHS = (w: Awaited<ReturnType<typeof privateWorld>>): Array<[string, string, unknown?]> => [
    ['GET', `/goals/${w.goal}`],
    ['PATCH', `/goals/${w.goal}`, { title: 'x' }],
    ['GET', `/goals/${w.goal}/goal-updates`],
    ['POST', `/goals/${w.goal}/goal-updates`, { title: 'x' }],
    ['GET', `/goal-updates/${w.update}`],
    ['PATCH', `/goal-updates/${w.update}`, { title: 'x' }],
    ['GET', `/goal-updates/${w.update}/comments`],
    ['POST', `/goal-updates/${w.update}/comments`, { body: 'x' }],
    ['GET', `/goal-updates/${w.update}/reactions`],
    ['POST', `/goal-updates/${w.update}/reactions`, { name: 'heart' }],
    ['PATCH', `/comments/${w.comment}`, { body: 'x' }],
    ['DELETE', `/goal-updates/${w.update}`],
    ['DELETE', `/goals/${w.goal}`],
  ];

  it('is 404 on every path that names it for a non-member, administrators included, and usable by its members', async () => {
    for (const who of ['other', 'admin', 'owner', 'contributor'] as const) {
      const w = await privateWorld();
      const person =
        who === 'other' ? w.cast.other : who === 'admin' ? w.cast.admin : who === 'owner' ? w.cast.own : w.contributor;
      for (const [method, path, body] of GOAL_PATHS(w)) {
        const response = await w.mock.app.request(`/api/v2${path}`, {
          method,
          headers: { authorization: `Bearer ${person.tokens.readWrite}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const member = who === 'owner' || who === 'contributor';
        // A member's comment edit is the author's alone (CR1): the owner wrote it, the contributor may not.
        const expected = !member
          ? [404]
          : path.startsWith('/comments/') && who === 'contributor'
            ? [403]
            : [200, 201, 204];
        expect(expected, `${who} ${method} ${path}: ${response.status}`).toContain(response.status);
      }
    }
  });

  it('answers a non-member the same 404 as for an id that names nothing', async () => {
    const w = await privateWorld();
    const get = async (id: string) => {
      const response = await w.mock.app.request(`/api/v2/goals/${id}`, {
        headers: { authorization: `Bearer ${w.cast.other.tokens.readWrite}` },
      });
      return { status: response.status, text: (await response.text()).replaceAll(id, '{id}') };
    };
    expect(await get(w.goal)).toEqual(await get(UNKNOWN_ID));
  });

  it('never shows a non-member its id, title or text: in any list, filter, parent, activity, comment, reaction or error', async () => {
    const w = await privateWorld();
    const token = w.cast.other.tokens.readWrite;
    const seen: string[] = [];
    const get = async (path: string) => {
      const response = await w.mock.app.request(`/api/v2${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      seen.push(`${path}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${text}`);
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const walk = async (path: string) => {
      const all: Array<{ id: string }> = [];
      for (let page = 1; page < 400; page++) {
        const { body } = await get(`${path}${path.includes('?') ? '&' : '?'}per_page=50&page=${page}`);
        all.push(...body);
        if (body.length < 50) break;
      }
      return all;
    };
    const members = [w.cast.own.id, w.contributor.id];
    for (const path of [
      '/goals',
      `/goals?goal_ids[]=${w.goal}`,
      `/goals?goal_ids[]=${w.goal}&goal_ids[]=${w.child}`,
      `/goals?people_ids[]=${members[0]}`,
      `/goals?people_ids[]=${members[1]}`,
      `/goals?team_ids[]=${w.cast.own.teamIds[0]}`,
      '/goals?since=2000-01-01',
      '/activities',
      `/activities?people_ids[]=${members[0]}`,
      '/echo/questions',
      // DG2: a private goal's update and comment never land in a non-member's digest (GO7).
      '/digest',
      '/digest?category=goal-update',
      '/digest?category=comment',
      '/action-items',
      '/people',
      '/teams',
    ]) {
      await walk(path);
    }
    // Every goal it sees in full, with its updates, their comments and reactions.
    for (const goal of await walk(`/goals?goal_ids[]=${w.child}`)) await get(`/goals/${goal.id}`);
    for (const goal of await walk('/goals')) {
      for (const update of await walk(`/goals/${goal.id}/goal-updates`)) {
        await get(`/goal-updates/${update.id}`);
        await walk(`/goal-updates/${update.id}/comments`);
        await walk(`/goal-updates/${update.id}/reactions`);
      }
    }
    // The child: its parent is hidden, not named (GO7).
    expect((await get(`/goals/${w.child}`)).body.parent).toBeNull();
    // Errors that name the private records say no more than for an unknown one.
    for (const path of [
      `/goals/${w.goal}`,
      `/goals/${w.goal}/goal-updates`,
      `/goal-updates/${w.update}`,
      `/goal-updates/${w.update}/comments`,
      `/comments/${w.comment}`,
    ])
      await get(path);
    const refused = async (method: string, path: string, body: unknown) => {
      const response = await w.mock.app.request(`/api/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      seen.push(`${method} ${path} ${JSON.stringify(body)}\n${await response.text()}`);
    };
    await refused('POST', '/goals', { title: 'Mine', parent_id: w.goal });
    await refused('PATCH', `/goals/${w.child}`, { parent_id: w.goal });
    await refused('POST', '/goals', { title: 'Mine', team_ids: [w.goal] });
    // An id the request itself sent may come back in its error; anything else secret is a leak.
    expect(seen.length).toBeGreaterThan(40);
    const leaks = seen.filter((text) => {
      const [line, ...answer] = text.split('\n');
      const request = defined(line, 'a request line');
      return w.secrets.some((secret) => !request.includes(secret) && answer.join('\n').includes(secret));
    });
    expect(leaks.map((l) => l.slice(0, 400))).toEqual([]);
  });

  it('does not let a non-member unlink a public child from the private parent it cannot see (GO7, GO9)', async () => {
    const w = await privateWorld();
    // The child shows it `parent: null`; sending back what it sees is no change.
    const response = await w.mock.app.request(`/api/v2/goals/${w.child}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${w.cast.other.tokens.readWrite}`, 'content-type': 'application/json' },
      body: '{"parent_id":null,"title":"Renamed child"}',
    });
    expect(response.status).toBe(200);
    expect(w.mock.world.store.goals.get(w.child)).toMatchObject({ parentId: w.goal, title: 'Renamed child' });
  });
});

describe('G13: every control × every kind of web page', () => {
  type Page = 'another site' | 'opaque origin' | "another site's script" | 'a dev server' | 'this server' | 'a tool';
  const PAGES: Record<Page, Record<string, string>> = {
    'another site': { origin: 'https://evil.example' },
    'opaque origin': { origin: 'null' },
    "another site's script": { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    'a dev server': { origin: 'http://localhost:5173' },
    'this server': { origin: 'http://standin.test:4010' },
    'a tool': {},
  };
  const REFUSED = new Set<Page>(['another site', 'opaque origin', "another site's script"]);
  const controls = getCompiledControlSpec().operations;

  it.each(Object.keys(PAGES) as Page[])('%s: every control answers as G13 says', async (kind) => {
    const mock = createMock({ now: NOW });
    for (const op of controls) {
      const path = `/__mock${op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? UNKNOWN_ID : 'matrix'))}`;
      const response = await mock.app.request(`http://standin.test:4010${path}`, {
        method: op.method,
        headers: { 'content-type': 'application/json', ...PAGES[kind] },
        body: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}',
      });
      const body = (await bodyText(response)) || undefined;
      if (REFUSED.has(kind)) {
        expect(response.status, `${op.operationId} from ${kind}`).toBe(403);
        expect(body).toContain('urn:standin:problem:cross-origin-refused');
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      } else {
        expect(response.status, `${op.operationId} from ${kind}`).not.toBe(403);
        const allowed = kind === 'a dev server' ? PAGES[kind].origin : null;
        expect(response.headers.get('access-control-allow-origin')).toBe(allowed);
      }
    }
  });
});

describe('MK5 G9: a session is made only for a request that passed authentication', () => {
  /** The sessions GET /__mock/sessions lists, by name. */
  async function sessionsOf(mock: Mock, headers: Record<string, string> = {}) {
    const answer = await mock.app.request('/__mock/sessions', { headers });
    return ((await answer.json()) as Array<{ name: string }>).map((s) => s.name).sort();
  }

  it.each([
    ['no controls token', {}],
    ['a --control-token', { controlToken: 'ctl-secret-1234' }],
  ] as const)(
    'with %s: 32 requests naming new sessions with no, unknown or wrong tokens make none',
    async (_, options) => {
      const mock = createMock({ now: NOW, maxSessions: 32, ...options });
      const controls: Record<string, string> =
        'controlToken' in options ? { authorization: `Bearer ${options.controlToken}` } : {};
      const hook = mock.worlds.activityHook(mock.world);
      const attempts: Array<[string, RequestInit]> = [
        ['/api/v2/me', {}],
        ['/api/v2/me', { headers: { authorization: 'Bearer rw_not_a_token_of_this_world' } }],
        ['/api/v2/goals', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }],
        [`/hooks/activity/a/${hook.accountId}?token=hook_wrong`, { method: 'POST', body: '{}' }],
        [`/hooks/activity/a/${UNKNOWN_ID}?token=${hook.token}`, { method: 'POST', body: '{}' }],
      ];
      for (let i = 0; i < 32; i++) {
        const [path, init] = defined(attempts[i % attempts.length], 'an attempt');
        const headers = { ...(init.headers as Record<string, string>), 'x-mock-session': `squat-${i}` };
        const answer = await mock.app.request(path, { ...init, headers });
        expect([401, 404]).toContain(answer.status);
      }
      expect(await sessionsOf(mock, controls)).toEqual([]);
      // A caller with a token of the world still gets a session of its own.
      const me = defined([...mock.world.store.people.values()][0], 'a person');
      const answer = await mock.app.request('/api/v2/me', {
        headers: { authorization: `Bearer ${me.tokens.readOnly}`, 'x-mock-session': 'worker-1' },
      });
      expect(answer.status).toBe(200);
      const viaHook = await mock.app.request(`/hooks/activity/a/${hook.accountId}?token=${hook.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mock-session': 'hook-worker' },
        body: JSON.stringify({ email: me.email, source: 'CI', description: 'Deployed' }),
      });
      expect(viaHook.status).toBe(201);
      expect(await sessionsOf(mock, controls)).toEqual(['hook-worker', 'worker-1']);
      // The unauthenticated requests left the shared world as it was: no activity of theirs.
      expect([...mock.world.store.activities.values()].filter((a) => a.group === 'CI')).toEqual([]);
    },
  );

  it('in any-token mode (MK7) a request with no token is authenticated, and opens its session', async () => {
    const mock = createMock({ now: NOW, anyToken: true });
    expect((await mock.app.request('/api/v2/me', { headers: { 'x-mock-session': 'page-1' } })).status).toBe(200);
    expect(await sessionsOf(mock)).toEqual(['page-1']);
  });
});
