// Binds a check group to vitest: one test per selected check, titled `<rule> <title>`; a check that does
// not run becomes a skip with its reason; results and coverage are written for the CLI's summary; cleanup
// runs after the group.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { CheckGroup } from './check.js';
import { KitContext } from './context.js';
import { runCheck, selectedChecks, type CheckResult } from './runner.js';
import { optionsFromEnv, writeGroupReport } from './run-files.js';

export function bindGroup(group: CheckGroup): void {
  const options = optionsFromEnv();
  describe(group.title, () => {
    let ctx: KitContext;
    const results: CheckResult[] = [];

    beforeAll(async () => {
      ctx = await KitContext.start(options);
    });

    afterAll(async () => {
      const cleanupFailures = ctx ? await ctx.cleanup.run() : [];
      writeGroupReport({
        group: group.name,
        title: group.title,
        results,
        coverage: ctx?.coverage.toJSON() ?? {},
        cleanupFailures,
      });
      if (cleanupFailures.length > 0) throw new Error(`cleanup left records behind:\n${cleanupFailures.join('\n')}`);
    });

    for (const check of selectedChecks(group, options.rules)) {
      it(`${check.rule} ${check.title}`, async (test) => {
        const result = await runCheck(group, check, ctx);
        results.push(result);
        if (result.outcome === 'not run') test.skip(`not run: ${result.message}`);
        if (result.outcome === 'failed') throw new Error(result.message);
      });
    }
  });
}
