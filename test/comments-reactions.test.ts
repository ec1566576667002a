// Comments (CR1) and reactions (CR2) on check-ins and goal updates over HTTP: create, list newest first,
// validation, author-only edits and deletes, repeat reactions, GO7 privacy of private goals' updates, G9.
import { describe, expect, it } from 'vitest';
import { Harness, NOW, expectProblem } from './support/harness.js';
import type { CommentableType, Goal, GoalUpdate, Person } from '../src/domain/records.js';
import { defined } from './support/defined.js';

const API = '/api/v2';
const UNKNOWN_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const MINUTE = 60_000;

/** CR2 (spec/openapi.yaml): the known reaction names and their emoji. */
const EMOJI: Record<string, string> = {
  tada: '\u{1F389}',
  thumbsup: '\u{1F44D}',
  heart: '\u2764\uFE0F',
  eyes: '\u{1F440}',
  rocket: '\u{1F680}',
  clap: '\u{1F44F}',
};

/** The two record kinds comments and reactions attach to, with their collection paths. */
const KINDS: { type: CommentableType; base: string }[] = [
  { type: 'check-in', base: 'check-ins' },
  { type: 'goal-update', base: 'goal-updates' },
];

/** One case of the error tables: a request (sent as another person with `as`), the status and field it gets. */
interface ErrorCase {
  name: string;
  method: string;
  path: (ctx: Ctx) => string;
  body?: unknown;
  as?: 'other';
  status: number;
  field?: string;
}

/** A POST of `body` to the comments or reactions of the record of `base` the context made: 422 naming `field`. */
function invalidPost(
  base: string,
  sub: 'comments' | 'reactions',
  what: string,
  body: unknown,
  field: string,
): ErrorCase {
  return {
    name: `POST /${base}/{id}/${sub} ${what}`,
    method: 'POST',
    path: (c) => `${API}/${base}/${c[base]}/${sub}`,
    body,
    status: 422,
    field,
  };
}

/** `method` on the comments or reactions of a record of `base` that does not exist: 404 naming it (G2). */
function onUnknownRecord(base: string, sub: 'comments' | 'reactions', method: string, body?: unknown): ErrorCase {
  return {
    name: `${method} /${base}/{unknown}/${sub}`,
    method,
    path: () => `${API}/${base}/${UNKNOWN_ID}/${sub}`,
    body,
    status: 404,
  };
}

/** `method` on the comment or reaction the context made, by another person than its author: 403. */
function byAnother(sub: 'comments' | 'reactions', method: string, body?: unknown): ErrorCase {
  const made = sub === 'comments' ? 'comment' : 'reaction';
  return {
    name: `${method} /${sub}/{id} by another person`,
    method,
    path: (c) => `${API}/${sub}/${c[made]}`,
    body,
    as: 'other',
    status: 403,
  };
}

function canSee(goal: Goal, person: Person): boolean {
  return !goal.private || goal.ownerId === person.id || goal.contributorIds.includes(person.id);
}

/** A record of `type` the default person can see, preferring one that already has comments (so order is tested). */
function visibleRecord(h: Harness, type: CommentableType): string {
  const store = h.world.store;
  const me = h.person();
  if (type === 'check-in') {
    const withComments = [...store.comments.values()].find((c) => c.resourceType === 'check-in');
    return withComments?.resourceId ?? defined([...store.checkIns.values()][0], 'a check-in').id;
  }
  const visible = (u: GoalUpdate) => canSee(store.goals.get(u.goalId)!, me);
  const commented = [...store.comments.values()]
    .filter((c) => c.resourceType === 'goal-update')
    .map((c) => store.goalUpdates.get(c.resourceId)!)
    .find(visible);
  return (commented ?? [...store.goalUpdates.values()].find(visible)!).id;
}

/** An update of a private goal, its owner, and someone who is neither its owner nor a contributor (GO7). */
function privateUpdate(h: Harness): { update: GoalUpdate; owner: Person; outsider: Person } {
  const store = h.world.store;
  const update = [...store.goalUpdates.values()].find((u) => store.goals.get(u.goalId)!.private);
  expect(update, 'the generated world has an update of a private goal').toBeDefined();
  const goal = store.goals.get(update!.goalId)!;
  return { update: update!, owner: store.people.get(goal.ownerId)!, outsider: h.person((p) => !canSee(goal, p)) };
}

/** Someone other than `person`. */
function otherThan(h: Harness, person: Person): Person {
  return h.person((p) => p.id !== person.id);
}

const walk = (h: Harness, path: string, token?: string) => h.walk(path, { token });

/** created_at descending (GU7: newest first); ties keep their listed order (stable sort). */
function newestFirst<T extends { created_at: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** The kind each path's collection holds, as a 404 names it (G2). */
const KIND_NAMES: Record<string, string> = {
  'check-ins': 'check-in',
  'goal-updates': 'goal update',
  comments: 'comment',
  reactions: 'reaction',
};

/** A 404 for an unknown id names the kind of record and the id (G2), whichever collection it was asked of. */
function expectUnknownNamed(res: { status: number; body: { detail?: unknown } }, path: string): void {
  const match = new RegExp(`/([a-z-]+)/${UNKNOWN_ID}(/|$)`).exec(path);
  if (res.status !== 404 || !match) return;
  expect(res.body.detail).toBe(
    `No ${KIND_NAMES[match[1]!]} with id ${UNKNOWN_ID} exists, or it is not visible to you (G2). Check the id; list them to find one.`,
  );
}

describe('CR1 comments', () => {
  it.each(KINDS)(
    'CR1 POST /$base/{id}/comments → 201, author = caller, resource {type: $type, id}',
    async ({ type, base }) => {
      const h = new Harness();
      const id = visibleRecord(h, type);
      const me = h.person();
      const res = await h.post(`${API}/${base}/${id}/comments`, { body: 'Nice work, **@team**!' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        type: 'comment',
        body: 'Nice work, **@team**!',
        person: { id: me.id, name: me.name },
        resource: { type, id },
        created_at: NOW,
        updated_at: NOW,
      });
      // Someone else commenting is the author of their own comment.
      const other = otherThan(h, me);
      const theirs = await h.post(`${API}/${base}/${id}/comments`, { body: 'Agreed.' }, { token: h.tokenOf(other) });
      expect(theirs.body.person).toEqual({ id: other.id, name: other.name });
    },
  );

  it.each(KINDS)(
    'CR1 GET /$base/{id}/comments is newest first; within one second the one created last first',
    async ({ type, base }) => {
      const h = new Harness();
      const id = visibleRecord(h, type);
      const path = `${API}/${base}/${id}/comments`;
      const before = await walk(h, path);
      expect(before.length).toBe(h.world.store.commentsOf(type, id).length);
      expect(before).toEqual(newestFirst(before));
      h.world.clock.advance(MINUTE);
      const first = (await h.post(path, { body: 'first' })).body;
      const second = (await h.post(path, { body: 'second' })).body; // same second as `first`
      h.world.clock.advance(MINUTE);
      const third = (await h.post(path, { body: 'third' })).body;
      const after = await walk(h, path);
      expect(after.map((c) => c.id)).toEqual([third.id, second.id, first.id, ...before.map((c) => c.id)]);
      expect(after).toEqual(newestFirst(after));
      // Pages neither overlap nor skip (G4).
      const paged: string[] = [];
      for (let page = 1; ; page++) {
        const res = await h.get(`${path}?per_page=2&page=${page}`);
        if (res.body.length === 0) break;
        paged.push(...res.body.map((c: { id: string }) => c.id));
      }
      expect(paged).toEqual(after.map((c) => c.id));
    },
  );

  it.each(KINDS)(
    'CR1 the author edits (200, updated_at bumped) and deletes (204) a comment on a $type',
    async ({ type, base }) => {
      const h = new Harness();
      const id = visibleRecord(h, type);
      const path = `${API}/${base}/${id}/comments`;
      const created = (await h.post(path, { body: 'draft' })).body;
      h.world.clock.advance(5 * MINUTE);
      const edited = await h.patch(`${API}/comments/${created.id}`, { body: 'final' });
      expect(edited.status).toBe(200);
      expect(edited.body).toEqual({ ...created, body: 'final', updated_at: '2026-11-20T15:05:00Z' });
      expect((await walk(h, path)).find((c) => c.id === created.id)).toEqual(edited.body);
      const deleted = await h.delete(`${API}/comments/${created.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect((await walk(h, path)).map((c) => c.id)).not.toContain(created.id);
      expectProblem(await h.patch(`${API}/comments/${created.id}`, { body: 'again' }), 404);
      expectProblem(await h.delete(`${API}/comments/${created.id}`), 404);
    },
  );

  it('CR1 a generated comment can be edited by its author only', async () => {
    const h = new Harness();
    const store = h.world.store;
    const comment = [...store.comments.values()].find((c) => c.resourceType === 'check-in')!;
    const author = store.people.get(comment.personId)!;
    expectProblem(
      await h.patch(`${API}/comments/${comment.id}`, { body: 'hijack' }, { token: h.tokenOf(otherThan(h, author)) }),
      403,
    );
    const ok = await h.patch(
      `${API}/comments/${comment.id}`,
      { body: 'edited by the author' },
      { token: h.tokenOf(author) },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.person).toEqual({ id: author.id, name: author.name });
  });

  it('CR1 comments on an update of a private goal the caller cannot see → 404 (GO7); the owner can comment', async () => {
    const h = new Harness();
    const { update, owner, outsider } = privateUpdate(h);
    const path = `${API}/goal-updates/${update.id}/comments`;
    const asOutsider = { token: h.tokenOf(outsider) };
    expectProblem(await h.get(path, asOutsider), 404);
    expectProblem(await h.post(path, { body: 'peek' }, asOutsider), 404);
    const mine = await h.post(path, { body: 'owner note' }, { token: h.tokenOf(owner) });
    expect(mine.status).toBe(201);
    // The comment itself is as invisible as its record: 404, not 403, to the outsider.
    expectProblem(await h.patch(`${API}/comments/${mine.body.id}`, { body: 'x' }, asOutsider), 404);
    expectProblem(await h.delete(`${API}/comments/${mine.body.id}`, asOutsider), 404);
    expect((await walk(h, path, h.tokenOf(owner))).map((c) => c.id)).toContain(mine.body.id);
  });

  const errors: ErrorCase[] = [
    ...KINDS.flatMap(({ base }) => [
      invalidPost(base, 'comments', 'with an empty body', { body: '' }, 'body'),
      invalidPost(base, 'comments', 'with a blank body', { body: ' \n\t ' }, 'body'),
      invalidPost(base, 'comments', 'without body', {}, 'body'),
      invalidPost(base, 'comments', 'with a numeric body', { body: 7 }, 'body'),
      onUnknownRecord(base, 'comments', 'POST', { body: 'x' }),
      onUnknownRecord(base, 'comments', 'GET'),
      {
        name: `GET /${base}/{malformed}/comments`,
        method: 'GET',
        path: () => `${API}/${base}/12345/comments`,
        status: 404,
      },
    ]),
    {
      name: 'PATCH /comments/{id} with an empty body',
      method: 'PATCH',
      path: (c) => `${API}/comments/${c.comment}`,
      body: { body: '' },
      status: 422,
      field: 'body',
    },
    {
      name: 'PATCH /comments/{id} with a blank body',
      method: 'PATCH',
      path: (c) => `${API}/comments/${c.comment}`,
      body: { body: '   ' },
      status: 422,
      field: 'body',
    },
    byAnother('comments', 'PATCH', { body: 'mine now' }),
    byAnother('comments', 'DELETE'),
    {
      name: 'PATCH /comments/{unknown}',
      method: 'PATCH',
      path: () => `${API}/comments/${UNKNOWN_ID}`,
      body: { body: 'x' },
      status: 404,
    },
    { name: 'DELETE /comments/{malformed}', method: 'DELETE', path: () => `${API}/comments/not-an-id`, status: 404 },
  ];

  it.each(errors)('CR1 $name → $status', async (errorCase) => {
    const res = await refused(errorCase, (h) => [...h.world.store.comments.values()].map((c) => `${c.id}:${c.body}`));
    if (errorCase.status === 403) expect(res.body.detail).toMatch(/author/i);
  });
});

type Ctx = Record<string, string>;

/**
 * Sends an error case's request in a fresh world, after the context is made: the status and field it expects, a
 * 404's detail naming what is unknown, and `records` (read sorted) the same after as before.
 */
async function refused({ method, path, body, as, status, field }: ErrorCase, records: (h: Harness) => string[]) {
  const h = new Harness();
  const ctx = await context(h);
  const token = as === 'other' ? h.tokenOf(otherThan(h, h.person())) : undefined;
  const before = records(h).sort();
  const res = await h.call(method, path(ctx), {
    ...(body === undefined ? {} : { body }),
    ...(token ? { token } : {}),
  });
  expectProblem(res, status, field);
  expectUnknownNamed(res, path(ctx));
  expect(records(h).sort()).toEqual(before);
  return res;
}

/** A check-in and a goal update the default person can see, and a comment of theirs on the check-in. */
async function context(h: Harness): Promise<Ctx> {
  const checkIn = visibleRecord(h, 'check-in');
  const update = visibleRecord(h, 'goal-update');
  const comment = (await h.post(`${API}/check-ins/${checkIn}/comments`, { body: 'mine' })).body.id;
  const reaction = (await h.post(`${API}/check-ins/${checkIn}/reactions`, { name: 'eyes' })).body.id;
  return { 'check-ins': checkIn, 'goal-updates': update, comment, reaction };
}

describe('CR2 reactions', () => {
  it.each(KINDS)(
    'CR2 POST /$base/{id}/reactions → 201 with the emoji of each name; the same again → 200, same id',
    async ({ type, base }) => {
      const h = new Harness();
      const id = visibleRecord(h, type);
      const me = h.person();
      const path = `${API}/${base}/${id}/reactions`;
      const before = await walk(h, path);
      // Remove any reaction of the caller first so each name starts fresh (a repeat is tested below).
      for (const r of before.filter((x) => x.person.id === me.id))
        expect((await h.delete(`${API}/reactions/${r.id}`)).status).toBe(204);
      for (const [name, emoji] of Object.entries(EMOJI)) {
        const now = new Date(h.world.clock.nowMs()).toISOString().replace('.000Z', 'Z');
        const created = await h.post(path, { name });
        expect(created.status, name).toBe(201);
        expect(created.body).toMatchObject({
          name,
          emoji,
          person: { id: me.id, name: me.name },
          resource: { type, id },
          created_at: now,
        });
        h.world.clock.advance(MINUTE);
        const again = await h.post(path, { name });
        expect(again.status, name).toBe(200);
        // The existing reaction, unchanged (created_at included).
        expect(again.body).toEqual(created.body);
      }
      const mine = (await walk(h, path)).filter((r) => r.person.id === me.id);
      expect(mine.map((r) => r.name).sort()).toEqual(Object.keys(EMOJI).sort());
    },
  );

  it.each(KINDS)(
    'CR2 another person with the same name on a $type gets a reaction of their own (201)',
    async ({ type, base }) => {
      const h = new Harness();
      const id = visibleRecord(h, type);
      const path = `${API}/${base}/${id}/reactions`;
      const me = h.person();
      const other = otherThan(h, me);
      for (const p of [me, other]) {
        for (const r of (await walk(h, path)).filter((x) => x.person.id === p.id && x.name === 'rocket')) {
          await h.delete(`${API}/reactions/${r.id}`, { token: h.tokenOf(p) });
        }
      }
      const mine = await h.post(path, { name: 'rocket' });
      const theirs = await h.post(path, { name: 'rocket' }, { token: h.tokenOf(other) });
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      expect(theirs.body.id).not.toBe(mine.body.id);
      expect(theirs.body.person).toEqual({ id: other.id, name: other.name });
    },
  );

  it.each(KINDS)('CR2 GET /$base/{id}/reactions is newest first', async ({ type, base }) => {
    const h = new Harness();
    const id = visibleRecord(h, type);
    const path = `${API}/${base}/${id}/reactions`;
    const before = await walk(h, path);
    expect(before.length).toBe(h.world.store.reactionsOf(type, id).length);
    expect(before).toEqual(newestFirst(before));
    const names = Object.keys(EMOJI).filter((n) => !before.some((r) => r.person.id === h.person().id && r.name === n));
    h.world.clock.advance(MINUTE);
    const a = (await h.post(path, { name: names[0] })).body;
    const b = (await h.post(path, { name: names[1] })).body; // same second: created last first
    const after = await walk(h, path);
    expect(after.map((r) => r.id)).toEqual([b.id, a.id, ...before.map((r) => r.id)]);
  });

  it('CR2 DELETE /reactions/{id} by the author → 204 and gone; reacting again creates a new one', async () => {
    const h = new Harness();
    const id = visibleRecord(h, 'goal-update');
    const path = `${API}/goal-updates/${id}/reactions`;
    for (const r of (await walk(h, path)).filter((x) => x.person.id === h.person().id && x.name === 'clap'))
      await h.delete(`${API}/reactions/${r.id}`);
    const created = (await h.post(path, { name: 'clap' })).body;
    const res = await h.delete(`${API}/reactions/${created.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await walk(h, path)).map((r) => r.id)).not.toContain(created.id);
    expectProblem(await h.delete(`${API}/reactions/${created.id}`), 404);
    const again = await h.post(path, { name: 'clap' });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(created.id);
  });

  it('CR2 reactions on an update of a private goal the caller cannot see → 404 (GO7)', async () => {
    const h = new Harness();
    const { update, owner, outsider } = privateUpdate(h);
    const path = `${API}/goal-updates/${update.id}/reactions`;
    const asOutsider = { token: h.tokenOf(outsider) };
    expectProblem(await h.get(path, asOutsider), 404);
    expectProblem(await h.post(path, { name: 'tada' }, asOutsider), 404);
    const ownerReaction = await h.post(path, { name: 'heart' }, { token: h.tokenOf(owner) });
    expect([200, 201]).toContain(ownerReaction.status);
    expectProblem(await h.delete(`${API}/reactions/${ownerReaction.body.id}`, asOutsider), 404);
  });

  const errors: ErrorCase[] = [
    ...KINDS.flatMap(({ base }) => [
      invalidPost(base, 'reactions', 'with an unknown name', { name: 'smile' }, 'name'),
      invalidPost(base, 'reactions', 'with an emoji as name', { name: EMOJI.tada }, 'name'),
      invalidPost(base, 'reactions', 'with a capitalised name', { name: 'Tada' }, 'name'),
      invalidPost(base, 'reactions', 'without name', {}, 'name'),
      onUnknownRecord(base, 'reactions', 'POST', { name: 'tada' }),
      onUnknownRecord(base, 'reactions', 'GET'),
    ]),
    byAnother('reactions', 'DELETE'),
    {
      name: 'DELETE /reactions/{unknown}',
      method: 'DELETE',
      path: () => `${API}/reactions/${UNKNOWN_ID}`,
      status: 404,
    },
    { name: 'DELETE /reactions/{malformed}', method: 'DELETE', path: () => `${API}/reactions/xyz`, status: 404 },
  ];

  it.each(errors)('CR2 $name → $status', async (errorCase) => {
    await refused(errorCase, (h) => [...h.world.store.reactions.keys()]);
  });
});

describe('G9 read-only tokens on comment and reaction writes', () => {
  const writes: { name: string; method: string; path: (ctx: Ctx) => string; body?: unknown }[] = [
    ...KINDS.flatMap(({ base }) => [
      {
        name: `POST /${base}/{id}/comments`,
        method: 'POST',
        path: (c: Ctx) => `${API}/${base}/${c[base]}/comments`,
        body: { body: 'x' },
      },
      {
        name: `POST /${base}/{id}/reactions`,
        method: 'POST',
        path: (c: Ctx) => `${API}/${base}/${c[base]}/reactions`,
        body: { name: 'clap' },
      },
    ]),
    { name: 'PATCH /comments/{id}', method: 'PATCH', path: (c) => `${API}/comments/${c.comment}`, body: { body: 'x' } },
    { name: 'DELETE /comments/{id}', method: 'DELETE', path: (c) => `${API}/comments/${c.comment}` },
    { name: 'DELETE /reactions/{id}', method: 'DELETE', path: (c) => `${API}/reactions/${c.reaction}` },
  ];

  it.each(writes)(
    "G9 $name with the author's read-only token → 403, nothing changed",
    async ({ method, path, body }) => {
      const h = new Harness();
      const ctx = await context(h);
      const snapshot = () => [
        [...h.world.store.comments.values()].map((c) => `${c.id}:${c.body}`).sort(),
        [...h.world.store.reactions.keys()].sort(),
      ];
      const before = snapshot();
      const res = await h.call(method, path(ctx), {
        token: h.tokenOf(h.person(), 'readOnly'),
        ...(body === undefined ? {} : { body }),
      });
      expectProblem(res, 403);
      expect(res.body.detail).toMatch(/read-only/i);
      expect(snapshot()).toEqual(before);
    },
  );
});
