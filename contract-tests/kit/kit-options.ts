// What a kit run is given (the target, tokens, safety switches, the rule sources to check) and what its set-up
// learned: plain data.
import type { RuleSource } from '../../src/spec/rule-sources.js';
import type { CheckResult } from './check-result.js';
import type { ApiSchema } from '../../src/types/wire.js';

export interface KitOptions {
  /** Ends with /api/v2. */
  baseUrl: string;
  token: string;
  /** A second person's read-write token: for checks of what someone else may not do. */
  otherToken?: string;
  /** The main person's read-only token (G9). */
  readOnlyToken?: string;
  /**
   * WH1: the account's collect-activity hook URL, its token included, as production shows it
   * (`https://…/hooks/activity/a/<account_id>?token=…`); against standin, from GET /__mock/world when left out.
   */
  activityHookUrl?: string;
  /**
   * An MCP server to check too (MCP2, MCP5, and GO7 and G8 through its tools): standin's `…/mcp`, or
   * production's. The run calls its read tools only; the main token is its Bearer token (MCP1).
   */
  mcpUrl?: string;
  /** Safe methods only: nothing is created, changed or deleted. */
  readOnly?: boolean;
  /** Allows changing records the kit did not create (filling in today's check-in), restoring them after. */
  modifyExisting?: boolean;
  /** Defaults to the global fetch; the self-test passes a broken mock's. */
  fetch?: typeof fetch;
  /** Tags every title the kit writes, so a sweep can find this run's records after a crash. */
  runId?: string;
  /** Check only rules (and parts) from these sources; every source when absent. */
  rules?: RuleSource[];
  /** What the run's set-up learned; runChecks runs the preflight itself when absent. */
  setUp?: SetUpFacts;
}

/** A person as the kit reads one (GET /me, GET /people): the spec's Person, the fields the checks use. */
export type Person = Pick<ApiSchema<'Person'>, 'id' | 'name' | 'time_zone' | 'teams'> &
  Partial<Pick<ApiSchema<'Person'>, 'administrator' | 'kind'>>;

/** Every title the kit writes starts with this, so its records are easy to spot and to clean up by hand. */
export const MARKER = '[standin-contract]';

/** What set-up learned, handed to every check through the kit context. */
export interface SetUpFacts {
  /** The token's person; absent when GET /me gave nothing usable (checks that need it are not run). */
  me?: Person;
  /** Why there is no person, for the not-run reasons. */
  meProblem?: string;
  otherToken?: string;
  readOnlyToken?: string;
  /** WH1: the hook URL given, or standin's from GET /__mock/world. */
  activityHookUrl?: string;
  /** Set-up requests that broke a rule: reported as failed checks of that rule. */
  failures: CheckResult[];
}
