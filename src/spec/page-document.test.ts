// A page's document (no prose) compiles to the same spec as the whole one: the same operations, parameters,
// bodies, statuses and rule sources, and the same verdicts on requests; and it holds none of the prose. The part a
// page loads first (firstPageDocument) compiles to the same too, and with what it leaves for later is the same.
import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileSpec, type CompiledSpec } from './compile-spec.js';
import { firstPageDocument, laterPageParts, pageDocument, wholePageDocument } from './page-document.js';
import { runtimeValidators } from './runtime-validators.js';
import { CONTROL_SPEC_PATH, SPEC_PATH } from './spec-files.js';

const API = parse(readFileSync(SPEC_PATH, 'utf8')) as OpenAPIV3_1.Document;
const CONTROL = parse(readFileSync(CONTROL_SPEC_PATH, 'utf8')) as OpenAPIV3_1.Document;

/** What compileSpec read from a document: everything an answer of the mock depends on, validators apart. */
function shape(spec: CompiledSpec) {
  return {
    operations: spec.operations.map(
      ({ operationId, method, path, base, parameters, bodyProperties, bodyRequired, statuses }) => ({
        operationId,
        method,
        path,
        base,
        parameters,
        bodyProperties: bodyProperties && [...bodyProperties],
        bodyRequired,
        statuses,
      }),
    ),
    rules: [...spec.rules.rules].map(([id, rule]) => [
      id,
      rule.source,
      [...rule.parts].map(([part, p]) => [part, p.source]),
    ]),
  };
}

describe('pageDocument', () => {
  for (const [name, document, shared] of [
    ['openapi.yaml', API, undefined],
    ['control.yaml', CONTROL, API.components?.schemas],
  ] as const) {
    it(`compiles ${name} to the same spec as the whole document`, () => {
      const { source } = runtimeValidators(document, shared);
      const whole = compileSpec(document, source, 'compiled');
      const page = compileSpec(pageDocument(document), source, 'compiled');
      expect(shape(page)).toEqual(shape(whole));
      expect(page.rules.rules.size).toBe(whole.rules.rules.size);
    });
  }

  it('keeps no prose, and keeps a property called description', () => {
    const text = JSON.stringify(pageDocument(API));
    expect(text).not.toMatch(/"(summary|examples|externalDocs)":/);
    // Goal's own field `description` is a name in `properties`, not prose.
    const goal = pageDocument(API).components?.schemas?.Goal as { properties: Record<string, unknown> };
    expect(Object.keys(goal.properties)).toContain('description');
    expect(JSON.stringify(goal)).not.toMatch(/"description":"/);
    expect(text.length).toBeLessThan(JSON.stringify(API).length * 0.6);
  });

  it("loads the API's answers' schemas and webhooks later, and compiles to the same spec without them", () => {
    const { source } = runtimeValidators(API);
    const first = firstPageDocument(API);
    expect(shape(compileSpec(first, source, 'compiled'))).toEqual(shape(compileSpec(API, source, 'compiled')));
    // What a request's parameters or body refer to stays; the answers' shapes wait (Goal is GET /goals' answer).
    expect(Object.keys(first.components?.schemas ?? {})).toContain('GoalInput');
    expect(Object.keys(first.components?.schemas ?? {})).not.toContain('Goal');
    expect(first.webhooks).toBeUndefined();
    // Put together again, it is pageDocument's, key for key in the same order (the MCP twin's tools read it).
    expect(JSON.stringify(wholePageDocument(first, laterPageParts(API)))).toBe(JSON.stringify(pageDocument(API)));
  });
});
