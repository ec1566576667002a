// The digest over HTTP: DG1 shape, order, filters and pages; DG2 what lands for whom (every person of the small
// world against a walk of all its records), GO7 included; DG3 deletions and edits; DG4 ETag and 304; MK3; time
// travel growing it; and the requests of the vendor's clients replayed.
import { describe, expect, it } from 'vitest';
import { digestOf } from '../src/domain/digest.js';
import type { CheckIn, Comment, GoalUpdate, Person } from '../src/domain/records.js';
import type { World } from '../src/domain/world.js';
import { control, Harness, NOW, expectProblem } from './support/harness.js';

const PATH = '/api/v2/digest';

interface Entry {
  id: string;
  category: string;
  published_at: string;
  read_at: null;
  resource: { type: string; id: string; [field: string]: unknown };
}

/** DG2 written out once more, the slow way: every record of the world asked whether it lands for `person`. */
function expectedDigest(world: World, person: Person): string[] {
  const { store } = world;
  const mentioned = (...texts: Array<string | null>) =>
    texts.some((t) => t !== null && new RegExp(`(^|[^A-Za-z0-9_-])@${person.username}(?![A-Za-z0-9_-])`).test(t));
  const teammates = new Set(
    store.peopleInOrder
      .filter((p) => p.id !== person.id && p.teamIds.some((t) => person.teamIds.includes(t)))
      .map((p) => p.id),
  );
  const visibleUpdate = (u: GoalUpdate | undefined) => {
    const goal = u && store.goals.get(u.goalId);
    return !!goal && (!goal.private || goal.ownerId === person.id || goal.contributorIds.includes(person.id));
  };
  const checkInText = (c: CheckIn) => [c.previous, c.intentions, c.blockers];
  const found: string[] = [];
  for (const c of store.checkIns.values())
    if (c.completedAt !== null && (teammates.has(c.personId) || mentioned(...checkInText(c))))
      found.push(`check-in:${c.id}`);
  for (const u of store.goalUpdates.values())
    if (visibleUpdate(u) && (teammates.has(u.personId) || mentioned(u.title, u.body)))
      found.push(`goal-update:${u.id}`);
  for (const a of store.echoAnswers.values()) found.push(`echo-answer:${a.id}`);
  for (const comment of store.comments.values()) {
    const on: CheckIn | GoalUpdate | undefined =
      comment.resourceType === 'check-in'
        ? store.checkIns.get(comment.resourceId)
        : store.goalUpdates.get(comment.resourceId);
    if (!on || (comment.resourceType === 'goal-update' && !visibleUpdate(on as GoalUpdate))) continue;
    const thread = store.commentsOf(comment.resourceType, comment.resourceId);
    const threadMentions =
      (comment.resourceType === 'check-in'
        ? mentioned(...checkInText(on as CheckIn))
        : mentioned((on as GoalUpdate).title, (on as GoalUpdate).body)) ||
      thread.some((other: Comment) => mentioned(other.body));
    if (on.personId === person.id || mentioned(comment.body) || (comment.personId === person.id && threadMentions))
      found.push(`comment:${comment.id}`);
  }
  return found.sort();
}

/** A comment posted by `author` on a check-in, through the API. */
async function commentOn(h: Harness, checkInId: string, author: Person, body: string): Promise<{ id: string }> {
  const res = await h.post(`/api/v2/check-ins/${checkInId}/comments`, { body }, { token: h.tokenOf(author) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The default person's latest completed check-in, and a teammate of theirs. */
function ownCheckInAndTeammate(h: Harness): { me: Person; checkIn: CheckIn; teammate: Person; stranger: Person } {
  const me = h.person();
  const checkIn = [...h.world.store.checkIns.values()]
    .filter((c) => c.personId === me.id && c.completedAt !== null)
    .sort((a, b) => (a.date < b.date ? 1 : -1))[0]!;
  const teammate = h.person((p) => p.id !== me.id && p.teamIds.some((t) => me.teamIds.includes(t)));
  const stranger = h.person((p) => !p.teamIds.some((t) => me.teamIds.includes(t)));
  return { me, checkIn, teammate, stranger };
}

describe('DG1 GET /digest', () => {
  it('DG1 lists entries {id, category, published_at, read_at: null, resource} newest first, then id, in pages', async () => {
    const h = new Harness();
    // The default person's generated check-ins drew no comment: one of a teammate's makes every category show.
    const { checkIn, teammate } = ownCheckInAndTeammate(h);
    await commentOn(h, checkIn.id, teammate, 'Looks good.');
    const all = await h.walk<Entry>(PATH);
    expect(all.length).toBeGreaterThan(100);
    const sorted = [...all].sort((a, b) =>
      a.published_at !== b.published_at ? (a.published_at < b.published_at ? 1 : -1) : a.id < b.id ? -1 : 1,
    );
    expect(all.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
    for (const entry of all) {
      expect(entry.read_at).toBeNull();
      expect(entry.resource.type).toBe(entry.category);
    }
    expect(new Set(all.map((e) => e.category))).toEqual(new Set(['check-in', 'goal-update', 'echo-answer', 'comment']));
    const paged: string[] = [];
    for (let page = 1; ; page++) {
      const res = await h.get<Entry[]>(`${PATH}?per_page=17&page=${page}`);
      if (res.body.length === 0) break;
      paged.push(...res.body.map((e) => e.id));
    }
    expect(paged).toEqual(all.map((e) => e.id));
  });

  it('DG1 embeds the record as its own GET gives it to the caller', async () => {
    const h = new Harness();
    const first = (await h.get<Entry[]>(`${PATH}?per_page=50`)).body;
    const paths: Record<string, string> = {
      'check-in': '/api/v2/check-ins/',
      'goal-update': '/api/v2/goal-updates/',
      'echo-answer': '/api/v2/echo/answers/',
    };
    const seen = new Set<string>();
    for (const entry of first) {
      const base = paths[entry.category];
      if (!base || seen.has(entry.category)) continue;
      seen.add(entry.category);
      expect((await h.get(`${base}${entry.resource.id}`)).body, entry.category).toEqual(entry.resource);
    }
    expect(seen.size).toBe(3);
  });

  it('DG1 category keeps one kind of entry; since keeps entries published on or after that UTC day', async () => {
    const h = new Harness();
    const all = await h.walk<Entry>(PATH);
    for (const category of ['comment', 'check-in', 'goal-update', 'echo-answer']) {
      const only = await h.walk<Entry>(`${PATH}?category=${category}`);
      expect(
        only.map((e) => e.id),
        category,
      ).toEqual(all.filter((e) => e.category === category).map((e) => e.id));
    }
    const since = all[Math.floor(all.length / 3)]!.published_at.slice(0, 10);
    const recent = await h.walk<Entry>(`${PATH}?since=${since}`);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.map((e) => e.id)).toEqual(all.filter((e) => e.published_at >= `${since}T00:00:00Z`).map((e) => e.id));
  });

  it.each([
    ['category=mention', 'category', /DG1/],
    ['category=', 'category', /DG1/],
    ['since=2026-02-30', 'since', /DG1/],
    ['since=yesterday', 'since', /DG1/],
    ['per_page=0', 'per_page', /G4/],
  ])('DG1 %s: 422 naming the parameter', async (query, name, hint) => {
    const h = new Harness();
    expectProblem(await h.get(`${PATH}?${query}`), 422, name, hint);
  });

  it('DG1 an entry id is a UUID v4 of its record and person: stable, and different for another person', async () => {
    const h = new Harness();
    const { me, teammate } = ownCheckInAndTeammate(h);
    const mine = await h.walk<Entry>(`${PATH}?category=echo-answer`);
    const theirs = await h.walk<Entry>(`${PATH}?category=echo-answer`, { token: h.tokenOf(teammate) });
    expect(mine.map((e) => e.resource.id)).toEqual(theirs.map((e) => e.resource.id));
    for (const [i, entry] of mine.entries()) {
      expect(entry.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(entry.id).not.toBe(theirs[i]!.id);
    }
    expect(me.id).not.toBe(teammate.id);
  });

  it('MK3 the same seed and clock give byte-identical digests', async () => {
    const a = await new Harness().get(`${PATH}?per_page=50&page=2`);
    const b = await new Harness().get(`${PATH}?per_page=50&page=2`);
    expect(a.text.length).toBeGreaterThan(1000);
    expect(b.text).toBe(a.text);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
  });
});

describe('DG2 what lands in whose digest', () => {
  it('DG2 every person of the small world gets exactly what a walk of all records finds', () => {
    const h = new Harness();
    for (const person of h.world.store.peopleInOrder) {
      const got = digestOf(h.world, person).map((e) => `${e.publication.category}:${e.publication.record.id}`);
      expect(got.sort(), person.username).toEqual(expectedDigest(h.world, person));
    }
  });

  it('DG2 on a restored full state (an imported base), every person gets what the walk finds, by its index of mentions', async () => {
    const source = new Harness();
    // A mention by someone of another team, which no team or goal index finds: only the base's mentions do.
    const stranger = source.person((p) => !p.teamIds.some((t) => source.person().teamIds.includes(t)));
    const update = await source.post(
      `/api/v2/goals/${[...source.world.store.goals.values()].find((g) => g.ownerId === stranger.id && !g.private)!.id}/goal-updates`,
      { title: 'Hand-over', body: `@${source.person().username} can you take this?` },
      { token: source.tokenOf(stranger) },
    );
    expect(update.status).toBe(201);
    // An imported username may hold characters a generated one never does: the index finds `@ann.lee` whole.
    const dotted = `${source.person().username}.lee`;
    const state = JSON.parse(
      JSON.stringify((await control(source, 'GET', '/state?full=true')).body)
        .replaceAll(`"${source.person().username}"`, `"${dotted}"`)
        .replaceAll(`@${source.person().username} can`, `@${dotted} can`),
    );
    const h = new Harness();
    expect((await control(h, 'PUT', '/state', state)).status).toBe(200);
    expect(h.world.base.origin).toBe('imported');
    expect(h.person().username).toBe(dotted);
    expect(h.world.base.mentioned?.get(dotted)).toContain(update.body.id);
    for (const person of h.world.store.peopleInOrder) {
      const got = digestOf(h.world, person).map((e) => `${e.publication.category}:${e.publication.record.id}`);
      expect(got.sort(), person.username).toEqual(expectedDigest(h.world, person));
    }
    expect(digestOf(h.world, h.person()).map((e) => e.publication.record.id)).toContain(update.body.id);
  });

  it("DG2 a comment lands for the check-in's person, for whom it mentions, and not for a stranger", async () => {
    const h = new Harness();
    const { me, checkIn, teammate, stranger } = ownCheckInAndTeammate(h);
    const mentioned = h.person(
      (p) => p.id !== me.id && p.id !== teammate.id && p.id !== stranger.id && p.kind === 'human',
    );
    const comment = await commentOn(h, checkIn.id, teammate, `Nice work, looping in @${mentioned.username}.`);
    const firstComment = async (person: Person) =>
      (await h.get<Entry[]>(`${PATH}?category=comment&per_page=1`, { token: h.tokenOf(person) })).body[0]?.resource.id;
    expect(await firstComment(me)).toBe(comment.id);
    expect(await firstComment(mentioned)).toBe(comment.id);
    const strangers = await h.walk<Entry>(`${PATH}?category=comment`, { token: h.tokenOf(stranger) });
    expect(strangers.map((e) => e.resource.id)).not.toContain(comment.id);
  });

  it("DG2 the person's own check-in never lands for them; a teammate's completed one does", async () => {
    const h = new Harness();
    const { me, teammate } = ownCheckInAndTeammate(h);
    const mine = await h.walk<Entry>(`${PATH}?category=check-in`);
    const people = new Set(mine.map((e) => (e.resource.person as { id: string }).id));
    expect(people.has(me.id)).toBe(false);
    expect(people.has(teammate.id)).toBe(true);
    expect(mine.every((e) => e.published_at === e.resource.completed_at)).toBe(true);
  });

  it('GO7 DG2 a private goal never reaches a non-member, even when its update mentions them', async () => {
    const h = new Harness();
    const owner = h.person();
    const outsider = h.person((p) => p.id !== owner.id && p.teamIds.some((t) => owner.teamIds.includes(t)));
    const goal = (await h.post('/api/v2/goals', { title: 'Quiet plan', private: true, team_ids: [owner.teamIds[0]] }))
      .body;
    const update = await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { body: `cc @${outsider.username}` });
    expect(update.status).toBe(201);
    const comment = await h.post(`/api/v2/goal-updates/${update.body.id}/comments`, {
      body: `@${outsider.username} soon`,
    });
    expect(comment.status).toBe(201);
    const seen = (await h.walk<Entry>(PATH, { token: h.tokenOf(outsider) })).map((e) => e.resource.id);
    expect(seen).not.toContain(update.body.id);
    expect(seen).not.toContain(comment.body.id);
    // Made public, the same records land for the teammate.
    expect((await h.patch(`/api/v2/goals/${goal.id}`, { private: false })).status).toBe(200);
    const now = (await h.walk<Entry>(PATH, { token: h.tokenOf(outsider) })).map((e) => e.resource.id);
    expect(now).toContain(update.body.id);
    expect(now).toContain(comment.body.id);
  });
});

describe('DG3 deletions and edits', () => {
  it("DG3 an edited comment shows its new body in its old place; a deleted one's entry goes", async () => {
    const h = new Harness();
    const { checkIn, teammate } = ownCheckInAndTeammate(h);
    const older = await commentOn(h, checkIn.id, teammate, 'First thought.');
    h.world.clock.advance(60_000);
    const newer = await commentOn(h, checkIn.id, teammate, 'Second thought.');
    const before = (await h.get<Entry[]>(`${PATH}?category=comment&per_page=2`)).body;
    expect(before.map((e) => e.resource.id)).toEqual([newer.id, older.id]);
    h.world.clock.advance(60_000);
    const edited = await h.patch(
      `/api/v2/comments/${older.id}`,
      { body: 'First thought, edited.' },
      { token: h.tokenOf(teammate) },
    );
    expect(edited.status).toBe(200);
    const after = (await h.get<Entry[]>(`${PATH}?category=comment&per_page=2`)).body;
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(after[1]!.published_at).toBe(before[1]!.published_at);
    expect(after[1]!.resource.body).toBe('First thought, edited.');
    expect((await h.delete(`/api/v2/comments/${newer.id}`, { token: h.tokenOf(teammate) })).status).toBe(204);
    const gone = (await h.get<Entry[]>(`${PATH}?category=comment&per_page=1`)).body;
    expect(gone.map((e) => e.id)).toEqual([after[1]!.id]);
  });
});

describe('DG4 ETag and 304, and the vendor clients', () => {
  it('DG4 the macOS digest announcer (GET /digest?per_page=1) and the agent routine (category=comment, If-None-Match) get what they expect', async () => {
    const h = new Harness();
    const { checkIn, teammate } = ownCheckInAndTeammate(h);
    // The macOS digest announcer: the newest entry only.
    const announcer = await h.get<Entry[]>(`${PATH}?per_page=1`);
    expect(announcer.status).toBe(200);
    expect(announcer.body).toHaveLength(1);
    // The agent routine's poll: the first comment entry, then the same with If-None-Match.
    const poll = `${PATH}?category=comment&per_page=1`;
    const first = await h.get<Entry[]>(poll);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    for (let i = 0; i < 3; i++) {
      const again = await h.get(poll, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    }
    // Something that does not land for the caller (a goal of someone else's) leaves it at 304.
    expect((await h.post('/api/v2/goals', { title: 'Elsewhere' }, { token: h.tokenOf(teammate) })).status).toBe(201);
    expect((await h.get(poll, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // The agent routine reading its action items.
    expect((await h.get('/api/v2/action-items')).status).toBe(200);
    // A new comment on the caller's check-in lands: 200 with it first.
    h.world.clock.advance(60_000);
    const comment = await commentOn(h, checkIn.id, teammate, 'Ping from the agent test.');
    const changed = await h.get<Entry[]>(poll, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body[0]!.resource.id).toBe(comment.id);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('DG2 time travel grows the digest: a week on, the echo answers published meanwhile land, newest first', async () => {
    const h = new Harness();
    const before = await h.walk<Entry>(`${PATH}?category=echo-answer`);
    const res = await h.mock.app.request('/__mock/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 7 }),
    });
    expect(res.status).toBe(200);
    const after = await h.walk<Entry>(`${PATH}?category=echo-answer`);
    const fresh = after.slice(0, after.length - before.length);
    expect(fresh.length).toBeGreaterThan(0);
    expect(after.slice(fresh.length).map((e) => e.id)).toEqual(before.map((e) => e.id));
    for (const entry of fresh) expect(entry.published_at > NOW).toBe(true);
  });

  it('DG4 a poller of the echo answers gets 304 until a clock move publishes new ones, then 200 with them', async () => {
    const h = new Harness();
    const poll = `${PATH}?category=echo-answer&per_page=1`;
    const first = await h.get<Entry[]>(poll);
    const etag = first.headers.get('etag')!;
    expect((await h.get(poll, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(
      (
        await h.mock.app.request('/__mock/clock/advance', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ days: 7 }),
        })
      ).status,
    ).toBe(200);
    const after = await h.get<Entry[]>(poll, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body[0]!.published_at > first.body[0]!.published_at).toBe(true);
    expect((await h.get(poll, { headers: { 'if-none-match': after.headers.get('etag')! } })).status).toBe(304);
  });
});
