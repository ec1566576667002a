// The contract between spec/control.yaml's operations and the runtime: what a control acts on, and one handler
// per operationId, typed by that operation's validated input and its documented success answers, as
// operation-handler.ts is for the API. Each group of controls (clock.ts, webhooks.ts, …) is a part of the map.
import type { World } from '../../domain/world.js';
import type { WorldSlot } from '../../runtime/sessions.js';
import type { ControlAnswer, ControlInput, ControlOperationId } from '../../types/wire.js';
import type { Mock, StateLoader } from '../mock.js';
import type { Presenter } from '../present.js';
import type { RequestInput } from '../request-input.js';

/** Where the world is kept across restarts (GET /__mock/server): a state file, a page's localStorage, or nowhere. */
type Persistence = { kind: 'file'; path: string } | { kind: 'local' } | null;

export interface ControlSettings {
  /** When set, every /__mock request needs `Authorization: Bearer <controlToken>`. */
  controlToken: string | undefined;
  present: Presenter;
  /** When set, PUT /__mock/state is read and checked by it, off the request path (put-state.ts). */
  stateLoader: StateLoader | undefined;
  /** Where the world is kept across restarts, as GET /__mock/server tells it. */
  persistence: Persistence;
}

/** What a control acts on: the mock, and the world slot the request's X-Mock-Session selects (MK5). */
export interface ControlTarget {
  mock: Mock;
  slot: WorldSlot;
  world: World;
  present: Presenter;
  settings: ControlSettings;
}

/**
 * The controls that answer JSON made whole, of their own: all but GET /__mock/events and GET /__mock/state,
 * streams (event-stream.ts, state-export.ts), and GET /__mock/read, whose answer is the API's (read-as-default.ts).
 */
type JsonControlId = Exclude<ControlOperationId, 'streamEvents' | 'getState' | 'readAsDefaultPerson'>;

/**
 * A handler for every such operation of spec/control.yaml, keyed by operationId, typed by its validated input
 * and its documented success answers: a control the spec adds, or a field it renames, fails the typecheck. A
 * reset answers later: the world it generates is made over turns of the event loop (worlds.ts); a move of the
 * clock once it is lived, in turns too (clock-happenings.ts' livedMove), and an advance's deliveries counted (MCP6).
 */
export type ControlHandlers = {
  [Id in JsonControlId]: (
    target: ControlTarget,
    input: ControlInput<Id>,
  ) => Id extends 'resetWorld' | 'advanceClock' | 'setClock' ? Promise<ControlAnswer<Id>> : ControlAnswer<Id>;
};

/** What a control answers: its status and body. */
export type ControlResult = { status: 200 | 201 | 204; body?: unknown };

/** A control as the pipeline calls it: chosen by an operationId read from the spec at run time. */
export type ValidatedControl = (target: ControlTarget, input: RequestInput) => ControlResult | Promise<ControlResult>;

/**
 * The control the spec names `operationId`, to be called on input validated against that operation; undefined
 * when there is none.
 * @example const control = controlFor(CONTROL_HANDLERS, op.operationId)
 */
export function controlFor(handlers: ControlHandlers, operationId: string): ValidatedControl | undefined {
  if (!Object.hasOwn(handlers, operationId)) return undefined;
  // The one place the control spec's types meet the run time: the pipeline hands a control only input that ajv
  // has checked against this operation's parameters and body schema (request-input.ts).
  return handlers[operationId as JsonControlId] as ValidatedControl;
}
