// Where this process takes its specs from, in Node: the documents and validators generated at build time
// (ajv standalone code, build-validators.ts) while they were made from the spec texts on disk — no YAML
// parsed, nothing compiled at start — and otherwise the YAML parsed and ajv compiling at first use, so a
// spec edited since the last build is still the one in force.
import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  generatedSource,
  type GeneratedChecks,
  type GeneratedDocuments,
  type GeneratedSpecs,
  type SpecSource,
} from './generated-source.js';
import { CONTROL_SPEC_PATH, SPEC_PATH } from './spec-files.js';
import { specHash } from './spec-hash.js';

/** The generated modules Node uses (a page's documents apart), when all are there and made from the same texts. */
async function loadGenerated(): Promise<{
  specs: GeneratedSpecs;
  checks: GeneratedChecks;
  documents: GeneratedDocuments;
} | null> {
  try {
    // The checks in one module: a page's parts (spec-check-parts.js) repeat what several share.
    const [specs, checks, documents] = (await Promise.all([
      import(new URL('./generated/specs.js', import.meta.url).href),
      import(new URL('./generated/spec-checks.js', import.meta.url).href),
      import(new URL('./generated/documents.js', import.meta.url).href),
    ])) as [GeneratedSpecs, GeneratedChecks, GeneratedDocuments];
    const same = specs.SPEC_HASH === checks.SPEC_HASH && specs.SPEC_HASH === documents.SPEC_HASH;
    return same ? { specs, checks, documents } : null;
  } catch {
    return null;
  }
}

/** Both specs, generated when the build is current, else read and compiled here (a spec edited since). */
async function loadSpecs(): Promise<{ api: SpecSource; control: SpecSource }> {
  const apiText = readFileSync(SPEC_PATH, 'utf8');
  const controlText = readFileSync(CONTROL_SPEC_PATH, 'utf8');
  const generated = await loadGenerated();
  if (generated?.specs.SPEC_HASH === specHash([apiText, controlText])) {
    // In Node both modules are loaded at start: the contract kit and the CLI check responses synchronously.
    const { specs, checks, documents } = generated;
    return {
      api: {
        document: documents.API_DOCUMENT,
        source: generatedSource(specs, 'api', () => checks),
        origin: 'generated',
      },
      control: {
        document: documents.CONTROL_DOCUMENT,
        source: generatedSource(specs, 'control', () => checks),
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
 * Every check at hand; in Node they are from the start (the browser's twin loads its second module here).
 * @example await loadSpecChecks(); getCompiledSpec().operation('getMe').checkResponse(200, type, body)
 */
export function loadSpecChecks(): Promise<void> {
  return Promise.resolve();
}
