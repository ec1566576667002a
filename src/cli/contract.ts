// `standin contract`: the command line over checkContract (the kit's one run, in this process, no test
// runner): reads the options, draws progress on stderr, prints the report per rule and per rule source with
// coverage on stdout, writes optional JUnit XML, and turns the verdict into the exit code. A preflight first
// stops, in one line, a run that cannot work (server down, token unknown or read-only). Exit 0 when no check
// failed and every check ran but those a flag left out (--read-only; no --modify-existing, --other-token,
// --read-only-token, --activity-hook-url), and those too under --require-full-coverage. With --mcp, an MCP server
// is checked too (or alone, --mcp-only): the kit's MCP part (contract-tests/checks/mcp.ts).
import type { ContractOptions } from '../../contract-tests/kit/check-contract.js';
import { parseRuleSources, type RuleSource } from '../spec/rule-sources.js';
import { progressOn } from './contract-progress.js';
import { commandOptions } from './option-errors.js';

const CONTRACT_USAGE = `Usage: standin contract --base-url URL --token T [options]
       standin contract --mcp URL --token T --mcp-only [options]

Checks a server of the API against spec/openapi.yaml and the behaviour rules, rule by rule.
  --base-url URL        the server's base, ending in /api/v2 (STANDIN_CONTRACT_BASE_URL)
  --token T             a read-write token of the person to act as (STANDIN_CONTRACT_TOKEN); against
                        standin, the first person's from /__mock/tokens when left out
  --other-token T       a second person's read-write token, for checks of what others may not do
  --read-only-token T   the first person's read-only token (G9 checks)
  --activity-hook-url URL   the account's collect-activity hook URL with its token, for the WH1 checks
                        (STANDIN_CONTRACT_ACTIVITY_HOOK_URL); against standin, GET /__mock/world's
  --read-only           safe methods only: create, change and delete nothing
  --modify-existing     allow filling in the person's own latest check-in (answers are restored after)
  --rules SOURCES       check only rules from these sources, comma-separated: interface (the interface
                        document), production (the production service's docs), decided (standin's own
                        choices); default: all three
  --shared-world        against standin, write into its shared world; by default a run that writes works in
                        an X-Mock-Session of its own (MK5), dropped at the end, so that the shared world, its
                        dashboard and its webhook subscribers see nothing of the run
  --mcp URL             also check the MCP server at URL (STANDIN_CONTRACT_MCP_URL), e.g. standin's
                        http://127.0.0.1:4010/mcp or production's, with --token as its Bearer token: its
                        tools (MCP2), protocol errors (MCP5), GO7 and G8 through its tools; it calls read
                        tools only. --base-url defaults to the MCP server's root + /api/v2 (MCP1)
  --mcp-only            with --mcp, the MCP checks only (the API's /me still answers the preflight)
  --explore             also explore sequences of writes and reads (fast-check, model-based): each answer
                        judged by the spec, HTTP semantics and the domain rules; a failure is shrunk to the
                        shortest sequence, printed numbered, with the seed to replay it
  --explore-requests N  the exploration's budget of requests (default 2000; shrinking gets its own)
  --explore-seed N      the seed to draw sequences from (default: drawn, and printed with a failure)
  --explore-out DIR     write a failure's repro there: numbered requests, a curl script, a HAR file and a
                        vitest test that replays it
  --junit FILE          also write JUnit XML there
  --require-full-coverage   fail unless every operation of the spec was exercised and every check ran,
                        those a flag leaves out too (by default they are reported, and pass the run)
Against standin, the other and read-only tokens come from /__mock/tokens when not given, the hook URL from
/__mock/world.`;

/** A mistake in the command line: answered with the usage text. */
export class ContractUsageError extends Error {}

interface ContractArgs {
  options: ContractOptions;
  junit?: string;
  requireFullCoverage: boolean;
}

/** MCP1: the MCP server sits at the service root's /mcp, beside /api/v2; an endpoint elsewhere, its origin's. */
function apiBesideMcp(mcpUrl: string): string {
  const url = new URL(mcpUrl);
  return `${url.origin}${url.pathname.replace(/\/mcp\/?$/, '').replace(/\/+$/, '')}/api/v2`;
}

function readArgs(argv: string[]): ContractArgs | 'help' {
  const { values } = commandOptions(
    argv,
    {
      'base-url': { type: 'string' },
      token: { type: 'string' },
      'other-token': { type: 'string' },
      'read-only-token': { type: 'string' },
      'activity-hook-url': { type: 'string' },
      'read-only': { type: 'boolean' },
      'modify-existing': { type: 'boolean' },
      'shared-world': { type: 'boolean' },
      mcp: { type: 'string' },
      'mcp-only': { type: 'boolean' },
      rules: { type: 'string' },
      explore: { type: 'boolean' },
      'explore-requests': { type: 'string' },
      'explore-seed': { type: 'string' },
      'explore-out': { type: 'string' },
      junit: { type: 'string' },
      'require-full-coverage': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    (message) => new ContractUsageError(message),
  );
  if (values.help) return 'help';
  const env = process.env;
  const mcpUrl = values.mcp ?? env.STANDIN_CONTRACT_MCP_URL;
  if (mcpUrl !== undefined && !/^https?:\/\/[^/]+/.test(mcpUrl))
    throw new ContractUsageError(`--mcp must be an http(s) URL of an MCP endpoint, not "${mcpUrl}"`);
  if (values['mcp-only'] && mcpUrl === undefined) throw new ContractUsageError('--mcp-only needs --mcp URL');
  const baseUrl = (values['base-url'] ?? env.STANDIN_CONTRACT_BASE_URL ?? (mcpUrl && apiBesideMcp(mcpUrl)))?.replace(
    /\/+$/,
    '',
  );
  const token = values.token ?? env.STANDIN_CONTRACT_TOKEN;
  if (!baseUrl) throw new ContractUsageError('--base-url is required (or --mcp URL)');
  if (!/^https?:\/\/[^/]+/.test(baseUrl))
    throw new ContractUsageError(`--base-url must be an http(s) URL ending in /api/v2, not "${baseUrl}"`);
  let rules: RuleSource[] | undefined;
  if (values.rules !== undefined) {
    const parsed = parseRuleSources(values.rules);
    if ('error' in parsed) throw new ContractUsageError(parsed.error);
    rules = parsed.length === 3 ? undefined : parsed;
  }
  const exploring = values.explore ?? false;
  for (const flag of ['explore-requests', 'explore-seed', 'explore-out'] as const)
    if (values[flag] !== undefined && !exploring) throw new ContractUsageError(`--${flag} needs --explore`);
  const whole = (flag: 'explore-requests' | 'explore-seed', least: number): number | undefined => {
    const text = values[flag];
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < least || !Number.isSafeInteger(Number(text)))
      throw new ContractUsageError(`--${flag} takes a whole number of at least ${least}, not "${text}"`);
    return Number(text);
  };
  const requests = whole('explore-requests', 1);
  const seed = whole('explore-seed', 0);
  const out = values['explore-out'];
  return {
    options: {
      baseUrl,
      token,
      otherToken: values['other-token'],
      readOnlyToken: values['read-only-token'],
      activityHookUrl: values['activity-hook-url'] ?? env.STANDIN_CONTRACT_ACTIVITY_HOOK_URL,
      readOnly: values['read-only'] ?? false,
      modifyExisting: values['modify-existing'] ?? false,
      sharedWorld: values['shared-world'] ?? false,
      rules,
      ...(mcpUrl === undefined ? {} : { mcpUrl, mcpOnly: values['mcp-only'] ?? false }),
      ...(exploring
        ? {
            explore: {
              ...(requests === undefined ? {} : { requests }),
              ...(seed === undefined ? {} : { seed }),
              ...(out === undefined ? {} : { out }),
            },
          }
        : {}),
    },
    junit: values.junit,
    requireFullCoverage: values['require-full-coverage'] ?? false,
  };
}

/**
 * Runs the kit and resolves with the process exit code: 0 none failed and all ran but those a flag left out,
 * 1 a check failed or did not run for another reason, 2 no run, 130 interrupted (after the cleanup).
 */
export async function runContract(argv: string[]): Promise<number> {
  const args = readArgs(argv);
  if (args === 'help') {
    process.stdout.write(`${CONTRACT_USAGE}\n`);
    return 0;
  }
  // Loaded once the command line is known good: a mistake is answered before the checks and the spec load.
  const [{ checkContract }, { PreflightError }, { writeJunit }] = await Promise.all([
    import('../../contract-tests/kit/check-contract.js'),
    import('../../contract-tests/kit/preflight.js'),
    import('../../contract-tests/kit/junit.js'),
  ]);
  // An interrupt stops the run after the check under way; the cleanup and the sweep still remove what it
  // created, and the report shows what ran. A second interrupt ends the process at once (Node's default).
  const interrupt = new AbortController();
  const onInterrupt = () => {
    process.stderr.write('\nstandin contract: interrupted; removing what this run created\n');
    interrupt.abort();
  };
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  try {
    const run = await checkContract(args.options, {
      requireFullCoverage: args.requireFullCoverage,
      onProgress: progressOn(process.stderr),
      signal: interrupt.signal,
    });
    process.stdout.write(`\n${run.text}\n`);
    if (args.junit) await writeJunit(args.junit, run.results, run.ms / 1000);
    if (interrupt.signal.aborted) return 130;
    // A check a flag left out is the run's choice, not a finding: it fails the run only when asked to.
    if (args.requireFullCoverage && run.short.length > 0)
      process.stdout.write(`${run.short.join(' and ')}: --require-full-coverage fails the run\n`);
    return run.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof PreflightError)) throw error;
    process.stderr.write(`standin contract: ${error.message}\n`);
    return 2;
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}
