// Why checks failed, grouped by first cause: one defect in a server (a POST answering 200 for 201, a field
// with milliseconds) takes down every check that meets it, and a report that lists each check's failure in
// full buries the two defects under 65 failures. A failure's cause is what broke, in words that are the same
// for every check it took down — the operation and what was expected instead of what came (ids, indexes into
// a list and the values quoted left out), or a rule's own message with its ids left out — so that the report
// and the library's result show each cause once, with the checks it took down.
import { getCompiledSpec } from '../../src/spec/compiled-spec.js';
import type { RuleSource } from '../../src/spec/rule-sources.js';
import type { CheckResult } from './check-result.js';

/** The most characters of a cause: a schema problem per field of a large answer must not make a page of it. */
const CAUSE_CHARS = 300;
/** The most distinct problems of one answer a cause names; the rest are counted. */
const PROBLEMS_NAMED = 3;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;
/** The run's mark on the titles it writes (MARKER and the run id), which differs from run to run. */
const RUN_MARK = /\[standin-contract\] run-[\w-]+/g;

/** A text with the ids and the run's mark, which differ from check to check for the same cause, left out. */
function withoutIds(text: string): string {
  return text.replace(UUID, '{id}').replace(RUN_MARK, '[standin-contract]');
}

/** A rule's message with its instants left out too (a schema's problem keeps the example instant it names). */
function withoutSpecifics(text: string): string {
  return withoutIds(text).replace(INSTANT, '{instant}');
}

function clipped(text: string): string {
  return text.length > CAUSE_CHARS ? `${text.slice(0, CAUSE_CHARS - 1)}…` : text;
}

/**
 * One problem of an answer as a cause names it: the value it quotes left out (`; got …`), and an item's index in
 * a list as `*` (`0.updated_at` and `7.updated_at` are the same wrong field).
 */
function problemOf(problem: string): string {
  const said = problem.split('; got ', 1)[0] ?? problem;
  const space = said.indexOf(' ');
  const field = space < 0 ? said : said.slice(0, space);
  const rest = space < 0 ? '' : said.slice(space);
  return withoutIds(field.replace(/(^|\.)\d+(?=\.|$)/g, '$1*') + rest);
}

/**
 * The cause of a failed exchange: the spec's operation (method and path template) and what was expected of its
 * answer, each distinct problem once.
 * @example exchangeCause('POST', '/goals', ['status 200 is not documented for createGoal (documented: 201, …)'])
 * // 'POST /goals: status 200 is not documented for createGoal (documented: 201, …)'
 */
export function exchangeCause(method: string, path: string, problems: readonly string[]): string {
  const operation = getCompiledSpec().findOperation(method, path);
  const where = `${method} ${operation?.path ?? withoutIds(path.split('?', 1)[0] ?? path)}`;
  const distinct = [...new Set(problems.map(problemOf))];
  const more = distinct.length > PROBLEMS_NAMED ? `; and ${distinct.length - PROBLEMS_NAMED} more problems` : '';
  return clipped(`${where}: ${distinct.slice(0, PROBLEMS_NAMED).join('; ')}${more}`);
}

/**
 * The cause of a failure that is no exchange's (a rule's own assertion, an error of the check): its message's
 * first line with ids, instants and the run's mark left out.
 * @example messageCause('GO6: GET /goals/0b…/x must give 404, got 200') // 'GO6: GET /goals/{id}/x must give 404, got 200'
 */
export function messageCause(message: string): string {
  return clipped(withoutSpecifics(message.split('\n', 1)[0] ?? message));
}

/** One cause of a run's failures and the checks it took down. */
export interface FailureCause {
  /** 1 for the cause that took down the most checks, 2 for the next (a tie: the one met first). */
  n: number;
  /** What broke, in the same words for each check it took down: the operation and what was expected. */
  text: string;
  /** The rules that broke (the check's own when the failure names none), each with its source. */
  broke: Array<{ rule: string; source: RuleSource }>;
  /** The checks it took down, each as `<rule> <title>`, in report order. */
  checks: string[];
  /** The first of those checks' message in full: the request, the answer and what was expected. */
  example: string;
}

/** A failed result's cause: the one its run gave it, else one read from its message. */
export function causeOf(result: Pick<CheckResult, 'cause' | 'message'>): string {
  return result.cause ?? messageCause(String(result.message ?? 'failed'));
}

/**
 * The failed results grouped by cause, the cause that took down the most checks first.
 * @example groupFailures(run.results) // [{ n: 1, text: 'POST /goals: status 200 …', checks: [55 names], … }]
 */
export function groupFailures(results: readonly CheckResult[]): FailureCause[] {
  const byCause = new Map<string, Omit<FailureCause, 'n'>>();
  for (const result of results) {
    if (result.outcome !== 'failed') continue;
    const text = causeOf(result);
    let cause = byCause.get(text);
    if (!cause) byCause.set(text, (cause = { text, broke: [], checks: [], example: String(result.message ?? '') }));
    const rule = result.broke?.rule ?? result.rule;
    if (!cause.broke.some((b) => b.rule === rule))
      cause.broke.push({ rule, source: result.broke?.source ?? result.source });
    cause.checks.push(`${result.rule} ${result.title}`);
  }
  // A stable sort: among causes of as many checks, the one met first stays first.
  return [...byCause.values()]
    .sort((a, b) => b.checks.length - a.checks.length)
    .map((cause, i) => ({ n: i + 1, ...cause }));
}
