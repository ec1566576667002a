// Turns ajv's validation errors into G8 problem entries that name the field, the rule and the fix.
import type { ErrorObject } from 'ajv';
import { closestName } from './closest-name.js';
import { clip, preview } from './preview.js';

/** One entry of a G8 problem's `errors` array. */
export interface FieldError {
  in: 'body' | 'query' | 'path' | 'header';
  name: string;
  message: string;
}

type SchemaLike = Record<string, unknown> & { 'x-rule'?: string; 'x-length-rule'?: string; description?: string };

const FORMAT_HINTS: Record<string, string> = {
  // G2: any RFC 9562 UUID is an id on input, in either case; only the bare hyphenated form is one.
  uuid: 'a UUID, 8-4-4-4-12 hex digits such as 3b241101-e2bb-4255-8caf-4136c566a962',
  date: 'a calendar date YYYY-MM-DD such as 2026-11-20',
  'date-time': 'a UTC datetime YYYY-MM-DDTHH:MM:SSZ such as 2026-11-20T09:00:00Z',
  email: 'an email address',
};

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object such as {}',
  array: 'a JSON array',
  string: 'a string',
  number: 'a number',
  null: 'null',
};

/** The characters of a text as people count them: code points, so an emoji is one (ajv counts the same). */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function ruleSuffix(schema: SchemaLike | undefined): string {
  return schema?.['x-rule'] ? ` (${schema['x-rule']})` : '';
}

/** The value a JSON pointer names inside `data`. */
function valueAt(data: unknown, pointer: string): unknown {
  let current = data;
  for (const token of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

/** `/team_ids/1` → `team_ids[1]`; `/owner/id` → `owner.id`. An unknown field's name is the client's: clipped. */
function fieldName(pointer: string, root: string): string {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => clip(t.replace(/~1/g, '/').replace(/~0/g, '~')));
  if (tokens.length === 0) return root;
  return tokens.reduce(
    (name, token, i) => (/^\d+$/.test(token) && i > 0 ? `${name}[${token}]` : i === 0 ? token : `${name}.${token}`),
    '',
  );
}

function describeOne(error: ErrorObject, value: unknown): string {
  const schema = error.parentSchema;
  const rule = ruleSuffix(schema);
  const got = `got ${preview(value)}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const expected = String(params.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t)
        .join(' or ');
      return `must be ${expected}${rule}; ${got}.`;
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const words: Record<string, string> = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' };
      const range =
        schema && typeof schema.minimum === 'number' && typeof schema.maximum === 'number'
          ? `from ${String(schema.minimum)} to ${String(schema.maximum)}`
          : `${words[String(params.comparison)] ?? String(params.comparison)} ${String(params.limit)}`;
      return `must be ${range}${rule}; ${got}.`;
    }
    case 'format':
      return `must be ${FORMAT_HINTS[String(params.format)] ?? `in ${String(params.format)} format`}${rule}; ${got}.`;
    case 'enum': {
      const allowed = params.allowedValues as unknown[];
      // A value one slip from an allowed one (`Happy`, `hapy`) gets that one named.
      const meant =
        typeof value === 'string'
          ? closestName(
              value,
              allowed.filter((v): v is string => typeof v === 'string'),
            )
          : undefined;
      return `must be one of ${allowed.map((v) => preview(v)).join(', ')}${rule}; ${got}${meant === undefined ? '.' : `: did you mean ${preview(meant)}?`}`;
    }
    case 'const':
      return `must be ${preview(params.allowedValue)}${rule}; ${got}.`;
    case 'pattern':
      return `must ${schema?.example !== undefined ? `look like ${preview(schema.example)}` : `match the pattern ${String(params.pattern)}`}${rule}; ${got}.`;
    case 'minLength':
      return params.limit === 1
        ? `must not be empty${rule}.`
        : `must be at least ${String(params.limit)} characters long${rule}.`;
    case 'maxLength': {
      // G15 (or the field's own rule) governs a length; characters are code points, as ajv counts them.
      const lengthRule = schema?.['x-length-rule'] ? ` (${schema['x-length-rule']})` : rule;
      return `must be at most ${String(params.limit)} characters long${lengthRule}; it has ${codePoints(String(value))}.`;
    }
    case 'minItems':
      return `must list at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}${rule}.`;
    case 'maxItems':
      return `must list at most ${String(params.limit)} items${rule}.`;
    case 'uniqueItems':
      return `must not list the same value twice${rule}; items ${String(params.j)} and ${String(params.i)} are equal.`;
    case 'minProperties': {
      const fields = Object.keys((schema?.properties as Record<string, unknown> | undefined) ?? {});
      return `must give at least ${String(params.limit)} of ${fields.join(', ')}${rule}.`;
    }
    case 'required':
      return `is required${rule}.`;
    case 'additionalProperties':
      return `is not a field of this schema${rule}.`;
    case 'anyOf':
    case 'oneOf': {
      const forms = ((schema?.anyOf ?? schema?.oneOf) as SchemaLike[] | undefined)
        ?.map((branch) => (typeof branch.format === 'string' ? FORMAT_HINTS[branch.format] : branch.description))
        .filter(Boolean);
      return `must be ${forms?.length ? forms.join(', or ') : 'one of the allowed forms'}${rule}; ${got}.`;
    }
    default:
      return `${error.message ?? 'is invalid'}${rule}.`;
  }
}

/**
 * G8: when one field breaks several keywords, the entry says the most specific thing wrong with it. A null
 * `update_cadence` breaks `type` and `enum`; "must be one of …" says all that "must be a string" does, and
 * which strings. A format names the shape with an example; a length or range the bound an empty or
 * oversized value missed (an empty comment breaks `minLength` and a `\S` pattern: "must not be empty" is
 * clearer); a bare pattern less; a failed anyOf only lists the forms; a type the least.
 */
const SPECIFICITY: Readonly<Record<string, number>> = {
  enum: 6,
  const: 6,
  format: 5,
  minimum: 4,
  exclusiveMinimum: 4,
  maximum: 4,
  exclusiveMaximum: 4,
  minLength: 4,
  maxLength: 4,
  minItems: 4,
  maxItems: 4,
  uniqueItems: 4,
  minProperties: 4,
  pattern: 3,
  anyOf: 2,
  oneOf: 2,
  type: 1,
};

/**
 * G8: one entry per invalid field, saying the most specific thing wrong with it (SPECIFICITY), in the order
 * the fields first fail. `root` names the whole value when the error is at its top level. Errors that only
 * explain an enclosing `anyOf` (its branches' own failures) are folded into it; an `if` is left to its `then`.
 * @example describeErrors(validate.errors, body, 'body', 'body')
 */
export function describeErrors(
  errors: readonly ErrorObject[],
  data: unknown,
  location: FieldError['in'],
  root: string,
): FieldError[] {
  const anyOfPaths = new Set(
    errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath),
  );
  const chosen = new Map<string, { error: ErrorObject; pointer: string }>();
  for (const error of errors) {
    // An `if` failing says only that its `then` did; that branch's own errors say what is wrong.
    if (error.keyword === 'if') continue;
    if (anyOfPaths.has(error.instancePath) && error.keyword !== 'anyOf' && error.keyword !== 'oneOf') continue;
    const pointer =
      error.keyword === 'required'
        ? `${error.instancePath}/${(error.params as { missingProperty: string }).missingProperty}`
        : error.keyword === 'additionalProperties'
          ? `${error.instancePath}/${(error.params as { additionalProperty: string }).additionalProperty}`
          : error.instancePath;
    const name = fieldName(pointer, root);
    const current = chosen.get(name);
    // A Map keeps a key's first position when its value is replaced: entries stay in the order fields fail.
    if (!current || (SPECIFICITY[error.keyword] ?? 0) > (SPECIFICITY[current.error.keyword] ?? 0))
      chosen.set(name, { error, pointer });
  }
  return [...chosen].map(([name, { error, pointer }]) => ({
    in: location,
    name,
    message: `${name} ${describeOne(error, valueAt(data, pointer))}`,
  }));
}
