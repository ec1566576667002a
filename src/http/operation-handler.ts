// The contract between the spec's operations and the domain: one handler per operationId, which calls the
// domain and presents what it returns.
import type { Page } from '../domain/pagination.js';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import type { Rendered } from './rendered.js';
import type { Renderer } from './renderer.js';

/** The names of the path parameters of both specs' paths. */
export const PATH_PARAMETERS = ['id', 'goal_id', 'question_id', 'check_in_id', 'goal_update_id', 'name'] as const;

/**
 * The path parameters by name. OpenAPI makes every path parameter required and the route validated those of
 * its operation, so a handler reads its own path's names only; `routeOperations` refuses a spec path whose
 * parameter is not listed in PATH_PARAMETERS.
 */
export type PathParams = Readonly<Record<(typeof PATH_PARAMETERS)[number], string>>;

export interface OperationContext {
  world: World;
  actor: Person;
  query: Record<string, unknown>;
  params: PathParams;
  body: Record<string, unknown>;
  page: Page;
  /** The mock's renderer: records as the JSON of their wire shapes. */
  render: Renderer;
}

export interface OperationResult {
  status: 200 | 201 | 204;
  /** One record, or a list of them, as rendered (none for 204). */
  body?: Rendered | readonly Rendered[];
}

export type OperationHandler = (context: OperationContext) => OperationResult;

export type OperationHandlers = Record<string, OperationHandler>;

export const ok = (body: Rendered | readonly Rendered[]): OperationResult => ({ status: 200, body });
export const created = (body: Rendered | readonly Rendered[]): OperationResult => ({ status: 201, body });
export const noContent = (): OperationResult => ({ status: 204 });
