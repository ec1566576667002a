// `npm run world:report`: the story measure (fixtures/story-measure.ts, LW1–LW5) of a world made by the real
// app factory (createMock, in-process), and after `--advance` what the clock added (story-motion.ts, LW6,
// LW7), moved through the control API as a client would move it. A report: it answers 0, or 1 with --strict
// when a figure misses its threshold, and 2 for a command line it cannot run.
import { parseArgs } from 'node:util';
import { measureMotion } from '../../fixtures/story-motion.js';
import { agentConversations } from '../../fixtures/story-agents.js';
import { measureGoals } from '../../fixtures/story-goals.js';
import { measureStory, repeatedCommentsInAWeek, type StoryFigure } from '../../fixtures/story-measure.js';
import { measureRepeats } from '../../fixtures/story-repeats.js';
import { measureTimes } from '../../fixtures/story-times.js';
import { measureWorkloads } from '../../fixtures/story-workloads.js';
import { measureTemplates } from '../../fixtures/story-templates.js';
import { unshippedRecapParts } from '../../fixtures/story-ships.js';
import { risksOnBrightDays } from '../../fixtures/story-contradictions.js';
import { daysOfTwoSessions } from '../../fixtures/story-hours.js';
import { workFinishedAgain } from '../../fixtures/story-finishes.js';
import { formatInstant } from '../domain/calendar.js';
import { createMock } from '../http/app.js';
import { OptionError } from '../http/option-rules.js';
import { storyRecordsOf } from '../runtime/story-records.js';
import { measureReplies } from '../../fixtures/story-replies.js';
import { negativeValuesJoined, optionError } from './option-errors.js';

const USAGE = `Usage: npm run world:report -- [--seed N] [--size small|large] [--now ISO] [--advance SPAN] [--strict]
  --seed N        the world's seed (default 42)
  --size S        small | large (default small)
  --now ISO       the clock the world is generated at, e.g. 2026-11-20T09:00:00Z (default real time)
  --advance SPAN  then move the clock through POST /__mock/clock/advance: 7d, 36h, 1d12h, 90m
  --strict        exit 1 when a figure misses its threshold (default: always 0, it is a report)`;

const OPTIONS = {
  seed: { type: 'string' },
  size: { type: 'string' },
  now: { type: 'string' },
  advance: { type: 'string' },
  strict: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/** What the command printed and the exit code it asks for. */
export interface ReportRun {
  text: string;
  code: 0 | 1 | 2;
  /** The figures printed (none when the command line was refused). */
  figures: StoryFigure[];
}

/**
 * `7d`, `36h`, `1d12h`, `90m` as ClockAdvance's parts; null for anything else.
 * @example advanceParts('1d12h') // { days: 1, hours: 12 }
 */
export function advanceParts(span: string): { days?: number; hours?: number; minutes?: number } | null {
  const match = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/.exec(span);
  if (!match || span === '') return null;
  const [, days, hours, minutes] = match;
  return {
    ...(days !== undefined && { days: Number(days) }),
    ...(hours !== undefined && { hours: Number(hours) }),
    ...(minutes !== undefined && { minutes: Number(minutes) }),
  };
}

function valueOf(f: StoryFigure): string {
  if (f.of === null) return String(f.count);
  const share = f.of === 0 ? '–' : `${((100 * f.count) / f.of).toFixed(1)}%`;
  return `${f.count} of ${f.of} (${share})`;
}

function thresholdOf(f: StoryFigure): string {
  if ('atMost' in f.threshold) return `≤ ${f.threshold.atMost}`;
  if ('atMostShare' in f.threshold) return `≤ ${Math.round(f.threshold.atMostShare * 100)}%`;
  return `≥ ${Math.round(f.threshold.atLeast * 100)}%`;
}

/**
 * The figures as a plain-text table (rule, figure, value, threshold, met), then the examples of each figure
 * that missed.
 */
function reportTable(figures: readonly StoryFigure[]): string {
  const rows = [
    ['rule', 'figure', 'value', 'threshold', 'met'],
    ...figures.map((f) => [f.rule, f.name, valueOf(f), thresholdOf(f), f.met ? 'yes' : 'NO']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  const examples = figures
    .filter((f) => !f.met && f.examples.length)
    .flatMap((f) => [`${f.rule} ${f.name}:`, ...f.examples.map((e) => `  - ${e}`)]);
  return [...lines, ...(examples.length ? ['', 'Examples of what missed:', ...examples] : [])].join('\n');
}

/**
 * Runs the report for a command line (without the node and script names).
 * @example const { text, code } = await worldReport(['--seed', '42', '--size', 'small', '--now', '2026-05-28T20:26:40Z'])
 */
export async function worldReport(argv: readonly string[]): Promise<ReportRun> {
  let values;
  try {
    ({ values } = parseArgs({ args: negativeValuesJoined(argv, ['seed']), options: OPTIONS, strict: true }));
  } catch (error) {
    return { text: `world:report: ${optionError(error, Object.keys(OPTIONS))}\n${USAGE}`, code: 2, figures: [] };
  }
  if (values.help) return { text: USAGE, code: 0, figures: [] };
  const advance = values.advance === undefined ? null : advanceParts(values.advance);
  if (values.advance !== undefined && advance === null)
    return {
      text: `world:report: --advance takes a span such as 7d, 36h, 1d12h or 90m, not "${values.advance}"`,
      code: 2,
      figures: [],
    };
  if (values.seed !== undefined && !/^\d+$/.test(values.seed))
    return { text: `world:report: --seed takes a whole number, not "${values.seed}"`, code: 2, figures: [] };
  const seed = values.seed === undefined ? 42 : Number(values.seed);
  let mock;
  try {
    mock = createMock({
      seed,
      ...(values.size !== undefined && { size: values.size as 'small' }),
      ...(values.now !== undefined && { now: values.now }),
    });
  } catch (error) {
    if (error instanceof OptionError)
      return { text: `world:report: ${error.message.replace(/^createMock: (\w+)/, '--$1')}`, code: 2, figures: [] };
    throw error;
  }
  try {
    const before = storyRecordsOf(mock.world);
    const figures = [
      ...measureStory(before),
      ...measureReplies(before),
      ...measureTimes(before),
      agentConversations(before),
      ...measureWorkloads(before),
      ...measureRepeats(before),
      ...measureGoals(before),
      ...measureTemplates(before),
      unshippedRecapParts(before),
      daysOfTwoSessions(before),
      risksOnBrightDays(before),
      // LW3/LW4: a team's work told finished again within eight weeks, the feed's tasks with it and without.
      workFinishedAgain(before),
      workFinishedAgain(before, false),
    ];
    const head = [`World: seed ${mock.options.seed}, ${mock.options.size}, read at ${formatInstant(before.now)}`];
    if (advance) {
      const res = await mock.app.request('/__mock/clock/advance', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(advance),
      });
      if (!res.ok)
        return {
          text: `world:report: advancing the clock answered ${res.status}: ${await res.text()}`,
          code: 2,
          figures: [],
        };
      const after = storyRecordsOf(mock.world);
      head.push(`Advanced ${values.advance} to ${formatInstant(after.now)}; the story figures are read before it.`);
      figures.push(...measureMotion(before, after));
      // What the simulation wrote keeps to the same clock and calendar (LW6), says nothing twice in a week, nor
      // what was said in the weeks before, nor one answer's part twice (LW4), and its goals' figures stay as coherent
      // as the history's (LW1).
      const again = [repeatedCommentsInAWeek(after), ...measureRepeats(after)];
      for (const f of [...measureTimes(after), agentConversations(after), ...again, ...measureGoals(after)])
        figures.push({ ...f, name: `${f.name}, after ${values.advance}` });
    }
    const missed = figures.some((f) => !f.met);
    return { text: `${head.join('\n')}\n\n${reportTable(figures)}`, code: values.strict && missed ? 1 : 0, figures };
  } finally {
    mock.close();
  }
}
