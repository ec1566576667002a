// The records the scenarios address, found over HTTP in a running standin the way a client would find them:
// the default person's token from /__mock/tokens, their team from /me, one of their goals and today's check-in.
import type { Standin } from './servers.js';

export interface Subjects {
  token: string;
  personId: string;
  teamId: string;
  goalId: string;
  /** The exact body of GET /api/v2/goals/{goalId} on the world as generated: the raw baseline answers it. */
  goalBody: string;
  /** The check-in day (YYYY-MM-DD): the clock's today, or the person's latest check-in day before it. */
  day: string;
  /** Six days before `day`: the team-week query covers seven days. */
  weekStart: string;
  checkInId: string;
  /** What GET /goals?per_page=50 returns here: how many goals and bytes a page is. */
  goalsPage: { goals: number; bytes: number };
  /** What the team-week query returns here. */
  teamWeek: { checkIns: number; bytes: number };
}

interface TokenEntry {
  read_write: string;
  person: { id: string };
  default: boolean;
}

async function get(standin: Standin, path: string, token?: string): Promise<string> {
  const response = await fetch(`${standin.origin}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text;
}

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Reads the subjects off a standin whose world has not been written to yet (the goal's body is kept). */
export async function findSubjects(standin: Standin, today: string): Promise<Subjects> {
  const tokens = JSON.parse(await get(standin, '/__mock/tokens')) as TokenEntry[];
  const me = tokens.find((entry) => entry.default) ?? tokens[0];
  if (!me) throw new Error('GET /__mock/tokens lists no person');
  const token = me.read_write;
  const personId = me.person.id;
  const profile = JSON.parse(await get(standin, '/api/v2/me', token)) as { teams: Array<{ id: string }> };
  const [team] = profile.teams;
  if (!team) throw new Error('the default person is in no team: no team-week query to run');
  const goals = JSON.parse(await get(standin, `/api/v2/goals?people_ids[]=${personId}`, token)) as Array<{
    id: string;
  }>;
  const [goal] = goals;
  if (!goal) throw new Error('the default person has no goal');
  const goalId = goal.id;
  const goalBody = await get(standin, `/api/v2/goals/${goalId}`, token);
  // Today's check-in if the person's team checks in today, else their latest (weekends, absences).
  let [checkIn] = JSON.parse(
    await get(standin, `/api/v2/check-ins?since=${today}&until=${today}&people_ids[]=${personId}`, token),
  ) as Array<{ id: string; date: string }>;
  checkIn ??= (
    JSON.parse(await get(standin, `/api/v2/check-ins?people_ids[]=${personId}&per_page=1`, token)) as Array<{
      id: string;
      date: string;
    }>
  )[0];
  if (!checkIn) throw new Error('the default person has no check-in');
  const page = await get(standin, '/api/v2/goals?per_page=50', token);
  const teamId = team.id;
  const weekStart = daysBefore(checkIn.date, 6);
  const week = await get(
    standin,
    `/api/v2/check-ins?team_ids[]=${teamId}&since=${weekStart}&until=${checkIn.date}`,
    token,
  );
  return {
    token,
    personId,
    teamId,
    goalId,
    goalBody,
    day: checkIn.date,
    weekStart,
    checkInId: checkIn.id,
    goalsPage: { goals: (JSON.parse(page) as unknown[]).length, bytes: Buffer.byteLength(page) },
    teamWeek: { checkIns: (JSON.parse(week) as unknown[]).length, bytes: Buffer.byteLength(week) },
  };
}
