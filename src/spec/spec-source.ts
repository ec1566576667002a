// Where this process takes its specs from, in Node: the documents and validators generated at build time
// (ajv standalone code, build-validators.ts) while they were made from the spec texts on disk — no YAML
// parsed, nothing compiled at start — and otherwise the YAML parsed and ajv compiling at first use, so a
// spec edited since the last build is still the one in force.
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  generatedSource,
  type GeneratedChecks,
  type GeneratedDocuments,
  type GeneratedSpecs,
  type SpecSource,
} from './generated-source.js';
import { describeErrors } from './describe-errors.js';
import { describerAtHand, useDescriber } from './describer.js';
import { loadOnce } from './load-once.js';
import { CONTROL_SPEC_PATH, packageText, SPEC_PATH } from './spec-files.js';
import { specHash } from './spec-hash.js';

/** The generated modules a start needs (the checks apart), when both are there and made from the same texts. */
async function loadGenerated(): Promise<{ specs: GeneratedSpecs; documents: GeneratedDocuments } | null> {
  try {
    // Named as literals, so that the CLI's bundle (src/cli/bundle-cli.ts) carries them as chunks of their own.
    const [specs, documents] = (await Promise.all([
      import('./generated/specs.js'),
      import('./generated/documents.js'),
    ])) as [GeneratedSpecs, GeneratedDocuments];
    return specs.SPEC_HASH === documents.SPEC_HASH ? { specs, documents } : null;
  } catch {
    return null;
  }
}

/** spec-checks.js once loaded (loadSpecChecks); null before, and for specs compiled here (which hold every check). */
let checks: GeneratedChecks | null = null;
/** spec-bodies.js once loaded (loadBodyChecks); null before. */
let bodies: GeneratedChecks | null = null;
/** spec-world.js once loaded (loadWorldChecks); null before. */
let world: GeneratedChecks | null = null;
/** The late validators at hand: the bodies', the world's and the checks', as each has loaded. */
let late: GeneratedChecks | null = null;
/** `late` again, of what has loaded. */
const mergeLate = () => {
  late = { SPEC_HASH: generatedHash, ...bodies, ...world, ...checks };
};
/** Whether the checks come from spec-checks.js (false: compiled here, all at hand). */
let checksGenerated = false;
/** The generated modules' hash, that spec-checks.js must carry too. */
let generatedHash = '';

/** Both specs, generated when the build is current, else read and compiled here (a spec edited since). */
async function loadSpecs(): Promise<{ api: SpecSource; control: SpecSource }> {
  const apiText = packageText(SPEC_PATH);
  const controlText = packageText(CONTROL_SPEC_PATH);
  const generated = await loadGenerated();
  if (generated?.specs.SPEC_HASH === specHash([apiText, controlText])) {
    // The checks (spec-checks.js: the controls' requests, the responses, the schemas no first answer needs; about
    // 2 MB of code, more than half of what a start would compile) are loaded on demand, as in a page, and so are
    // the world's schemas (spec-world.js, which only a restored world is checked against: some 6 ms of a fresh
    // process's `import('standin')`).
    const { specs, documents } = generated;
    checksGenerated = true;
    generatedHash = specs.SPEC_HASH;
    return {
      api: {
        document: documents.API_DOCUMENT,
        source: generatedSource(specs, 'api', () => late),
        origin: 'generated',
      },
      control: {
        document: documents.CONTROL_DOCUMENT,
        source: generatedSource(specs, 'control', () => late),
        origin: 'generated',
      },
    };
  }
  const [{ parse }, { runtimeValidators }] = await Promise.all([import('yaml'), import('./runtime-validators.js')]);
  const apiDocument = parse(apiText) as OpenAPIV3_1.Document;
  const controlDocument = parse(controlText) as OpenAPIV3_1.Document;
  // One ajv for both, as the build has it: control.yaml's schemas reference openapi.yaml's.
  const { source } = runtimeValidators(controlDocument, apiDocument.components?.schemas);
  return {
    api: { document: apiDocument, source, origin: 'compiled' },
    control: { document: controlDocument, source, origin: 'compiled' },
  };
}

/** spec/openapi.yaml and spec/control.yaml, as this process uses them. */
export const SPECS = await loadSpecs();

/**
 * Loads the checks (spec-checks.js) once, for what checks a request of the controls, a response or a world:
 * the kit, the proxy, drift, the state worker and the controls await it before their first check. A failed
 * load may be tried again.
 * @example await loadSpecChecks(); getCompiledSpec().operation('getMe').checkResponse(200, type, body)
 */
export function loadSpecChecks(): Promise<void> {
  return checksGenerated ? loadChecks() : Promise.resolve();
}
const loadChecks = loadOnce(() =>
  Promise.all([
    import('./generated/spec-checks.js') as Promise<GeneratedChecks>,
    loadBodyChecks(),
    loadWorldChecks(),
  ]).then(([module]) => {
    if (module.SPEC_HASH !== generatedHash)
      throw new Error('standin: the generated checks are of other spec texts; run npm run build');
    checks = module;
    mergeLate();
  }),
);

// G8: Node describes a refused value at once (a page loads the describer when a check first refuses: describer.ts).
useDescriber(describeErrors);

/** The describer of refused values, in place (again, after a test took it away: describer.ts). */
export function loadDescriber(): Promise<void> {
  useDescriber(describeErrors);
  return Promise.resolve();
}

/** Whether the API's request body validators are at hand (always, for specs compiled here). */
export function bodyChecksAtHand(): boolean {
  // And the describer of what they refuse (describer.ts), as a page has them.
  return (!checksGenerated || bodies !== null) && describerAtHand();
}

/**
 * Loads the API's request body validators (spec-bodies.js) once, for the first request that sends a body
 * (request-input.ts); loadSpecChecks loads them too. A failed load may be tried again.
 * @example if (!bodyChecksAtHand()) await loadBodyChecks()
 */
export function loadBodyChecks(): Promise<void> {
  useDescriber(describeErrors);
  return loadBodies();
}
const loadBodies = onceLoaded(
  'body checks',
  () => import('./generated/spec-bodies.js'),
  (module) => (bodies = module),
);

/** Whether the world's schemas are at hand (always, for specs compiled here). */
export function worldChecksAtHand(): boolean {
  return !checksGenerated || world !== null;
}

/**
 * Loads the world's schemas (spec-world.js) once, before a restored world is checked against them: loadSpecChecks,
 * which a restore's every path awaits (a control's request, a --state file, the state worker), loads them too. A
 * failed load may be tried again.
 * @example if (!worldChecksAtHand()) await loadWorldChecks()
 */
export const loadWorldChecks = onceLoaded(
  "world's checks",
  () => import('./generated/spec-world.js'),
  (module) => (world = module),
);

/**
 * A generated checks module's loader: loaded once, held to the spec texts' hash, kept by `keep`, merged with what
 * is at hand; a failed load may be tried again. Nothing to load for specs compiled here.
 */
function onceLoaded(
  what: string,
  load: () => Promise<unknown>,
  keep: (module: GeneratedChecks) => void,
): () => Promise<void> {
  const loadChecked = loadOnce(() =>
    (load() as Promise<GeneratedChecks>).then((module) => {
      if (module.SPEC_HASH !== generatedHash)
        throw new Error(`standin: the generated ${what} are of other spec texts; run npm run build`);
      keep(module);
      mergeLate();
    }),
  );
  return () => (checksGenerated ? loadChecked() : Promise.resolve());
}

/** Whether control.yaml's document is at hand: in Node it is read with the API's, at start. */
export function controlDocumentAtHand(): boolean {
  return true;
}

/**
 * control.yaml's document is read at start in Node: nothing to load (a page loads it on demand, spec-source.browser.ts).
 * @example await loadControlDocument(); getCompiledControlSpec().operations
 */
export function loadControlDocument(): Promise<void> {
  return Promise.resolve();
}

/**
 * The API's whole document, as the MCP twin's tools are read from it: in Node, the one read at start (a page loads
 * the part it leaves for later, spec-source.browser.ts).
 * @example mcpTools(await wholeApiDocument())
 */
export function wholeApiDocument(): Promise<OpenAPIV3_1.Document> {
  return Promise.resolve(SPECS.api.document);
}
