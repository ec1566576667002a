// G2's input half as a request generator proves it (Schemathesis, RESTler, Dredd): for every operation of both
// specs and every parameter or body field of `format: uuid`, a request valid but for that field, which holds a
// UUID of another version than 4, is answered with a status the operation declares, and that field is never
// refused for its form. The spec predicts nothing else: `format: uuid` is any RFC 9562 UUID.
import { describe, expect, it } from 'vitest';
import { sampleBody } from '../contract-tests/kit/sample-bodies.js';
import {
  getCompiledControlSpec,
  getCompiledSpec,
  type CompiledSpec,
  type SpecOperation,
} from '../src/spec/compiled-spec.js';
import { control, Harness } from './support/harness.js';
import { defined } from './support/defined.js';
import { otherVersionUuid, STANDARD_UUID } from './support/other-uuids.js';

type Schema = Record<string, unknown>;

/** Valid bodies of the control operations that take an id and a body (the API's are the kit's samples). */
const CONTROL_BODIES: Record<string, Schema> = {
  recordAbsence: { start: '2026-11-23', end: '2026-11-24' },
  updateWebhook: { events: ['comment.created'] },
};

/** One input of `format: uuid`: where it is, its name, and whether it is a list of ids. */
interface UuidInput {
  in: 'path' | 'query' | 'body';
  name: string;
  list: boolean;
}

const isUuid = (schema: Schema | undefined): boolean =>
  schema?.format === 'uuid' || ((schema?.anyOf ?? schema?.oneOf) as Schema[] | undefined)?.some(isUuid) === true;

/** A schema with its references followed, within the spec or from control.yaml into openapi.yaml. */
function resolved(spec: CompiledSpec, schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  const [file, pointer = ''] = ref.split('#');
  const document = file ? getCompiledSpec().document : spec.document;
  const target = pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as Schema;
  return resolved(spec, target);
}

/** Every input of `format: uuid` an operation takes: path and query parameters, and top-level body fields. */
function uuidInputs(spec: CompiledSpec, op: SpecOperation): UuidInput[] {
  const inputs: UuidInput[] = [];
  for (const p of op.parameters) {
    if (p.in === 'header') continue;
    if (isUuid(p.schema)) inputs.push({ in: p.in, name: p.name, list: false });
    else if (isUuid(p.schema.items as Schema | undefined)) inputs.push({ in: p.in, name: p.name, list: true });
  }
  const item = spec.document.paths?.[op.path] as Record<string, { requestBody?: Schema }> | undefined;
  const requestBody = resolved(spec, item?.[op.method.toLowerCase()]?.requestBody) as
    { content?: Record<string, { schema?: Schema }> } | undefined;
  const body = resolved(spec, requestBody?.content?.['application/json']?.schema);
  for (const [name, raw] of Object.entries((body?.properties as Record<string, Schema> | undefined) ?? {})) {
    const field = resolved(spec, raw);
    if (isUuid(field)) inputs.push({ in: 'body', name, list: false });
    else if (isUuid(resolved(spec, field?.items as Schema | undefined))) inputs.push({ in: 'body', name, list: true });
  }
  return inputs;
}

/**
 * A record of the default person's own that a path parameter names when the walk varies a body field: one it
 * may change every field of (GO9's owner, CI3's own check-in).
 */
function ownRecord(h: Harness, op: SpecOperation): string {
  const me = h.world.defaultPersonId;
  const { store } = h.world;
  const own: Record<string, () => string | undefined> = {
    updateGoal: () => [...store.goalsInOrder()].find((g) => g.ownerId === me)?.id,
    updateCheckIn: () => [...store.checkIns.values()].find((c) => c.personId === me)?.id,
  };
  return defined(own[op.operationId]?.(), `a record of the default person's own for ${op.operationId} (add one)`);
}

/** The request valid but for `input`, which holds `id`; any other path parameter names a record of the caller's. */
function requestOf(h: Harness, op: SpecOperation, input: UuidInput, id: string, body: Schema | undefined) {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    input.in === 'path' && name === input.name ? id : ownRecord(h, op),
  );
  const query = input.in === 'query' ? `?${input.name}=${id}` : '';
  const value = input.list ? [id] : id;
  return { path: `${path}${query}`, body: input.in === 'body' ? { ...body, [input.name]: value } : body };
}

const WALKS = [
  {
    name: 'spec/openapi.yaml',
    spec: getCompiledSpec(),
    base: '/api/v2',
    body: (op: SpecOperation) => (op.bodyProperties ? sampleBody(op.operationId, (text) => text) : undefined),
  },
  {
    name: 'spec/control.yaml',
    spec: getCompiledControlSpec(),
    base: '/__mock',
    body: (op: SpecOperation) => CONTROL_BODIES[op.operationId],
  },
];

describe('G2 every format: uuid input takes a UUID of any version', () => {
  it.each(WALKS)('$name: each operation answers such a request with a status it declares', async (walk) => {
    const h = new Harness();
    let walked = 0;
    for (const op of walk.spec.operations) {
      for (const input of uuidInputs(walk.spec, op)) {
        const id = otherVersionUuid(walked++);
        expect(id).toMatch(STANDARD_UUID);
        const { path, body } = requestOf(h, op, input, id, walk.body(op));
        const answer =
          walk.base === '/api/v2'
            ? await h.call(op.method, `${walk.base}${path}`, { body })
            : await control(h, op.method, path, body);
        const what = `${op.operationId} ${input.in} ${input.name} = ${id}: ${JSON.stringify(answer.body)}`;
        // Declared: the harness and control() hold every answer to its operation's responses.
        expect(op.statuses, what).toContain(String(answer.status));
        // An unknown id on a path is the spec's 404; in a filter it matches nothing; a body reference may be
        // refused as naming nothing, never as a malformed id.
        const expected = input.in === 'path' ? [404] : input.in === 'query' ? [200] : [200, 201, 422];
        expect(expected, what).toContain(answer.status);
        const errors = (answer.body?.errors ?? []) as Array<{ name: string; message: string }>;
        const refusals = errors.filter((e) => e.name.replace(/\[.*$/, '') === input.name.replace(/\[\]$/, ''));
        for (const refusal of refusals) expect(refusal.message, what).not.toMatch(/UUID/);
        if (answer.status === 422) expect(refusals.length, what).toBeGreaterThan(0);
      }
    }
    expect(walked).toBeGreaterThan(walk.base === '/api/v2' ? 38 : 7);
  });
});
