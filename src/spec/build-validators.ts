// The build's last step (`npm run build`): src/spec/generated/specs.js, spec-bodies.js, spec-world.js, spec-checks.js, the same checks in parts
// (spec-check-parts.js loads spec-checks-0.js, …), documents.js, page-documents.js, page-schemas.js and page-control-document.js, and their twins beside the build, written by generate-specs.ts, unless all are already there for these spec texts and were written
// after the code that writes them (then this costs milliseconds, and `npm start` on a built checkout does not wait
// for ajv).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTROL_SPEC_PATH, PACKAGE_ROOT, SPEC_PATH } from './spec-files.js';
import { specHash } from './spec-hash.js';

const apiText = readFileSync(SPEC_PATH, 'utf8');
const controlText = readFileSync(CONTROL_SPEC_PATH, 'utf8');
const hash = specHash([apiText, controlText]);
const here = dirname(fileURLToPath(import.meta.url));
// Beside the sources (for the tests, which run them) and beside the build (for everyone else).
const folders = [join(PACKAGE_ROOT, 'src', 'spec', 'generated'), join(here, 'generated')];
/** Each generated module's file name, by its text in generatedSpecs' answer. */
const MODULES = {
  specs: 'specs.js',
  bodies: 'spec-bodies.js',
  world: 'spec-world.js',
  checks: 'spec-checks.js',
  checkIndex: 'spec-check-parts.js',
  documents: 'documents.js',
  pageDocuments: 'page-documents.js',
  pageSchemas: 'page-schemas.js',
  pageControlDocument: 'page-control-document.js',
} as const;
/** A part of the checks (spec-checks.js imports each on demand). */
const PART = /^spec-checks-\d+\.js$/;
/** The parts spec-check-parts.js in `folder` imports (none while it is not there). */
const partsOf = (folder: string): string[] => {
  const index = join(folder, MODULES.checkIndex);
  if (!existsSync(index)) return [];
  return [...readFileSync(index, 'utf8').matchAll(/'\.\/(spec-checks-\d+\.js)'/g)].map(([, name]) =>
    join(folder, name ?? ''),
  );
};
const files = folders.flatMap((folder) => [
  ...Object.values(MODULES).map((name) => join(folder, name)),
  ...partsOf(folder),
]);
// The compiled spec modules beside this one (the generator, ajv's options, the formats): newer means rewrite.
const codeChanged = Math.max(
  ...readdirSync(here)
    .filter((name) => name.endsWith('.js'))
    .map((name) => statSync(join(here, name)).mtimeMs),
);
const current = (file: string) =>
  existsSync(file) &&
  statSync(file).mtimeMs >= codeChanged &&
  readFileSync(file, 'utf8').includes(`SPEC_HASH = "${hash}"`);
if (!files.every(current)) {
  const { generatedSpecs } = await import('./generate-specs.js');
  const modules = generatedSpecs(apiText, controlText);
  for (const folder of folders) {
    mkdirSync(folder, { recursive: true });
    for (const key of Object.keys(MODULES) as Array<keyof typeof MODULES>)
      writeFileSync(join(folder, MODULES[key]), modules[key]);
    // The parts anew: one the spec no longer fills must not be left to be packed.
    for (const name of readdirSync(folder).filter((file) => PART.test(file))) rmSync(join(folder, name));
    modules.checkParts.forEach((text, i) => writeFileSync(join(folder, `spec-checks-${i}.js`), text));
  }
}
