// The wire's types by name, derived from the generated types of both specs (api.ts, control.ts): a schema by
// its component name, an operation's input as the request pipeline hands it over (path parameters, query keys
// without their brackets, body), and an operation's success bodies. Types only: nothing here runs.
import type { components as ApiComponents, operations as ApiOperations } from './api.js';
import type { components as ControlComponents, operations as ControlOperations } from './control.js';

/**
 * The operationIds of spec/openapi.yaml's paths: its `webhooks:` (WH6, each `…Webhook`) are what the service
 * sends, not requests it answers.
 */
export type ApiOperationId = Exclude<keyof ApiOperations, `${string}Webhook`>;

/**
 * The operations of spec/openapi.yaml at the service root, outside /api/v2, which authenticate by their own
 * token rather than G9's bearer token (WH1).
 */
export type HookOperationId = 'collectActivity';

/** The operationIds of spec/control.yaml. */
export type ControlOperationId = keyof ControlOperations;

/**
 * A component schema of spec/openapi.yaml by name.
 * @example const goal: ApiSchema<'Goal'> = (await client.get('/goals/…')).body
 */
export type ApiSchema<Name extends keyof ApiComponents['schemas']> = ApiComponents['schemas'][Name];

/**
 * A component schema of spec/control.yaml by name.
 * @example const clock: ControlSchema<'ClockState'> = await (await fetch('/__mock/clock')).json()
 */
export type ControlSchema<Name extends keyof ControlComponents['schemas']> = ControlComponents['schemas'][Name];

/** What openapi-typescript writes for one operation, as far as these types read it. */
interface GeneratedOperation {
  parameters: { query?: unknown; path?: unknown };
  requestBody?: unknown;
  responses: object;
}

/** No members: an operation without query parameters, path parameters or body gets `{}`. */
type Nothing = Record<never, never>;

/** `people_ids[]` → `people_ids`: request-input.ts hands array parameters over under their bare names (G5). */
type WithoutBrackets<Query> = { [K in keyof Query as K extends `${infer Bare}[]` ? Bare : K]: Query[K] };

/** `never` when the operation has none of a part (openapi-typescript writes `part?: never`). */
type Present<T> = [Exclude<T, undefined>] extends [never] ? Nothing : Exclude<T, undefined>;

type JsonOf<Content> = Content extends { content: { 'application/json': infer Json } } ? Json : never;

/**
 * The body as validated: the operation's JSON body; `{}` when it takes none, or when it is optional and the
 * client sent none (so an optional body's fields are all optional).
 */
type BodyOf<Op extends GeneratedOperation> = [Exclude<Op['requestBody'], undefined>] extends [never]
  ? Nothing
  : undefined extends Op['requestBody']
    ? Partial<JsonOf<Exclude<Op['requestBody'], undefined>>>
    : JsonOf<Op['requestBody']>;

/**
 * One operation's input once the spec validated it (request-input.ts): ajv checked each part against the
 * operation's parameters and body schema, and coerced the query's numbers and booleans.
 */
interface OperationInput<Op extends GeneratedOperation> {
  params: Readonly<Present<Op['parameters']['path']>>;
  query: WithoutBrackets<Present<Op['parameters']['query']>>;
  body: BodyOf<Op>;
}

/** The validated input of an /api/v2 operation. @example (input: ApiInput<'createGoal'>) => input.body.title */
export type ApiInput<Id extends ApiOperationId> = OperationInput<ApiOperations[Id]>;

/** The validated input of a /__mock operation. @example (input: ControlInput<'setClock'>) => input.body.now */
export type ControlInput<Id extends ControlOperationId> = OperationInput<ControlOperations[Id]>;

/** The query of an /api/v2 operation, filters only: G4's page and per_page are the pipeline's (pageOf). */
export type ApiFilters<Id extends ApiOperationId> = Omit<ApiInput<Id>['query'], 'page' | 'per_page'>;

/** The success statuses an operation documents (2xx). */
type SuccessStatus<Op extends GeneratedOperation> = Extract<keyof Op['responses'], 200 | 201 | 202 | 204>;

/**
 * What a handler of the operation answers: each documented success status with its JSON body (none for 204).
 * @example const answer: ControlAnswer<'getRateLimit'> = { status: 200, body: { enabled: true } }
 */
type SuccessAnswer<Op extends GeneratedOperation> = {
  [S in SuccessStatus<Op>]: S extends 204
    ? { status: S; body?: undefined }
    : { status: S; body: JsonOf<Op['responses'][S & keyof Op['responses']]> };
}[SuccessStatus<Op>];

/** A /__mock operation's success answer. */
export type ControlAnswer<Id extends ControlOperationId> = SuccessAnswer<ControlOperations[Id]>;
