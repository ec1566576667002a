// Issue 37, item 5: the spec's OpenAPI `links` name each producer -> consumer pair (a created record's id to
// the operations that take it), so tools that read links follow the same paths as the kit's explorer. Each link
// must name an operation of the spec and one of its path parameters, taken from an `id` the response has.
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { getCompiledSpec } from '../src/spec/compiled-spec.js';

type Doc = OpenAPIV3_1.Document;
const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

function operations(doc: Doc): Map<string, { path: string; op: OpenAPIV3_1.OperationObject }> {
  const found = new Map<string, { path: string; op: OpenAPIV3_1.OperationObject }>();
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS) {
      const op = item?.[method];
      if (op?.operationId) found.set(op.operationId, { path, op });
    }
  return found;
}

/** A response object, its $ref followed into components. */
function resolved(doc: Doc, response: unknown): OpenAPIV3_1.ResponseObject {
  const ref = (response as { $ref?: string }).$ref;
  if (!ref) return response as OpenAPIV3_1.ResponseObject;
  return doc.components!.responses![ref.split('/').at(-1)!] as OpenAPIV3_1.ResponseObject;
}

describe('the spec links each created record to what takes its id', () => {
  const doc = getCompiledSpec().document as Doc;
  const ops = operations(doc);
  const links = [...ops].flatMap(([from, { op }]) =>
    Object.entries(op.responses ?? {}).flatMap(([status, response]) =>
      Object.entries(resolved(doc, response).links ?? {}).map(([name, link]) => {
        if ('$ref' in link) throw new Error(`${from} ${status} ${name}: a $ref link; the spec writes its links out`);
        return { from, status, name, link };
      }),
    ),
  );

  it('from every create of a record that other operations address', () => {
    expect(new Set(links.map((l) => l.from))).toEqual(
      new Set([
        'createGoal',
        'createGoalUpdate',
        'createEchoQuestion',
        'createEchoAnswer',
        'createGoalUpdateComment',
        'createCheckInComment',
        'createGoalUpdateReaction',
        'createCheckInReaction',
      ]),
    );
    expect(links.every((l) => l.status === '201')).toBe(true);
  });

  it('each to an operation of the spec, by one of its path parameters, from the body id', () => {
    for (const { from, name, link } of links) {
      const target = ops.get(link.operationId ?? '');
      expect(target, `${from} ${name}: ${link.operationId}`).toBeDefined();
      for (const [parameter, value] of Object.entries(link.parameters ?? {})) {
        expect(target!.path, `${from} ${name}`).toContain(`{${parameter}}`);
        expect(value).toBe('$response.body#/id');
      }
    }
  });
});
