// The contract between the spec's operations and the domain: one handler per operationId, which calls the
// domain and presents what it returns.
import type { Page } from '../domain/pagination.js';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import type { Presenter } from './present.js';

export interface OperationContext {
  world: World;
  actor: Person;
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: Record<string, unknown>;
  page: Page;
  /** The mock's presenter: records in their wire shapes. */
  present: Presenter;
}

export interface OperationResult {
  status: 200 | 201 | 204;
  body?: unknown;
}

export type OperationHandler = (context: OperationContext) => OperationResult;

export type OperationHandlers = Record<string, OperationHandler>;

export const ok = (body: unknown): OperationResult => ({ status: 200, body });
export const created = (body: unknown): OperationResult => ({ status: 201, body });
export const noContent = (): OperationResult => ({ status: 204 });
