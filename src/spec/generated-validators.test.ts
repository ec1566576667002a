// The validators generated at build time are the ones in use, and answer exactly as ajv compiling the same
// spec at run time does: the same verdicts and the same G8 entries for good and bad input.
import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileSpec } from './compile-spec.js';
import { getCompiledControlSpec, getCompiledSpec, loadSpecChecks } from './compiled-spec.js';
import { SPEC_PATH } from './spec-files.js';
import { runtimeValidators } from './runtime-validators.js';

const BODIES: unknown[] = [
  {},
  { title: 'Ship it', private: 'yes' },
  { confidence: 150, progress: -1 },
  { update_cadence: null },
  { start_date: '2026-02-30' },
  { owner_id: 'ME' },
  { title: 'x'.repeat(300) },
  [],
  null,
  { mood: 'elated', team_ids: ['x'] },
  { name: '' },
  { body: '' },
  { answer_time: '24:00', answer_day: 'Monday' },
  { description: 'ok', url: 'http://x' },
  { group: 'g', description: '👩‍👩‍👧'.repeat(100) },
];

describe('generated validators', () => {
  // The response checks are a module of their own, loaded on demand (spec-source.ts): the comparison needs them,
  // whether or not a test before this one in the same worker loaded them.
  beforeAll(() => loadSpecChecks());

  it('are in use for both specs after a build', () => {
    expect([getCompiledSpec().validators, getCompiledControlSpec().validators]).toEqual(['generated', 'generated']);
  });

  it('answer as validators compiled at run time do', () => {
    const generated = getCompiledSpec();
    const document = parse(readFileSync(SPEC_PATH, 'utf8')) as OpenAPIV3_1.Document;
    const compiled = compileSpec(document, runtimeValidators(document).source, 'compiled');
    expect(compiled.validators).toBe('compiled');
    for (const op of generated.operations) {
      const twin = compiled.operation(op.operationId);
      for (const body of BODIES)
        expect(op.validateBody(body), `${op.operationId} ${JSON.stringify(body)}`).toEqual(twin.validateBody(body));
      const queries: Array<Record<string, string | string[]>> = [
        { page: '0' },
        { per_page: 'abc' },
        { 'people_ids[]': ['me'] },
        { since: '2026-13-01' },
        { blocked: 'maybe' },
      ];
      for (const query of queries) {
        expect(op.validateQuery(query)).toEqual(twin.validateQuery(query));
      }
      expect(op.checkResponse(200, 'application/json', { id: 1 })).toEqual(
        twin.checkResponse(200, 'application/json', { id: 1 }),
      );
    }
    expect(generated.checkSchema('Goal', { id: 'x' })).toEqual(compiled.checkSchema('Goal', { id: 'x' }));
  });
});
