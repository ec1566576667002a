// Owns turning one OpenAPI document and a source of validators into a CompiledSpec: its operations, each
// with its parameter and body validation and its response checks (G8 entries that name the field), and checks
// of any component schema. Pure: it reads no file and compiles nothing itself.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { FieldError } from './describe-errors.js';
import { describer, describerAtHand } from './describer.js';
import { holdsIds, lowercaseIds } from './id-inputs.js';
import { ruleRegistry, type RuleRegistry } from './rule-sources.js';

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Schema = Record<string, unknown>;

export interface SpecParameter {
  /** The name as sent, brackets included for arrays (`people_ids[]`, G5). */
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  isArray: boolean;
  schema: Schema;
}

type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

export interface SpecOperation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template relative to the base path, e.g. `/goals/{id}`. */
  path: string;
  /**
   * The URL path its path item's own `servers:` puts it under instead of the document's base path: `''` for the
   * service root (WH1's hook); null for an operation under the base path (`/api/v2`, `/__mock`).
   */
  base: string | null;
  parameters: SpecParameter[];
  /** Names of the properties the request body schema declares (G7: anything else is unknown). */
  bodyProperties: ReadonlySet<string> | null;
  bodyRequired: boolean;
  /** Documented statuses, e.g. `['200', '304', '401', ...]`. */
  statuses: string[];
  /** The query as the operation takes it: typed, its ids in lowercase (G2). */
  validateQuery(query: Record<string, string | string[]>): Validation<Record<string, unknown>>;
  /** The path parameters as the operation takes them: its ids in lowercase (G2). */
  validatePath(params: Record<string, string>): Validation<Record<string, string>>;
  /** The body as the operation takes it: its id fields in lowercase (G2), in a copy when one changes. */
  validateBody(body: unknown): Validation<Record<string, unknown>>;
  /** Problems of a response against the spec; empty when it conforms. */
  checkResponse(status: number, contentType: string | null, body: unknown): string[];
}

export interface CompiledSpec {
  document: OpenAPIV3_1.Document;
  /** The behaviour rules and where each comes from (root `x-rules`). */
  rules: RuleRegistry;
  /** Whether the validators were generated at build time or compiled at run time (the spec changed since). */
  validators: 'generated' | 'compiled';
  operations: readonly SpecOperation[];
  operation(operationId: string): SpecOperation;
  /** Problems of a value against a named component schema (`Goal`, `CheckIn`, …). */
  checkSchema(name: string, value: unknown): string[];
  /** The operation a request addresses: method and a path relative to the base path (`/goals/…`). */
  findOperation(method: string, path: string): SpecOperation | undefined;
}

/** The name of the whole request body in G8 entries, apart from any field called `body`. */
export const REQUEST_BODY = '(request body)';

/** The id under which a component schema is known to ajv (each is a schema of its own, compiled once). */
export function componentRef(name: string): string {
  return `https://standin.test/schemas/${name}`;
}

/**
 * Rewrites `#/components/schemas/X` references — local, or into openapi.yaml from control.yaml — to the
 * component's own id (componentRef).
 */
export function rewriteRefs<T>(node: T): T {
  if (Array.isArray(node)) return node.map(rewriteRefs) as T;
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] =
        key === '$ref' && typeof value === 'string'
          ? value.replace(/^(\.\/)?(openapi\.yaml)?#\/components\/schemas\/(.*)$/, (_m, _d, _f, name: string) =>
              componentRef(name),
            )
          : rewriteRefs(value);
    }
    return out as T;
  }
  return node;
}

/**
 * Where a spec's validators come from, each named by a key (`listGoals:query`, `component:Goal`):
 * compiled now by ajv, or taken from the module generated at build time.
 */
export type ValidatorSource = (key: string, schema: Schema) => ValidateFunction;

function resolveRef<T>(document: OpenAPIV3_1.Document, item: T | OpenAPIV3_1.ReferenceObject): T {
  const ref = (item as OpenAPIV3_1.ReferenceObject).$ref;
  // A reference into another file (control.yaml's into openapi.yaml) is left as it is.
  if (!ref?.startsWith('#/')) return item as T;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as T;
}

/**
 * Builds every validator of the document from `source`. Prefer `getCompiledSpec()`, which does this once per
 * process.
 * @example compileSpec(document, runtimeValidators(document).source, 'compiled')
 */
export function compileSpec(
  document: OpenAPIV3_1.Document,
  plain: ValidatorSource,
  origin: CompiledSpec['validators'],
): CompiledSpec {
  const operations: SpecOperation[] = [];
  for (const [path, pathItemOrRef] of Object.entries(document.paths ?? {})) {
    const pathItem = pathItemOrRef as OpenAPIV3_1.PathItemObject;
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = pathItem[method];
      if (!op) continue;
      operations.push(compileOperation(document, path, method.toUpperCase() as HttpMethod, op, pathItem, plain));
    }
  }
  // A spec compiled here (edited since the build, or the build's own generation of the validators) builds every
  // operation's checks at once: a schema ajv refuses stops the start, and the build sees every validator's key.
  if (origin === 'compiled') for (const op of operations) void op.statuses;
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  // Path templates as anchored patterns: a template parameter matches one segment.
  const matchers = operations.map((op) => ({
    op,
    pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
    templated: (op.path.match(/\{/g) ?? []).length,
  }));
  return {
    document,
    rules: ruleRegistry(document),
    validators: origin,
    operations,
    operation(operationId) {
      const op = byId.get(operationId);
      if (!op) throw new Error(`standin: no operation ${operationId} in ${document.info.title}`);
      return op;
    },
    findOperation(method, path) {
      const pathname = path.split('?', 1)[0] ?? '';
      // OpenAPI matches a concrete path before a templated one (/webhooks/deliveries before /webhooks/{id}), as
      // the router does: a method the most concrete matching path lacks is that path's 405, not the template's.
      const matching = matchers.filter((m) => m.pattern.test(pathname));
      const fewest = Math.min(...matching.map((m) => m.templated));
      return matching.find((m) => m.templated === fewest && m.op.method === method.toUpperCase())?.op;
    },
    checkSchema: schemaChecks(plain),
  };
}

/**
 * The checks of values against the component schemas of a source of validators, each validator looked up once: a
 * CompiledSpec's checkSchema, and MK6's profile at start, which needs no document (a page has not loaded control.yaml's).
 * @example schemaChecks(SPECS.control.source)('FaultProfile', profile) // ['rules[0]… must be …']
 */
export function schemaChecks(plain: ValidatorSource): CompiledSpec['checkSchema'] {
  const componentValidators = new Map<string, ValidateFunction>();
  return (name, value) => {
    let validate = componentValidators.get(name);
    if (!validate) {
      validate = plain(`component:${name}`, { $ref: componentRef(name) });
      componentValidators.set(name, validate);
    }
    if (validate(value)) return [];
    const errors = validate.errors ?? [];
    return describerAtHand() ? describer()(errors, value, 'body', name).map((e) => e.message) : plainly(errors);
  };
}

/**
 * G8 in a page before its describer loads (describer.ts): a check that cannot wait for it (MK6's profile, checked by a
 * page's createMock, which is synchronous) says each refusal plainly, by its field and ajv's words, rather than throw
 * DescriberNotLoaded where an OptionError was due.
 * @example plainly(validate.errors) // ['rules[0].faults[0].rate must be number']
 */
function plainly(
  errors: ReadonlyArray<Pick<ErrorObject, 'instancePath' | 'message' | 'keyword' | 'schemaPath'>>,
): string[] {
  // A oneOf's branches each report why they failed: the branches whose discriminator (a `const`) did not match are
  // not the one meant, and the oneOf's own "must match exactly one schema" says nothing more once a branch speaks.
  const offBranches = errors
    .filter((error) => error.keyword === 'const')
    .map((error) => error.schemaPath.replace(/\/properties\/[^/]+\/const$/, '/'));
  const meant = errors.filter((error) => !offBranches.some((branch) => error.schemaPath.startsWith(branch)));
  const told = meant.some((error) => error.keyword !== 'oneOf') ? meant.filter((e) => e.keyword !== 'oneOf') : meant;
  return (told.length > 0 ? told : errors).map((error) => {
    const field = error.instancePath
      .split('/')
      .slice(1)
      .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part.replace(/~1/g, '/').replace(/~0/g, '~')}`))
      .join('')
      .replace(/^\./, '');
    return `${field || 'the value'} ${error.message ?? 'is not valid'}`;
  });
}

/** The path of a path item's own first server (`http://127.0.0.1:4010` → `''`), or null when it has none. */
function ownBase(pathItem: OpenAPIV3_1.PathItemObject): string | null {
  const url = pathItem.servers?.[0]?.url;
  return url === undefined ? null : new URL(url, 'http://standin.invalid').pathname.replace(/\/$/, '');
}

/**
 * An operation whose name, method, path and base are read at once (the router's), and whose parameters, body and
 * checks are built when one of them is first read (checkedOperation): a start routes some 90 operations of both
 * specs, each with its references resolved and its schemas copied, before any request has asked for one.
 */
function compileOperation(
  document: OpenAPIV3_1.Document,
  path: string,
  method: HttpMethod,
  op: OpenAPIV3_1.OperationObject,
  pathItem: OpenAPIV3_1.PathItemObject,
  plain: ValidatorSource,
): SpecOperation {
  const operationId = op.operationId ?? `${method} ${path}`;
  let built: Checked | undefined;
  const checked = () => (built ??= checkedOperation(document, operationId, op, pathItem, plain));
  return {
    operationId,
    method,
    path,
    base: ownBase(pathItem),
    get parameters() {
      return checked().parameters;
    },
    get bodyProperties() {
      return checked().bodyProperties;
    },
    get bodyRequired() {
      return checked().bodyRequired;
    },
    get statuses() {
      return checked().statuses;
    },
    validateQuery: (query) => checked().validateQuery(query),
    validatePath: (params) => checked().validatePath(params),
    validateBody: (body) => checked().validateBody(body),
    checkResponse: (status, contentType, body) => checked().checkResponse(status, contentType, body),
  };
}

/** What compileOperation builds on first use: all of a SpecOperation but its name and place. */
type Checked = Omit<SpecOperation, 'operationId' | 'method' | 'path' | 'base'>;

function checkedOperation(
  document: OpenAPIV3_1.Document,
  operationId: string,
  op: OpenAPIV3_1.OperationObject,
  pathItem: OpenAPIV3_1.PathItemObject,
  plain: ValidatorSource,
): Checked {
  const resolve = (schema: Schema) => resolveRef<Schema>(document, schema);
  // G2: the inputs that are ids, by name, lowercased once validated.
  const idNames = { path: [] as string[], query: [] as string[] };
  const parameters: SpecParameter[] = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])].map((p) => {
    const param = resolveRef<OpenAPIV3_1.ParameterObject>(document, p);
    if ((param.in === 'path' || param.in === 'query') && holdsIds(param.schema as Schema | undefined, resolve))
      idNames[param.in].push(param.name);
    const schema = rewriteRefs((param.schema ?? {}) as Schema);
    return {
      name: param.name,
      in: param.in as SpecParameter['in'],
      required: param.required ?? false,
      isArray: schema.type === 'array',
      schema,
    };
  });

  const objectSchema = (where: 'query' | 'path'): Schema => {
    const own = parameters.filter((p) => p.in === where);
    return {
      type: 'object',
      properties: Object.fromEntries(own.map((p) => [p.name, p.schema])),
      required: own.filter((p) => p.required).map((p) => p.name),
    };
  };
  const queryValidator = plain(`${operationId}:query`, objectSchema('query'));
  const pathValidator = plain(`${operationId}:path`, objectSchema('path'));

  const body = op.requestBody ? resolveRef<OpenAPIV3_1.RequestBodyObject>(document, op.requestBody) : null;
  const bodySchemaRaw = body?.content?.['application/json']?.schema as Schema | undefined;
  const bodySchema = bodySchemaRaw ? rewriteRefs(bodySchemaRaw) : null;
  const bodyValidator = bodySchema ? plain(`${operationId}:body`, bodySchema) : null;
  const bodyProperties = bodySchemaRaw ? propertiesOf(document, bodySchemaRaw) : null;
  const bodyFields = (bodySchemaRaw ? resolve(bodySchemaRaw).properties : undefined) as
    Record<string, Schema> | undefined;
  const bodyIds = Object.entries(bodyFields ?? {}).flatMap(([name, field]) => (holdsIds(field, resolve) ? [name] : []));

  const responseValidators = new Map<string, { json: ValidateFunction | null; contentType: string | null }>();
  for (const [status, responseOrRef] of Object.entries(op.responses ?? {})) {
    const response = resolveRef<OpenAPIV3_1.ResponseObject>(document, responseOrRef);
    const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [null, null];
    const schema = media?.schema ? rewriteRefs(media.schema as Schema) : null;
    responseValidators.set(status, {
      contentType,
      json: schema ? plain(`${operationId}:response:${status}`, schema) : null,
    });
  }

  return {
    parameters,
    bodyProperties,
    bodyRequired: body?.required ?? false,
    statuses: [...responseValidators.keys()],
    validateQuery(query) {
      const data: Record<string, unknown> = {};
      for (const param of parameters) {
        const value = query[param.name];
        if (param.in === 'query' && value !== undefined) data[param.name] = parseQueryValue(param.schema, value);
      }
      if (queryValidator(data)) return { ok: true, value: lowercaseIds(data, idNames.query) };
      // Report array elements under the parameter's own name (G5): `people_ids[]`, not `people_ids[][1]`.
      const errors = describer()(queryValidator.errors ?? [], query, 'query', 'query').map((e) => {
        const name = e.name.replace(/\[\d+\]$/, '');
        const index = /\[(\d+)\]$/.exec(e.name)?.[1];
        return {
          ...e,
          name,
          message:
            index === undefined ? e.message : e.message.replace(e.name, `${name} (element ${Number(index) + 1})`),
        };
      });
      return { ok: false, errors };
    },
    validatePath(params) {
      if (pathValidator(params)) return { ok: true, value: lowercaseIds(params, idNames.path) };
      return { ok: false, errors: describer()(pathValidator.errors ?? [], params, 'path', 'path') };
    },
    validateBody(value) {
      if (!bodyValidator) return { ok: true, value: {} };
      if (bodyValidator(value)) return { ok: true, value: lowercaseIds(value as Record<string, unknown>, bodyIds) };
      return { ok: false, errors: describer()(bodyValidator.errors ?? [], value, 'body', REQUEST_BODY) };
    },
    checkResponse(status, contentType, value) {
      const expected = responseValidators.get(String(status));
      if (!expected)
        return [
          `status ${status} is not documented for ${operationId} (documented: ${[...responseValidators.keys()].join(', ')})`,
        ];
      const problems: string[] = [];
      const actualType = contentType?.split(';', 1)[0]?.trim() ?? null;
      if (expected.contentType === null) {
        if (value !== undefined && value !== null && value !== '')
          problems.push(`status ${status} of ${operationId} must have an empty body`);
        return problems;
      }
      if (actualType !== expected.contentType)
        problems.push(`content type must be ${expected.contentType}, got ${actualType ?? 'none'}`);
      if (expected.json && !expected.json(value)) {
        problems.push(...describer()(expected.json.errors ?? [], value, 'body', 'response').map((e) => e.message));
      }
      return problems;
    },
  };
}

/** The property names a body schema declares, through references and the branches of `if`/`then`/`else`. */
function propertiesOf(document: OpenAPIV3_1.Document, schema: Schema): Set<string> {
  const resolved = resolveRef<Schema>(document, schema);
  const names = new Set(Object.keys((resolved.properties as Schema | undefined) ?? {}));
  for (const branch of ['then', 'else'] as const) {
    if (resolved[branch]) for (const name of propertiesOf(document, resolved[branch] as Schema)) names.add(name);
  }
  return names;
}

/**
 * A query string value typed by its schema, strictly: `10` is an integer, `1e1`, `0x10` and ` 5` are not
 * (G4), only `true` and `false` are booleans. Anything else stays a string for the schema to reject.
 */
function parseQueryValue(schema: Schema, raw: string | string[]): unknown {
  if (Array.isArray(raw)) {
    const items = (schema.items ?? {}) as Schema;
    return raw.map((value) => parseQueryValue(items, value));
  }
  if (schema.type === 'integer' && /^-?\d+$/.test(raw)) return Number(raw);
  if (schema.type === 'number' && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (schema.type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}
