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

/** The generated specs.js: the validators a page needs first, and their keys. */
export interface GeneratedSpecs extends GeneratedChecks {
  /**
   * `api:<key>` or `control:<key>` → export name, of the validators in specs.js; each later module names its own
   * under an export of its own that starts with KEYS_ (KEYS_BODIES, KEYS_PART_0, …).
   */
  KEYS: Record<string, string>;
}

/** The KEYS_ maps of the later modules loaded, merged once for each set of them (`late` is new with each chunk). */
const lateKeys = new WeakMap<GeneratedChecks, Map<string, string>>();

/** The export name of a later validator, from the KEYS_ maps of the later modules loaded (`late`). */
function lateName(late: GeneratedChecks, key: string): string | undefined {
  let keys = lateKeys.get(late);
  if (!keys) {
    keys = new Map();
    for (const [exported, named] of Object.entries(late))
      if (exported.startsWith('KEYS_'))
        for (const [k, name] of Object.entries(named as object)) keys.set(k, name as string);
    lateKeys.set(late, keys);
  }
  return keys.get(key);
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
    const full = `${spec}:${key}`;
    // The first module's own, or one merged into it (Node takes the world's schemas with it: spec-source.ts).
    const name = module.KEYS[full] ?? lateName(module, full);
    const first = name === undefined ? undefined : module[name];
    if (typeof first === 'function') return first as ValidateFunction;
    // A later validator's name is in the module that holds it: read when it is first called, then kept.
    let lateNamed: string | undefined;
    const late = ((data: unknown) => {
      const loaded = checks();
      lateNamed ??= loaded ? lateName(loaded, full) : undefined;
      const validate = lateNamed === undefined ? undefined : (loaded?.[lateNamed] as ValidateFunction | undefined);
      if (typeof validate !== 'function')
        throw new Error(`standin: the spec's check ${key} is not loaded yet; await loadSpecChecks() first`);
      const valid = validate(data);
      late.errors = validate.errors;
      return valid;
    }) as ValidateFunction;
    return late;
  };
}
