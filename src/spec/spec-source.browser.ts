// Where a browser takes its specs from (the package's `browser` field puts this module in place of
// spec-source.ts): the modules generated at build time, specs.js (the validators a first answer needs) and
// page-documents.js (the documents without their prose, page-document.ts) imported statically so that a bundler
// carries them, spec-checks.js (the controls' request checks, the responses' and the schemas a page does not need
// first) imported on demand, a chunk of its own. No file to read and no compiler: the validators are ajv
// standalone code, which no `new Function` runs.
import { generatedSource, type GeneratedChecks, type GeneratedSpecs, type SpecSource } from './generated-source.js';
import { API_DOCUMENT, CONTROL_DOCUMENT } from './generated/page-documents.js';
import * as generated from './generated/specs.js';

// Its validators are exports of their own (v0, v1, …), which the declaration does not list.
const module: GeneratedSpecs = generated;

let checks: GeneratedChecks | null = null;
let loading: Promise<void> | null = null;

/** spec/openapi.yaml and spec/control.yaml, as generated with the package, their documents without prose. */
export const SPECS: { api: SpecSource; control: SpecSource } = {
  api: { document: API_DOCUMENT, source: generatedSource(module, 'api', () => checks), origin: 'generated' },
  control: {
    document: CONTROL_DOCUMENT,
    source: generatedSource(module, 'control', () => checks),
    origin: 'generated',
  },
};

/**
 * Loads spec-checks.js once, for the checks a page asks for after its start (an override's answer); a failed
 * load may be tried again.
 * @example await loadSpecChecks(); getCompiledSpec().operation('getMe').checkResponse(200, type, body)
 */
export function loadSpecChecks(): Promise<void> {
  loading ??= import('./generated/spec-checks.js').then(
    (loaded) => {
      checks = loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
