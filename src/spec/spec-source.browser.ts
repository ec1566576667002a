// Where a browser takes its specs from (the package's `browser` field puts this module in place of
// spec-source.ts): the modules generated at build time, specs.js (the validators a first answer needs) and
// page-documents.js (the API's document without its prose, page-document.ts) imported at the top level, so that a
// bundler makes each a chunk of its own (with the rest of the mock's code in one they were over Vite's 500 kB
// large-chunk warning) and fetches them at once; control.yaml's document (page-control-document.js, loadControlDocument)
// and the parts spec-check-parts.js loads (the controls' request checks, the responses' and the schemas a page does
// not need first) imported on demand, each a chunk of its own. No file to read and no compiler: the validators are
// ajv standalone code, which no `new Function` runs.
import type { OpenAPIV3_1 } from 'openapi-types';
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
/** control.yaml's document once loaded (loadControlDocument); only the controls read it, and their 404s. */
let controlDocument: OpenAPIV3_1.Document | null = null;
let loadingControl: Promise<void> | null = null;

/** spec/openapi.yaml and spec/control.yaml, as generated with the package, their documents without prose. */
export const SPECS: { api: SpecSource; control: SpecSource } = {
  api: { document: documents.API_DOCUMENT, source: generatedSource(module, 'api', () => checks), origin: 'generated' },
  control: {
    get document(): OpenAPIV3_1.Document {
      if (!controlDocument)
        throw new Error(
          "standin: control.yaml's document is not loaded yet in this page; await loadControlDocument() first",
        );
      return controlDocument;
    },
    source: generatedSource(module, 'control', () => checks),
    origin: 'generated',
  },
};

/** Whether control.yaml's document is at hand (in Node always; in a page once loadControlDocument has loaded it). */
export function controlDocumentAtHand(): boolean {
  return controlDocument !== null;
}

/**
 * Loads control.yaml's document (page-control-document.js, about 6 kB gzipped) once, with the page's first
 * request that needs it (a control, or a 404 that may have meant one); a failed load may be tried again.
 * @example await loadControlDocument(); getCompiledControlSpec().operations
 */
export function loadControlDocument(): Promise<void> {
  loadingControl ??= import('./generated/page-control-document.js').then(
    (loaded) => {
      controlDocument = loaded.CONTROL_DOCUMENT;
    },
    (error: unknown) => {
      loadingControl = null;
      throw error;
    },
  );
  return loadingControl;
}

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
