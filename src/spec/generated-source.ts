// What the generated specs module holds (build-validators.ts writes it) and how its validators are found: shared
// by the Node source of the specs (spec-source.ts) and the browser's (spec-source.browser.ts).
import type { ValidateFunction } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { CompiledSpec, ValidatorSource } from './compile-spec.js';

/** A spec document and where its validators come from. */
export interface SpecSource {
  document: OpenAPIV3_1.Document;
  source: ValidatorSource;
  origin: CompiledSpec['validators'];
}

/** The generated module: both spec documents, and each validator under an export name, found by key. */
export interface GeneratedSpecs {
  API_DOCUMENT: OpenAPIV3_1.Document;
  CONTROL_DOCUMENT: OpenAPIV3_1.Document;
  /** `api:<key>` or `control:<key>` → export name. */
  KEYS: Record<string, string>;
  SPEC_HASH: string;
  [exportName: string]: unknown;
}

/** The validators of one spec of the generated module, by key. */
export function generatedSource(module: GeneratedSpecs, spec: 'api' | 'control'): ValidatorSource {
  return (key) => {
    const validate = module[module.KEYS[`${spec}:${key}`] ?? ''];
    if (typeof validate !== 'function') throw new Error(`standin: no generated validator ${key}; run npm run build`);
    return validate as ValidateFunction;
  };
}
