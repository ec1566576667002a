// WH1: the steps of the collect-activity hook at the service root, outside /api/v2, in order after
// the front (G8's URL limit, G13's CORS, MK5's world slot, overrides, MK6's faults, as for the API): catch the
// world up (CI1, EC4), find the account (404), check its token (401), count against the rate limits per account
// (G14), refuse writes over the memory budget; then the body validated (G7, G8) and the activity recorded.
import { collectActivity } from '../domain/activity-hook.js';
import { DomainError } from '../domain/domain-error.js';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import { activityHookAccount } from '../../fixtures/activity-hook.js';
import type { SpecOperation } from '../spec/compiled-spec.js';
import type { ApiInput, HookOperationId } from '../types/wire.js';
import { JSON_HEADERS, rateLimit, refuseOverBudget, type ApiSettings } from './api-steps.js';
import { created } from './operation-handler.js';
import { answerWith, catchUp, readInput, type Exchange, type Step } from './steps.js';
import { decidedByDomainError, type DecidedBy } from '../runtime/decided-by.js';
import { domainProblem, problemResponse } from './problem.js';
import type { Rendered } from './rendered.js';
import type { Renderer } from './renderer.js';
import type { RequestInput } from './request-input.js';
import { sameText } from './same-text.js';
import { jsonResponse } from './transcript.js';

/** What the hook's route needs of the mock. */
export interface HookSettings extends Pick<ApiSettings, 'strict' | 'rateLimited' | 'startedAt' | 'budget'> {
  render: Renderer;
  /** MK1: the control token the people's tokens are keyed by, which keys the hook's token too. */
  tokenKey: string | undefined;
}

/** One hook operation's context: the world and renderer, and its validated input (no caller: no bearer token). */
type HookContext<Id extends HookOperationId> = { world: World; render: Renderer } & ApiInput<Id>;

/** A hook's answer, and the person it acted for (the journal names them: the hook has no person's token). */
type HookResult = { status: 201; body: Rendered; person: Person };

/** A handler for every hook of spec/openapi.yaml, typed by its validated input. */
type HookHandlers = { [Id in HookOperationId]: (context: HookContext<Id>) => HookResult };

/** A hook as its route calls it: chosen by an operationId read from the spec at run time. */
type ValidatedHook = (context: { world: World; render: Renderer } & RequestInput) => HookResult;

const HOOK_HANDLERS: HookHandlers = {
  collectActivity: ({ world, body, render }) => {
    const activity = collectActivity(world, body);
    const person = world.store.people.get(activity.personId);
    if (!person) throw new Error(`standin: the hook's activity ${activity.id} has no person`);
    return { ...created(render.record('activities', world, activity, person)), person };
  },
};

/** The account's hook of the request's world: its id and token follow the world's seed (fixtures/activity-hook.ts). */
const accountOf = (exchange: Exchange, tokenKey: string | undefined) =>
  activityHookAccount(exchange.world.seed, tokenKey);

/** MCP6: the hook's refusals, as the journal's explanation names them. */
const NO_ACCOUNT: DecidedBy = { kind: 'access', rule: 'WH1', what: 'the account id' };
const HOOK_TOKEN_REFUSED: DecidedBy = { kind: 'access', rule: 'WH1', what: "the hook's token" };

/** WH1: an account id that is not the world's is no account: 404, saying where the real one is listed. */
const findAccount = (tokenKey: string | undefined): Step => ({
  name: 'find-account (WH1)',
  run: (exchange) => {
    const given = exchange.c.req.param('account_id') ?? '';
    if (given === accountOf(exchange, tokenKey).accountId) return undefined;
    exchange.decided = NO_ACCOUNT;
    return problemResponse(
      exchange.transcript,
      404,
      'not-found',
      `No account ${given.slice(0, 60)} has a collect-activity hook here (WH1). GET /__mock/world gives this world's account id and hook path (activity_hook).`,
    );
  },
});

/** WH1: the `token` query parameter must be the account's hook token; missing or wrong, 401. */
const checkToken = (tokenKey: string | undefined): Step => ({
  name: 'check-hook-token (WH1)',
  run: (exchange) => {
    const given = exchange.c.req.query('token');
    if (given !== undefined && sameText(given, accountOf(exchange, tokenKey).token)) return undefined;
    exchange.decided = HOOK_TOKEN_REFUSED;
    return problemResponse(
      exchange.transcript,
      401,
      'unauthenticated',
      given === undefined
        ? "Send the account's hook token as the token query parameter: ?token=hook_… (WH1). GET /__mock/world gives it (activity_hook)."
        : "The token query parameter is not this account's hook token (WH1). GET /__mock/world gives it (activity_hook).",
    );
  },
});

/**
 * The steps of one hook operation after the front's: its checks, the input read, then its handler on it, its
 * domain refusals as problems (G8).
 * @example routes.set('POST', [...front.api, ...hookSteps(op, settings)])
 */
export function hookSteps(op: SpecOperation, settings: HookSettings): readonly Step[] {
  // The one place the hooks' types meet the run time: the pipeline hands a hook only input that ajv has checked
  // against its operation (request-input.ts), the shape its generated type describes.
  const handler = Object.hasOwn(HOOK_HANDLERS, op.operationId)
    ? (HOOK_HANDLERS[op.operationId as HookOperationId] as ValidatedHook)
    : undefined;
  if (!handler) throw new Error(`standin: hook operation ${op.operationId} of the spec has no handler`);
  const { tokenKey } = settings;
  const finish = (exchange: Exchange, input: RequestInput): Response => {
    const { world, transcript } = exchange;
    try {
      const { status, body, person } = handler({ world, render: settings.render, ...input });
      exchange.person = person;
      return jsonResponse(transcript, body.json, { status, headers: JSON_HEADERS });
    } catch (error) {
      if (error instanceof DomainError) {
        exchange.decided = decidedByDomainError(error);
        return domainProblem(transcript, error);
      }
      throw error;
    }
  };
  return [
    catchUp,
    findAccount(tokenKey),
    checkToken(tokenKey),
    // G14: the hook has no person until its body is read; its requests count in the account's windows.
    rateLimit(settings, (exchange) => `activity-hook:${accountOf(exchange, tokenKey).accountId}`),
    refuseOverBudget(settings, op),
    readInput(op, { strict: settings.strict }),
    answerWith(`${op.operationId} (WH1)`, finish),
  ];
}
