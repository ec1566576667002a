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
import { describerAtHand, useDescriber } from './describer.js';
import { loadOnce } from './load-once.js';
import { wholePageDocument } from './page-document.js';

const [generated, documents] = await Promise.all([
  import('./generated/specs.js'),
  import('./generated/page-documents.js'),
]);
// Its validators are exports of their own (v0, v1, …), which the declaration does not list.
const module: GeneratedSpecs = generated;

let checks: GeneratedChecks | null = null;
/** The late validators at hand: the bodies', the world's and the checks', as each has loaded. */
let late: GeneratedChecks | null = null;
/** `late` again, of what has loaded. */
const mergeLate = () => {
  late = { SPEC_HASH: module.SPEC_HASH, ...bodyChunk.module, ...worldChunk.module, ...checks };
};

/** A chunk of validators imported once, on demand, its module once in; a failed import may be tried again. */
class OnDemand {
  module: GeneratedChecks | null = null;
  readonly load: () => Promise<void>;
  constructor(importer: () => Promise<GeneratedChecks>) {
    this.load = loadOnce(() =>
      importer().then((loaded) => {
        this.module = loaded;
        mergeLate();
      }),
    );
  }
}
/** spec-bodies.js (loadBodyChecks): the API's request body validators, a chunk of their own. */
const bodyChunk = new OnDemand(() => import('./generated/spec-bodies.js'));
/** spec-world.js (loadWorldChecks): the world's schemas, which only a restored world is checked against. */
const worldChunk = new OnDemand(() => import('./generated/spec-world.js'));
/** control.yaml's document once loaded (loadControlDocument); only the controls read it, and their 404s. */
let controlDocument: OpenAPIV3_1.Document | null = null;

/** spec/openapi.yaml and spec/control.yaml, as generated with the package, their documents without prose. */
export const SPECS: { api: SpecSource; control: SpecSource } = {
  api: { document: documents.API_DOCUMENT, source: generatedSource(module, 'api', () => late), origin: 'generated' },
  control: {
    get document(): OpenAPIV3_1.Document {
      if (!controlDocument)
        throw new Error(
          "standin: control.yaml's document is not loaded yet in this page; await loadControlDocument() first",
        );
      return controlDocument;
    },
    source: generatedSource(module, 'control', () => late),
    origin: 'generated',
  },
};

/**
 * The API's document whole (but for its prose): page-documents.js' with what it leaves for later, page-schemas.js
 * (the answers' schemas and the webhooks, about 2.4 kB gzipped), loaded once by the first /mcp request, whose tools
 * are read from it (mcp-catalog.ts). A failed load may be tried again.
 * @example mcpTools(await wholeApiDocument())
 */
export const wholeApiDocument: () => Promise<OpenAPIV3_1.Document> = loadOnce(() =>
  import('./generated/page-schemas.js').then((loaded) => wholePageDocument(documents.API_DOCUMENT, loaded.API_LATER)),
);

/** Whether control.yaml's document is at hand (in Node always; in a page once loadControlDocument has loaded it). */
export function controlDocumentAtHand(): boolean {
  return controlDocument !== null;
}

/**
 * Loads control.yaml's document (page-control-document.js, about 6 kB gzipped) once, with the page's first
 * request that needs it (a control, or a 404 that may have meant one); a failed load may be tried again.
 * @example await loadControlDocument(); getCompiledControlSpec().operations
 */
export const loadControlDocument: () => Promise<void> = loadOnce(() =>
  import('./generated/page-control-document.js').then((loaded) => {
    controlDocument = loaded.CONTROL_DOCUMENT;
  }),
);

/**
 * Loads the checks' parts (spec-check-parts.js) once, for the checks a page asks for after its start (a control's request, an
 * override's answer); a failed load may be tried again.
 * @example await loadSpecChecks(); getCompiledSpec().operation('getMe').checkResponse(200, type, body)
 */
export const loadSpecChecks: () => Promise<void> = loadOnce(() =>
  Promise.all([loadParts(), loadBodyChecks(), loadWorldChecks()]).then(([parts]) => {
    checks = Object.assign({}, ...parts) as GeneratedChecks;
    mergeLate();
  }),
);

/**
 * Loads the describer of refused values (describe-errors.ts, describer.ts) once: with the page's first request a
 * check refuses (request-input.ts), and with every chunk of checks a page loads later (a body's, a control's, a
 * kept world's), whose refusals it writes. A failed load may be tried again.
 * @example if (!describerAtHand()) await loadDescriber()
 */
export const loadDescriber: () => Promise<void> = loadOnce(() =>
  import('./describe-errors.js').then(({ describeErrors }) => useDescriber(describeErrors)),
);

/** Whether the API's request body validators are at hand in this page, and the describer of what they refuse. */
export function bodyChecksAtHand(): boolean {
  return bodyChunk.module !== null && describerAtHand();
}

/**
 * Loads the API's request body validators (spec-bodies.js, about 5 kB gzipped) once, with the page's first request
 * that sends a body (request-input.ts): a page's first answer, a read, does not wait for them. A failed load may be
 * tried again.
 * @example if (!bodyChecksAtHand()) await loadBodyChecks()
 */
export function loadBodyChecks(): Promise<void> {
  return Promise.all([bodyChunk.load(), loadDescriber()]).then(() => undefined);
}

/** Whether the world's schemas are at hand in this page (a restored world is checked against them). */
export function worldChecksAtHand(): boolean {
  return worldChunk.module !== null && describerAtHand();
}

/**
 * Loads the world's schemas (spec-world.js, about 12 kB gzipped) once: before a page restores the world it kept
 * (persist: 'local', local-persistence.ts), or with the checks a control's restore loads (loadSpecChecks). A first
 * visit's page, with nothing kept, never waits for them. A failed load may be tried again.
 * @example if (!worldChecksAtHand()) await loadWorldChecks()
 */
export function loadWorldChecks(): Promise<void> {
  return Promise.all([worldChunk.load(), loadDescriber()]).then(() => undefined);
}
