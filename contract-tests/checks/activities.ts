// Owns the activity checks (AC1, AC2), through the API alone: filters and order on the newest activities,
// reading one, and recording one. The API has no DELETE for activities, so the one the kit records stays.
import { ensureInOrder, ensureNames, ensureRefused, ensureUnreadableRefused, UNKNOWN_ID } from '../kit/assertions.js';
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';
import type { ApiSchema } from '../../src/types/wire.js';

const KINDS = ['github_pr', 'jira', 'linear', 'asana', 'google_calendar', 'api'];

type Activity = ApiSchema<'Activity'>;

function describe(a: Activity): string {
  return `${a.id} (${a.kind}, ${a.recorded_at}, ${a.person.name})`;
}

function ensureNewestFirst(list: Activity[], what: string): void {
  ensureInOrder(
    list,
    (before, after) => before.recorded_at >= after.recorded_at,
    'AC1',
    (before, after) => `${what} must be newest first; ${describe(before)} comes before ${describe(after)}`,
  );
}

/** The filtered list must be exactly the window's matching activities, in the window's (newest-first) order. */
function ensureSameList(actual: Activity[], expected: Activity[], what: string): void {
  const want = new Set(expected.map((a) => a.id));
  const got = new Set(actual.map((a) => a.id));
  const extra = actual.filter((a) => !want.has(a.id));
  const missing = expected.filter((a) => !got.has(a.id));
  ensure(
    extra.length === 0 && missing.length === 0,
    'AC1',
    `${what}: expected ${expected.length} activities, got ${actual.length}` +
      `${extra.length ? `; not matching: ${extra.slice(0, 3).map(describe).join(', ')}` : ''}` +
      `${missing.length ? `; left out: ${missing.slice(0, 3).map(describe).join(', ')}` : ''}`,
  );
  ensure(
    actual.map((a) => a.id).join() === expected.map((a) => a.id).join(),
    'AC1',
    `${what} must keep the newest-first order of the unfiltered list`,
  );
}

export const activities: CheckGroup = {
  name: 'activities',
  title: 'Activities (AC1–AC2)',
  checks: [
    {
      rule: 'AC1',
      title:
        'since/until (inclusive datetimes), kinds[], people_ids[] and team_ids[] filter, combined with AND; newest first; GET /activities/{id}',
      async run(ctx) {
        const { client } = ctx;
        const newest = (await client.expect<Activity[]>(200, 'GET', '/activities?per_page=50', {}, 'AC1')).body;
        const [latest] = newest;
        const oldest = newest.at(-1);
        if (!latest || !oldest) throw new NotRun('the server lists no activity');
        ensureNewestFirst(newest, 'GET /activities');
        // A window of recorded_at values: its bounds are the first page's newest and oldest, both inclusive.
        const until = latest.recorded_at;
        const since = oldest.recorded_at;
        const window = `since=${since}&until=${until}`;
        const all = await client.walk<Activity>(`/activities?${window}`);
        ensureNewestFirst(all, `GET /activities?${window}`);
        for (const a of all)
          ensure(
            a.recorded_at >= since && a.recorded_at <= until,
            'AC1',
            `GET /activities?${window} listed ${describe(a)}, outside the window`,
          );
        const inWindow = new Set(all.map((a) => a.id));
        const left = newest.filter((a) => !inWindow.has(a.id));
        ensure(
          left.length === 0,
          'AC1',
          `since and until are inclusive: GET /activities?${window} left out ${left.slice(0, 3).map(describe).join(', ')}`,
        );
        const [sample] = all;
        ensure(sample, 'AC1', `GET /activities?${window} must list the window's activities, and lists none`);
        const walk = (query: string) => client.walk<Activity>(`/activities?${window}&${query}`);

        const kinds = [...new Set(all.map((a) => a.kind))];
        for (const kind of kinds.slice(0, 3)) {
          ensureSameList(
            await walk(`kinds[]=${kind}`),
            all.filter((a) => a.kind === kind),
            `kinds[]=${kind}`,
          );
        }
        const two = kinds.slice(0, 2);
        ensureSameList(
          await walk(two.map((k) => `kinds[]=${k}`).join('&')),
          all.filter((a) => two.includes(a.kind)),
          `kinds[]=${two.join('&kinds[]=')}`,
        );

        const person = sample.person.id;
        ensureSameList(
          await walk(`people_ids[]=${person}`),
          all.filter((a) => a.person.id === person),
          'people_ids[]',
        );
        ensureSameList(
          await walk(`people_ids[]=${person}&kinds[]=${sample.kind}`),
          all.filter((a) => a.person.id === person && a.kind === sample.kind),
          'people_ids[] AND kinds[]',
        );

        // team_ids[]: the activities of the team's members (GET /teams/{id} lists them).
        const teamId =
          ctx.me.teams[0]?.id ??
          (await client.expect<Array<ApiSchema<'Team'>>>(200, 'GET', '/teams?per_page=1', {}, 'PT2')).body[0]?.id;
        if (teamId) {
          const members = new Set<string>(
            (await client.expect<ApiSchema<'TeamDetail'>>(200, 'GET', `/teams/${teamId}`, {}, 'PT2')).body.people.map(
              (p) => p.id,
            ),
          );
          ensureSameList(
            await walk(`team_ids[]=${teamId}`),
            all.filter((a) => members.has(a.person.id)),
            'team_ids[]',
          );
        }

        const one = (await client.expect<Activity>(200, 'GET', `/activities/${sample.id}`, {}, 'AC1')).body;
        for (const field of ['id', 'kind', 'group', 'title', 'description', 'url', 'recorded_at'] as const) {
          ensure(
            one[field] === sample[field],
            'AC1',
            `GET /activities/${sample.id} must show ${field} ${JSON.stringify(sample[field])} as listed, got ${JSON.stringify(one[field])}`,
          );
        }
        for (const a of all) ensure(KINDS.includes(a.kind), 'AC1', `activity ${describe(a)} has an unknown kind`);
      },
    },
    {
      rule: 'AC1',
      title:
        'a date or fractional datetime in since/until, an unknown kind or a non-UUID person gives 422 naming it; unknown and malformed ids 404',
      async run({ client }) {
        const cases: Array<[string, string]> = [
          ['since=2026-11-20', 'since'],
          ['until=2026-11-20T10:00:00.000Z', 'until'],
          ['since=2026-11-20T10:00:00%2B01:00', 'since'],
          ['kinds[]=email', 'kinds[]'],
          ['kinds[]=Jira', 'kinds[]'],
          ['people_ids[]=not-a-uuid', 'people_ids[]'],
          ['team_ids[]=not-a-uuid', 'team_ids[]'],
        ];
        for (const [query, field] of cases) {
          const { body } = await client.expect(422, 'GET', `/activities?${query}`, {}, 'AC1');
          ensureNames(body, field, 'AC1', `GET /activities?${query}`);
        }
        const bare = await client.expect<ApiSchema<'Problem'>>(400, 'GET', '/activities?kinds=jira,linear', {}, 'G5');
        ensure(
          String(bare.body.detail).includes('kinds[]='),
          'G5',
          'the problem for kinds=jira,linear must show the bracket form',
        );
        await client.expect(404, 'GET', `/activities/${UNKNOWN_ID}`, {}, 'G2');
        await client.expect(404, 'GET', '/activities/not-a-uuid', {}, 'G2');
      },
    },
    {
      rule: 'AC2',
      title:
        'POST /activities records kind api, the caller, recorded_at now; 422 for bad group, description or url (records ONE marked activity that cannot be deleted: the API has no DELETE)',
      async run(ctx) {
        ctx.requireWrites();
        const { client, me } = ctx;
        const group = ctx.mark('contract kit');
        for (const [body, field] of [
          [{ group, description: '' }, 'description'],
          [{ group, description: 'x'.repeat(257) }, 'description'],
          [{ group, description: 5 }, 'description'],
          [{ group }, 'description'],
          [{ description: 'x' }, 'group'],
          [{ group: '', description: 'x' }, 'group'],
          [{ group, description: 'x', url: 'http://example.com/insecure' }, 'url'],
          [{ group, description: 'x', url: 'ftp://example.com/file' }, 'url'],
        ] as const) {
          await ensureRefused(ctx, 'POST', '/activities', { body }, 422, 'AC2', field);
        }
        await ensureUnreadableRefused(ctx, 'POST', '/activities', 'group', 'group=x', 'AC2');

        // "Now" on the server's clock, from a record of the kit's own, before and after.
        const probe = await ctx.createEchoQuestion({ prompt: ctx.mark('clock probe for AC2') });
        // The longest description allowed (256 characters), marked so the record is easy to spot.
        const description = ctx
          .mark('activity recorded by the contract kit; activities cannot be deleted through the API. ')
          .padEnd(256, '.');
        const body = { group, description, url: 'https://example.com/standin-contract' };
        const created = (await client.expect<Activity>(201, 'POST', '/activities', { body }, 'AC2')).body;
        ensure(created.kind === 'api', 'AC2', `kind must be api, got ${created.kind}`);
        ensure(created.person.id === me.id, 'AC2', `person must be the caller ${me.id}, got ${created.person.id}`);
        ensure(
          created.group === group && created.description === description && created.url === body.url,
          'AC2',
          `group, description and url must be stored as sent, got ${JSON.stringify({ group: created.group, description: created.description, url: created.url })}`,
        );
        const later = await ctx.serviceNow(probe, client);
        ensure(
          created.recorded_at >= probe.created_at && created.recorded_at <= later,
          'AC2',
          `recorded_at must be now: ${created.recorded_at} is outside ${probe.created_at}..${later}`,
        );
        const read = (await client.expect<Activity>(200, 'GET', `/activities/${created.id}`, {}, 'AC1')).body;
        ensure(
          read.recorded_at === created.recorded_at && read.description === description,
          'AC2',
          `GET /activities/${created.id} must show it as created`,
        );
        const listed = (
          await client.expect<Activity[]>(
            200,
            'GET',
            `/activities?people_ids[]=${me.id}&kinds[]=api&since=${created.recorded_at}`,
            {},
            'AC1',
          )
        ).body;
        ensure(
          listed.some((a) => a.id === created.id),
          'AC2',
          `GET /activities filtered by the caller, kind api and since its recorded_at must list ${created.id}`,
        );
      },
    },
  ],
};
