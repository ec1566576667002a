// Activities over HTTP: AC1 filters (since/until, kinds[], people_ids[], team_ids[]), newest-first order and
// GET by id; AC2 posting an activity (kind api) with its validation; G9 read-only tokens.
import { describe, expect, it } from 'vitest';
import { defined } from './support/defined.js';
import { Harness, NOW, expectProblem } from './support/harness.js';

const PATH = '/api/v2/activities';
const UNKNOWN_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const KINDS = ['github_pr', 'jira', 'linear', 'asana', 'google_calendar', 'api'];

const walk = (h: Harness, query = '') => h.walk(query ? `${PATH}?${query}` : PATH);

/** recorded_at descending (AC1 newest first); ties keep their listed order (stable sort). */
function newestFirst<T extends { recorded_at: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => (a.recorded_at < b.recorded_at ? 1 : a.recorded_at > b.recorded_at ? -1 : 0));
}

const ids = (items: { id: string }[]) => items.map((a) => a.id);

describe('AC1 GET /activities', () => {
  it('AC1 lists every activity newest first, pages neither overlapping nor skipping', async () => {
    const h = new Harness();
    const all = await walk(h);
    expect(all.length).toBe(h.world.store.activities.size);
    expect(new Set(ids(all)).size).toBe(all.length);
    expect(all).toEqual(newestFirst(all));
    const paged: string[] = [];
    for (let page = 1; ; page++) {
      const res = await h.get(`${PATH}?per_page=7&page=${page}`);
      if (res.body.length === 0) break;
      paged.push(...ids(res.body));
    }
    expect(paged).toEqual(ids(all));
  });

  it('AC1 since and until are inclusive datetimes', async () => {
    const h = new Harness();
    const all = await walk(h);
    const instants = [...new Set(all.map((a) => a.recorded_at))];
    expect(instants.length).toBeGreaterThan(4);
    // Bounds taken at recorded instants, so inclusiveness is visible at both ends.
    const until = instants[Math.floor(instants.length / 4)];
    const since = instants[Math.floor((3 * instants.length) / 4)];
    const cases: { query: string; keep: (t: string) => boolean }[] = [
      { query: `since=${since}`, keep: (t) => t >= since },
      { query: `until=${until}`, keep: (t) => t <= until },
      { query: `since=${since}&until=${until}`, keep: (t) => t >= since && t <= until },
      { query: `since=${since}&until=${since}`, keep: (t) => t === since },
    ];
    for (const { query, keep } of cases) {
      const expected = all.filter((a) => keep(a.recorded_at));
      expect(expected.length, query).toBeGreaterThan(0);
      expect(ids(await walk(h, query)), query).toEqual(ids(expected));
    }
    // One second past the newest instant: nothing; the newest instant itself: its activities.
    const newest = all[0].recorded_at;
    const after = new Date(Date.parse(newest) + 1000).toISOString().replace('.000Z', 'Z');
    expect(await walk(h, `since=${after}`)).toEqual([]);
    expect(ids(await walk(h, `since=${newest}`))).toEqual(ids(all.filter((a) => a.recorded_at === newest)));
  });

  it('AC1 kinds[] keeps the activities of the listed kinds (OR within the array)', async () => {
    const h = new Harness();
    const all = await walk(h);
    const present = KINDS.filter((k) => all.some((a) => a.kind === k));
    expect(present.length).toBeGreaterThan(2);
    for (const kind of present) {
      expect(ids(await walk(h, `kinds[]=${kind}`)), kind).toEqual(ids(all.filter((a) => a.kind === kind)));
    }
    const [a, b] = present;
    expect(ids(await walk(h, `kinds[]=${a}&kinds[]=${b}`))).toEqual(
      ids(all.filter((x) => x.kind === a || x.kind === b)),
    );
    // Percent-encoded brackets are the same parameter (G5).
    expect(ids(await walk(h, `kinds%5B%5D=${a}`))).toEqual(ids(all.filter((x) => x.kind === a)));
  });

  it('AC1 people_ids[] keeps the activities of those people; filters combine with AND', async () => {
    const h = new Harness();
    const all = await walk(h);
    const people = [...new Set(all.map((a) => a.person.id))];
    expect(people.length).toBeGreaterThan(2);
    const [p, q] = people;
    expect(ids(await walk(h, `people_ids[]=${p}`))).toEqual(ids(all.filter((a) => a.person.id === p)));
    expect(ids(await walk(h, `people_ids[]=${p}&people_ids[]=${q}`))).toEqual(
      ids(all.filter((a) => a.person.id === p || a.person.id === q)),
    );
    const kind = all.find((a) => a.person.id === p).kind;
    const since = all[Math.floor(all.length / 2)].recorded_at;
    expect(ids(await walk(h, `people_ids[]=${p}&kinds[]=${kind}&since=${since}`))).toEqual(
      ids(all.filter((a) => a.person.id === p && a.kind === kind && a.recorded_at >= since)),
    );
    // A person with no activity (a valid id matching nobody): an empty list, not an error.
    expect(await walk(h, `people_ids[]=${UNKNOWN_ID}`)).toEqual([]);
  });

  it("AC1 team_ids[] keeps the activities of the teams' members", async () => {
    const h = new Harness();
    const all = await walk(h);
    const teams = (await h.get('/api/v2/teams?per_page=50')).body as { id: string }[];
    expect(teams.length).toBeGreaterThan(1);
    const members = new Map<string, Set<string>>();
    for (const team of teams) {
      const detail = (await h.get(`/api/v2/teams/${team.id}`)).body as { people: { id: string }[] };
      members.set(team.id, new Set(detail.people.map((p) => p.id)));
    }
    const t1 = defined(teams[0], 'a first team').id;
    const t2 = defined(teams[1], 'a second team').id;
    const inTeam = (a: any, ...team: string[]) => team.some((t) => members.get(t)!.has(a.person.id));
    const one = all.filter((a) => inTeam(a, t1));
    expect(one.length).toBeGreaterThan(0);
    expect(one.length).toBeLessThan(all.length);
    expect(ids(await walk(h, `team_ids[]=${t1}`))).toEqual(ids(one));
    expect(ids(await walk(h, `team_ids[]=${t1}&team_ids[]=${t2}`))).toEqual(ids(all.filter((a) => inTeam(a, t1, t2))));
    // One record per activity even when the person is in both teams.
    const both = await walk(h, `team_ids[]=${t1}&team_ids[]=${t2}`);
    expect(new Set(ids(both)).size).toBe(both.length);
  });

  it('AC1 GET /activities/{id} returns the listed activity; unknown or malformed id → 404', async () => {
    const h = new Harness();
    const all = await walk(h);
    for (const a of [all[0], all[Math.floor(all.length / 2)], all[all.length - 1]]) {
      const res = await h.get(`${PATH}/${a.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(a);
    }
    expectProblem(await h.get(`${PATH}/${UNKNOWN_ID}`), 404);
    expectProblem(await h.get(`${PATH}/not-a-uuid`), 404);
  });

  const errors: { name: string; query: string; status: number; field: string; hint?: RegExp }[] = [
    { name: 'since as a date only', query: 'since=2026-11-20', status: 422, field: 'since' },
    { name: 'since with fractional seconds', query: 'since=2026-11-20T15:00:00.000Z', status: 422, field: 'since' },
    { name: 'since with an offset', query: 'since=2026-11-20T15:00:00%2B01:00', status: 422, field: 'since' },
    { name: 'since as words', query: 'since=yesterday', status: 422, field: 'since' },
    { name: 'since on a day that does not exist', query: 'since=2026-02-30T00:00:00Z', status: 422, field: 'since' },
    {
      name: 'until with an impossible date and time',
      query: 'until=2026-13-45T99:99:99Z',
      status: 422,
      field: 'until',
    },
    { name: 'until without Z', query: 'until=2026-11-20T15:00:00', status: 422, field: 'until' },
    { name: 'an unknown kind', query: 'kinds[]=slack', status: 422, field: 'kinds[]' },
    { name: 'a known and an unknown kind', query: 'kinds[]=jira&kinds[]=JIRA', status: 422, field: 'kinds[]' },
    { name: 'kinds in the bare form', query: 'kinds=jira', status: 400, field: 'kinds', hint: /kinds\[\]=jira/ },
    { name: 'people_ids[] not a UUID', query: 'people_ids[]=42', status: 422, field: 'people_ids[]' },
    { name: 'people_ids[]=me', query: 'people_ids[]=me', status: 422, field: 'people_ids[]', hint: /GET \/me/ },
    { name: 'team_ids[] not a UUID', query: 'team_ids[]=engineering', status: 422, field: 'team_ids[]' },
    {
      name: 'team_ids in the bare form',
      query: `team_ids=${UNKNOWN_ID}`,
      status: 400,
      field: 'team_ids',
      hint: /team_ids\[\]=/,
    },
  ];

  it.each(errors)('AC1 GET /activities with $name → $status naming $field', async ({ query, status, field, hint }) => {
    const h = new Harness();
    const res = await h.get(`${PATH}?${query}`);
    expectProblem(res, status, field);
    if (hint) expect(res.body.detail).toMatch(hint);
  });
});

describe('AC2 POST /activities', () => {
  it('AC2 {group, description, url} → 201 kind api, person = caller, recorded_at = now; listed first', async () => {
    const h = new Harness();
    const me = h.person();
    const res = await h.post(PATH, {
      group: 'Release notes',
      description: 'Shipped **v2.4** to production.',
      url: 'https://example.test/releases/2.4',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'api',
      group: 'Release notes',
      description: 'Shipped **v2.4** to production.',
      url: 'https://example.test/releases/2.4',
      person: { id: me.id, name: me.name },
      recorded_at: NOW,
    });
    expect((await h.get(`${PATH}/${res.body.id}`)).body).toEqual(res.body);
    const listed = await walk(h);
    expect(listed[0]).toEqual(res.body);
    expect(listed.length).toBe(h.world.store.activities.size);
    expect(ids(await walk(h, `kinds[]=api&people_ids[]=${me.id}`))).toContain(res.body.id);
  });

  it('AC2 url is optional (null), the person is whoever posts, and recorded_at follows the clock', async () => {
    const h = new Harness();
    const other = h.person((p) => p.id !== h.world.defaultPersonId);
    h.world.clock.advance(90_000);
    const first = await h.post(PATH, { group: 'Ops', description: 'Rotated the keys.' }, { token: h.tokenOf(other) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      kind: 'api',
      url: null,
      person: { id: other.id, name: other.name },
      recorded_at: '2026-11-20T15:01:30Z',
    });
    // Within one second the one recorded last comes first.
    const second = await h.post(PATH, { group: 'Ops', description: 'Closed the incident.' });
    const top = (await h.get(`${PATH}?per_page=2`)).body;
    expect(ids(top)).toEqual([second.body.id, first.body.id]);
  });

  it('AC2 description of exactly 1 and 256 characters is accepted', async () => {
    const h = new Harness();
    expect((await h.post(PATH, { group: 'g', description: 'x' })).status).toBe(201);
    const long = await h.post(PATH, { group: 'g', description: 'd'.repeat(256) });
    expect(long.status).toBe(201);
    expect(long.body.description).toHaveLength(256);
  });

  const invalid: { name: string; body: unknown; field: string }[] = [
    { name: 'description of 257 characters', body: { group: 'g', description: 'd'.repeat(257) }, field: 'description' },
    { name: 'an empty description', body: { group: 'g', description: '' }, field: 'description' },
    { name: 'no description', body: { group: 'g' }, field: 'description' },
    { name: 'a numeric description', body: { group: 'g', description: 12 }, field: 'description' },
    { name: 'an http url', body: { group: 'g', description: 'd', url: 'http://example.test/x' }, field: 'url' },
    { name: 'a url that is no link', body: { group: 'g', description: 'd', url: 'example.test/x' }, field: 'url' },
    { name: 'no group', body: { description: 'd' }, field: 'group' },
    { name: 'an empty group', body: { group: '', description: 'd' }, field: 'group' },
  ];

  it.each(invalid)('AC2 POST with $name → 422 naming $field, nothing recorded', async ({ body, field }) => {
    const h = new Harness();
    const before = h.world.store.activities.size;
    expectProblem(await h.post(PATH, body), 422, field);
    expect(h.world.store.activities.size).toBe(before);
  });

  it('G9 POST /activities with a read-only token → 403, nothing recorded', async () => {
    const h = new Harness();
    const before = h.world.store.activities.size;
    const res = await h.post(PATH, { group: 'g', description: 'd' }, { token: h.tokenOf(h.person(), 'readOnly') });
    expectProblem(res, 403);
    expect(res.body.detail).toMatch(/read-only/i);
    expect(h.world.store.activities.size).toBe(before);
  });
});
