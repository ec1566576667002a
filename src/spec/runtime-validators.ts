// Compiling a spec's validators with ajv, for the build (which writes them out as standalone code) and for a
// process whose spec changed since the last build. Every component schema is its own ajv schema under its
// own id, so each compiles once however many operations reference it (inlined per operation, the generated
// code was 3.8 MB for one spec; shared, a fraction of that).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { componentRef, rewriteRefs, type ValidatorSource } from './compile-spec.js';
import { SPEC_FORMATS } from './formats.js';

/** An ajv for the specs; `options` lets the build ask for standalone source code. */
export function makeAjv(options: ConstructorParameters<typeof Ajv2020>[0] = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true, ...options });
  for (const [name, format] of Object.entries(SPEC_FORMATS)) ajv.addFormat(name, format);
  ajv.addVocabulary(['example', 'x-rule', 'x-length-rule']);
  return ajv;
}

/**
 * The component schemas of a document (and the schemas it shares with another: control.yaml uses
 * openapi.yaml's), each added to `ajv` under its `componentRef` id; returns their names and a source that
 * compiles a validator from them.
 * @example const { source } = runtimeValidators(document); compileSpec(document, source)
 */
export function runtimeValidators(
  document: OpenAPIV3_1.Document,
  sharedSchemas: Record<string, unknown> = {},
  ajv = makeAjv(),
): { ajv: Ajv2020; names: string[]; source: ValidatorSource } {
  const schemas = { ...sharedSchemas, ...(document.components?.schemas ?? {}) };
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema({ ...rewriteRefs(schema as Record<string, unknown>), $id: componentRef(name) });
  }
  return {
    ajv,
    names: Object.keys(schemas),
    source: (_key, schema): ValidateFunction => ajv.compile(schema),
  };
}
