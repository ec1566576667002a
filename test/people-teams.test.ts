// People and teams over HTTP: GET /me (PT1), /people and /teams lists, one person, one team with its people (PT2).
import { describe, expect, it } from 'vitest';
import type { Person, Team } from '../src/domain/records.js';
import { activityHookAccount } from '../fixtures/activity-hook.js';
import { companyFor } from '../fixtures/company.js';
import { Harness } from './support/harness.js';
import { PT1_FIELDS } from '../contract-tests/checks/people-teams.js';
import { defined } from './support/defined.js';

const API = '/api/v2';
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19) + 'Z';
}

/** PT2: name, then id (code-unit order, the order of the store's strings). */
function byNameThenId(a: { name: string; id: string }, b: { name: string; id: string }): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The PT1 representation of a person, derived from the store (G3 instants, G10 url). */
function expectedPerson(h: Harness, person: Person) {
  return {
    id: person.id,
    name: person.name,
    username: person.username,
    email: person.email,
    time_zone: person.timeZone,
    title: person.title,
    location: person.location,
    administrator: person.administrator,
    kind: person.kind,
    bio: person.bio,
    // PT1: the world's one account, whose collect-activity hook (WH1) /__mock/world lists.
    account: { id: activityHookAccount(h.world.seed, undefined).accountId, name: companyFor(h.world.seed).name },
    teams: person.teamIds.map((id) => ({ id, name: h.world.store.teams.get(id)!.name })),
    url: `${h.mock.options.appUrl}/people/${person.id}`,
    created_at: iso(person.createdAt),
    updated_at: iso(person.updatedAt),
  };
}

/** Compares a person's representation; the order of `teams` is not part of PT1. */
function expectPerson(actual: Record<string, unknown>, expected: ReturnType<typeof expectedPerson>): void {
  expect(Object.keys(actual).sort()).toEqual([...PT1_FIELDS].sort());
  const sortTeams = (teams: unknown) => [...(teams as { id: string }[])].sort((a, b) => (a.id < b.id ? -1 : 1));
  expect({ ...actual, teams: sortTeams(actual.teams) }).toEqual({ ...expected, teams: sortTeams(expected.teams) });
}

const walk = <T extends { id: string }>(h: Harness, path: string, perPage: number) => h.walk<T>(path, { perPage });

function membersOf(h: Harness, team: Team): Person[] {
  return [...h.world.store.people.values()].filter((p) => p.teamIds.includes(team.id));
}

describe('PT1: GET /me', () => {
  const h = new Harness();
  const subjects: [string, Person][] = [
    ['the default person', h.person()],
    [
      'a person of two teams in another time zone',
      h.person((p) => p.teamIds.length >= 2 && p.timeZone !== h.person().timeZone),
    ],
    ['an agent, a member of a team (PT1)', h.person((p) => p.kind === 'agent' && p.teamIds.length > 0)],
    ['a person without a bio', h.person((p) => p.bio === null)],
  ];

  it.each(subjects)("PT1 GET /me with the token of %s returns exactly that person's PT1 fields", async (_, person) => {
    const res = await h.get(`${API}/me`, { token: h.tokenOf(person) });
    expect(res.status).toBe(200);
    expectPerson(res.body, expectedPerson(h, person));
    // The read-only token belongs to the same person (G9).
    expect((await h.get(`${API}/me`, { token: h.tokenOf(person, 'readOnly') })).body).toEqual(res.body);
  });

  it('PT1 different tokens give different people; time_zone is an IANA name and kind is human or agent', async () => {
    const seen = new Set<string>();
    for (const [, person] of subjects) {
      const me = (await h.get(`${API}/me`, { token: h.tokenOf(person) })).body;
      seen.add(me.id);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: me.time_zone })).not.toThrow();
      expect(['human', 'agent']).toContain(me.kind);
    }
    expect(seen.size).toBe(subjects.length);
  });

  it("PT1 bio is production's HTML: one paragraph of text escaped as HTML, or null", async () => {
    const bios = (await walk<{ id: string; bio: string | null }>(h, `${API}/people`, 50)).map((p) => p.bio);
    expect(bios).toContain(null);
    const written = bios.filter((bio): bio is string => bio !== null);
    expect(written.length).toBeGreaterThan(bios.length / 2);
    for (const bio of written) {
      expect(bio).toMatch(/^<p>[^<]*(<(strong|em)>[^<]+<\/(strong|em)>[^<]*)*<\/p>$/);
      // Escaped: no character that would open markup or an entity is left bare in the text.
      expect(bio.replace(/<\/?(p|strong|em)>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toMatch(/[<>&"]/);
    }
    const me = (await h.get(`${API}/me`)).body;
    expect(me.bio).toEqual(h.person().bio);
    expect(me.bio).toMatch(/^<p>/);
  });

  it("PT1 account is the world's one account: /me's is every person's, its id the hook's of /__mock/world", async () => {
    const me = (await h.get(`${API}/me`)).body;
    const world = (await h.get('/__mock/world', { token: null })).body;
    expect(me.account).toEqual({ id: world.activity_hook.account_id, name: 'Foxglove' });
    const people = await walk<{ id: string; account: unknown }>(h, `${API}/people`, 7);
    expect(people.length).toBe(h.world.store.people.size);
    for (const person of people) expect(person.account, person.id).toEqual(me.account);
    // Another world, another account; the same seed behind a control token, the same account as its hook.
    const other = new Harness({ seed: 7 });
    expect((await other.get(`${API}/me`)).body.account).toEqual({
      id: '93d620e1-120b-41d2-b40a-48c6e332c7b8',
      name: 'Lumen',
    });
    const guarded = new Harness({ controlToken: 'a control token' });
    expect((await guarded.get(`${API}/me`)).body.account).toEqual(me.account);
  });
});

describe('PT2: people', () => {
  const h = new Harness();

  it('PT2 GET /people walks every person once, ordered by name then id', async () => {
    const listed = await walk<{ id: string; name: string }>(h, `${API}/people`, 5);
    const expected = [...h.world.store.people.values()].sort(byNameThenId);
    expect(listed.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect([...listed].sort(byNameThenId)).toEqual(listed);
  });

  it('PT2 list entries and GET /people/{id} carry the PT1 fields of each person', async () => {
    const listed = await walk<Record<string, unknown> & { id: string }>(h, `${API}/people`, 50);
    for (const entry of listed) {
      const person = h.world.store.people.get(entry.id)!;
      expectPerson(entry, expectedPerson(h, person));
      const one = await h.get(`${API}/people/${person.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(entry);
    }
  });

  it('PT2 GET /people/{id} of the caller equals GET /me', async () => {
    const me = (await h.get(`${API}/me`)).body;
    expect((await h.get(`${API}/people/${me.id}`)).body).toEqual(me);
  });
});

describe('PT2: teams', () => {
  const h = new Harness();

  it('PT2 GET /teams walks every team once, ordered by name then id, each with its check-in days', async () => {
    const listed = await walk<{ id: string; name: string; check_in_days: string[] }>(h, `${API}/teams`, 2);
    const expected = [...h.world.store.teams.values()].sort(byNameThenId);
    expect(listed.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    for (const team of listed) {
      const stored = h.world.store.teams.get(team.id)!;
      expect(team.name).toBe(stored.name);
      expect([...team.check_in_days].sort()).toEqual([...stored.checkInDays].sort());
      expect(team.check_in_days.every((d) => WEEKDAYS.includes(d))).toBe(true);
      expect(new Set(team.check_in_days).size).toBe(team.check_in_days.length);
    }
  });

  it('PT2 GET /teams/{id} is the team with its check-in days and people, its members', async () => {
    for (const team of h.world.store.teamsInOrder) {
      const res = await h.get(`${API}/teams/${team.id}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['check_in_days', 'id', 'name', 'people']);
      expect(res.body).toMatchObject({ id: team.id, name: team.name });
      expect([...res.body.check_in_days].sort()).toEqual([...team.checkInDays].sort());
      const expectedPeople = membersOf(h, team)
        .map((p) => ({ id: p.id, name: p.name }))
        .sort(byNameThenId);
      expect(expectedPeople.length).toBeGreaterThan(0);
      expect([...res.body.people].sort(byNameThenId)).toEqual(expectedPeople);
    }
  });

  // The vendor's kiosk (steady-playground, kiosk/server.js) and Tidbyt app (tidbyt-check-ins/steady_check_ins.star)
  // list a team's members, agents among them as squares, and colour each by that day's check-in of the team.
  it("PT1 an agent is among its team's people, and the team's check-ins of its days hold the agent's (prod)", async () => {
    const agent = h.person((p) => p.kind === 'agent');
    const [teamId] = agent.teamIds;
    expect(teamId).toBeDefined();
    const detail = (await h.get(`${API}/teams/${teamId}`)).body;
    expect(detail.people).toContainEqual({ id: agent.id, name: agent.name });
    const mine = [...h.world.store.checkIns.values()].filter((c) => c.personId === agent.id);
    expect(mine.length).toBeGreaterThan(10);
    const latest = mine.reduce((a, b) => (a.date > b.date ? a : b));
    const day = await h.get(`${API}/check-ins?since=${latest.date}&until=${latest.date}&team_ids[]=${teamId}`);
    expect(day.body.map((c: { person: { id: string } }) => c.person.id)).toContain(agent.id);
  });

  it('PT2 team membership agrees with the teams of each person', async () => {
    for (const person of h.world.store.peopleInOrder) {
      const teams = (await h.get(`${API}/people/${person.id}`)).body.teams as { id: string }[];
      for (const { id } of teams) {
        const detail = (await h.get(`${API}/teams/${id}`)).body;
        expect(detail.people.map((p: { id: string }) => p.id)).toContain(person.id);
      }
    }
  });
});

describe('Status and error cases (PT2, G2, G4)', () => {
  const h = new Harness();
  const person = h.person();
  const team = defined(h.world.store.teamsInOrder[0], 'a team');
  const unknownUuid = '5a1d6c7e-3f2b-4d8a-9c0e-1b2a3c4d5e6f';

  type Case = { name: string; path: string; status: number; field?: string; message?: RegExp };
  /** A GET of a record that is not there: 404, its detail naming the id asked for. */
  const notFound = (name: string, path: string, id: string): Case => ({
    name,
    path,
    status: 404,
    message: new RegExp(id),
  });

  // Every case is a GET.
  const cases: Case[] = [
    notFound('PT2 GET /people/{unknown id}', `${API}/people/${unknownUuid}`, unknownUuid),
    notFound("PT2 GET /people/{a team's id}", `${API}/people/${team.id}`, team.id),
    { name: 'G2 GET /people/{malformed id}', path: `${API}/people/not-a-uuid`, status: 404, field: 'id' },
    { name: 'G2 GET /people/{id with a urn:uuid: prefix}', path: `${API}/people/urn:uuid:${person.id}`, status: 404 },
    notFound('PT2 GET /teams/{unknown id}', `${API}/teams/${unknownUuid}`, unknownUuid),
    notFound("PT2 GET /teams/{a person's id}", `${API}/teams/${person.id}`, person.id),
    { name: 'G2 GET /teams/{malformed id}', path: `${API}/teams/42`, status: 404, field: 'id' },
    { name: 'G4 GET /people?per_page=0', path: `${API}/people?per_page=0`, status: 422, field: 'per_page' },
    { name: 'G4 GET /teams?page=first', path: `${API}/teams?page=first`, status: 422, field: 'page' },
  ];

  // A for loop rather than it.each: the title must start with the rule id, unquoted.
  for (const c of cases)
    it(`${c.name} → ${c.status}`, async () => {
      const res = await h.get(c.path);
      expect(res.status).toBe(c.status);
      expect(res.body).toMatchObject({ status: c.status });
      if (c.field) expect((res.body.errors ?? []).map((e: { name: string }) => e.name)).toContain(c.field);
      if (c.message) expect(res.body.detail).toMatch(c.message);
    });

  it('G4 PT2 a page past the end of /people and /teams is []', async () => {
    const pastPeople = Math.ceil(h.world.store.people.size / 50) + 1;
    const pastTeams = Math.ceil(h.world.store.teams.size / 50) + 1;
    expect((await h.get(`${API}/people?per_page=50&page=${pastPeople}`)).body).toEqual([]);
    expect((await h.get(`${API}/teams?per_page=50&page=${pastTeams}`)).body).toEqual([]);
  });
});
