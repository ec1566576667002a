// `standin contract`: runs the kit (vitest, one file per rule group) against any base URL and reports per
// rule, with coverage and optional JUnit XML. Exit 0 only when every check ran and passed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startVitest } from 'vitest/node';
import type { KitOptions } from '../../contract-tests/kit/context.js';
import { OPTIONS_ENV, readGroupReports, REPORT_DIR_ENV } from '../../contract-tests/kit/run-files.js';
import { summarize } from '../../contract-tests/kit/summary.js';
import { sweep } from '../../contract-tests/kit/sweep.js';
import { PACKAGE_ROOT } from '../spec/compiled-spec.js';

export const CONTRACT_USAGE = `Usage: standin contract --base-url URL --token T [options]

Checks a server of the API against spec/openapi.yaml and the behaviour rules, rule by rule.
  --base-url URL        the server's base, ending in /api/v2 (STANDIN_CONTRACT_BASE_URL)
  --token T             a read-write token of the person to act as (STANDIN_CONTRACT_TOKEN)
  --other-token T       a second person's read-write token, for checks of what others may not do
  --read-only-token T   the first person's read-only token (G9 checks)
  --read-only           safe methods only: create, change and delete nothing
  --modify-existing     allow filling in the person's own latest check-in (answers are restored after)
  --junit FILE          also write JUnit XML there
  --require-full-coverage   fail unless every operation of the spec was exercised
Against standin, the other and read-only tokens come from /__mock/tokens when not given.`;

/** Runs the kit and resolves with the process exit code. */
export async function runContract(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' }, token: { type: 'string' }, 'other-token': { type: 'string' },
      'read-only-token': { type: 'string' }, 'read-only': { type: 'boolean' }, 'modify-existing': { type: 'boolean' },
      junit: { type: 'string' }, 'require-full-coverage': { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${CONTRACT_USAGE}\n`);
    return 0;
  }
  const env = process.env;
  const baseUrl = (values['base-url'] ?? env.STANDIN_CONTRACT_BASE_URL)?.replace(/\/+$/, '');
  const token = values.token ?? env.STANDIN_CONTRACT_TOKEN;
  if (!baseUrl || !token) {
    process.stderr.write(`standin contract: --base-url and --token are required\n\n${CONTRACT_USAGE}\n`);
    return 2;
  }
  const options: KitOptions = {
    baseUrl,
    token,
    otherToken: values['other-token'],
    readOnlyToken: values['read-only-token'],
    readOnly: values['read-only'] ?? false,
    modifyExisting: values['modify-existing'] ?? false,
    runId: `run-${Date.now().toString(36)}`,
  };
  const reportDir = mkdtempSync(join(tmpdir(), 'standin-contract-'));
  process.env[OPTIONS_ENV] = JSON.stringify(options);
  process.env[REPORT_DIR_ENV] = reportDir;

  // An interrupt still removes what this run created.
  const onInterrupt = () => {
    process.stderr.write('\nstandin contract: interrupted; removing what this run created\n');
    void sweep(options).finally(() => process.exit(130));
  };
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);

  const started = performance.now();
  const reporters: Array<string | [string, Record<string, unknown>]> = ['dot'];
  if (values.junit) reporters.push(['junit', { outputFile: values.junit, suiteName: 'standin contract' }]);
  const vitest = await startVitest('test', [], {
    config: join(PACKAGE_ROOT, 'contract-tests', 'vitest.contract.config.ts'),
    root: PACKAGE_ROOT,
    run: true,
    watch: false,
    reporters: reporters as never,
  });
  const vitestFailed = vitest.state.getCountOfFailedTests() > 0 || vitest.state.errorsSet.size > 0;
  await vitest.close();
  await sweep(options);
  process.off('SIGINT', onInterrupt);
  process.off('SIGTERM', onInterrupt);

  const summary = summarize(readGroupReports(reportDir), baseUrl, performance.now() - started);
  rmSync(reportDir, { recursive: true, force: true });
  process.stdout.write(`\n${summary.text}\n`);
  const fullCoverage = summary.coverage.ratio() === 1;
  if (values['require-full-coverage'] && !fullCoverage) process.stdout.write('coverage below 100%: --require-full-coverage fails the run\n');
  const ok = !vitestFailed && summary.failed === 0 && summary.notRun === 0 && summary.passed > 0
    && (!values['require-full-coverage'] || fullCoverage);
  return ok ? 0 : 1;
}
