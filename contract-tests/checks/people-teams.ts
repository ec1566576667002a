// Owns the people-and-teams check group (PT1–PT2, plus the G2/G4 negative cases of their operations), through the API alone.
// PT1's account is production's (runsteady.com/docs/api/teams-people/): one account per token, on every person.
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';
import type { KitContext } from '../kit/context.js';
import { ensureInOrder, sameJson, UNKNOWN_ID } from '../kit/assertions.js';
import type { ApiSchema } from '../../src/types/wire.js';

type Ref = ApiSchema<'PersonRef'>;

type PersonOut = ApiSchema<'Person'>;

type TeamOut = ApiSchema<'Team'> & Partial<Pick<ApiSchema<'TeamDetail'>, 'people'>>;

/** PT1 (prod): the fields of a person (test/people-teams.test.ts holds standin to them too). */
export const PT1_FIELDS = [
  'id',
  'name',
  'username',
  'email',
  'time_zone',
  'title',
  'location',
  'administrator',
  'kind',
  'bio',
  'account',
  'teams',
  'url',
  'created_at',
  'updated_at',
];

/**
 * GET /me with the second person's token (PT1), or null when the run has none: the check then ends with what it
 * could check with one token.
 */
async function secondMe(ctx: KitContext): Promise<PersonOut | null> {
  let other;
  try {
    other = ctx.other();
  } catch (error) {
    if (error instanceof NotRun) return null;
    throw error;
  }
  return (await other.expect<PersonOut>(200, 'GET', '/me', {}, 'PT1')).body;
}

/** PT2: name, then id, compared by code unit. */
function byNameThenId(a: Ref, b: Ref): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Fails unless a walked list is in PT2 order; the message names the first pair out of order. */
function ensureNameOrder(items: Ref[], what: string): void {
  ensureInOrder(
    items,
    (before, after) => byNameThenId(before, after) < 0,
    'PT2',
    (before, after) =>
      `${what} must be ordered by name, then id: ${JSON.stringify(before)} is listed before ${JSON.stringify(after)}`,
  );
}

/** True when the runtime knows `zone` as an IANA time zone. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** PT1: the shape rules the schema cannot say. */
function ensurePerson(person: PersonOut, where: string): void {
  const missing = PT1_FIELDS.filter((f) => !(f in person));
  ensure(missing.length === 0, 'PT1', `${where} must carry ${missing.join(', ')}`);
  ensure(
    isTimeZone(person.time_zone),
    'PT1',
    `${where}: time_zone must be an IANA time zone, got ${JSON.stringify(person.time_zone)}`,
  );
  ensure(
    person.kind === 'human' || person.kind === 'agent',
    'PT1',
    `${where}: kind must be "human" or "agent", got ${JSON.stringify(person.kind)}`,
  );
  ensure(
    person.url.endsWith(`/people/${person.id}`),
    'PT1',
    `${where}: url must end with /people/${person.id}, got ${person.url}`,
  );
}

export const peopleTeams: CheckGroup = {
  name: 'people-teams',
  title: 'People and teams (PT1–PT2)',
  checks: [
    {
      rule: 'PT1',
      title: "GET /me is the token's person with every PT1 field; GET /people/{id} and the teams agree with it",
      async run(ctx) {
        const { client } = ctx;
        const me = (await client.expect<PersonOut>(200, 'GET', '/me', {}, 'PT1')).body;
        ensurePerson(me, 'GET /me');
        ensure(me.id === ctx.me.id, 'PT1', `GET /me must keep answering the same person ${ctx.me.id}, got ${me.id}`);
        const asPerson = (await client.expect<PersonOut>(200, 'GET', `/people/${me.id}`, {}, 'PT1')).body;
        ensure(sameJson(asPerson, me), 'PT1', `GET /people/${me.id} must give the same record as GET /me`);
        for (const team of me.teams) {
          const detail = (await client.expect<TeamOut>(200, 'GET', `/teams/${team.id}`, {}, 'PT1')).body;
          ensure(
            detail.name === team.name,
            'PT1',
            `GET /me names team ${team.id} "${team.name}", GET /teams/{id} "${detail.name}"`,
          );
          ensure(
            detail.people?.some((p) => p.id === me.id && p.name === me.name),
            'PT1',
            `team ${team.id} of GET /me must list the person among its people`,
          );
        }
        // With a second token: it is another person, so /me follows the token, not the server.
        const them = await secondMe(ctx);
        if (!them) return;
        ensurePerson(them, "GET /me with the second person's token");
        ensure(them.id !== me.id, 'PT1', `two persons' tokens must give two persons, both gave ${me.id}`);
        const themListed = (await client.expect<PersonOut>(200, 'GET', `/people/${them.id}`, {}, 'PT1')).body;
        ensure(sameJson(themListed, them), 'PT1', `GET /people/${them.id} must give the record their GET /me gives`);
      },
    },
    {
      rule: 'PT1',
      title: "every person of GET /people carries GET /me's account: one account per token (production's account)",
      async run(ctx) {
        const { client } = ctx;
        const me = (await client.expect<PersonOut>(200, 'GET', '/me', {}, 'PT1')).body;
        const account = JSON.stringify(me.account);
        const people = await client.walk<PersonOut>('/people');
        const others = people.filter((p) => JSON.stringify(p.account) !== account);
        ensure(
          others.length === 0,
          'PT1',
          `GET /me's account is ${account}; GET /people answers ${others.length} of ${people.length} people with another, the first ${others[0]?.id} with ${JSON.stringify(others[0]?.account)}`,
        );
        // The second person's token, when there is one, is of the same organisation: the same account.
        const them = await secondMe(ctx);
        if (!them) return;
        ensure(
          JSON.stringify(them.account) === account,
          'PT1',
          `GET /me with the second person's token answers the account ${JSON.stringify(them.account)}, the first token's ${account}`,
        );
      },
    },
    {
      rule: 'PT2',
      title:
        'GET /people lists everyone in name, id order with the PT1 fields; GET /people/{id} gives the listed record',
      async run({ client, me }) {
        const people = await client.walk<PersonOut>('/people');
        ensureNameOrder(people, 'GET /people');
        ensure(
          people.some((p) => p.id === me.id),
          'PT2',
          `GET /people must list the caller ${me.id}`,
        );
        for (const person of people) ensurePerson(person, `GET /people: ${person.id}`);
        // First, middle and last: enough to see that the single GET is the same record.
        const middle = Math.floor(people.length / 2);
        const sample = people.filter((_, i) => i === 0 || i === middle || i === people.length - 1);
        for (const person of sample) {
          const fetched = (await client.expect<PersonOut>(200, 'GET', `/people/${person.id}`, {}, 'PT2')).body;
          ensure(sameJson(fetched, person), 'PT2', `GET /people/${person.id} must give the record GET /people lists`);
        }
      },
    },
    {
      rule: 'PT2',
      title:
        'GET /teams lists teams in name, id order with their check-in days; GET /teams/{id} adds exactly the people who have the team',
      async run({ client }) {
        const teams = await client.walk<TeamOut>('/teams');
        if (teams.length === 0) throw new NotRun('GET /teams lists no team');
        ensureNameOrder(teams, 'GET /teams');
        const people = await client.walk<PersonOut>('/people');
        const teamIds = new Set(teams.map((t) => t.id));
        for (const person of people) {
          const unknown = person.teams.filter((t) => !teamIds.has(t.id));
          ensure(
            unknown.length === 0,
            'PT2',
            `person ${person.id} names teams GET /teams does not list: ${unknown.map((t) => t.id).join(', ')}`,
          );
        }
        // Team detail for a bounded number of teams, so a large organisation stays fast.
        for (const team of teams.slice(0, 20)) {
          ensure(
            new Set(team.check_in_days).size === team.check_in_days.length,
            'PT2',
            `team ${team.id}: check_in_days must not repeat a day, got ${team.check_in_days.join(', ')}`,
          );
          const detail = (await client.expect<TeamOut>(200, 'GET', `/teams/${team.id}`, {}, 'PT2')).body;
          const { people: members = [], ...rest } = detail;
          ensure(
            sameJson(rest, team),
            'PT2',
            `GET /teams/${team.id} must give the listed team plus people, got ${JSON.stringify(rest)}`,
          );
          const expected = people
            .filter((p) => p.teams.some((t) => t.id === team.id))
            .map((p) => `${p.id}:${p.name}`)
            .sort();
          const got = members.map((p) => `${p.id}:${p.name}`).sort();
          ensure(
            sameJson(got, expected),
            'PT2',
            `GET /teams/${team.id}: people must be exactly those whose teams include it: expected [${expected.join(', ')}], got [${got.join(', ')}]`,
          );
          for (const person of people.filter((p) => p.teams.some((t) => t.id === team.id))) {
            const ref = person.teams.find((t) => t.id === team.id)!;
            ensure(
              ref.name === team.name,
              'PT2',
              `person ${person.id} names team ${team.id} "${ref.name}", GET /teams says "${team.name}"`,
            );
          }
        }
      },
    },
    {
      rule: 'G2',
      title: 'GET /people/{id} and /teams/{id}: an unknown or non-UUID id gives 404',
      async run({ client, me }) {
        const [team] = (await client.expect<TeamOut[]>(200, 'GET', '/teams?per_page=1', {}, 'G2')).body;
        for (const id of [UNKNOWN_ID, 'not-a-uuid', `${me.id}x`]) {
          await client.expect(404, 'GET', `/people/${id}`, {}, 'G2');
        }
        for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
          await client.expect(404, 'GET', `/teams/${id}`, {}, 'G2');
        }
        // A team id is no person id and the other way round.
        if (team) await client.expect(404, 'GET', `/people/${team.id}`, {}, 'G2');
        await client.expect(404, 'GET', `/teams/${me.id}`, {}, 'G2');
      },
    },
    {
      rule: 'G4',
      title: 'GET /people and /teams: bad page and per_page values give 422 naming them; a page past the end is []',
      async run({ client }) {
        for (const path of ['/people', '/teams']) {
          for (const [query, name] of [
            ['page=0', 'page'],
            ['per_page=-3', 'per_page'],
            ['per_page=ten', 'per_page'],
            ['page=1.5', 'page'],
          ]) {
            const { body } = await client.expect<ApiSchema<'Problem'>>(422, 'GET', `${path}?${query}`, {}, 'G4');
            ensure(
              body.errors?.some((e) => e.name === name),
              'G4',
              `${path}?${query}: the problem must name ${name}`,
            );
          }
          const past = (await client.expect<unknown[]>(200, 'GET', `${path}?per_page=50&page=1000`, {}, 'G4')).body;
          ensure(past.length === 0, 'G4', `${path}: a page past the end must be [], got ${past.length}`);
        }
      },
    },
  ],
};
