// The one contract run, behind both `standin contract` and the library's checkContract: the preflight, every
// selected check in-process (runChecks, no test runner), the cleanup and the sweep of what the run created, and
// the verdict, with the report `standin contract` prints and progress told to an optional reporter. Against a
// standin, the run works in a session of its own (standin-session.ts) and reports what the server had in force
// (standin-in-force.ts).
import type { ExploreOptions } from '../checks/explore.js';
import type { KitOptions } from './kit-options.js';
import { defaultMockToken } from './mock-token.js';
import { preflight } from './preflight.js';
import type { ContractReporter } from './progress.js';
import { changes, readInForce, type StandinConditions } from './standin-in-force.js';
import { dropSession, sessionName, standinRoot, withSession } from './standin-session.js';
import type { Summary } from './summary.js';
import { sweep } from './sweep.js';

/** What a run checks: KitOptions with the token optional (standin's default person's when left out). */
export type ContractOptions = Omit<KitOptions, 'token' | 'setUp'> & {
  token?: string;
  /**
   * Against a standin, write into its shared world rather than a session of the run's own (MK5), which is the
   * default: every request then carries `X-Mock-Session: standin-contract-…`, and the session is dropped at the
   * end. No other server is sent the header either way.
   */
  sharedWorld?: boolean;
  /** With `mcpUrl`: the MCP checks only, none of the API's own (the preflight still reads the API's /me). */
  mcpOnly?: boolean;
  /** Also explore sequences (issue 37): its budget, seed and where a failure's repro goes. */
  explore?: ExploreOptions;
};

export interface ContractControls {
  /** Also fail unless every operation answered a success and no flag left a check out. */
  requireFullCoverage?: boolean;
  /** Told as the run goes: checks start, each group, each check's result, the cleanup. */
  onProgress?: ContractReporter;
  /** Aborting ends the run early: the check under way ends, the rest are not run, and cleanup still runs. */
  signal?: AbortSignal;
}

export interface ContractRun extends Summary {
  /**
   * The run passes: no check failed, every check ran but those a flag left out, the cleanup left nothing
   * behind (and, with requireFullCoverage, every operation answered a success and no flag left a check out).
   */
  ok: boolean;
  /** What full coverage lacks ("coverage below 100%", "4 checks not run because of a flag"); empty when full. */
  short: string[];
  /** The run's wall time, preflight to sweep, in milliseconds. */
  ms: number;
  /**
   * Against a standin: the session the run worked in, and the overrides, fault profile, rate limits and strict
   * mode in force at its start and its end. Null against any other server.
   */
  standin: StandinConditions | null;
}

/**
 * Checks the server at `baseUrl` against the spec and the behaviour rules. Throws PreflightError, in one line,
 * when the run cannot work at all (the server does not answer, the token is unknown, or read-only while the
 * run would write).
 * @example
 * const run = await checkContract({ baseUrl: 'http://127.0.0.1:4010/api/v2', readOnly: true });
 * console.log(run.text); // the report; run.results has every check, run.ok says whether the run passed
 */
export async function checkContract(
  input: ContractOptions,
  { requireFullCoverage = false, onProgress, signal }: ContractControls = {},
): Promise<ContractRun> {
  const started = performance.now();
  const { sharedWorld = false, mcpOnly = false, explore, ...kitInput } = input;
  const baseUrl = input.baseUrl.replace(/\/+$/, '');
  const runId = input.runId ?? `run-${Date.now().toString(36)}`;
  const baseFetch = input.fetch ?? fetch;
  const root = await standinRoot(baseUrl, baseFetch);
  // MK5: a run that writes works in a session of its own, unless asked not to; a --read-only run writes nothing.
  const session = root && !sharedWorld && !input.readOnly ? sessionName(runId) : null;
  const doFetch = root && session ? withSession(baseFetch, root, session) : baseFetch;
  try {
    const atStart = root ? await readInForce(root, doFetch, session) : null;
    // Against standin the token may be left out: the default person's, from /__mock/tokens (MK1). Without one
    // the preflight says which is wrong: nothing answers, or a server that is not standin needs a token.
    const token = input.token || ((await defaultMockToken(baseUrl, doFetch)) ?? '');
    const options: KitOptions = { ...kitInput, runId, baseUrl, token, fetch: doFetch };
    const setUp = await preflight(options);
    // The checks, and the spec they compile, load once the preflight passed: a run that cannot work stops sooner.
    // The MCP part and the SDK it drives load only with --mcp: a REST run's start does not grow.
    // The explorer and fast-check load only with --explore.
    const [{ ALL_GROUPS }, { runChecks }, { summarize, verdict }, mcpGroups, exploreGroups] = await Promise.all([
      import('../checks/index.js'),
      import('./runner.js'),
      import('./summary.js'),
      input.mcpUrl ? import('../checks/mcp.js').then(({ mcp }) => [mcp]) : [],
      explore ? import('../checks/explore.js') : null,
    ]);
    const exploring = exploreGroups?.exploreGroup({ ...explore, ownSession: session !== null });
    const groups =
      input.mcpUrl && mcpOnly ? mcpGroups : [...ALL_GROUPS, ...mcpGroups, ...(exploring ? [exploring] : [])];
    const run = await runChecks(groups, { ...options, setUp }, { onProgress, signal });
    // The safety net behind the cleanup's undo steps: whatever still carries this run's mark goes.
    await sweep(options);
    const atEnd = root && atStart ? await readInForce(root, doFetch, session) : null;
    const standin: StandinConditions | null =
      atStart && atEnd
        ? {
            session,
            ...(session ? {} : { sharedBecause: sharedWorld ? ('asked' as const) : ('read-only' as const) }),
            atStart,
            atEnd,
            changed: changes(atStart, atEnd),
          }
        : null;
    const ms = performance.now() - started;
    const explored = exploring?.explored();
    const summary = summarize({
      baseUrl,
      ms,
      groups,
      run,
      rules: options.rules,
      standin,
      ...(explored && exploreGroups ? { explored: exploreGroups.exploredLine(explored) } : {}),
    });
    return { ...summary, ...verdict(summary, { requireFullCoverage }), ms, standin };
  } finally {
    // Also after a stop or an interrupt: the session's world goes with everything the run wrote into it.
    if (root && session) await dropSession(root, session, baseFetch);
  }
}
