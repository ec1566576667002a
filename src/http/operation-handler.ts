// The contract between the spec's operations and the domain: one handler per operationId, typed by that
// operation's input as spec/openapi.yaml's generated types give it, which calls the domain and presents what it
// returns.
import type { DigestCache } from '../domain/digest-cache.js';
import type { DigestEntry } from '../domain/digest.js';
import type { Page } from '../domain/pagination.js';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import type { ApiInput, ApiOperationId, HookOperationId } from '../types/wire.js';
import type { Rendered } from './rendered.js';
import type { Renderer } from './renderer.js';
import type { RequestInput } from './request-input.js';

/** What every handler is handed besides its operation's input. */
export interface HandlerServices {
  world: World;
  actor: Person;
  page: Page;
  /** The mock's renderer: records as the JSON of their wire shapes. */
  render: Renderer;
  /** DG1: the mock's digests computed lately, reused while their world takes no write (none: computed each time). */
  digests?: DigestCache<DigestEntry>;
}

/** One operation's context: the services and its validated input (path parameters, query, body). */
type OperationContext<Id extends ApiOperationId> = HandlerServices & ApiInput<Id>;

export interface OperationResult {
  status: 200 | 201 | 204;
  /** One record, or a list of them, as rendered (none for 204). */
  body?: Rendered | readonly Rendered[];
}

/** A handler's answer: at once, or once the code it needs has loaded (a page's digest: digest-module.browser.ts). */
type Answered = OperationResult | Promise<OperationResult>;

type OperationHandler<Id extends ApiOperationId> = (context: OperationContext<Id>) => Answered;

/**
 * A handler for every /api/v2 operation of spec/openapi.yaml, keyed by operationId: a spec change that adds an
 * operation, or changes one's parameters or body, fails the typecheck of its handler. The hooks at the service
 * root have no caller (no bearer token) and are handled apart (activity-hook-route.ts).
 */
export type OperationHandlers = { [Id in Exclude<ApiOperationId, HookOperationId>]: OperationHandler<Id> };

/** A handler as the pipeline calls it: chosen by an operationId read from the spec at run time. */
export type ValidatedHandler = (context: HandlerServices & RequestInput) => Answered;

/**
 * The handler of the operation the spec names `operationId`, to be called on input validated against that
 * operation; undefined when there is none.
 * @example const handler = handlerFor(OPERATION_HANDLERS, op.operationId)
 */
export function handlerFor(handlers: OperationHandlers, operationId: string): ValidatedHandler | undefined {
  if (!Object.hasOwn(handlers, operationId)) return undefined;
  // The one place the wire's types meet the run time: the pipeline hands a handler only input that ajv has
  // checked against this operation's parameters and body schema (request-input.ts), which is the shape its
  // generated type describes.
  return handlers[operationId as keyof OperationHandlers] as ValidatedHandler;
}

/**
 * The answers of an operation, the API's or a control's: 200 or 201 with its body (an API handler's rendered
 * records, a control's plain value), or 204 without one.
 * @example return ok(render.goal(world, goal))
 */
export const ok = <Body>(body: Body) => ({ status: 200 as const, body });
/** @example return created(render.goalUpdate(world, update)) */
export const created = <Body>(body: Body) => ({ status: 201 as const, body });
/** @example return noContent() */
export const noContent = () => ({ status: 204 as const });
