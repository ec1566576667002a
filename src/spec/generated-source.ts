// What the generated spec modules hold (build-validators.ts writes them) and how their validators are found:
// shared by the Node source of the specs (spec-source.ts) and the browser's (spec-source.browser.ts).
import type { ValidateFunction } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { CompiledSpec, ValidatorSource } from './compile-spec.js';

/** A spec document and where its validators come from. */
export interface SpecSource {
  document: OpenAPIV3_1.Document;
  source: ValidatorSource;
  origin: CompiledSpec['validators'];
}

/**
 * The generated spec-checks.js, or a part of it (spec-checks-0.js, …): the controls' request checks, the response
 * checks and the schemas a page does not need first.
 */
export interface GeneratedChecks {
  SPEC_HASH: string;
  [exportName: string]: unknown;
}

/** The generated specs.js: the keys of all validators, and those a page needs first. */
export interface GeneratedSpecs extends GeneratedChecks {
  /** `api:<key>` or `control:<key>` → export name, in specs.js or in spec-checks.js. */
  KEYS: Record<string, string>;
}

/** The generated documents.js (both documents whole) or page-documents.js (both without prose, a page's). */
export interface GeneratedDocuments {
  SPEC_HASH: string;
  API_DOCUMENT: OpenAPIV3_1.Document;
  CONTROL_DOCUMENT: OpenAPIV3_1.Document;
}

/**
 * The validators of one spec of the generated modules, by key. One in spec-checks.js is looked up when first
 * called, in `checks()`: a page loads that module only when a check needs it (loadSpecChecks).
 * @example compileSpec(documents.API_DOCUMENT, generatedSource(module, 'api', () => checks), 'generated')
 */
export function generatedSource(
  module: GeneratedSpecs,
  spec: 'api' | 'control',
  checks: () => GeneratedChecks | null,
): ValidatorSource {
  return (key) => {
    const name = module.KEYS[`${spec}:${key}`];
    if (name === undefined) throw new Error(`standin: no generated validator ${key}; run npm run build`);
    const first = module[name];
    if (typeof first === 'function') return first as ValidateFunction;
    const late = ((data: unknown) => {
      const validate = checks()?.[name] as ValidateFunction | undefined;
      if (typeof validate !== 'function')
        throw new Error(`standin: the spec's check ${key} is not loaded yet; await loadSpecChecks() first`);
      const valid = validate(data);
      late.errors = validate.errors;
      return valid;
    }) as ValidateFunction;
    return late;
  };
}
