// The one compiled spec of each kind per process — spec/openapi.yaml (the API) and spec/control.yaml (the
// mock's /__mock controls) — shared by the mock's request validation and the contract kit's response checks.
import { compileSpec, schemaChecks, type CompiledSpec } from './compile-spec.js';
import { SPECS } from './spec-source.js';

export {
  bodyChecksAtHand,
  controlDocumentAtHand,
  loadBodyChecks,
  loadControlDocument,
  loadDescriber,
  loadSpecChecks,
  loadWorldChecks,
  wholeApiDocument,
  worldChecksAtHand,
} from './spec-source.js';

export { REQUEST_BODY, type CompiledSpec, type SpecOperation, type SpecParameter } from './compile-spec.js';

let compiled: CompiledSpec | null = null;
let compiledControl: CompiledSpec | null = null;
let controlSchemas: CompiledSpec['checkSchema'] | null = null;

/** The compiled API spec, built on first use and shared by every mock and kit in the process. */
export function getCompiledSpec(): CompiledSpec {
  compiled ??= compileSpec(SPECS.api.document, SPECS.api.source, SPECS.api.origin);
  return compiled;
}

/**
 * The compiled control spec (spec/control.yaml), whose schemas may reference the API's. A page has its document
 * once loadControlDocument has loaded it (with its first control request).
 */
export function getCompiledControlSpec(): CompiledSpec {
  compiledControl ??= compileSpec(SPECS.control.document, SPECS.control.source, SPECS.control.origin);
  return compiledControl;
}

/**
 * Problems of a value against a component schema of spec/control.yaml, as getCompiledControlSpec().checkSchema
 * gives them, without its document: MK6's profile is checked at start, before a page has loaded the document.
 * @example checkControlSchema('FaultProfile', profile) // [] when it conforms
 */
export function checkControlSchema(name: string, value: unknown): string[] {
  controlSchemas ??= schemaChecks(SPECS.control.source);
  return controlSchemas(name, value);
}
