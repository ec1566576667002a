// Where this process takes its specs from, in Node: the documents and validators generated at build time
// (ajv standalone code, build-validators.ts) while they were made from the spec texts on disk — no YAML
// parsed, nothing compiled at start — and otherwise the YAML parsed and ajv compiling at first use, so a
// spec edited since the last build is still the one in force.
import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import { generatedSource, type GeneratedSpecs, type SpecSource } from './generated-source.js';
import { CONTROL_SPEC_PATH, SPEC_PATH } from './spec-files.js';
import { specHash } from './spec-hash.js';

async function loadGenerated(): Promise<GeneratedSpecs | null> {
  try {
    return (await import(new URL('./generated/specs.js', import.meta.url).href)) as GeneratedSpecs;
  } catch {
    return null;
  }
}

/** Both specs, generated when the build is current, else read and compiled here (a spec edited since). */
async function loadSpecs(): Promise<{ api: SpecSource; control: SpecSource }> {
  const apiText = readFileSync(SPEC_PATH, 'utf8');
  const controlText = readFileSync(CONTROL_SPEC_PATH, 'utf8');
  const generated = await loadGenerated();
  if (generated?.SPEC_HASH === specHash([apiText, controlText])) {
    return {
      api: { document: generated.API_DOCUMENT, source: generatedSource(generated, 'api'), origin: 'generated' },
      control: {
        document: generated.CONTROL_DOCUMENT,
        source: generatedSource(generated, 'control'),
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
