// `standin contract`: runs the kit (vitest, one file per rule group) against any base URL and reports per
// rule and per rule source, with coverage and optional JUnit XML. A preflight first stops, in one line, a
// run that cannot work (server down, token unknown or read-only). Exit 0 when no check failed and every check
// ran but those a flag left out (--read-only; no --modify-existing, --other-token, --read-only-token), and
// those too under --require-full-coverage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { KitOptions } from '../../contract-tests/kit/context.js';
import { defaultMockToken } from '../../contract-tests/kit/mock-token.js';
import { preflight, PreflightError } from '../../contract-tests/kit/preflight.js';
import { parseRuleSources, type RuleSource } from '../spec/rule-sources.js';
import { optionError } from './option-errors.js';

/** The kit's vitest configuration, compiled beside the kit: it runs the compiled group files. */
const VITEST_CONFIG = fileURLToPath(new URL('../../contract-tests/vitest.contract.config.js', import.meta.url));

export const CONTRACT_USAGE = `Usage: standin contract --base-url URL --token T [options]

Checks a server of the API against spec/openapi.yaml and the behaviour rules, rule by rule.
  --base-url URL        the server's base, ending in /api/v2 (STANDIN_CONTRACT_BASE_URL)
  --token T             a read-write token of the person to act as (STANDIN_CONTRACT_TOKEN); against
                        standin, the first person's from /__mock/tokens when left out
  --other-token T       a second person's read-write token, for checks of what others may not do
  --read-only-token T   the first person's read-only token (G9 checks)
  --read-only           safe methods only: create, change and delete nothing
  --modify-existing     allow filling in the person's own latest check-in (answers are restored after)
  --rules SOURCES       check only rules from these sources, comma-separated: interface (the interface
                        document), production (the production service's docs), decided (standin's own
                        choices); default: all three
  --junit FILE          also write JUnit XML there
  --require-full-coverage   fail unless every operation of the spec was exercised and every check ran,
                        those a flag leaves out too (by default they are reported, and pass the run)
Against standin, the other and read-only tokens come from /__mock/tokens when not given.`;

/** A mistake in the command line: answered with the usage text. */
export class ContractUsageError extends Error {}

interface ContractArgs {
  options: KitOptions;
  junit?: string;
  requireFullCoverage: boolean;
}

function readArgs(argv: string[]): ContractArgs | 'help' {
  const known = {
    'base-url': { type: 'string' },
    token: { type: 'string' },
    'other-token': { type: 'string' },
    'read-only-token': { type: 'string' },
    'read-only': { type: 'boolean' },
    'modify-existing': { type: 'boolean' },
    rules: { type: 'string' },
    junit: { type: 'string' },
    'require-full-coverage': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: known }));
  } catch (error) {
    throw new ContractUsageError(optionError(error, Object.keys(known)));
  }
  if (values.help) return 'help';
  const env = process.env;
  const baseUrl = (values['base-url'] ?? env.STANDIN_CONTRACT_BASE_URL)?.replace(/\/+$/, '');
  const token = values.token ?? env.STANDIN_CONTRACT_TOKEN;
  if (!baseUrl) throw new ContractUsageError('--base-url is required');
  if (!/^https?:\/\/[^/]+/.test(baseUrl))
    throw new ContractUsageError(`--base-url must be an http(s) URL ending in /api/v2, not "${baseUrl}"`);
  let rules: RuleSource[] | undefined;
  if (values.rules !== undefined) {
    const parsed = parseRuleSources(values.rules);
    if ('error' in parsed) throw new ContractUsageError(parsed.error);
    rules = parsed.length === 3 ? undefined : parsed;
  }
  return {
    options: {
      baseUrl,
      token: token ?? '',
      otherToken: values['other-token'],
      readOnlyToken: values['read-only-token'],
      readOnly: values['read-only'] ?? false,
      modifyExisting: values['modify-existing'] ?? false,
      rules,
      runId: `run-${Date.now().toString(36)}`,
    },
    junit: values.junit,
    requireFullCoverage: values['require-full-coverage'] ?? false,
  };
}

/** The vitest to install here: 5 needs Node 22.12 or later, 4 still runs on Node 20; the kit takes either. */
function vitestForThisNode(): string {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12) ? 'vitest' : 'vitest@4';
}

/** The test runner the kit's groups run in: vitest, an optional peer, with a way to get it when missing. */
async function loadVitest(): Promise<(typeof import('vitest/node'))['startVitest']> {
  try {
    return (await import('vitest/node')).startVitest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      `the kit runs its checks with vitest, which is not installed: npm install --save-dev ${vitestForThisNode()} (or call checkContract from standin/contract, which needs no test runner)`,
    );
  }
}

/**
 * Runs the kit and resolves with the process exit code: 0 none failed and all ran but those a flag left out,
 * 1 a check failed or did not run for another reason, 2 no run.
 */
export async function runContract(argv: string[]): Promise<number> {
  const args = readArgs(argv);
  if (args === 'help') {
    process.stdout.write(`${CONTRACT_USAGE}\n`);
    return 0;
  }
  const started = performance.now();
  const { options } = args;
  // Against standin the token may be left out: the default person's, from /__mock/tokens (MK1). Without one
  // the preflight says which is wrong: nothing answers, or a server that is not standin needs --token.
  if (!options.token) options.token = (await defaultMockToken(options.baseUrl)) ?? '';
  try {
    options.setUp = await preflight(options);
  } catch (error) {
    if (!(error instanceof PreflightError)) throw error;
    process.stderr.write(`standin contract: ${error.message}\n`);
    return 2;
  }
  // Loaded after the preflight: a run that cannot work stops before the test runner and the checks load.
  const startVitest = await loadVitest();
  const [
    { OPTIONS_ENV, readGroupReports, REPORT_DIR_ENV },
    { summarize, verdict },
    { sweep },
    { writeJunit },
    { ALL_GROUPS },
    { leftOutBy },
    { plannedGroups },
  ] = await Promise.all([
    import('../../contract-tests/kit/run-files.js'),
    import('../../contract-tests/kit/summary.js'),
    import('../../contract-tests/kit/sweep.js'),
    import('../../contract-tests/kit/junit.js'),
    import('../../contract-tests/checks/index.js'),
    import('../../contract-tests/kit/runner.js'),
    import('../../contract-tests/kit/check-contract.js'),
  ]);
  const planned = plannedGroups(options.rules);

  const reportDir = mkdtempSync(join(tmpdir(), 'standin-contract-'));
  // An interrupt still removes what this run created, and the report folder.
  const onInterrupt = () => {
    process.stderr.write('\nstandin contract: interrupted; removing what this run created\n');
    void sweep(options).finally(() => {
      rmSync(reportDir, { recursive: true, force: true });
      process.exit(130);
    });
  };
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  try {
    process.env[OPTIONS_ENV] = JSON.stringify(options);
    process.env[REPORT_DIR_ENV] = reportDir;
    const vitest = await startVitest('test', [], {
      config: VITEST_CONFIG,
      root: join(VITEST_CONFIG, '..', '..'),
      run: true,
      watch: false,
      reporters: ['dot'],
    });
    const runnerFailed = vitest.state.errorsSet.size > 0;
    await vitest.close();
    await sweep(options);

    const summary = summarize({
      baseUrl: options.baseUrl,
      ms: performance.now() - started,
      planned,
      reports: readGroupReports(reportDir),
      setUpFailures: options.setUp.failures,
      rules: options.rules,
      leftOut: leftOutBy(ALL_GROUPS, options.rules),
    });
    process.stdout.write(`\n${summary.text}\n`);
    if (args.junit) writeJunit(args.junit, summary.results, (performance.now() - started) / 1000);
    // A check a flag left out is the run's choice, not a finding: it fails the run only when asked to.
    const { ok, short } = verdict(summary, { requireFullCoverage: args.requireFullCoverage });
    if (args.requireFullCoverage && short.length > 0)
      process.stdout.write(`${short.join(' and ')}: --require-full-coverage fails the run\n`);
    return ok && !runnerFailed ? 0 : 1;
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
    delete process.env[OPTIONS_ENV];
    delete process.env[REPORT_DIR_ENV];
    rmSync(reportDir, { recursive: true, force: true });
  }
}
