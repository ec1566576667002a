// Runs check groups against one target without a test runner: the self-test's engine, and a library entry.
import { NotRun, type CheckGroup } from './check.js';
import { KitContext, type KitOptions } from './context.js';
import type { Coverage } from './coverage.js';

export interface CheckResult {
  group: string;
  rule: string;
  title: string;
  outcome: 'passed' | 'failed' | 'not run';
  message?: string;
}

export interface RunReport {
  results: CheckResult[];
  coverage: Coverage;
  cleanupFailures: string[];
  ms: number;
}

/**
 * Runs every check of the groups in order, then cleans up.
 * @example const { results } = await runChecks(ALL_GROUPS, { baseUrl, token });
 */
export async function runChecks(groups: readonly CheckGroup[], options: KitOptions): Promise<RunReport> {
  const started = performance.now();
  let ctx: KitContext;
  try {
    ctx = await KitContext.start(options);
  } catch (error) {
    // Without GET /me nothing else can run; that is a PT1 failure to report, not a crash of the kit.
    const placeholder = new KitContext(options);
    const results: CheckResult[] = [
      { group: 'people-teams', rule: 'PT1', title: 'GET /me answers the token\'s person', outcome: 'failed', message: (error as Error).message },
      ...groups.flatMap((g) => g.checks.map((c) => ({ group: g.name, rule: c.rule, title: c.title, outcome: 'not run' as const, message: 'GET /me failed' }))),
    ];
    return { results, coverage: placeholder.coverage, cleanupFailures: [], ms: Math.round(performance.now() - started) };
  }
  const results: CheckResult[] = [];
  let cleanupFailures: string[] = [];
  try {
    for (const group of groups) {
      for (const check of group.checks) {
        const base = { group: group.name, rule: check.rule, title: check.title };
        try {
          await check.run(ctx);
          results.push({ ...base, outcome: 'passed' });
        } catch (error) {
          results.push(error instanceof NotRun
            ? { ...base, outcome: 'not run', message: error.reason }
            : { ...base, outcome: 'failed', message: (error as Error).message });
        }
      }
    }
  } finally {
    cleanupFailures = await ctx.cleanup.run();
  }
  return { results, coverage: ctx.coverage, cleanupFailures, ms: Math.round(performance.now() - started) };
}
