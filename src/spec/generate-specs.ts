// Writes both specs as ES modules' text: the parsed documents and their validators as ajv standalone code, so
// that start-up neither parses YAML nor compiles schemas (about 1.6 s here) and no `new Function` runs (a browser
// build needs that); the validators a page needs first in one, the other checks in another, the whole documents
// (Node's) in a third and the documents without their prose (a page's, page-document.ts) in a fourth. Each
// carries the hash of the spec texts it was made from; spec-source.ts uses them only while the hash still
// matches, and parses and compiles at run time otherwise.
import { _, type ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { compileSpec } from './compile-spec.js';
import { firstPageDocument, laterPageParts, pageDocument } from './page-document.js';
import { makeAjv, runtimeValidators } from './runtime-validators.js';
import { specHash } from './spec-hash.js';
import { WORLD_SCHEMAS } from './world-schemas.js';
import { describeErrors } from './describe-errors.js';
import { useDescriber } from './describer.js';

// The build's checks run in Node, where a refusal is described at once (describer.ts).
useDescriber(describeErrors);

// ajv's standalone entry is CommonJS: under NodeNext its function sits on `.default`.
const standaloneCode = standaloneModule.default;

/**
 * What a page or a start needs before its first answer: the API's query and path validators and the fault profile
 * (createMock's and standin serve's `faults` option is checked before anything is answered). The API's body
 * validators are a module of their own (spec-bodies.js, about 5 kB gzipped), loaded with the first request that
 * sends a body (request-input.ts), which a page's first answer, a read, does not wait for; so are the world's
 * schemas (spec-world.js, about 12 kB gzipped: isWorldCheck), which only a restored world is checked against. The
 * controls' request validators wait with the response checks: loaded with the first /__mock request
 * (mock-controls.ts), which no first answer of the API waits for.
 */
function isFirstNeed(key: string): boolean {
  return (key.startsWith('api:') && /:(query|path)$/.test(key)) || key === 'control:component:FaultProfile';
}

/**
 * The world's schemas (world-schemas.ts, spec-world.js): a page with persist: 'local' loads them only when it has a
 * kept world to restore, before its first answer (local-persistence.ts); Node loads them at start.
 */
function isWorldCheck(key: string): boolean {
  return WORLD_SCHEMAS.some((name) => key === `api:component:${name}`);
}

/** The API's request body validators (spec-bodies.js). */
function isBodyCheck(key: string): boolean {
  return key.startsWith('api:') && key.endsWith(':body');
}

/** The module a validator's key is written in: specs.js (`first`), spec-bodies.js, spec-world.js or the later checks. */
function moduleOf(key: string): 'first' | 'bodies' | 'world' | 'later' {
  if (isFirstNeed(key)) return 'first';
  if (isBodyCheck(key)) return 'bodies';
  return isWorldCheck(key) ? 'world' : 'later';
}

/**
 * The generated modules' texts: `specs` (the validators loaded first), `bodies` (the API's request body validators,
 * loaded with the first request that sends one), `world` (the world's schemas, loaded by a restore), `checks` (the other validators in one
 * module, which Node loads at start), `checkIndex` (spec-check-parts.js, which loads `checkParts`, the same
 * validators cut into parts, when a page's check asks for them), `documents` (both documents whole, for Node) and
 * `pageDocuments` (the API's without its prose, for a page; `pageSchemas` what only its MCP twin reads).
 */
export interface GeneratedModules {
  specs: string;
  bodies: string;
  world: string;
  checks: string;
  checkIndex: string;
  /** spec-checks-0.js, spec-checks-1.js, …: each at most MAX_PART_CHARS of ajv's code. */
  checkParts: string[];
  documents: string;
  /**
   * The API's document as a page carries it, which a page loads before its first answer, but for what only the MCP
   * twin reads (firstPageDocument).
   */
  pageDocuments: string;
  /** What pageDocuments leaves for later (the answers' schemas, the webhooks), loaded with the first /mcp request. */
  pageSchemas: string;
  /** control.yaml's document as a page carries it, loaded with the page's first /__mock request. */
  pageControlDocument: string;
}

/**
 * The most characters of ajv's code one part of spec-checks holds: about 380 kB once a bundler has minified it,
 * under Vite's 500 kB large-chunk warning, with room for the spec to grow. A part is a module, and so a chunk, of
 * its own: in one, the checks were 1.2 MB. Node keeps the one module: a component several parts use is written in
 * each, and the parts together took 1.6 times as long to load.
 */
const MAX_PART_CHARS = 550_000;

/**
 * The generated modules for both spec documents: one ajv holds every component schema of both (control.yaml uses
 * openapi.yaml's and adds its own; no name is in both), so each compiles once. specs.js holds the validators a page
 * needs before its first answer and their keys (each later module the keys of its own); spec-checks.js the controls' request
 * validators, the response checks and the other schemas, the larger part of the validators' code (a component
 * both use is written in each).
 */
function generate(api: OpenAPIV3_1.Document, control: OpenAPIV3_1.Document, hash: string): GeneratedModules {
  // Function formats are read from the formats module the generated code imports under this name.
  const ajv = makeAjv({ code: { source: true, esm: true, formats: _`standinFormats` } });
  const { names } = runtimeValidators(control, api.components?.schemas, ajv);
  const keys: string[] = [];
  /** keys[i]'s validator id: one validator for the keys of a module whose schemas are the same (see below). */
  const ids: string[] = [];
  /** The id of each schema compiled, by its module and its text. */
  const compiled = new Map<string, string>();
  // Each validator under a short id (`v12`); the component schemas it references are compiled once, shared. Keys of
  // the same module whose schemas are the same text (most operations' path and query checks are a handful of
  // shapes) share one validator: specs.js's 89 were 15, and the page's first chunk of them 11.7 → 8.4 kB gzipped.
  // A validator's answers and errors are its schema's (generated-validators.test.ts compares them with ajv's).
  const collect = (prefix: string) => (key: string, schema: Record<string, unknown>) => {
    const full = `${prefix}${key}`;
    const text = `${moduleOf(full)} ${JSON.stringify(schema)}`;
    let id = compiled.get(text);
    if (id === undefined) {
      id = `v${compiled.size}`;
      compiled.set(text, id);
      ajv.addSchema(schema, id);
    }
    keys.push(full);
    ids.push(id);
    return ajv.getSchema(id) as ValidateFunction;
  };
  const specs = [compileSpec(api, collect('api:'), 'compiled'), compileSpec(control, collect('control:'), 'compiled')];
  for (const spec of specs) for (const name of names) spec.checkSchema(name, null);
  const exports = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, name]));
  // Each module names the keys of the validators it holds, under a name of its own (KEYS in specs.js, KEYS_BODIES,
  // …): a validator's key is read where its code is, so that a page's first chunk carries the keys of its own
  // validators only (every key of every response and control was 7 kB of specs.js gzipped).
  const keysOf = (names: readonly string[]) => {
    const held = new Set(names);
    return JSON.stringify(
      Object.fromEntries(keys.flatMap((key, i) => (held.has(ids[i] ?? '') ? [[key, ids[i]]] : []))),
    );
  };
  /** The ids of a module's validators, each once, in the order first compiled. */
  const idsOf = (module: ReturnType<typeof moduleOf>) => [
    ...new Set(keys.flatMap((key, i) => (moduleOf(key) === module ? [ids[i] ?? ''] : []))),
  ];
  const first = idsOf('first');
  const bodies = idsOf('bodies');
  const world = idsOf('world');
  const later = idsOf('later');
  const parts = partition(later, (names) => standaloneCode(ajv, exports(names)).length);
  // JSON.parse of a string literal is read faster than the same object as a literal (V8).
  const json = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
  const tail = [`export const SPEC_HASH = ${JSON.stringify(hash)};`, NO_SOURCE_MAP, ''];
  const documents = (named: Record<string, unknown>) =>
    [
      GENERATED,
      ...Object.entries(named).map(([name, document]) => `export const ${name} = ${json(document)};`),
      ...tail,
    ].join('\n');
  return {
    specs: [validatorsModule(ajv, exports(first)), `export const KEYS = ${keysOf(first)};`, ...tail].join('\n'),
    bodies: [validatorsModule(ajv, exports(bodies)), `export const KEYS_BODIES = ${keysOf(bodies)};`, ...tail].join(
      '\n',
    ),
    world: [validatorsModule(ajv, exports(world)), `export const KEYS_WORLD = ${keysOf(world)};`, ...tail].join('\n'),
    checks: [validatorsModule(ajv, exports(later)), `export const KEYS_CHECKS = ${keysOf(later)};`, ...tail].join('\n'),
    checkIndex: [
      GENERATED,
      '/** Each part of the checks, imported on demand (a chunk each in a bundle). */',
      'export function loadParts() {',
      `  return Promise.all([${parts.map((_, i) => `import('./spec-checks-${i}.js')`).join(', ')}]);`,
      '}',
      ...tail,
    ].join('\n'),
    checkParts: parts.map((names, i) =>
      [validatorsModule(ajv, exports(names)), `export const KEYS_PART_${i} = ${keysOf(names)};`, ...tail].join('\n'),
    ),
    documents: documents({ API_DOCUMENT: api, CONTROL_DOCUMENT: control }),
    pageDocuments: documents({ API_DOCUMENT: firstPageDocument(api) }),
    pageSchemas: documents({ API_LATER: laterPageParts(api) }),
    pageControlDocument: documents({ CONTROL_DOCUMENT: pageDocument(control) }),
  };
}

/**
 * `names` cut into runs in order, each as long as its code (`size`) stays within MAX_PART_CHARS, found by halving
 * (a run holds at least one validator, however large): a few dozen sizings for the whole spec.
 */
function partition(names: readonly string[], size: (run: readonly string[]) => number): string[][] {
  const parts: string[][] = [];
  for (let start = 0; start < names.length;) {
    // [start, fits) fits (one validator always does), [start, over) does not, unless it is all that is left.
    let fits = start + 1;
    let over = names.length;
    if (size(names.slice(start)) <= MAX_PART_CHARS) fits = names.length;
    while (over - fits > 1) {
      const middle = Math.floor((fits + over) / 2);
      if (size(names.slice(start, middle)) <= MAX_PART_CHARS) fits = middle;
      else over = middle;
    }
    parts.push(names.slice(start, fits));
    start = fits;
  }
  return parts;
}

const GENERATED =
  '// Generated by src/spec/build-validators.ts from the spec files; do not edit (npm run build writes it again).';

/**
 * An empty source map, inline: a generated module is its own source, and without a map of its own Vite's dev server
 * serves each with a fine-grained map of it (and a copy of its text) inline, six times its size (specs.js was
 * 5 MB in a page on `npm run dev`). With this one, it is served at its own size; Node and bundlers read nothing
 * from it.
 */
const NO_SOURCE_MAP = `//# sourceMappingURL=data:application/json;base64,${btoa(JSON.stringify({ version: 3, sources: [], names: [], mappings: '' }))}`;

/**
 * ajv's runtime helpers the generated modules take from a module of ours instead, an ES module: specs.js, loaded at
 * every start, needs ucs2length (each maxLength and minLength), and ajv's is CommonJS (ucs2-length.ts); the later
 * checks need equal (deep-equal.ts), CommonJS too, whose loader a page's bundle would otherwise carry in a chunk of
 * its own, imported by every other.
 */
const OWN_HELPERS: Readonly<Record<string, { name: string; from: string }>> = {
  'ajv/dist/runtime/ucs2length': { name: 'ucs2length', from: '../ucs2-length.js' },
  'ajv/dist/runtime/equal': { name: 'deepEqual', from: '../deep-equal.js' },
};

/** An ES module of ajv standalone code exporting these validators (and the ones they reference, unexported). */
function validatorsModule(ajv: Ajv2020, exported: Record<string, string>): string {
  // ajv writes its runtime helpers (ucs2length for string lengths) as require() even in ES modules.
  const helpers = new Map<string, string>();
  const code = standaloneCode(ajv, exported).replace(/require\("([^"]+)"\)/g, (_match, path: string) => {
    if (!helpers.has(path)) helpers.set(path, `helper${helpers.size}`);
    return helpers.get(path) ?? '';
  });
  return [
    GENERATED,
    "import { SPEC_FORMATS as standinFormats } from '../formats.js';",
    ...[...helpers].flatMap(([path, name]) => {
      const own = OWN_HELPERS[path];
      if (own)
        return [`import { ${own.name} as ${name}Own } from '${own.from}';`, `const ${name} = { default: ${name}Own };`];
      // A CommonJS module's default import is its exports in Node and its `default` under vite: take either.
      return [
        `import ${name}Module from '${path}.js';`,
        `const ${name} = { default: ${name}Module.default ?? ${name}Module };`,
      ];
    }),
    code,
  ].join('\n');
}

/**
 * The generated modules' texts for the spec files' texts.
 * @example const { specs, checks } = generatedSpecs(readFileSync(SPEC_PATH, 'utf8'), readFileSync(CONTROL_SPEC_PATH, 'utf8'))
 */
export function generatedSpecs(apiText: string, controlText: string): GeneratedModules {
  return generate(
    parse(apiText) as OpenAPIV3_1.Document,
    parse(controlText) as OpenAPIV3_1.Document,
    specHash([apiText, controlText]),
  );
}
