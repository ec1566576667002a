// standin's spec beside a changed copy of it, for drift's tests: the copy plays production's description, so
// every change a test makes is one difference it knows, at a pointer it knows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDescription, type DescriptionDocument } from '../../src/drift/description-document.js';
import { compareDescriptions } from '../../src/drift/drift-report.js';
import type { DriftReport } from '../../src/drift/drift-change.js';
import type { EmittedValues } from '../../src/drift/world-census.js';

export const SPEC_TEXT = readFileSync(
  join(fileURLToPath(new URL('../..', import.meta.url)), 'spec', 'openapi.yaml'),
  'utf8',
);

/** standin's spec as drift reads it. */
export const STANDIN: DescriptionDocument = readDescription(SPEC_TEXT, 'standin');

/** A JSON value of the spec, typed loosely for a test to change. */
export type Loose = Record<string, any>;

/** A fresh copy of standin's spec as a plain object. */
export function specCopy(): Loose {
  return structuredClone<Loose>(STANDIN.root);
}

/**
 * A change that sets keywords of one field of a component schema (`components.schemas[schema].properties[field]`).
 * @example production(setField('Goal', 'end_date', { type: 'string' }))
 */
export function setField(schema: string, field: string, keywords: Loose): (spec: Loose) => void {
  return (spec) => {
    Object.assign(spec.components.schemas[schema].properties[field], keywords);
  };
}

/**
 * A change of both golden tables (drift-report.test.ts, drift-redocly.test.ts): production's GET /people requires a
 * header parameter, X-Workspace, that standin does not take.
 * @example production(requireWorkspaceHeader)
 */
export function requireWorkspaceHeader(spec: Loose): void {
  spec.paths['/people'].get.parameters.push({
    name: 'X-Workspace',
    in: 'header',
    required: true,
    schema: { type: 'string' },
  });
}

/** A copy changed by `change`, as production's description. */
export function production(change: (spec: Loose) => void, version: '3.0' | '3.1' = '3.1'): DescriptionDocument {
  const root = specCopy();
  change(root);
  return { root, version, label: 'production' };
}

/**
 * drift's report on standin against the copy `change` makes.
 * @example driftOf((spec) => delete spec.paths['/me']).summary.breaking // 1
 */
export function driftOf(change: (spec: Loose) => void, emitted?: EmittedValues): DriftReport {
  return compareDescriptions({ standin: STANDIN, production: production(change), ...(emitted ? { emitted } : {}) });
}
