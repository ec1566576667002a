// An organisation read from an in-process mock through its API, every list walked, as standin import's reader
// reads one over HTTP: for the tests of the steps after reading (the anonymiser, the builder) without a port.
import type { Mock } from '../../src/http/app.js';
import type { SourceOrg } from '../../src/import/source-org.js';

/**
 * Every record the default person sees, through `/api/v2`; check-ins and activities since `since`.
 * @example const org = await orgInProcess(createMock({ seed: 7, now: NOW }), '2026-10-21')
 */
export async function orgInProcess(mock: Mock, since: string, comments = true): Promise<SourceOrg> {
  const token = mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readOnly;
  const get = async <T>(path: string): Promise<T> => {
    const response = await mock.app.request(`/api/v2${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const all = async <T>(path: string): Promise<T[]> => {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const items = await get<T[]>(`${path}${path.includes('?') ? '&' : '?'}per_page=50&page=${page}`);
      out.push(...items);
      if (items.length < 50) return out;
    }
  };
  const byId = <T extends { id: string }>(list: T[]) => list.sort((a, b) => (a.id < b.id ? -1 : 1));
  const me = await get<SourceOrg['me']>('/me');
  const people = await all<SourceOrg['people'][number]>('/people');
  const teamList = await all<{ id: string }>('/teams');
  const teams = await Promise.all(teamList.map((t) => get<SourceOrg['teams'][number]>(`/teams/${t.id}`)));
  const goals = await all<SourceOrg['goals'][number]>('/goals');
  // GO6: archived goals are listed only by id; the parents the tree names are read so, until none is missing.
  for (;;) {
    const known = new Set(goals.map((g) => g.id));
    const missing = [...new Set(goals.flatMap((g) => (g.parent && !known.has(g.parent.id) ? [g.parent.id] : [])))];
    if (missing.length === 0) break;
    // Twenty ids a request, as the reader asks: all of a large world's in one URL is over G8's length.
    const found: SourceOrg['goals'] = [];
    for (let i = 0; i < missing.length; i += 20)
      found.push(
        ...(await all<SourceOrg['goals'][number]>(
          `/goals?${missing
            .slice(i, i + 20)
            .map((id) => `goal_ids[]=${id}`)
            .join('&')}`,
        )),
      );
    if (found.length === 0) break;
    goals.push(...found);
  }
  const goalUpdates = (
    await Promise.all(goals.map((g) => all<SourceOrg['goalUpdates'][number]>(`/goals/${g.id}/goal-updates`)))
  ).flat();
  const checkIns = await all<SourceOrg['checkIns'][number]>(`/check-ins?since=${since}`);
  const echoQuestions = await all<SourceOrg['echoQuestions'][number]>('/echo/questions');
  const echoAnswers = (
    await Promise.all(
      echoQuestions.map((q) => all<SourceOrg['echoAnswers'][number]>(`/echo/questions/${q.id}/answers`)),
    )
  ).flat();
  const activities = await all<SourceOrg['activities'][number]>(`/activities?since=${since}T00:00:00Z`);
  const on = comments
    ? [...checkIns.map((c) => `/check-ins/${c.id}`), ...goalUpdates.map((u) => `/goal-updates/${u.id}`)]
    : [];
  const commentLists = await Promise.all(on.map((path) => all<SourceOrg['comments'][number]>(`${path}/comments`)));
  const reactionLists = await Promise.all(on.map((path) => all<SourceOrg['reactions'][number]>(`${path}/reactions`)));
  return {
    source: {
      label: 'in-process',
      readAt: new Date(mock.world.now() * 1000).toISOString().slice(0, 19) + 'Z',
      window: { since, through: null, anchor: 'given' },
    },
    me,
    people: byId(people),
    teams: byId(teams),
    goals: byId(goals),
    goalUpdates: byId(goalUpdates),
    checkIns: byId(checkIns),
    echoQuestions: byId(echoQuestions),
    echoAnswers: byId(echoAnswers),
    activities: byId(activities),
    comments: byId(commentLists.flat()),
    reactions: byId(reactionLists.flat()),
  };
}
