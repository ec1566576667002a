// Where a browser takes its specs from (the package's `browser` field puts this module in place of
// spec-source.ts): the module generated at build time, imported statically so that a bundler carries it. No
// file to read and no compiler: the validators are ajv standalone code, which no `new Function` runs.
import { generatedSource, type GeneratedSpecs, type SpecSource } from './generated-source.js';
import * as generated from './generated/specs.js';

// Its validators are exports of their own (v0, v1, …), which the declaration does not list.
const module = generated as unknown as GeneratedSpecs;

/** spec/openapi.yaml and spec/control.yaml, as generated with the package. */
export const SPECS: { api: SpecSource; control: SpecSource } = {
  api: { document: module.API_DOCUMENT, source: generatedSource(module, 'api'), origin: 'generated' },
  control: { document: module.CONTROL_DOCUMENT, source: generatedSource(module, 'control'), origin: 'generated' },
};
