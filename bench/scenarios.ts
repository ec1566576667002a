// What the benchmark asks of standin: the requests of each scenario, built on the records found in its world.
import type { RequestSpec } from './load.js';
import type { Subjects } from './subjects.js';

/** Where a scenario runs: `baseline` is the small world served by another build (`--baseline REF`). */
export type Target = 'raw' | 'prism' | 'small' | 'large' | 'baseline';

export interface Scenario {
  /** Stable key in the JSON results and in the targets. */
  key: string;
  label: string;
  server: Target;
  /** Many connections through autocannon (req/s), or one connection (latency). */
  load: 'connections' | 'one-connection';
  requests: RequestSpec[];
  /** Writes change the world: it is reset afterwards, so every round starts from the world as generated. */
  writes: boolean;
}

const API = '/api/v2';

export function goalRead(s: Subjects): RequestSpec {
  return { method: 'GET', path: `${API}/goals/${s.goalId}` };
}

export function teamWeek(s: Subjects): RequestSpec {
  return { method: 'GET', path: `${API}/check-ins?team_ids[]=${s.teamId}&since=${s.weekStart}&until=${s.day}` };
}

function goalUpdate(s: Subjects): RequestSpec {
  return {
    method: 'POST',
    path: `${API}/goals/${s.goalId}/goal-updates`,
    body: '{"title":"Week 47","body":"Load tests pass.","confidence":74}',
  };
}

function checkInPatch(s: Subjects): RequestSpec {
  return {
    method: 'PATCH',
    path: `${API}/check-ins/${s.checkInId}`,
    body: '{"intentions":"Ship the fix","mood":"focused"}',
  };
}

function personDay(s: Subjects): RequestSpec {
  return { method: 'GET', path: `${API}/check-ins?since=${s.day}&until=${s.day}&people_ids[]=${s.personId}` };
}

const me: RequestSpec = { method: 'GET', path: `${API}/me` };

/** MCP3: a tools/call on /mcp, the twin of a REST read; its CPU is judged against the REST call's. */
function toolCall(name: string, args: Record<string, unknown>): RequestSpec {
  return {
    method: 'POST',
    path: '/mcp',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    headers: { accept: 'application/json, text/event-stream' },
  };
}
const goalsPage: RequestSpec = { method: 'GET', path: `${API}/goals?per_page=50` };

/**
 * A client's session in ten requests, each connection cycling through them: eight reads (the goal, the page
 * of goals, /me, the person's day and the team's week) and two writes (a check-in edit, a goal update).
 */
export function mixedProfile(s: Subjects): RequestSpec[] {
  return [
    me,
    goalRead(s),
    goalsPage,
    personDay(s),
    goalRead(s),
    checkInPatch(s),
    me,
    teamWeek(s),
    goalRead(s),
    goalUpdate(s),
  ];
}

function scenario(
  key: string,
  label: string,
  server: Target,
  requests: RequestSpec[],
  options: { writes?: boolean; load?: Scenario['load'] } = {},
): Scenario {
  return { key, label, server, load: options.load ?? 'connections', requests, writes: options.writes ?? false };
}

const sized = (what: string, count: number, bytes: number) => `${count} ${what}, ${(bytes / 1000).toFixed(1)} kB`;

/**
 * The small world's many-connection scenarios again, against a baseline build (on its own subjects: the same
 * seed gives the same records, but a baseline may generate others), each run right after its twin.
 */
export function baselineTwins(baseline: Subjects, large: Subjects): Scenario[] {
  return scenarios(baseline, large, false)
    .filter((s) => s.server === 'small' && s.load === 'connections')
    .map((s) => ({ ...s, key: `${s.key}@baseline`, server: 'baseline' as const }));
}

/** Every scenario of a throughput run, in the order each round runs them. */
export function scenarios(small: Subjects, large: Subjects, withPrism: boolean): Scenario[] {
  const oneConnection = { load: 'one-connection' } as const;
  return [
    // Prism serves the spec's paths without the server URL's /api/v2; it sits next to the row it is compared with.
    ...(withPrism
      ? [
          scenario('prism-goal', 'Prism mock: GET /goals/{id}', 'prism', [
            { method: 'GET', path: `/goals/${small.goalId}` },
          ]),
        ]
      : []),
    scenario('goal', 'GET /goals/{id}', 'small', [goalRead(small)]),
    scenario(
      'goals-page',
      `GET /goals?per_page=50 (${sized('goals', small.goalsPage.goals, small.goalsPage.bytes)})`,
      'small',
      [goalsPage],
    ),
    // The small world has fewer goals than a page holds: the large world's full page, for reference.
    scenario(
      'goals-page-large',
      `GET /goals?per_page=50 (${sized('goals', large.goalsPage.goals, large.goalsPage.bytes)})`,
      'large',
      [goalsPage],
    ),
    scenario('goal-update', 'POST /goals/{id}/goal-updates', 'small', [goalUpdate(small)], { writes: true }),
    scenario('me', 'GET /me', 'small', [me]),
    scenario('mcp-me', 'MCP tools/call get_me on /mcp', 'small', [toolCall('get_me', {})]),
    scenario('mcp-goal', 'MCP tools/call get_goal on /mcp', 'small', [toolCall('get_goal', { id: small.goalId })]),
    scenario('check-in-patch', 'PATCH /check-ins/{id}', 'small', [checkInPatch(small)], { writes: true }),
    scenario('person-day', 'GET /check-ins, one person, one day', 'small', [personDay(small)]),
    scenario('mixed', 'mixed: 8 reads and 2 writes in 10', 'small', mixedProfile(small), { writes: true }),
    scenario(
      'team-week-small',
      `GET /check-ins, one team, a week (${sized('check-ins', small.teamWeek.checkIns, small.teamWeek.bytes)})`,
      'small',
      [teamWeek(small)],
      oneConnection,
    ),
    // DG4: the vendor's agent routine polls the first comment of its digest; on the large world a poll between
    // writes is answered from the digest cache.
    scenario(
      'digest-poll-large',
      "GET /digest?category=comment&per_page=1, large world (the agent routine's poll)",
      'large',
      [{ method: 'GET', path: `${API}/digest?category=comment&per_page=1` }],
      oneConnection,
    ),
    scenario(
      'team-week-large',
      `GET /check-ins, one team, a week (${sized('check-ins', large.teamWeek.checkIns, large.teamWeek.bytes)})`,
      'large',
      [teamWeek(large)],
      oneConnection,
    ),
  ];
}
