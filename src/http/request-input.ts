// Request parsing and validation against the operation's spec: G5 array form, G6 person filters, G7 unknown
// fields, 400 malformed or too deeply nested JSON, 413 size, 415 content type, 422 values — each naming the
// parameter or field, and quoting what the client sent only up to a bound.
import type { FieldError } from '../spec/describe-errors.js';
import {
  bodyChecksAtHand,
  loadBodyChecks,
  loadDescriber,
  REQUEST_BODY,
  type SpecOperation,
  type SpecParameter,
} from '../spec/compiled-spec.js';
import { DescriberNotLoaded } from '../spec/describer.js';
import { clip } from '../spec/preview.js';
import { ignoredFields } from './ignored-fields.js';
import { notLoaded } from './not-loaded.js';
import { problemResponse } from './problem.js';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, nestsDeeperThan, readBodyText, textWithin } from './request-body.js';
import type { Transcript } from './transcript.js';

export interface RequestInput {
  /** Validated, coerced query values, keyed by name without brackets (`people_ids`, not `people_ids[]`). */
  query: Record<string, unknown>;
  /**
   * The path parameters by name, ids in lowercase (G2). OpenAPI makes every path parameter required and the
   * route validated those of its operation, so each of its names is there (a handler reads them typed:
   * operation-handler.ts).
   */
  params: Readonly<Record<string, string>>;
  body: Record<string, unknown>;
}

const PERSON_LITERALS = new Set(['me', 'self']);
/** The query of a URL without one (most writes): read, never changed. */
const NO_QUERY = new URLSearchParams();
/** The most values of a wrong-form array parameter that its G5 message rewrites as an example. */
const EXAMPLE_VALUES = 3;

function ruleOf(param: SpecParameter): string | undefined {
  const items = param.schema.items as Record<string, unknown> | undefined;
  return (param.schema['x-rule'] ?? items?.['x-rule']) as string | undefined;
}

/** Collects the query of an operation: repeated bracket form for arrays (G5), first value for scalars. */
function readQuery(
  op: SpecOperation,
  search: URLSearchParams,
): { query: Record<string, string | string[]>; errors: FieldError[] } {
  const query: Record<string, string | string[]> = {};
  const errors: FieldError[] = [];
  if (search.size === 0) return { query, errors };
  const keys = new Set(search.keys());
  for (const param of op.parameters) {
    if (param.in !== 'query') continue;
    if (param.isArray) {
      const bare = param.name.replace(/\[\]$/, '');
      // G5: only `name[]` is the array form; `name`, `name=a,b` and `name[0]` are not.
      const wrongKeys = [...keys].filter((key) => key === bare || (key.startsWith(`${bare}[`) && key !== param.name));
      for (const key of wrongKeys) {
        const values = search.getAll(key).flatMap((v) => v.split(','));
        const example =
          values
            .slice(0, EXAMPLE_VALUES)
            .map((v) => `${param.name}=${clip(v)}`)
            .join('&') + (values.length > EXAMPLE_VALUES ? '&…' : '');
        const literal = values.find((v) => PERSON_LITERALS.has(v.toLowerCase()));
        const g6 =
          literal && ruleOf(param) === 'G6'
            ? ` Person filters also refuse "${literal}" (G6): use the id from GET /me.`
            : '';
        errors.push({
          in: 'query',
          name: bare,
          message: `${clip(key)} is not the form of an array parameter: use the repeated bracket form ${example} (G5).${g6}`,
        });
      }
      if (search.has(param.name)) query[param.name] = search.getAll(param.name);
    } else if (search.has(param.name)) {
      query[param.name] = search.get(param.name)!;
    }
  }
  return { query, errors };
}

/** G6: person filters take the real UUID, never `me` or `self`. */
function personLiteralErrors(op: SpecOperation, query: Record<string, string | string[]>): FieldError[] {
  const errors: FieldError[] = [];
  for (const param of op.parameters) {
    const values = query[param.name];
    if (param.in !== 'query' || ruleOf(param) !== 'G6' || !Array.isArray(values)) continue;
    for (const value of values) {
      if (PERSON_LITERALS.has(value.toLowerCase())) {
        errors.push({
          in: 'query',
          name: param.name,
          message: `${param.name} does not accept "${value}" (G6): send your person id, the id field of GET /me.`,
        });
      }
    }
  }
  return errors;
}

/**
 * Whether a Content-Type is JSON's (G1): application/json, with parameters or not, or an application/*+json.
 * @example isJsonContentType('application/json; charset=utf-8') // true
 */
export function isJsonContentType(value: string | null): boolean {
  // What nearly every client sends, recognised without splitting or lowercasing it.
  if (value === 'application/json') return true;
  const type = value?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * A JSON body its host parsed already, as JSON.parse gives it, its Content-Type JSON's and its text not blank:
 * standin serve's state worker parses a large state as it streams in (src/server/streamed-json.ts).
 */
interface ParsedBody {
  parsed: unknown;
}

/** How a request's input is read: its operation, the request, its path parameters, the options, where its problem is
 * written, and a body its host read ahead. */
type ReadInput = (
  op: SpecOperation,
  request: Request,
  rawParams: Record<string, string>,
  options: { strict: boolean; maxBytes?: number },
  transcript: Transcript,
  ahead?: Uint8Array | ParsedBody,
) => RequestInput | Response | Promise<RequestInput | Response>;

/**
 * Reads and validates everything the operation takes: the input, or the problem response to send, the body's
 * text and the problem's written into `transcript`. Synchronous for an operation without a body (most reads)
 * and for a body its host read ahead (`ahead`: bodyReadAhead) or parsed; a promise only where a body must be
 * read, or where a page loads code first (a body's checks, the describer of its first refusal).
 * @example const input = await readRequestInput(op, request, params, { strict: false }, transcript)
 */
export const readRequestInput: ReadInput = (op, request, rawParams, options, transcript, ahead) => {
  try {
    return readInputNow(op, request, rawParams, options, transcript, ahead);
  } catch (error) {
    // G8: a page's first refused path or query loads the describer of refused values (describer.ts), then the
    // request is read again: nothing of it was taken yet, as its path and query are checked before its body (whose
    // checks load with the describer: loadBodyChecks). A chunk the page cannot fetch is a 503, never a 500.
    if (!(error instanceof DescriberNotLoaded)) throw error;
    return loadDescriber().then(
      () => readRequestInput(op, request, rawParams, options, transcript, ahead),
      (loadError: unknown) => notLoaded(transcript, loadError, "The G8 descriptions' code"),
    );
  }
};

/** readRequestInput's reading, which a page's first refusal may ask to load the describer (DescriberNotLoaded). */
const readInputNow: ReadInput = (op, request, rawParams, options, transcript, ahead) => {
  // The query alone: parsing the whole URL again costs more than the rest of a small request's validation.
  const { url } = request;
  const mark = url.indexOf('?');
  const fragment = url.indexOf('#', mark);
  const search =
    mark === -1 ? NO_QUERY : new URLSearchParams(url.slice(mark + 1, fragment === -1 ? undefined : fragment));
  const { query: rawQuery, errors: formErrors } = readQuery(op, search);
  if (formErrors.length > 0) {
    return problemResponse(
      transcript,
      400,
      'array-parameter-form',
      formErrors.map((e) => e.message).join(' '),
      formErrors,
    );
  }

  // G2: a malformed path id matches no record, so it is a 404 — one that says what an id looks like. A UUID of
  // any version and case is an id (decided), read in lowercase, the form the server stores.
  const path = op.validatePath(rawParams);
  if (!path.ok) {
    return problemResponse(
      transcript,
      404,
      'not-found',
      `${path.errors.map((e) => e.message).join(' ')} No record has such an id (G2).`,
      path.errors,
    );
  }
  const errors: FieldError[] = [];
  const literalErrors = personLiteralErrors(op, rawQuery);
  errors.push(...literalErrors);
  const query = op.validateQuery(rawQuery);
  // A `me` element also fails the UUID format; the G6 entry already says it better.
  if (!query.ok) errors.push(...query.errors.filter((e) => !literalErrors.some((l) => l.name === e.name)));
  const input = (body: Record<string, unknown>): RequestInput | Response => {
    if (errors.length > 0) {
      return problemResponse(transcript, 422, 'invalid-values', errors.map((e) => e.message).join(' '), errors);
    }
    const values = query.ok ? query.value : {};
    return {
      query: bareNames(values),
      // Every path parameter of the operation is present: the path validated against its required parameters.
      params: path.value,
      body,
    };
  };
  const { bodyProperties } = op;
  if (!bodyProperties) return input({});
  // The body validators load with the first request to an operation that takes a body (spec-bodies.js): a page's
  // first answer, a read, does not wait for them. Once loaded, this is the synchronous path it always was.
  if (!bodyChecksAtHand())
    return loadBodyChecks().then(
      () => readRequestInput(op, request, rawParams, options, transcript, ahead),
      (error: unknown) => bodyChecksUnavailable(transcript, error),
    );
  if (ahead && 'parsed' in ahead) return input(valueOf(op, bodyProperties, ahead.parsed, options, errors, transcript));
  if (ahead) {
    const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
    const text = textWithin(ahead, maxBytes);
    if (text === null) return bodyTooLarge(transcript, maxBytes);
    const body = bodyOf(op, bodyProperties, text, request, options, errors, transcript);
    return body instanceof Response ? body : input(body);
  }
  return readBody(op, bodyProperties, request, options, errors, transcript).then((body) =>
    body instanceof Response ? body : input(body),
  );
};

/** The query's values keyed by name without brackets (`people_ids`, not `people_ids[]`), in one pass. */
function bareNames(values: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const key in values) query[key.endsWith('[]') ? key.slice(0, -2) : key] = values[key];
  return query;
}

/**
 * 503 when a page could not fetch the body checks' chunk (offline, a redeploy that removed it): not the request's
 * fault, and no 500; the next request loads it again.
 */
function bodyChecksUnavailable(transcript: Transcript, error: unknown): Response {
  return problemResponse(
    transcript,
    503,
    'checks-unavailable',
    `The spec's request body checks did not load in this page (${String((error as Error).message ?? error).slice(0, 60)}); send the request again, which loads them again.`,
    undefined,
    { 'retry-after': '1' },
  );
}

/**
 * G8: 400 for a body that broke off before its end.
 * @example reader.read().catch(() => incompleteBody(transcript))
 */
export function incompleteBody(transcript: Transcript): Response {
  return problemResponse(
    transcript,
    400,
    'incomplete-body',
    'The request body broke off before its end (G8); send it again, whole.',
  );
}

/**
 * G8: 413 for a body over `maxBytes`, with Connection: close, or the server would read the rest of the body to
 * keep the connection alive (under `standin serve` it reads a little on before closing: lingering-close.ts).
 * @example if (size > maxBytes) return bodyTooLarge(transcript, maxBytes)
 */
export function bodyTooLarge(transcript: Transcript, maxBytes: number): Response {
  return problemResponse(
    transcript,
    413,
    'body-too-large',
    `The request body is over ${Math.round(maxBytes / 2 ** 20)} MiB, the most this server reads (G8); send a smaller one.`,
    undefined,
    { connection: 'close' },
  );
}

/** The body as the operation takes it, its G8 problems added to `errors`, or the problem that ends the request. */
async function readBody(
  op: SpecOperation,
  bodyProperties: ReadonlySet<string>,
  request: Request,
  options: { strict: boolean; maxBytes?: number },
  errors: FieldError[],
  transcript: Transcript,
): Promise<Record<string, unknown> | Response> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  let text: string | null;
  try {
    text = await readBodyText(request, maxBytes);
  } catch {
    // The client went away, or the server cut a body that took too long (its 408 went out already).
    return incompleteBody(transcript);
  }
  if (text === null) return bodyTooLarge(transcript, maxBytes);
  return bodyOf(op, bodyProperties, text, request, options, errors, transcript);
}

/** The body's text as the operation takes it (G1, G7, G8), its problems added to `errors`, or the problem. */
function bodyOf(
  op: SpecOperation,
  bodyProperties: ReadonlySet<string>,
  text: string,
  request: Request,
  options: { strict: boolean },
  errors: FieldError[],
  transcript: Transcript,
): Record<string, unknown> | Response {
  let body: Record<string, unknown> = {};
  transcript.request = text;
  const blank = text.trim() === '';
  if (!blank || op.bodyRequired) {
    if (blank) {
      return problemResponse(
        transcript,
        400,
        'missing-body',
        `${op.method} ${op.path} needs a JSON body (G1); every field is optional, so send {} to take all defaults.`,
        [{ in: 'body', name: REQUEST_BODY, message: `${REQUEST_BODY} is missing; send a JSON object such as {}.` }],
      );
    }
    const contentType = request.headers.get('content-type');
    if (!isJsonContentType(contentType)) {
      return problemResponse(
        transcript,
        415,
        'unsupported-media-type',
        `The body must be JSON sent with Content-Type: application/json (G1); got ${contentType === null ? 'no Content-Type' : clip(contentType)}.`,
      );
    }
    // Checked on the text: JSON.parse takes deep nesting, but every walk of the value after it need not.
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return problemResponse(
        transcript,
        400,
        'too-deep',
        `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the most this server reads (G8); no request of this API needs more than a few: send the fields the operation's schema names, flat.`,
        [
          {
            in: 'body',
            name: REQUEST_BODY,
            message: `${REQUEST_BODY} is nested more than ${MAX_JSON_DEPTH} levels deep (G8); send a flatter value.`,
          },
        ],
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return problemResponse(
        transcript,
        400,
        'malformed-json',
        `The body is not valid JSON (G8): ${(error as Error).message}. Send a JSON object.`,
        [
          {
            in: 'body',
            name: REQUEST_BODY,
            message: `${REQUEST_BODY} is not valid JSON: ${(error as Error).message}.`,
          },
        ],
      );
    }
    body = valueOf(op, bodyProperties, parsed, options, errors, transcript);
  }
  return body;
}

/** A parsed body as the operation takes it (G7, G8's values), its problems added to `errors`. */
function valueOf(
  op: SpecOperation,
  bodyProperties: ReadonlySet<string>,
  parsed: unknown,
  options: { strict: boolean },
  errors: FieldError[],
  transcript: Transcript,
): Record<string, unknown> {
  const validated = op.validateBody(parsed);
  if (!validated.ok) {
    errors.push(...validated.errors);
    return {};
  }
  const body = validated.value;
  // G7: unknown and read-only fields are ignored (and named in the journal), or rejected in strict mode.
  if (!options.strict) transcript.ignored = ignoredFields(body, bodyProperties);
  else {
    for (const key of Object.keys(body)) {
      if (!bodyProperties.has(key)) {
        errors.push({
          in: 'body',
          name: clip(key),
          message: `${clip(key)} is not a writable field of this request (G7, strict mode); remove it. Writable: ${[...bodyProperties].join(', ')}.`,
        });
      }
    }
  }
  return body;
}
