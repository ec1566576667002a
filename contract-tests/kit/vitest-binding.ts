// Binds a check group to vitest: one test per check, titled `<rule> <title>`; NotRun becomes a skip with its
// reason; results and coverage are written for the CLI's summary; cleanup runs after the group.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { NotRun, type CheckGroup } from './check.js';
import { KitContext } from './context.js';
import type { CheckResult } from './runner.js';
import { optionsFromEnv, writeGroupReport } from './run-files.js';

export function bindGroup(group: CheckGroup): void {
  describe(group.title, () => {
    let ctx: KitContext;
    const results: CheckResult[] = [];

    beforeAll(async () => {
      ctx = await KitContext.start(optionsFromEnv());
    });

    afterAll(async () => {
      const cleanupFailures = ctx ? await ctx.cleanup.run() : [];
      writeGroupReport({ group: group.name, title: group.title, results, coverage: ctx?.coverage.toJSON() ?? {}, cleanupFailures });
      if (cleanupFailures.length > 0) throw new Error(`cleanup left records behind:\n${cleanupFailures.join('\n')}`);
    });

    for (const check of group.checks) {
      it(`${check.rule} ${check.title}`, async (test) => {
        const base = { group: group.name, rule: check.rule, title: check.title };
        try {
          await check.run(ctx);
          results.push({ ...base, outcome: 'passed' });
        } catch (error) {
          if (error instanceof NotRun) {
            results.push({ ...base, outcome: 'not run', message: error.reason });
            test.skip(`not run: ${error.reason}`);
          }
          results.push({ ...base, outcome: 'failed', message: (error as Error).message });
          throw error;
        }
      });
    }
  });
}
