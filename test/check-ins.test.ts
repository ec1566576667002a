// Check-ins over HTTP: generation by schedule, absences and each person's today (CI1, CI2, CI9), filling in
// (CI3, CI4, CI8), listing and filters (CI5, G4–G6), addressing by date (CI6), no create/delete (CI7), G9.
import { beforeAll, describe, expect, it } from 'vitest';
import { getCompiledSpec } from '../src/spec/compiled-spec.js';
import type { CheckIn as StoredCheckIn, Person } from '../src/domain/records.js';
// CI8's moods as the kit copied them from the rule, not from the code under test.
import { MOODS as RULE_MOODS } from '../contract-tests/checks/check-ins.js';
import { addDays, dateIn, weekdayOf } from '../contract-tests/kit/dates.js';
import { defined } from './support/defined.js';
import { Harness } from './support/harness.js';

const API = '/api/v2';
const DAY_MS = 86_400_000;

interface WireCheckIn {
  id: string;
  date: string;
  person: { id: string; name: string };
  teams: { id: string; name: string }[];
  previous: string | null;
  intentions: string | null;
  blockers: string | null;
  mood: string | null;
  previous_completed: boolean | null;
  blocked: boolean;
  absent: boolean;
  completed_at: string | null;
  updated_at: string;
}

// ---- Independent calendar arithmetic: the kit's (contract-tests/kit/dates.ts, written from the rules) and this;
// the expectations must not reuse the domain's helpers. ----

/** First second of `date` in `timeZone`: the earliest instant on a 15-minute grid (every zone's offset lies on it). */
function dayStartSeconds(date: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  for (let ms = utcMidnight - 15 * 3_600_000; ms <= utcMidnight + 15 * 3_600_000; ms += 900_000) {
    if (dateIn(ms, timeZone) === date) return ms / 1000;
  }
  throw new Error(`no start of ${date} in ${timeZone}`);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + 'Z';
}

function nowIso(h: Harness): string {
  return iso(h.world.clock.nowMs());
}

// ---- What the rules say must exist. ----

/** The person's teams scheduled on a date's weekday (CI1). */
function scheduledTeams(h: Harness, person: Person, date: string): string[] {
  const weekday = weekdayOf(date);
  return person.teamIds.filter((id) => (h.world.store.teams.get(id)!.checkInDays as string[]).includes(weekday));
}

/** CI9: an absence covering the date, recorded at or before the instant its day began (when it is generated). */
function absenceKnownBeforeGeneration(person: Person, date: string): boolean {
  return person.absences.some(
    (a) => a.start <= date && date <= a.end && a.recordedAt <= dayStartSeconds(date, person.timeZone),
  );
}

/** CI1: date → sorted team ids of every check-in the person must have at the clock's now. */
function expectedCheckIns(h: Harness, person: Person): Map<string, string[]> {
  const today = dateIn(h.world.clock.nowMs(), person.timeZone);
  const expected = new Map<string, string[]>();
  for (let date = h.world.historyStart; date <= today; date = addDays(date, 1)) {
    const teams = scheduledTeams(h, person, date);
    if (teams.length === 0 || absenceKnownBeforeGeneration(person, date)) continue;
    expected.set(date, [...teams].sort());
  }
  return expected;
}

// ---- HTTP helpers. ----

const walk = (h: Harness, query: string, token?: string) =>
  h.walk<WireCheckIn>(query ? `${API}/check-ins?${query}` : `${API}/check-ins`, { token });

/** CI5: date descending, then person name, then id. */
function ci5Order(a: WireCheckIn, b: WireCheckIn): number {
  if (a.date !== b.date) return a.date > b.date ? -1 : 1;
  if (a.person.name !== b.person.name) return a.person.name < b.person.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** `res` is a 422 with one error, at `where` `name`, whose message is `message` word for word. */
function expectOneError(
  res: { status: number; body: any },
  where: 'body' | 'query',
  name: string,
  message: string,
): void {
  expect([res.status, res.body.errors]).toEqual([422, [{ in: where, name, message }]]);
}

function ids(list: { id: string }[]): string[] {
  return list.map((c) => c.id);
}

function personOf(h: Harness, checkIn: StoredCheckIn): Person {
  return h.world.store.people.get(checkIn.personId)!;
}

/** A fresh (unanswered, not absent) check-in whose person has at least `minTeams` teams; chosen by property. */
function freshCheckIn(h: Harness, minTeams = 1): StoredCheckIn {
  const found = [...h.world.store.checkIns.values()]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .find(
      (c) => c.completedAt === null && !c.absent && c.previous === null && personOf(h, c).teamIds.length >= minTeams,
    );
  if (!found) throw new Error('the world has no fresh check-in of a person with enough teams');
  return found;
}

function tokenFor(h: Harness, checkIn: StoredCheckIn, kind: 'readWrite' | 'readOnly' = 'readWrite'): string {
  return h.tokenOf(personOf(h, checkIn), kind);
}

// ---------------------------------------------------------------------------------------------------------

describe("CI1, CI2: generation by schedule, absences and each person's today", () => {
  it("CI1 every person's check-in dates are exactly their scheduled, non-absent days from the history start to their today, with the teams scheduled that weekday", async () => {
    const h = new Harness();
    for (const person of h.world.store.peopleInOrder) {
      const expected = expectedCheckIns(h, person);
      const listed = await walk(h, `people_ids[]=${person.id}`);
      expect(listed.every((c) => c.person.id === person.id)).toBe(true);
      // Exactly one check-in per date (CI1).
      expect(new Set(listed.map((c) => c.date)).size, `${person.name}: two check-ins on one date`).toBe(listed.length);
      const actual = new Map(listed.map((c) => [c.date, c.teams.map((t) => t.id).sort()]));
      expect(new Map([...actual].sort()), `${person.name} (${person.timeZone})`).toEqual(new Map([...expected].sort()));
    }
  });

  it("CI1 CI2 advancing the clock generates each new day's check-ins at the start of the person's day, fresh", async () => {
    const h = new Harness();
    // CI2 is what the clock alone makes: without LW6's people, who would fill some in within these days.
    await h.simulate('none');
    const before = new Set(ids(await walk(h, '')));
    // Just before, at and after midnight in the zones ahead of UTC (Asia/Tokyo reaches Monday at NOW + 2 days).
    let aheadOfUtc = 0;
    let created = 0;
    for (const stepMs of [2 * DAY_MS - 1000, 1000, 2 * DAY_MS]) {
      h.world.clock.advance(stepMs);
      const utcToday = new Date(h.world.clock.nowMs()).toISOString().slice(0, 10);
      for (const person of h.world.store.peopleInOrder) {
        const listed = await walk(h, `people_ids[]=${person.id}`);
        const actual = new Map(listed.map((c) => [c.date, c.teams.map((t) => t.id).sort()]));
        expect(new Map([...actual].sort()), `${person.name} at ${nowIso(h)}`).toEqual(
          new Map([...expectedCheckIns(h, person)].sort()),
        );
        for (const c of listed.filter((c) => !before.has(c.id))) {
          // CI2: a fresh check-in has no answers.
          expect(c, `new check-in ${c.date} of ${person.name}`).toMatchObject({
            previous: null,
            intentions: null,
            blockers: null,
            mood: null,
            previous_completed: null,
            blocked: false,
            absent: false,
            completed_at: null,
          });
          before.add(c.id);
          created++;
          if (c.date > utcToday) aheadOfUtc++;
        }
      }
    }
    expect(created).toBeGreaterThan(0);
    // The person's today is their zone's date, not the UTC date: some new check-in is dated after it.
    expect(aheadOfUtc).toBeGreaterThan(0);
  });

  it('CI1 past check-ins of the generated world are mostly filled in', async () => {
    const h = new Harness();
    const all = await walk(h, '');
    const past = all.filter(
      (c) => c.date < dateIn(h.world.clock.nowMs(), h.world.store.people.get(c.person.id)!.timeZone),
    );
    const filled = past.filter((c) => c.completed_at !== null);
    expect(past.length).toBeGreaterThan(0);
    expect(filled.length / past.length).toBeGreaterThan(0.5);
  });
});

describe('CI9: absences', () => {
  it("CI9 an absence recorded after its day's check-in was generated leaves it listed with absent true; one known before means no check-in", async () => {
    const h = new Harness();
    const all = await walk(h, '');
    const byKey = new Map(all.map((c) => [`${c.person.id} ${c.date}`, c]));
    const nowSeconds = h.world.clock.nowMs() / 1000;
    const lateKeys = new Set<string>();
    let known = 0;
    for (const person of h.world.store.peopleInOrder) {
      const today = dateIn(h.world.clock.nowMs(), person.timeZone);
      const covered = new Set(
        person.absences.flatMap((a) => {
          const dates: string[] = [];
          for (let d = a.start; d <= a.end; d = addDays(d, 1)) dates.push(d);
          return dates;
        }),
      );
      for (const date of covered) {
        if (date < h.world.historyStart || date > today || scheduledTeams(h, person, date).length === 0) continue;
        const key = `${person.id} ${date}`;
        if (absenceKnownBeforeGeneration(person, date)) {
          known++;
          expect(byKey.has(key), `${person.name} ${date}: absence known before generation`).toBe(false);
          // The same day asked for directly: an empty list and no check-in by date (CI6).
          expect((await h.get(`${API}/check-ins?since=${date}&until=${date}&people_ids[]=${person.id}`)).body).toEqual(
            [],
          );
          expect((await h.get(`${API}/check-ins/${date}`, { token: h.tokenOf(person) })).status).toBe(404);
        } else if (person.absences.some((a) => a.start <= date && date <= a.end && a.recordedAt <= nowSeconds)) {
          lateKeys.add(key);
          expect(byKey.get(key), `${person.name} ${date}: absence recorded later`).toMatchObject({ absent: true });
        }
      }
    }
    // Both cases occur in the generated world, and absent is true nowhere else.
    expect(lateKeys.size).toBeGreaterThan(0);
    expect(known).toBeGreaterThan(0);
    expect(
      all
        .filter((c) => c.absent)
        .map((c) => `${c.person.id} ${c.date}`)
        .sort(),
    ).toEqual([...lateKeys].sort());
  });
});

describe('CI3: filling in a check-in', () => {
  it("CI3 another person's PATCH gets 403 and changes nothing", async () => {
    const h = new Harness();
    const checkIn = freshCheckIn(h);
    const other = h.person((p) => p.id !== checkIn.personId);
    const before = (await h.get(`${API}/check-ins/${checkIn.id}`)).body;
    const res = await h.patch(
      `${API}/check-ins/${checkIn.id}`,
      { previous: 'not mine', mood: 'calm' },
      { token: h.tokenOf(other) },
    );
    expect(res.status).toBe(403);
    expect((await h.get(`${API}/check-ins/${checkIn.id}`)).body).toEqual(before);
  });

  it("CI3 the owner's PATCH stores every field and sets updated_at to now", async () => {
    const h = new Harness();
    const checkIn = freshCheckIn(h);
    const body = {
      previous: 'Shipped the **importer**',
      intentions: "Review @someone's PR",
      blockers: 'Waiting on staging',
      mood: 'focused',
      previous_completed: false,
    };
    h.world.clock.advance(90_000);
    const res = await h.patch<WireCheckIn>(`${API}/check-ins/${checkIn.id}`, body, { token: tokenFor(h, checkIn) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...body, id: checkIn.id, updated_at: nowIso(h) });
    // Stored, not only echoed.
    expect((await h.get(`${API}/check-ins/${checkIn.id}`)).body).toEqual(res.body);
  });

  it('CI3 completed_at: an all-null PATCH leaves it null; the first PATCH leaving an answer non-null sets it to now; later PATCHes keep it', async () => {
    const h = new Harness();
    const checkIn = freshCheckIn(h);
    const token = tokenFor(h, checkIn);
    const path = `${API}/check-ins/${checkIn.id}`;
    const allNull = { previous: null, intentions: null, blockers: null, mood: null, previous_completed: null };

    h.world.clock.advance(60_000);
    const first = await h.patch<WireCheckIn>(path, allNull, { token });
    expect(first.body).toMatchObject({ completed_at: null, updated_at: nowIso(h) });

    h.world.clock.advance(3_600_000);
    const completedAt = nowIso(h);
    const second = await h.patch<WireCheckIn>(path, { previous_completed: true }, { token });
    expect(second.body).toMatchObject({ completed_at: completedAt, updated_at: completedAt });

    h.world.clock.advance(3_600_000);
    const third = await h.patch<WireCheckIn>(path, { intentions: 'More of the same' }, { token });
    expect(third.body).toMatchObject({ completed_at: completedAt, updated_at: nowIso(h) });

    // Clearing every answer later still keeps it (CI3: later edits keep completed_at).
    h.world.clock.advance(3_600_000);
    const fourth = await h.patch<WireCheckIn>(path, allNull, { token });
    expect(fourth.body).toMatchObject({ ...allNull, completed_at: completedAt, updated_at: nowIso(h) });
  });

  it("CI3 team_ids: a non-empty subset of the person's teams becomes the check-in's teams; omitted, all of them (prod)", async () => {
    const h = new Harness();
    const checkIn = freshCheckIn(h, 2);
    const person = personOf(h, checkIn);
    const token = h.tokenOf(person);
    const path = `${API}/check-ins/${checkIn.id}`;
    const kept = defined(person.teamIds[0], 'a team of the person');
    const narrowed = await h.patch<WireCheckIn>(path, { team_ids: [kept] }, { token });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.teams.map((t) => t.id)).toEqual([kept]);
    expect(defined(narrowed.body.teams[0], 'the kept team').name).toBe(
      defined(h.world.store.teams.get(kept), 'the kept team in the store').name,
    );

    const all = await h.patch<WireCheckIn>(path, { team_ids: [...person.teamIds] }, { token });
    expect(all.body.teams.map((t) => t.id).sort()).toEqual([...person.teamIds].sort());

    // CI3 (prod): a PATCH that does not name team_ids posts the check-in to all of the person's teams.
    await h.patch(path, { team_ids: [kept] }, { token });
    const other = await h.patch<WireCheckIn>(path, { mood: 'calm' }, { token });
    expect(other.body.teams.map((t) => t.id).sort()).toEqual([...person.teamIds].sort());
  });

  it("CI3 a team that is not the person's: 422 naming its place in team_ids, word for word", async () => {
    const h = new Harness();
    const checkIn = freshCheckIn(h);
    const [own] = personOf(h, checkIn).teamIds;
    const foreign = h.world.store.teamsInOrder.find((t) => !personOf(h, checkIn).teamIds.includes(t.id))!;
    const res = await h.patch(
      `${API}/check-ins/${checkIn.id}`,
      { team_ids: [own, foreign.id] },
      { token: tokenFor(h, checkIn) },
    );
    expectOneError(
      res,
      'body',
      'team_ids[1]',
      'team_ids[1] is not one of your teams (CI3); use ids from the teams of GET /me.',
    );
  });

  it('CI3 mood null is accepted and clears the mood', async () => {
    const h = new Harness();
    const checkIn = freshCheckIn(h);
    const token = tokenFor(h, checkIn);
    const path = `${API}/check-ins/${checkIn.id}`;
    expect((await h.patch(path, { mood: 'tired' }, { token })).body.mood).toBe('tired');
    const cleared = await h.patch<WireCheckIn>(path, { mood: null }, { token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.mood).toBeNull();
  });
});

describe('CI4: blocked follows blockers', () => {
  const h = new Harness();
  const checkIn = freshCheckIn(h);
  const path = `${API}/check-ins/${checkIn.id}`;
  const cases: { blockers: string | null; blocked: boolean }[] = [
    { blockers: 'Waiting on the API keys', blocked: true },
    { blockers: '  x  ', blocked: true },
    { blockers: '', blocked: false },
    { blockers: '   ', blocked: false },
    { blockers: '\n\t ', blocked: false },
    { blockers: null, blocked: false },
  ];

  it.each(cases)(
    'CI4 blockers $blockers → blocked $blocked, and the blocked filter agrees',
    async ({ blockers, blocked }) => {
      const res = await h.patch<WireCheckIn>(path, { blockers }, { token: tokenFor(h, checkIn) });
      expect(res.status).toBe(200);
      expect(res.body.blockers).toBe(blockers);
      expect(res.body.blocked).toBe(blocked);
      const day = `since=${checkIn.date}&until=${checkIn.date}&people_ids[]=${checkIn.personId}`;
      expect(ids((await h.get(`${API}/check-ins?${day}&blocked=${blocked}`)).body)).toEqual([checkIn.id]);
      expect((await h.get(`${API}/check-ins?${day}&blocked=${!blocked}`)).body).toEqual([]);
    },
  );
});

describe('CI5: listing, filters and order', () => {
  let h: Harness;
  let all: WireCheckIn[];
  beforeAll(async () => {
    h = new Harness();
    all = await walk(h, '');
  });

  it('CI5 the full walk holds every check-in once, in date-descending, person-name, id order', () => {
    expect(all.length).toBe(h.world.store.checkIns.size);
    expect(ids(all)).toEqual(ids([...all].sort(ci5Order)));
  });

  it('CI5 since and until are inclusive at both ends', async () => {
    const dates = [...new Set(all.map((c) => c.date))].sort();
    const since = defined(dates[Math.floor(dates.length / 3)], 'a date a third of the way');
    const until = defined(dates[Math.floor((2 * dates.length) / 3)], 'a date two thirds of the way');
    const listed = await walk(h, `since=${since}&until=${until}`);
    expect(ids(listed)).toEqual(ids(all.filter((c) => since <= c.date && c.date <= until)));
    expect(listed.some((c) => c.date === since)).toBe(true);
    expect(listed.some((c) => c.date === until)).toBe(true);
    // since alone and until alone are inclusive too.
    expect(ids(await walk(h, `since=${until}`))).toEqual(ids(all.filter((c) => c.date >= until)));
    expect(ids(await walk(h, `until=${since}`))).toEqual(ids(all.filter((c) => c.date <= since)));
    // since = until: that one day.
    expect(ids(await walk(h, `since=${since}&until=${since}`))).toEqual(ids(all.filter((c) => c.date === since)));
  });

  it('CI5 CI4 blocked=true gives only blocked check-ins, blocked=false only unblocked ones (including blockers "")', async () => {
    const blocked = await walk(h, 'blocked=true');
    const unblocked = await walk(h, 'blocked=false');
    expect(ids(blocked)).toEqual(ids(all.filter((c) => c.blockers !== null && c.blockers.trim() !== '')));
    expect(ids(unblocked)).toEqual(ids(all.filter((c) => c.blockers === null || c.blockers.trim() === '')));
    expect(blocked.length).toBeGreaterThan(0);
    expect(unblocked.some((c) => c.blockers === '')).toBe(true);
  });

  it('CI5 people_ids[] keeps the check-ins of the listed people, in CI5 order', async () => {
    const people = [...h.world.store.peopleInOrder].filter((p) => p.teamIds.length > 0).slice(-2);
    const listed = await walk(h, people.map((p) => `people_ids[]=${p.id}`).join('&'));
    const wanted = new Set(people.map((p) => p.id));
    expect(ids(listed)).toEqual(ids(all.filter((c) => wanted.has(c.person.id))));
    expect(new Set(listed.map((c) => c.person.id)).size).toBe(2);
  });

  it('CI5 team_ids[] keeps check-ins with a team among them; a check-in with two matching teams appears once', async () => {
    const twoTeams = all.find((c) => c.teams.length >= 2);
    expect(twoTeams, 'the world has a check-in with two teams').toBeDefined();
    const teamIds = twoTeams!.teams.map((t) => t.id);
    const listed = await walk(h, teamIds.map((id) => `team_ids[]=${id}`).join('&'));
    expect(ids(listed)).toEqual(ids(all.filter((c) => c.teams.some((t) => teamIds.includes(t.id)))));
    expect(listed.filter((c) => c.id === twoTeams!.id)).toHaveLength(1);
    // One team alone.
    const single = await walk(h, `team_ids[]=${teamIds[0]}`);
    expect(ids(single)).toEqual(ids(all.filter((c) => c.teams.some((t) => t.id === teamIds[0]))));
  });

  it('CI5 filters combine: a person, a team, a date range and blocked together', async () => {
    const sample = all.find((c) => c.blocked)!;
    const team = defined(sample.teams[0], 'a team of the blocked check-in');
    const q = `people_ids[]=${sample.person.id}&team_ids[]=${team.id}&since=${addDays(sample.date, -14)}&until=${sample.date}&blocked=true`;
    const listed = await walk(h, q);
    expect(ids(listed)).toEqual(
      ids(
        all.filter(
          (c) =>
            c.person.id === sample.person.id &&
            c.teams.some((t) => t.id === team.id) &&
            c.date >= addDays(sample.date, -14) &&
            c.date <= sample.date &&
            c.blocked,
        ),
      ),
    );
    expect(ids(listed)).toContain(sample.id);
  });

  it("CI5 people_ids[] with team_ids[]: the person's check-ins with a listed team, even when the person has other teams", async () => {
    const twoTeams = all.find((c) => c.teams.length >= 2)!;
    const person = h.world.store.people.get(twoTeams.person.id)!;
    expect(person.teamIds.length).toBeGreaterThanOrEqual(2);
    for (const team of person.teamIds) {
      const listed = await walk(h, `people_ids[]=${person.id}&team_ids[]=${team}`);
      const wanted = all.filter((c) => c.person.id === person.id && c.teams.some((t) => t.id === team));
      expect(wanted.length).toBeGreaterThan(0);
      expect(ids(listed)).toEqual(ids(wanted));
    }
  });

  it('CI5 an id that names no person or no team matches nothing and takes nothing from the others listed', async () => {
    const unknown = '0f3c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c';
    const person = defined(all[0], 'a check-in').person.id;
    const team = defined(all[0]!.teams[0], 'a team').id;
    const cases: Array<[string, WireCheckIn[]]> = [
      [`people_ids[]=${unknown}`, []],
      [`people_ids[]=${unknown}&people_ids[]=${person}`, all.filter((c) => c.person.id === person)],
      [`people_ids[]=${unknown}&team_ids[]=${team}`, []],
      [`team_ids[]=${unknown}`, []],
      [`team_ids[]=${unknown}&team_ids[]=${team}`, all.filter((c) => c.teams.some((t) => t.id === team))],
    ];
    for (const [query, wanted] of cases) expect(ids(await walk(h, query)), query).toEqual(ids(wanted));
  });

  it('CI5 since after until: 422 naming since, with both dates, word for word', async () => {
    const res = await h.get(`${API}/check-ins?since=2026-11-20&until=2026-11-19`);
    expectOneError(res, 'query', 'since', 'since must not be after until (CI5): since=2026-11-20, until=2026-11-19.');
  });

  it('CI5 a day with no check-in at all is 200 with an empty list', async () => {
    // A weekday no team holds check-ins on, within the history.
    const scheduled = new Set(h.world.store.teamsInOrder.flatMap((t) => t.checkInDays as string[]));
    let date = h.world.historyStart;
    for (let i = 0; i < 7 && scheduled.has(weekdayOf(date)); i++) date = addDays(date, 1);
    expect(scheduled.has(weekdayOf(date)), 'some weekday has no team scheduled').toBe(false);
    const res = await h.get(`${API}/check-ins?since=${date}&until=${date}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    // Before the history: empty too.
    expect((await h.get(`${API}/check-ins?until=${addDays(h.world.historyStart, -1)}`)).body).toEqual([]);
  });

  it('G4 per_page=500 is clamped to 50; a page past the end is []', async () => {
    const res = await h.get(`${API}/check-ins?per_page=500`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(ids(all.slice(0, 50)));
    expect(ids((await h.get(`${API}/check-ins?per_page=500&page=2`)).body)).toEqual(ids(all.slice(50, 100)));
    const past = await h.get(`${API}/check-ins?per_page=50&page=${Math.ceil(all.length / 50) + 1}`);
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    // The default page size is 30 (G4).
    expect(ids((await h.get(`${API}/check-ins`)).body)).toEqual(ids(all.slice(0, 30)));
  });
});

describe("CI6: addressing the caller's own check-in by date", () => {
  const DATE = '2026-11-19';

  function ownerOn(h: Harness, date: string): Person {
    return h.person((p) => h.world.store.checkInOf(p.id, date) !== undefined);
  }

  it("CI6 GET /check-ins/{date} is the caller's own check-in of that date", async () => {
    const h = new Harness();
    const person = ownerOn(h, DATE);
    const [listed] = (
      await h.get<WireCheckIn[]>(`${API}/check-ins?since=${DATE}&until=${DATE}&people_ids[]=${person.id}`)
    ).body;
    const res = await h.get<WireCheckIn>(`${API}/check-ins/${DATE}`, { token: h.tokenOf(person) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(listed);
    expect(res.body.person.id).toBe(person.id);
    // Read-only tokens read it too.
    expect((await h.get(`${API}/check-ins/${DATE}`, { token: h.tokenOf(person, 'readOnly') })).body).toEqual(listed);
  });

  it("CI6 PATCH /check-ins/{date} fills in the caller's own check-in of that date", async () => {
    const h = new Harness();
    const person = ownerOn(h, DATE);
    const res = await h.patch<WireCheckIn>(
      `${API}/check-ins/${DATE}`,
      { intentions: 'Pair on the migration', mood: 'nerdy' },
      { token: h.tokenOf(person) },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      date: DATE,
      person: { id: person.id },
      intentions: 'Pair on the migration',
      mood: 'nerdy',
    });
    expect((await h.get(`${API}/check-ins/${res.body.id}`)).body).toEqual(res.body);
  });

  it("CI6 a date after the caller's today is 404 saying check-ins exist up to their today", async () => {
    const h = new Harness();
    const response = await h.get(`${API}/check-ins/2026-12-24`);
    expect(response.status).toBe(404);
    expect(response.body.detail).toContain('up to your today, 2026-11-20');
  });

  it('CI6 a date on which the caller has none is 404, even when others have one that day', async () => {
    const h = new Harness();
    const store = h.world.store;
    // A caller without a check-in on a date where someone else has one.
    let found: { person: Person; date: string } | undefined;
    for (const c of [...store.checkIns.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const person = store.peopleInOrder.find((p) => p.teamIds.length > 0 && !store.checkInOf(p.id, c.date));
      if (person) {
        found = { person, date: c.date };
        break;
      }
    }
    expect(found).toBeDefined();
    for (const method of ['GET', 'PATCH'] as const) {
      const res = await h.call(method, `${API}/check-ins/${found!.date}`, {
        token: h.tokenOf(found!.person),
        body: method === 'PATCH' ? { mood: 'calm' } : undefined,
      });
      expect(res.status).toBe(404);
      expect(res.body.detail).toContain(found!.date);
    }
  });
});

describe('CI6: what the 404 of a date without a check-in says', () => {
  it("CI6 after the caller's today it says how far check-ins go; on their today or before, why there is none", async () => {
    const h = new Harness();
    const { store } = h.world;
    const todayOf = (p: Person) => dateIn(h.world.clock.nowMs(), p.timeZone);
    // Someone without a check-in on their own today (not scheduled, or absent), and the default person.
    const idle = h.person((p) => store.checkInOf(p.id, todayOf(p)) === undefined);
    const me = h.person();
    const before = addDays(h.world.historyStart, -1);
    const none = (date: string) =>
      `You have no check-in on ${date} (CI6): you were absent or no team of yours is scheduled that day.`;
    const cases: Array<[Person, string, string]> = [
      [
        me,
        '2026-12-24',
        `You have no check-in on 2026-12-24 (CI6): check-ins exist up to your today, ${todayOf(me)} (CI1).`,
      ],
      [idle, todayOf(idle), none(todayOf(idle))],
      [me, before, none(before)],
    ];
    for (const [person, date, detail] of cases) {
      const res = await h.get(`${API}/check-ins/${date}`, { token: h.tokenOf(person) });
      expect([res.status, res.body.detail], date).toEqual([404, detail]);
    }
  });
});

describe('CI3 CI5: the documented find-then-patch workflow (interface.md)', () => {
  it('CI3 GET /me, list the day with people_ids[], take the id, PATCH it; a day without one lists []', async () => {
    const h = new Harness();
    const me = (await h.get(`${API}/me`)).body;
    const person = h.world.store.people.get(me.id)!;
    const today = dateIn(h.world.clock.nowMs(), person.timeZone);
    // The latest day of the person's own that has a check-in, found through the API.
    const [latest] = (await h.get<WireCheckIn[]>(`${API}/check-ins?people_ids[]=${me.id}&until=${today}&per_page=1`))
      .body;
    const day = defined(latest, 'a check-in of mine up to today').date;
    const found = await h.get<WireCheckIn[]>(`${API}/check-ins?since=${day}&until=${day}&people_ids[]=${me.id}`);
    expect(found.body).toHaveLength(1);
    const patched = await h.patch<WireCheckIn>(`${API}/check-ins/${defined(found.body[0], "the day's check-in").id}`, {
      previous: 'Closed the sprint',
      previous_completed: true,
    });
    expect(patched.status).toBe(200);
    expect((await h.get(`${API}/check-ins?since=${day}&until=${day}&people_ids[]=${me.id}`)).body).toEqual([
      patched.body,
    ]);
    // A day of the week no team of the person's holds check-ins on: an empty list, not an error.
    let off = day;
    for (let i = 0; i < 7 && scheduledTeams(h, person, off).length > 0; i++) off = addDays(off, -1);
    expect(scheduledTeams(h, person, off)).toEqual([]);
    const empty = await h.get(`${API}/check-ins?since=${off}&until=${off}&people_ids[]=${me.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
  });
});

describe('CI8: moods', () => {
  const h = new Harness();
  const checkIn = freshCheckIn(h);

  it.each(RULE_MOODS)('CI8 mood %s is accepted and stored', async (mood) => {
    const res = await h.patch<WireCheckIn>(`${API}/check-ins/${checkIn.id}`, { mood }, { token: tokenFor(h, checkIn) });
    expect(res.status).toBe(200);
    expect(res.body.mood).toBe(mood);
  });

  it("CI8 the spec's mood enumeration is exactly the rule's 21 values (plus null for no answer)", () => {
    const mood = (getCompiledSpec().document.components!.schemas!.Mood as { enum: unknown[] }).enum;
    expect(mood.filter((m) => m !== null).sort()).toEqual([...RULE_MOODS].sort());
    expect(RULE_MOODS).toHaveLength(21);
  });

  it('CI8 the generated world uses moods from the enumeration only', async () => {
    const all = await walk(h, '');
    const used = new Set(all.map((c) => c.mood).filter((m) => m !== null));
    expect([...used].every((m) => RULE_MOODS.includes(m))).toBe(true);
    expect(used.size).toBeGreaterThan(1);
  });
});

describe('Status and error cases (CI3, CI5, CI6, CI7, CI8, G2, G4, G5, G6, G9)', () => {
  // One world for the table: every case is an error, so none changes it.
  const h = new Harness();
  const checkIn = freshCheckIn(h, 2);
  const owner = personOf(h, checkIn);
  const ownerToken = h.tokenOf(owner);
  const other = h.person((p) => p.id !== owner.id);
  const foreignTeam = h.world.store.teamsInOrder.find((t) => !owner.teamIds.includes(t.id))!;
  const [ownTeam] = owner.teamIds;
  const unknownUuid = '0f3c2a4e-9b7d-4c1e-8a2f-5d6e7f8a9b0c';
  const path = `${API}/check-ins/${checkIn.id}`;
  // A date without a check-in of the owner's: before the history.
  const noneDate = addDays(h.world.historyStart, -3);

  interface Case {
    name: string;
    method: string;
    path: string;
    body?: unknown;
    token?: string;
    status: number;
    /** A name the problem's errors[] must contain (any one of several when an array). */
    field?: string | string[];
    /** What the detail must say (or the field's message, when `field` is set). */
    message?: RegExp;
    allow?: string[];
  }

  const cases: Case[] = [
    {
      name: "CI3 PATCH of another person's check-in",
      method: 'PATCH',
      path,
      body: { mood: 'calm' },
      token: h.tokenOf(other),
      status: 403,
      message: /CI3/,
    },
    {
      name: "G9 PATCH with the owner's read-only token",
      method: 'PATCH',
      path,
      body: { mood: 'calm' },
      token: h.tokenOf(owner, 'readOnly'),
      status: 403,
      message: /read-only/i,
    },
    {
      name: "CI3 team_ids with a team not the person's",
      method: 'PATCH',
      path,
      body: { team_ids: [ownTeam, foreignTeam.id] },
      token: ownerToken,
      status: 422,
      field: 'team_ids[1]',
    },
    {
      name: 'CI3 team_ids with an unknown team',
      method: 'PATCH',
      path,
      body: { team_ids: [unknownUuid] },
      token: ownerToken,
      status: 422,
      field: 'team_ids[0]',
    },
    {
      name: 'CI3 team_ids empty',
      method: 'PATCH',
      path,
      body: { team_ids: [] },
      token: ownerToken,
      status: 422,
      field: 'team_ids',
    },
    {
      name: 'CI3 team_ids element not a UUID',
      method: 'PATCH',
      path,
      body: { team_ids: ['platform'] },
      token: ownerToken,
      status: 422,
      field: 'team_ids[0]',
    },
    {
      name: 'CI3 team_ids not an array',
      method: 'PATCH',
      path,
      body: { team_ids: ownTeam },
      token: ownerToken,
      status: 422,
      field: 'team_ids',
    },
    {
      name: 'CI8 mood outside the enumeration',
      method: 'PATCH',
      path,
      body: { mood: 'ecstatic' },
      token: ownerToken,
      status: 422,
      field: 'mood',
    },
    {
      name: 'CI8 mood in another case',
      method: 'PATCH',
      path,
      body: { mood: 'Calm' },
      token: ownerToken,
      status: 422,
      field: 'mood',
    },
    {
      name: 'CI3 previous not a string',
      method: 'PATCH',
      path,
      body: { previous: 5 },
      token: ownerToken,
      status: 422,
      field: 'previous',
    },
    {
      name: 'CI3 blockers not a string',
      method: 'PATCH',
      path,
      body: { blockers: false },
      token: ownerToken,
      status: 422,
      field: 'blockers',
    },
    {
      name: 'CI3 previous_completed not a boolean',
      method: 'PATCH',
      path,
      body: { previous_completed: 'yes' },
      token: ownerToken,
      status: 422,
      field: 'previous_completed',
    },
    {
      name: 'CI5 since after until',
      method: 'GET',
      path: `${API}/check-ins?since=2026-11-20&until=2026-11-19`,
      status: 422,
      field: ['since', 'until'],
    },
    {
      name: 'CI5 since not a real date',
      method: 'GET',
      path: `${API}/check-ins?since=2026-02-30`,
      status: 422,
      field: 'since',
    },
    {
      name: 'CI5 until not a date',
      method: 'GET',
      path: `${API}/check-ins?until=yesterday`,
      status: 422,
      field: 'until',
    },
    {
      name: 'CI5 blocked not a boolean',
      method: 'GET',
      path: `${API}/check-ins?blocked=maybe`,
      status: 422,
      field: 'blocked',
    },
    {
      name: 'G5 people_ids comma form',
      method: 'GET',
      path: `${API}/check-ins?people_ids=${owner.id},${other.id}`,
      status: 400,
      field: 'people_ids',
      message: /people_ids\[\]=/,
    },
    {
      name: 'G5 team_ids bare form',
      method: 'GET',
      path: `${API}/check-ins?team_ids=${ownTeam}`,
      status: 400,
      field: 'team_ids',
      message: /team_ids\[\]=/,
    },
    {
      name: 'G5 people_ids[] element not a UUID',
      method: 'GET',
      path: `${API}/check-ins?people_ids[]=${owner.id}&people_ids[]=abc`,
      status: 422,
      field: ['people_ids[]', 'people_ids[][1]', 'people_ids[1]'],
    },
    {
      name: 'G6 people_ids[]=me',
      method: 'GET',
      path: `${API}/check-ins?people_ids[]=me`,
      status: 422,
      field: 'people_ids[]',
      message: /GET \/me/,
    },
    {
      name: 'G6 people_ids[]=self',
      method: 'GET',
      path: `${API}/check-ins?people_ids%5B%5D=self`,
      status: 422,
      field: 'people_ids[]',
      message: /GET \/me/,
    },
    { name: 'G4 per_page=0', method: 'GET', path: `${API}/check-ins?per_page=0`, status: 422, field: 'per_page' },
    { name: 'G4 page not an integer', method: 'GET', path: `${API}/check-ins?page=two`, status: 422, field: 'page' },
    { name: 'G4 page=0', method: 'GET', path: `${API}/check-ins?page=0`, status: 422, field: 'page' },
    {
      name: 'CI6 GET an invalid calendar date',
      method: 'GET',
      path: `${API}/check-ins/2026-02-30`,
      status: 404,
      field: 'id',
    },
    {
      name: 'CI6 PATCH an invalid calendar date',
      method: 'PATCH',
      path: `${API}/check-ins/2026-02-30`,
      body: { mood: 'calm' },
      token: ownerToken,
      status: 404,
      field: 'id',
    },
    {
      name: 'CI6 GET a date without a check-in',
      method: 'GET',
      path: `${API}/check-ins/${noneDate}`,
      token: ownerToken,
      status: 404,
      message: new RegExp(noneDate),
    },
    {
      name: 'G2 GET an unknown id',
      method: 'GET',
      path: `${API}/check-ins/${unknownUuid}`,
      status: 404,
      message: new RegExp(unknownUuid),
    },
    {
      name: 'G2 PATCH an unknown id',
      method: 'PATCH',
      path: `${API}/check-ins/${unknownUuid}`,
      body: { mood: 'calm' },
      status: 404,
      message: new RegExp(unknownUuid),
    },
    { name: 'G2 GET a malformed id', method: 'GET', path: `${API}/check-ins/not-a-check-in`, status: 404, field: 'id' },
    {
      name: 'G2 GET an id with a urn:uuid: prefix',
      method: 'GET',
      path: `${API}/check-ins/urn:uuid:${checkIn.id}`,
      status: 404,
      field: 'id',
    },
    {
      name: 'CI7 POST /check-ins',
      method: 'POST',
      path: `${API}/check-ins`,
      body: { team_ids: [ownTeam] },
      status: 405,
      allow: ['GET'],
      message: /POST/,
    },
    {
      name: 'CI7 DELETE /check-ins/{id}',
      method: 'DELETE',
      path,
      token: ownerToken,
      status: 405,
      allow: ['GET', 'PATCH'],
      message: /DELETE/,
    },
  ];

  // A for loop rather than it.each: the title must start with the rule id, unquoted.
  for (const c of cases)
    it(`${c.name} → ${c.status}`, async () => {
      const res = await h.call(c.method, c.path, { body: c.body, token: c.token });
      expect(res.status).toBe(c.status);
      expect(res.body).toMatchObject({ status: c.status });
      if (c.field !== undefined) {
        const wanted = Array.isArray(c.field) ? c.field : [c.field];
        const entries = (res.body.errors ?? []) as { name: string; message: string }[];
        const entry = entries.find((e) => wanted.includes(e.name));
        expect(entry, `errors ${JSON.stringify(entries)} name ${wanted.join(' or ')}`).toBeDefined();
        if (c.message) expect(entry!.message).toMatch(c.message);
      } else if (c.message) {
        expect(res.body.detail).toMatch(c.message);
      }
      if (c.allow) {
        const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim());
        expect(allow).toEqual(expect.arrayContaining(c.allow));
        expect(allow).not.toContain(c.method);
      }
    });

  it('CI7 CI3 the table left the check-in as it was (no create, no delete, no foreign edit)', async () => {
    const res = await h.get<WireCheckIn>(path);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ previous: null, mood: null, completed_at: null });
    expect((await walk(h, '')).length).toBe(new Harness().world.store.checkIns.size);
  });
});
