// npm run world:report, run in-process once for seed 42 small: its table's rows, each figure a number, the
// advance's figures after a clock step, and the command lines it refuses. No thresholds asserted: the story
// engine is being rewritten, and the rules join the tests as they come to hold.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleOn } from '../../test/support/doc-examples.js';
import { advanceParts, worldReport } from './world-report.js';

const NOW = '2026-11-20T09:00:00Z';
/** The command docs/world.md prints, its arguments after `--` as npm passes them on. */
const DOCUMENTED = exampleOn('docs/world.md', 'shell', 'npm run world:report').code.trim();

const STORY_ROWS = [
  ['LW1', 'goals off-topic for their team'],
  ['LW1', 'goals whose people or key results are off it'],
  ['LW1', 'arcs contradicting their figures'],
  ['LW1', '"On track" below 100% after the end date'],
  ['LW2', "texts about another discipline's work"],
  ['LW3', 'check-in pairs that follow on'],
  ['LW4', 'goals repeating an update title'],
  ['LW4', 'goals repeating a bullet line'],
  ['LW4', 'goals telling a one-time act twice'],
  ['LW4', "comments repeating the week's"],
  ['LW4', 'one-time acts told by two people'],
  ['LW3', 'pairings the colleague does not tell'],
  ['LW4', 'sentences written by two people'],
  ['LW5', 'comments contradicting their record'],
  ['LW3', 'check-in pairs changing a colleague'],
  ['LW3', 'update pairs not following the plan'],
  ['LW3', 'successive texts whose numbers go back'],
  ['LW3', 'successive texts retelling a piece of work'],
  ['LW1', 'goals quoting a metric against their progress'],
  ['LW4', 'comments opening with a filler word'],
  ['LW3', 'sick days full of work done'],
  ['LW1', 'goals done in their first update'],
  ['LW2', "check-ins off the person's role"],
  ['LW2', "bios off the person's role"],
  ['LW3', 'slipped plans not carried on'],
  ['LW4', 'people opening most check-ins alike'],
  ['LW1', "goal updates not naming the goal's aim"],
  ['LW1', 'parent goals off-topic'],
  ['LW1', "goals doing none of their team goal's work"],
  ['LW4', 'people sharing a full name'],
  ['LW4', 'people sharing a surname with a teammate'],
  ['LW4', 'goals sharing a title'],
  ['LW3', 'tickets numbered past a team tracker'],
  ['LW1', "goal updates whose work is not the goal's"],
  ['LW1', 'finished goals listing next steps'],
  ['LW1', 'goals a week old without an update'],
  ['LW1', 'slipping goals turning at one point'],
  ['LW5', 'author replies answering what was not said'],
  ['LW4', 'Echo phrases used by five people or more'],
];
/** What records in trouble draw (fixtures/story-replies.ts), printed after the story's. */
const REPLY_ROWS = [
  ['LW5', 'blocked check-ins answered'],
  ['LW5', 'named asks answered by the one asked'],
  ['LW5', 'celebratory reactions on at-risk/off-track updates'],
  ['LW5', 'teammates offering help twice in a thread'],
  ['LW4', "comments closing on their writer's commonest emoji"],
  ['LW4', 'writers signing half their comments with one emoji'],
  ['LW4', 'comments of a shape six others share'],
  ['LW5', 'first replies to a blocker off what it waits on'],
  ['LW5', "authors' thanks under a blocker after no offer"],
  ['LW5', "authors' thanks for an unblock to one who promised to ask"],
  ['LW5', 'acts a blocker waits on promised by another than the one it names'],
  ['LW2', "acts promised off their writer's role"],
  ['LW4', 'comments of a skeleton their team used in the fortnight before'],
];
/** The clock's and the calendar's figures (fixtures/story-times.ts) and the agents' (story-agents.ts). */
const TIME_ROWS = [
  ['LW6', "comments out of the commenter's working day"],
  ['LW6', 'comments at :00 seconds'],
  ['LW6', "comments and reactions in one hour of their writers' day"],
  ['LW6', 'goal updates at :00 seconds'],
  ['LW6', "goal updates out of the author's working day"],
  ['LW6', 'daily Echo weekend days answered'],
  ['LW1', 'headlines telling a period not reached'],
  ['LW1', 'p95 wins under 5% or 5 ms'],
  ['LW1', 'updates whose figures contradict their words'],
  ['LW1', 'goals open for two periods without an update'],
  ['LW1', 'goals told more often than their cadence'],
  ['LW1', 'goals whose updates skip two periods'],
  ['LW3', 'texts of a Friday saying "tomorrow"'],
  ['LW3', 'texts of a Monday telling "This week I" did'],
  ['PT1', "comments by agents or under agents' records"],
];
const WORKLOAD_ROWS = [
  ['LW2', 'role acts past a plausible monthly rate'],
  ['LW1', 'p95 latencies of what serves no request'],
  ['LW1', "components' p95 quoted apart in one week"],
  ['LW1', "p95 fixes lost by the next day's reading"],
  ['LW4', 'p95 fixes told by two people'],
  ['LW3', 'moods contradicting the day'],
  ['LW2', "colleagues named on another role's work"],
  ['LW2', "updates and answers off the author's role"],
];
/** What is said again past a week (fixtures/story-repeats.ts). */
const REPEAT_ROWS = [
  ['LW4', 'comments repeating the 4 weeks before'],
  ['LW4', 'Echo answer parts alike but for their project'],
];
/** The goals' figures (fixtures/story-goals.ts), read before the advance and after it. */
const GOAL_ROWS = [
  ['LW1', 'finished parents with unfinished children'],
  ['LW1', 'open goals at the most common confidence'],
  ['LW1', 'counts told against their progress'],
];
/** What a stranger reads as told from a template (fixtures/story-templates.ts). */
const TEMPLATE_ROWS = [
  ['LW4', 'role tasks told by two people in a week'],
  ['LW4', 'counted findings told again within two weeks'],
  ['LW4', 'people opening a field with one word'],
  ['LW4', "a person's tasks told again in their week"],
  ['LW4', 'people opening Echo answers alike'],
  ['LW4', 'people ending Echo answers alike'],
  ['LW4', 'lines opening with a connector to nothing'],
  ['LW4', 'comments closing on an emoji'],
  ['LW4', 'goal update titles ending in a stock tag'],
  ['LW4', 'Echo answers opening two parts alike'],
];
/** What a ship recap's answers tell (fixtures/story-ships.ts). */
const SHIP_ROWS = [['LW2', "ship recap answers telling work that didn't ship"]];
const HOURS_ROWS = [['LW3', 'days telling two sets of hours with customers']];
/** One person's day told one way: no update below On track beside a bright check-in (story-contradictions.ts). */
const DAY_ROWS = [['LW3', 'updates below On track on a day their check-in is bright']];
/** A team's work told finished again within eight weeks (fixtures/story-finishes.ts), the feed's tasks with it and not. */
const FINISH_ROWS = [
  ['LW4', 'work told finished again within eight weeks'],
  ['LW4', "texts' work told finished again within eight weeks"],
];
const MOTION_ROWS = [
  ['LW6', 'due check-ins filled (others)'],
  ['LW7', "default person's check-ins filled for them"],
  ['LW6', 'goals due an update that got one'],
  ['LW6', 'new updates with comments'],
  ...TIME_ROWS.map(([rule, name]) => [rule, `${name}, after 7d`]),
  ['LW4', "comments repeating the week's, after 7d"],
  ...REPEAT_ROWS.map(([rule, name]) => [rule, `${name}, after 7d`]),
  ...GOAL_ROWS.map(([rule, name]) => [rule, `${name}, after 7d`]),
];

describe('npm run world:report', () => {
  it("prints each figure of seed 42 small and, after --advance 7d, what the clock added (docs/world.md's command); exit 0", async () => {
    const argv = DOCUMENTED.split(' -- ')[1]?.split(' ') ?? [];
    expect(argv).toEqual(['--seed', '42', '--size', 'small', '--now', NOW, '--advance', '7d']);
    const run = await worldReport(argv);
    expect(run.code).toBe(0);
    expect(run.figures.map((f) => [f.rule, f.name])).toEqual([
      ...STORY_ROWS,
      ...REPLY_ROWS,
      ...TIME_ROWS,
      ...WORKLOAD_ROWS,
      ...REPEAT_ROWS,
      ...GOAL_ROWS,
      ...TEMPLATE_ROWS,
      ...SHIP_ROWS,
      ...HOURS_ROWS,
      ...DAY_ROWS,
      ...FINISH_ROWS,
      ...MOTION_ROWS,
    ]);
    for (const f of run.figures) {
      expect(Number.isInteger(f.count) && f.count >= 0, `${f.name}: a count`).toBe(true);
      expect(f.of === null || (Number.isInteger(f.of) && f.of >= f.count), `${f.name}: a denominator`).toBe(true);
      expect(typeof f.met).toBe('boolean');
    }
    const lines = run.text.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'World: seed 42, small, read at 2026-11-20T09:00:00Z',
      'Advanced 7d to 2026-11-27T09:00:00Z; the story figures are read before it.',
    ]);
    expect(lines[3]).toMatch(/^rule +figure +value +threshold +met$/);
    // Each row: rule, figure, "count" or "count of n (p%)", "≤ n", "≤ p%" or "≥ p%", yes or NO.
    const rows = lines.slice(4, 4 + run.figures.length);
    rows.forEach((row, index) => {
      const f = run.figures[index]!;
      expect(row.startsWith(`${f.rule}   ${f.name}`), row).toBe(true);
      expect(row, row).toMatch(/ \d+( of \d+ \((\d+\.\d%|–)\))? +(≤ \d+%?|≥ \d+%) +(yes|NO)$/);
    });
    // The table docs/world.md prints is this run's, row for row.
    const doc = readFileSync(new URL('../../docs/world.md', import.meta.url), 'utf8');
    const printed = doc.slice(doc.indexOf('it printed:\n\n```\n') + 'it printed:\n\n```\n'.length);
    expect(printed.slice(0, printed.indexOf('\n```'))).toBe(lines.slice(3, 4 + run.figures.length).join('\n'));
    // README says every figure is met but the ticket numbers.
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('every figure is met but one, ticket numbers');
    expect(run.figures.filter((f) => !f.met).map((f) => f.name)).toEqual(['tickets numbered past a team tracker']);
  });

  it('reads the story alone without --advance, and --strict asks for 1 exactly when a figure misses', async () => {
    const run = await worldReport(['--size', 'small', '--now', NOW, '--strict']);
    expect(run.figures.map((f) => [f.rule, f.name])).toEqual([
      ...STORY_ROWS,
      ...REPLY_ROWS,
      ...TIME_ROWS,
      ...WORKLOAD_ROWS,
      ...REPEAT_ROWS,
      ...GOAL_ROWS,
      ...TEMPLATE_ROWS,
      ...SHIP_ROWS,
      ...HOURS_ROWS,
      ...DAY_ROWS,
      ...FINISH_ROWS,
    ]);
    expect(run.code).toBe(run.figures.every((f) => f.met) ? 0 : 1);
  });

  it.each([
    [['--sede', '4'], 'world:report: unknown option --sede: did you mean --seed?'],
    [['--advance', '7 days'], 'world:report: --advance takes a span such as 7d, 36h, 1d12h or 90m, not "7 days"'],
    [['--size', 'huge'], 'world:report: --size must be small or large, got "huge"'],
    [['--seed', 'x'], 'world:report: --seed takes a whole number, not "x"'],
    [['--seed', '9999999999'], 'world:report: --seed must be a whole number from 0 to 2147483647, got 9999999999'],
  ])('refuses %j with 2 and a line saying why', async (argv, start) => {
    const run = await worldReport(argv);
    expect(run.code).toBe(2);
    expect(run.text.split('\n')[0]).toBe(start);
    expect(run.figures).toEqual([]);
  });

  it.each([
    ['7d', { days: 7 }],
    ['36h', { hours: 36 }],
    ['1d12h', { days: 1, hours: 12 }],
    ['90m', { minutes: 90 }],
    ['', null],
    ['7', null],
    ['h', null],
  ])('reads --advance %j as %j', (span, parts) => {
    expect(advanceParts(span)).toEqual(parts);
  });
});
