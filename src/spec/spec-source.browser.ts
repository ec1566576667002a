// Where a browser takes its specs from (the package's `browser` field puts this module in place of
// spec-source.ts): the modules generated at build time, specs.js (the validators a first answer needs) and
// page-documents.js (the documents without their prose, page-document.ts) imported at the top level, so that a
// bundler makes each a chunk of its own (with the rest of the mock's code in one they were over Vite's 500 kB
// large-chunk warning) and fetches them at once; the parts spec-check-parts.js loads (the controls' request checks, the
// responses' and the schemas a page does not need first) imported on demand, each a chunk of its own. No file to
// read and no compiler: the validators are ajv standalone code, which no `new Function` runs.
import { generatedSource, type GeneratedChecks, type GeneratedSpecs, type SpecSource } from './generated-source.js';
import { loadParts } from './generated/spec-check-parts.js';

const [generated, documents] = await Promise.all([
  import('./generated/specs.js'),
  import('./generated/page-documents.js'),
]);
// Its validators are exports of their own (v0, v1, …), which the declaration does not list.
const module: GeneratedSpecs = generated;

let checks: GeneratedChecks | null = null;
let loading: Promise<void> | null = null;

/** spec/openapi.yaml and spec/control.yaml, as generated with the package, their documents without prose. */
export const SPECS: { api: SpecSource; control: SpecSource } = {
  api: { document: documents.API_DOCUMENT, source: generatedSource(module, 'api', () => checks), origin: 'generated' },
  control: {
    document: documents.CONTROL_DOCUMENT,
    source: generatedSource(module, 'control', () => checks),
    origin: 'generated',
  },
};

/**
 * Loads the checks' parts (spec-check-parts.js) once, for the checks a page asks for after its start (a control's request, an
 * override's answer); a failed load may be tried again.
 * @example await loadSpecChecks(); getCompiledSpec().operation('getMe').checkResponse(200, type, body)
 */
export function loadSpecChecks(): Promise<void> {
  loading ??= loadParts().then(
    (parts) => {
      checks = Object.assign({}, ...parts) as GeneratedChecks;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
