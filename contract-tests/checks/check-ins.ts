// Owns the check-in checks (CI1–CI9), through the API alone: generation by team weekdays, fresh and absent
// shapes, filling in (only the caller's own, restored afterwards), blocked, filters and order, dates, no create.
import { ensureInOrder, ensureNames, ensureRefused, ensureUnreadableRefused, UNKNOWN_ID } from '../kit/assertions.js';
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';
import type { CheckingClient } from '../kit/checking-client.js';
import type { KitContext, Person } from '../kit/context.js';
import { addDays, dateIn, weekdayOf } from '../kit/dates.js';
import type { ApiSchema } from '../../src/types/wire.js';

/** A date before any service's history: no check-in can exist on it (CI1). */
const BEFORE_HISTORY = '1900-01-01';
/** CI8, copied from the rule, not from the spec under test (test/check-ins.test.ts holds standin to it too). */
export const MOODS = [
  'calm',
  'happy',
  'excited',
  'celebratory',
  'joyful',
  'confident',
  'focused',
  'goofy',
  'nerdy',
  'thoughtful',
  'meh',
  'confused',
  'flustered',
  'surprised',
  'tired',
  'disappointed',
  'worried',
  'annoyed',
  'stressed',
  'angry',
  'sick',
];
/** The fields CI3 lets a person write; the kit restores exactly these after changing a check-in. */
const ANSWERS = ['previous', 'intentions', 'blockers', 'mood', 'previous_completed'] as const;
/** Days in the window the read checks walk: one full week, so every weekday is seen once. */
const WINDOW_DAYS = 7;

type Team = ApiSchema<'Team'>;

type CheckIn = ApiSchema<'CheckIn'>;

/**
 * The check-in as `PATCH /check-ins/{id or date}` with `body` answers it (200, or a violation of `rule`). The body
 * is any object: the kit's moods are CI8's words, not the spec's enum.
 */
async function patchCheckIn(client: CheckingClient, idOrDate: string, body: object, rule: string): Promise<CheckIn> {
  return (await client.expect<CheckIn>(200, 'PATCH', `/check-ins/${idOrDate}`, { body }, rule)).body;
}

// ---- Calendar arithmetic of the kit's own (expectations never reuse the server's code). ----

// ---- Comparisons that say what differed. ----

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** CI5: date descending, then person name, then id. */
function ci5Order(a: CheckIn, b: CheckIn): number {
  return compareText(b.date, a.date) || compareText(a.person.name, b.person.name) || compareText(a.id, b.id);
}

function describe(c: CheckIn): string {
  return `${c.date} ${c.person.name} (${c.id})`;
}

function ensureOrdered(list: CheckIn[], rule: string, what: string): void {
  ensureInOrder(
    list,
    (before, after) => ci5Order(before, after) < 0,
    rule,
    (before, after) =>
      `${what} must be ordered by date descending, then person name, then id; ${describe(before)} comes before ${describe(after)}`,
  );
}

/**
 * A filtered list must hold exactly the window's check-ins that match, in CI5 order. Each listed record must
 * match by its own fields; one the window showed matching but the filtered list left out is read again,
 * and counts as left out only if it still matches — people fill in check-ins while a live server is checked.
 */
async function ensureFiltered(
  client: CheckingClient,
  actual: CheckIn[],
  window: CheckIn[],
  matches: (c: CheckIn) => boolean,
  what: string,
): Promise<void> {
  const wrong = actual.filter((c) => !matches(c));
  ensure(
    wrong.length === 0,
    'CI5',
    `${what} listed ${wrong.length} check-ins that do not match it, e.g. ${wrong.slice(0, 3).map(describe).join(', ')}`,
  );
  const listed = new Set(actual.map((c) => c.id));
  for (const c of window.filter((w) => matches(w) && !listed.has(w.id)).slice(0, 5)) {
    const now = (await client.expect<CheckIn>(200, 'GET', `/check-ins/${c.id}`, {}, 'CI5')).body;
    ensure(!matches(now), 'CI5', `${what} left out ${describe(c)}, which matches it (${actual.length} listed)`);
  }
  ensureOrdered(actual, 'CI5', what);
}

function isBlockerText(blockers: string | null): boolean {
  return blockers !== null && blockers.trim() !== '';
}

// ---- What the read checks share: one week of everybody's check-ins, the teams and the people. ----

interface Week {
  /** The newest check-in listed: the window must hold it (until is inclusive). */
  latest: CheckIn;
  since: string;
  until: string;
  checkIns: CheckIn[];
  teams: Map<string, Team>;
  people: Map<string, Person>;
}

const weeks = new WeakMap<KitContext, Promise<Week>>();

/** The last week that holds check-ins (ending at the latest date listed), walked once per run. */
function week(ctx: KitContext): Promise<Week> {
  let found = weeks.get(ctx);
  if (!found) {
    found = (async () => {
      const { client } = ctx;
      const latest = (await client.expect<CheckIn[]>(200, 'GET', '/check-ins?per_page=1', {}, 'CI5')).body[0];
      if (!latest) throw new NotRun('the server lists no check-in at all');
      const until = latest.date;
      const since = addDays(until, -(WINDOW_DAYS - 1));
      const checkIns = await client.walk<CheckIn>(`/check-ins?since=${since}&until=${until}`);
      const teams = new Map((await client.walk<Team>('/teams')).map((t) => [t.id, t]));
      const people = new Map((await client.walk<Person>('/people')).map((p) => [p.id, p]));
      return { latest, since, until, checkIns, teams, people };
    })();
    weeks.set(ctx, found);
    // A failed walk is not cached: the next check tries again and reports its own failure.
    found.catch(() => weeks.delete(ctx));
  }
  return found;
}

// ---- Working on the caller's own check-in. ----

function answersOf(c: CheckIn): Record<string, unknown> {
  return Object.fromEntries(ANSWERS.map((field) => [field, c[field]]));
}

/**
 * Runs `work` on the caller's latest check-in and puts its answer fields (and teams, when changed) back
 * afterwards — at once, and again in the run's cleanup in case the check or the process stops half-way.
 * `completed_at` and `updated_at` cannot be put back (CI3 sets them); everything a person wrote is.
 */
async function onOwnCheckIn(ctx: KitContext, work: (checkIn: CheckIn) => Promise<void>): Promise<void> {
  const latest: CheckIn = await ctx.latestCheckIn();
  // The snapshot comes from the record itself: the restore writes back exactly what GET showed.
  const before = (await ctx.client.expect<CheckIn>(200, 'GET', `/check-ins/${latest.id}`, {}, 'CI3')).body;
  const restore = async () => {
    const now = (await ctx.client.expect<CheckIn>(200, 'GET', `/check-ins/${before.id}`, {}, 'CI3')).body;
    const body: Record<string, unknown> = {};
    for (const field of ANSWERS) if (now[field] !== before[field]) body[field] = before[field];
    const teamIds = before.teams.map((t) => t.id);
    if (JSON.stringify(now.teams.map((t) => t.id)) !== JSON.stringify(teamIds)) body.team_ids = teamIds;
    if (Object.keys(body).length > 0) await ctx.client.expect(200, 'PATCH', `/check-ins/${before.id}`, { body }, 'CI3');
  };
  ctx.cleanup.add(`restore the answers of check-in ${before.id} (${before.date})`, restore);
  try {
    await work(before);
  } finally {
    // Restored at once so later checks see the check-in as it was; the cleanup step then finds nothing to do.
    await restore().catch(() => undefined);
  }
}

/** "Now" on the server's clock, learned from a record of the kit's own (never from the kit's machine). */
async function serverNow(ctx: KitContext): Promise<string> {
  const question = await ctx.createEchoQuestion({ prompt: ctx.mark('clock probe for the check-in checks') });
  return question.created_at;
}

export const checkIns: CheckGroup = {
  name: 'check-ins',
  title: 'Check-ins (CI1–CI9)',
  checks: [
    {
      rule: 'CI1',
      title:
        "check-ins fall on a check-in weekday of their teams, at most one per person and date; fresh ones carry the person's teams scheduled that day",
      async run(ctx) {
        const { checkIns: list, teams, people, since, until } = await week(ctx);
        const seen = new Map<string, CheckIn>();
        for (const c of list) {
          const key = `${c.person.id} ${c.date}`;
          ensure(
            !seen.has(key),
            'CI1',
            `${c.person.name} has two check-ins on ${c.date}: ${seen.get(key)?.id} and ${c.id}`,
          );
          seen.set(key, c);
          const weekday = weekdayOf(c.date);
          const person = people.get(c.person.id);
          ensure(person, 'CI1', `check-in ${c.id} belongs to ${c.person.id}, whom GET /people does not list`);
          const personTeams = new Set(person.teams.map((t) => t.id));
          for (const team of c.teams) {
            ensure(
              personTeams.has(team.id),
              'CI1',
              `check-in ${describe(c)} lists team ${team.name}, which is not one of ${person.name}'s teams`,
            );
          }
          // CI3 lets a person pick other teams of theirs, so a changed check-in may list an unscheduled one;
          // the check-in still exists only because some team of the person meets that weekday.
          const scheduled = (ids: Iterable<string>) =>
            [...ids].filter((id) => teams.get(id)?.check_in_days.includes(weekday));
          ensure(
            scheduled(c.teams.map((t) => t.id)).length > 0 || scheduled(personTeams).length > 0,
            'CI1',
            `check-in ${describe(c)} is on a ${weekday}, which is a check-in day of none of its teams (${c.teams.map((t) => t.name).join(', ')}) nor of ${person.name}'s`,
          );
          if (c.completed_at === null) {
            const expected = scheduled(person.teams.map((t) => t.id)).sort();
            const actual = c.teams.map((t) => t.id).sort();
            ensure(
              JSON.stringify(actual) === JSON.stringify(expected),
              'CI1',
              `the unfilled check-in ${describe(c)} must list ${person.name}'s teams that check in on ${weekday} ` +
                `(${expected.map((id) => teams.get(id)?.name).join(', ')}), got ${c.teams.map((t) => t.name).join(', ')}`,
            );
          }
        }
        ensure(list.length > 0, 'CI1', `the week ${since}..${until} ending at the latest check-in lists no check-in`);
      },
    },
    {
      rule: 'CI1',
      title:
        "no check-in is dated after its person's today on the service clock (creates and deletes a clock-probe Echo)",
      async run(ctx) {
        ctx.requireWrites();
        const now = await serverNow(ctx);
        const { people } = await week(ctx);
        const latest = (await ctx.client.expect<CheckIn[]>(200, 'GET', '/check-ins?per_page=50', {}, 'CI5')).body;
        for (const c of latest) {
          const person = people.get(c.person.id);
          ensure(person, 'CI1', `check-in ${c.id} belongs to ${c.person.id}, whom GET /people does not list`);
          const today = dateIn(now, person.time_zone);
          ensure(
            c.date <= today,
            'CI1',
            `check-in ${describe(c)} lies after ${person.name}'s today ${today} (${person.time_zone}, service clock ${now})`,
          );
        }
        const tomorrow = addDays(dateIn(now, ctx.me.time_zone), 1);
        await ctx.client.expect(404, 'GET', `/check-ins/${tomorrow}`, {}, 'CI1');
      },
    },
    {
      rule: 'CI2',
      title: 'a check-in never filled in (completed_at null) has null answers and blocked false',
      async run(ctx) {
        const { checkIns: list, since, until } = await week(ctx);
        const fresh = list.filter((c) => c.completed_at === null);
        if (fresh.length === 0) throw new NotRun(`no check-in with completed_at null in ${since}..${until} to look at`);
        for (const c of fresh) {
          // CI3: any PATCH that leaves an answer non-null sets completed_at, so null means never answered.
          for (const field of ANSWERS) {
            ensure(
              c[field] === null,
              'CI2',
              `check-in ${describe(c)} has completed_at null but ${field} ${JSON.stringify(c[field])}; a fresh check-in's answers are null`,
            );
          }
          ensure(c.blocked === false, 'CI2', `the fresh check-in ${describe(c)} must have blocked false`);
        }
      },
    },
    {
      rule: 'CI3',
      title: 'a check-in with any answer has completed_at set, no later than its updated_at',
      async run(ctx) {
        const { checkIns: list, since, until } = await week(ctx);
        const isAnswered = (c: CheckIn) => ANSWERS.some((field) => c[field] !== null);
        let answered = list.filter(isAnswered);
        // After a quiet stretch (or a clock moved on) the newest week may be all fresh: look further back.
        for (let page = 1; answered.length === 0 && page <= 20; page++) {
          const { body } = await ctx.client.expect<CheckIn[]>(
            200,
            'GET',
            `/check-ins?until=${addDays(since, -1)}&per_page=50&page=${page}`,
            {},
            'CI5',
          );
          answered = body.filter(isAnswered);
          if (body.length < 50) break;
        }
        if (answered.length === 0)
          throw new NotRun(`no answered check-in up to ${until} among the newest 1,000 to look at`);
        for (const c of answered) {
          ensure(c.completed_at !== null, 'CI3', `check-in ${describe(c)} holds answers but completed_at is null`);
          ensure(
            c.completed_at <= c.updated_at,
            'CI3',
            `check-in ${describe(c)}: completed_at ${c.completed_at} is after updated_at ${c.updated_at}`,
          );
        }
      },
    },
    {
      rule: 'CI3',
      title: "PATCH on someone else's check-in gives 403 and changes nothing",
      async run(ctx) {
        ctx.requireWrites();
        const other = await ctx.otherPerson();
        const theirs: CheckIn = await ctx.latestCheckIn(ctx.client, other);
        // The body repeats the stored answers: a server that wrongly accepts it changes no answer.
        const { status, body } = await ctx.client.request<ApiSchema<'Problem'> | undefined>(
          'PATCH',
          `/check-ins/${theirs.id}`,
          {
            body: answersOf(theirs),
          },
        );
        ensure(
          status === 403,
          'CI3',
          `PATCH of ${other.name}'s check-in ${theirs.id} by ${ctx.me.name} must give 403, got ${status}`,
        );
        ensure(typeof body?.detail === 'string', 'CI3', 'the 403 must be a problem with a detail');
        const after = (await ctx.client.expect<CheckIn>(200, 'GET', `/check-ins/${theirs.id}`, {}, 'CI3')).body;
        ensure(
          after.updated_at === theirs.updated_at,
          'CI3',
          `a refused PATCH changed updated_at of ${theirs.id}: ${theirs.updated_at} → ${after.updated_at}`,
        );
      },
    },
    {
      rule: 'CI3',
      title:
        "invalid answers on the caller's own check-in give 422 naming the field (400 for bad JSON, 415 for non-JSON) and change nothing",
      // Safe without --modify-existing: a conforming server refuses every one of these requests before
      // changing anything; should a broken one take one, onOwnCheckIn puts the answers back.
      async run(ctx) {
        ctx.requireWrites();
        const { client } = ctx;
        const allTeams = await client.walk<Team>('/teams');
        const foreignTeam = allTeams.find((t) => !ctx.me.teams.some((mine) => mine.id === t.id));
        await onOwnCheckIn(ctx, async (mine) => {
          const path = `/check-ins/${mine.id}`;
          const refused = { client, cleanup: ctx.cleanup };
          for (const [body, field] of [
            [{ previous: 5 }, 'previous'],
            [{ intentions: ['a list'] }, 'intentions'],
            [{ blockers: false }, 'blockers'],
            [{ previous_completed: 'yes' }, 'previous_completed'],
            [{ team_ids: [] }, 'team_ids'],
            [{ team_ids: ['not-a-uuid'] }, 'team_ids'],
            [{ team_ids: mine.teams[0]?.id ?? UNKNOWN_ID }, 'team_ids'],
            [{ team_ids: [UNKNOWN_ID] }, 'team_ids'],
          ] as const)
            await ensureRefused(refused, 'PATCH', path, { body }, 422, 'CI3', field);
          if (foreignTeam)
            await ensureRefused(
              refused,
              'PATCH',
              path,
              { body: { team_ids: [foreignTeam.id] } },
              422,
              'CI3',
              'team_ids',
            );
          await ensureUnreadableRefused(
            refused,
            'PATCH',
            path,
            'mood',
            'mood=happy',
            'CI3',
            'application/x-www-form-urlencoded',
          );
          await ensureRefused(refused, 'PATCH', `/check-ins/${UNKNOWN_ID}`, { body: {} }, 404, 'G2');
          await ensureRefused(refused, 'PATCH', '/check-ins/not-a-check-in', { body: {} }, 404, 'G2');
          await ensureRefused(refused, 'PATCH', `/check-ins/${BEFORE_HISTORY}`, { body: {} }, 404, 'CI6');
          const after = (await client.expect<CheckIn>(200, 'GET', path, {}, 'CI3')).body;
          ensure(
            JSON.stringify(answersOf(after)) === JSON.stringify(answersOf(mine)) &&
              after.updated_at === mine.updated_at,
            'CI3',
            `refused PATCHes changed check-in ${mine.id}: ${JSON.stringify(answersOf(mine))} at ${mine.updated_at} → ${JSON.stringify(answersOf(after))} at ${after.updated_at}`,
          );
        });
      },
    },
    {
      rule: 'CI3',
      title:
        "filling in the caller's own check-in stores the answers, sets updated_at to now and completed_at once, takes a team subset (--modify-existing; answers restored)",
      async run(ctx) {
        ctx.requireModifyExisting();
        const { client } = ctx;
        const probe = await ctx.createEchoQuestion({ prompt: ctx.mark('clock probe for CI3') });
        await onOwnCheckIn(ctx, async (mine) => {
          const team = mine.teams[0] ?? ctx.me.teams[0];
          ensure(team, 'CI3', `${ctx.me.name} has no team to choose`);
          const answers = {
            previous: ctx.mark('did the contract checks'),
            intentions: ctx.mark('restore this check-in'),
            blockers: null,
            mood: 'focused',
            previous_completed: true,
          };
          // CI6: the date addresses the same check-in, for PATCH as for GET.
          const first = await patchCheckIn(client, mine.date, { ...answers, team_ids: [team.id] }, 'CI3');
          ensure(
            first.id === mine.id,
            'CI6',
            `PATCH /check-ins/${mine.date} changed ${first.id}, not the caller's check-in ${mine.id}`,
          );
          for (const [field, value] of Object.entries(answers)) {
            ensure(
              first[field as keyof CheckIn] === value,
              'CI3',
              `PATCH stored ${field} ${JSON.stringify(first[field as keyof CheckIn])}, sent ${JSON.stringify(value)}`,
            );
          }
          ensure(
            JSON.stringify(first.teams.map((t) => t.id)) === JSON.stringify([team.id]),
            'CI3',
            `team_ids [${team.id}] must leave teams [${team.name}], got ${first.teams.map((t) => t.name).join(', ')}`,
          );
          ensure(
            first.updated_at >= probe.created_at && first.updated_at >= mine.updated_at,
            'CI3',
            `updated_at must become now: got ${first.updated_at}, before the clock probe's ${probe.created_at} or the old ${mine.updated_at}`,
          );
          const completedAt = mine.completed_at ?? first.updated_at;
          ensure(
            first.completed_at === completedAt,
            'CI3',
            mine.completed_at === null
              ? `the first answering PATCH must set completed_at to now (${first.updated_at}), got ${first.completed_at}`
              : `completed_at must be kept (${mine.completed_at}), got ${first.completed_at}`,
          );

          // A later edit keeps completed_at and the fields it does not send.
          const second = await patchCheckIn(client, mine.id, { mood: 'calm', previous_completed: null }, 'CI3');
          ensure(
            second.mood === 'calm' && second.previous_completed === null,
            'CI3',
            `the second PATCH stored mood ${second.mood}, previous_completed ${second.previous_completed}`,
          );
          ensure(
            second.previous === answers.previous && second.intentions === answers.intentions,
            'CI3',
            'a PATCH changed fields it did not send',
          );
          ensure(
            second.completed_at === completedAt,
            'CI3',
            `a later edit must keep completed_at ${completedAt}, got ${second.completed_at}`,
          );
          ensure(
            second.updated_at >= first.updated_at,
            'CI3',
            `updated_at went back: ${first.updated_at} → ${second.updated_at}`,
          );

          // Clearing every answer is an edit too: completed_at stays.
          const cleared = await patchCheckIn(client, mine.id, Object.fromEntries(ANSWERS.map((f) => [f, null])), 'CI3');
          ensure(
            cleared.completed_at === completedAt,
            'CI3',
            `clearing the answers must keep completed_at ${completedAt}, got ${cleared.completed_at}`,
          );
          const read = (await client.expect<CheckIn>(200, 'GET', `/check-ins/${mine.id}`, {}, 'CI3')).body;
          ensure(
            JSON.stringify(answersOf(read)) === JSON.stringify(answersOf(cleared)),
            'CI3',
            'GET must show what the last PATCH stored',
          );
          const later = await ctx.serviceNow(probe, client);
          ensure(
            cleared.updated_at <= later,
            'CI3',
            `updated_at ${cleared.updated_at} lies after the server's now ${later}`,
          );
        });
      },
    },
    {
      rule: 'CI4',
      title: 'blocked is true exactly when blockers holds non-whitespace text',
      async run(ctx) {
        const { checkIns: list } = await week(ctx);
        for (const c of list) {
          ensure(
            c.blocked === isBlockerText(c.blockers),
            'CI4',
            `check-in ${describe(c)} has blockers ${JSON.stringify(c.blockers)} but blocked ${c.blocked}`,
          );
        }
      },
    },
    {
      rule: 'CI4',
      title:
        'blockers "", whitespace and null leave blocked false, text makes it true (--modify-existing; answers restored)',
      async run(ctx) {
        ctx.requireModifyExisting();
        await onOwnCheckIn(ctx, async (mine) => {
          for (const blockers of ['', '  \n\t ', ctx.mark('waiting on a review'), null]) {
            const body = await patchCheckIn(ctx.client, mine.id, { blockers }, 'CI4');
            ensure(
              body.blockers === blockers,
              'CI4',
              `blockers ${JSON.stringify(blockers)} must be stored as sent, got ${JSON.stringify(body.blockers)}`,
            );
            ensure(
              body.blocked === isBlockerText(blockers),
              'CI4',
              `blockers ${JSON.stringify(blockers)} must give blocked ${isBlockerText(blockers)}, got ${body.blocked}`,
            );
            if (body.blocked) {
              const listed = (
                await ctx.client.expect<CheckIn[]>(
                  200,
                  'GET',
                  `/check-ins?blocked=true&people_ids[]=${ctx.me.id}&since=${mine.date}&until=${mine.date}`,
                  {},
                  'CI5',
                )
              ).body;
              ensure(
                listed.some((c) => c.id === mine.id),
                'CI4',
                `a blocked check-in must be listed by blocked=true (${mine.id})`,
              );
            }
          }
        });
      },
    },
    {
      rule: 'CI5',
      title:
        'since/until (inclusive), blocked, people_ids[] and team_ids[] filter as documented, one record per check-in, date desc then person name then id',
      async run(ctx) {
        const { client } = ctx;
        const { checkIns: list, since, until, teams, latest } = await week(ctx);
        const window = `since=${since}&until=${until}`;
        ensureOrdered(list, 'CI5', `GET /check-ins?${window}`);
        ensure(
          list.some((c) => c.id === latest.id),
          'CI5',
          `until is inclusive: GET /check-ins?${window} must list the newest check-in ${describe(latest)}`,
        );
        for (const c of list) {
          ensure(
            c.date >= since && c.date <= until,
            'CI5',
            `GET /check-ins?${window} listed ${describe(c)}, outside the dates`,
          );
        }
        const walk = (query: string) => client.walk<CheckIn>(`/check-ins?${window}&${query}`);

        // Inclusive bounds: a single day (since = until) gives exactly that day's check-ins.
        const day = list[list.length - 1]?.date ?? until;
        const single = await client.walk<CheckIn>(`/check-ins?since=${day}&until=${day}`);
        const inWindow = (c: CheckIn) => c.date >= since && c.date <= until;
        await ensureFiltered(client, single, list, (c) => c.date === day, `since=until=${day}`);
        await ensureFiltered(client, await walk('blocked=true'), list, (c) => inWindow(c) && c.blocked, 'blocked=true');
        await ensureFiltered(
          client,
          await walk('blocked=false'),
          list,
          (c) => inWindow(c) && !c.blocked,
          'blocked=false',
        );

        const personIds = [...new Set([ctx.me.id, ...list.map((c) => c.person.id)])].slice(0, 2);
        await ensureFiltered(
          client,
          await walk(personIds.map((id) => `people_ids[]=${id}`).join('&')),
          list,
          (c) => inWindow(c) && personIds.includes(c.person.id),
          'people_ids[] of two people',
        );

        // Several matching teams still give one record per check-in (walk fails on any id listed twice).
        const teamIds = [...teams.keys()].slice(0, 20);
        await ensureFiltered(
          client,
          await walk(teamIds.map((id) => `team_ids[]=${id}`).join('&')),
          list,
          (c) => inWindow(c) && c.teams.some((t) => teamIds.includes(t.id)),
          `team_ids[] of ${teamIds.length} teams`,
        );
        const oneTeam = ctx.me.teams[0]?.id ?? teamIds[0];
        if (oneTeam) {
          await ensureFiltered(
            client,
            await walk(`team_ids[]=${oneTeam}&blocked=false`),
            list,
            (c) => inWindow(c) && !c.blocked && c.teams.some((t) => t.id === oneTeam),
            'team_ids[] AND blocked=false',
          );
        }
        // An empty list is a normal answer.
        const empty = await client.expect(
          200,
          'GET',
          `/check-ins?since=${BEFORE_HISTORY}&until=${BEFORE_HISTORY}`,
          {},
          'CI5',
        );
        ensure(
          Array.isArray(empty.body) && empty.body.length === 0,
          'CI5',
          `a day before any history must give [], got ${empty.text.slice(0, 100)}`,
        );
      },
    },
    {
      rule: 'CI5',
      title:
        'since after until, an impossible date, a non-boolean blocked and a non-UUID person give 422 naming the parameter',
      async run({ client }) {
        const cases: Array<[string, string | string[]]> = [
          ['since=2026-11-20&until=2026-11-19', ['since', 'until']],
          ['since=2026-02-30', 'since'],
          ['until=20261120', 'until'],
          ['blocked=maybe', 'blocked'],
          ['people_ids[]=not-a-uuid', 'people_ids'],
          ['team_ids[]=not-a-uuid', 'team_ids'],
          ['per_page=0', 'per_page'],
        ];
        for (const [query, field] of cases) {
          const { body } = await client.expect(422, 'GET', `/check-ins?${query}`, {}, 'CI5');
          ensureNames(body, field, 'CI5', `GET /check-ins?${query}`);
        }
      },
    },
    {
      rule: 'CI6',
      title: "a YYYY-MM-DD in place of the id addresses the caller's own check-in; 404 on a date without one",
      async run(ctx) {
        const { client, me } = ctx;
        const { checkIns: list, since, until } = await week(ctx);
        const mine: CheckIn = await ctx.latestCheckIn();
        const byDate = (await client.expect<CheckIn>(200, 'GET', `/check-ins/${mine.date}`, {}, 'CI6')).body;
        ensure(
          byDate.id === mine.id && byDate.person.id === me.id,
          'CI6',
          `GET /check-ins/${mine.date} must give the caller's check-in ${mine.id}, got ${byDate.id} of ${byDate.person.name}`,
        );
        // Dates on which others have a check-in: the date still addresses only the caller's own.
        const myDates = new Set(list.filter((c) => c.person.id === me.id).map((c) => c.date));
        for (let date = until; date >= since; date = addDays(date, -1)) {
          const others = list.some((c) => c.date === date && c.person.id !== me.id);
          if (!others) continue;
          const { status, body } = await client.request<CheckIn>('GET', `/check-ins/${date}`);
          if (myDates.has(date)) {
            ensure(
              status === 200 && body.person.id === me.id,
              'CI6',
              `GET /check-ins/${date} must give the caller's check-in, got ${status} ${body?.person?.name ?? ''}`,
            );
          } else {
            ensure(
              status === 404,
              'CI6',
              `GET /check-ins/${date}: the caller has no check-in that day (others do), expected 404, got ${status} ${body?.person?.name ?? ''}`,
            );
          }
        }
        await client.expect(404, 'GET', `/check-ins/${BEFORE_HISTORY}`, {}, 'CI6');
        await client.expect(404, 'GET', '/check-ins/2026-02-30', {}, 'CI6');
        await client.expect(404, 'GET', `/check-ins/${UNKNOWN_ID}`, {}, 'G2');
        await client.expect(404, 'GET', '/check-ins/not-a-check-in', {}, 'G2');
      },
    },
    {
      rule: 'CI7',
      title: 'POST /check-ins and DELETE /check-ins/{id} give 405 with Allow',
      async run(ctx) {
        ctx.requireWrites();
        // An unknown id: even a server that wrongly deletes has nothing to delete.
        const cases: Array<[string, string, string[]]> = [
          ['POST', '/check-ins', ['GET']],
          ['DELETE', `/check-ins/${UNKNOWN_ID}`, ['GET', 'PATCH']],
        ];
        for (const [method, path, allowed] of cases) {
          const response = await ctx.client.request(
            method,
            path,
            method === 'POST' ? { body: { date: '2026-11-20' } } : {},
          );
          ensure(response.status === 405, 'CI7', `${method} ${path} must give 405, got ${response.status}`);
          ensure(
            /^application\/problem\+json/.test(response.headers.get('content-type') ?? ''),
            'CI7',
            `the 405 of ${method} ${path} must be a problem+json (G8)`,
          );
          const allow = (response.headers.get('allow') ?? '').split(',').map((m) => m.trim().toUpperCase());
          for (const m of allowed)
            ensure(
              allow.includes(m),
              'CI7',
              `the 405 of ${method} ${path} must carry Allow with ${m}, got "${response.headers.get('allow')}"`,
            );
          ensure(!allow.includes(method), 'CI7', `Allow of ${path} must not list ${method}`);
        }
      },
    },
    {
      rule: 'CI8',
      title: 'a mood outside the CI8 values gives 422 naming mood and changes nothing',
      // Safe without --modify-existing: the server must refuse before changing anything (see CI3 above).
      async run(ctx) {
        ctx.requireWrites();
        const { checkIns: list } = await week(ctx);
        for (const c of list)
          ensure(
            c.mood === null || MOODS.includes(c.mood),
            'CI8',
            `check-in ${describe(c)} has mood ${c.mood}, not a CI8 value`,
          );
        await onOwnCheckIn(ctx, async (mine) => {
          for (const mood of ['ecstatic', 'Happy', '', 5, ['happy']]) {
            await ensureRefused(ctx, 'PATCH', `/check-ins/${mine.id}`, { body: { mood } }, 422, 'CI8', 'mood');
          }
        });
      },
    },
    {
      rule: 'CI8',
      title: 'every CI8 mood value and null is accepted (--modify-existing; answers restored)',
      async run(ctx) {
        ctx.requireModifyExisting();
        await onOwnCheckIn(ctx, async (mine) => {
          for (const mood of [...MOODS, null]) {
            const body = await patchCheckIn(ctx.client, mine.id, { mood }, 'CI8');
            ensure(body.mood === mood, 'CI8', `mood ${mood} must be stored, got ${body.mood}`);
          }
        });
      },
    },
    {
      rule: 'CI9',
      title: 'an absent check-in stays listed and readable with absent true',
      async run(ctx) {
        const { client } = ctx;
        // Absences are not on the public surface: look for an absent check-in in the newest 1000, then in the
        // history of the first 50 people (a large world's newest thousand may all be of one day).
        let absent: CheckIn | undefined;
        for (let page = 1; page <= 20 && !absent; page++) {
          const { body } = await client.expect<CheckIn[]>(200, 'GET', `/check-ins?per_page=50&page=${page}`, {}, 'CI5');
          absent = body.find((c) => c.absent);
          if (body.length < 50) break;
        }
        const people = absent
          ? []
          : (await client.expect<Array<{ id: string }>>(200, 'GET', '/people?per_page=50', {}, 'PT2')).body;
        for (const person of people) {
          if (absent) break;
          for (let page = 1; page <= 3 && !absent; page++) {
            const { body } = await client.expect<CheckIn[]>(
              200,
              'GET',
              `/check-ins?people_ids[]=${person.id}&per_page=50&page=${page}`,
              {},
              'CI5',
            );
            absent = body.find((c) => c.absent);
            if (body.length < 50) break;
          }
        }
        if (!absent)
          throw new NotRun(
            'no check-in with absent true among the newest 1000 nor in the history of the first 50 people',
          );
        const read = (await client.expect<CheckIn>(200, 'GET', `/check-ins/${absent.id}`, {}, 'CI9')).body;
        ensure(
          read.absent === true,
          'CI9',
          `GET /check-ins/${absent.id} shows absent ${read.absent}; the list showed true`,
        );
        const listed = (
          await client.expect<CheckIn[]>(
            200,
            'GET',
            `/check-ins?people_ids[]=${absent.person.id}&since=${absent.date}&until=${absent.date}`,
            {},
            'CI9',
          )
        ).body;
        const [only] = listed;
        ensure(
          listed.length === 1 && only?.id === absent.id && only.absent,
          'CI9',
          `the absent check-in ${describe(absent)} must stay listed for its person and date, got ${listed.map(describe).join(', ') || 'nothing'}`,
        );
      },
    },
  ],
};
