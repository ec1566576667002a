// Swagger UI's files as the reference serves them: a fixed list from swagger-ui-dist, each read from the
// package's folder on its first request and kept in memory, so that a server nobody opens /docs on reads nothing.
// The single-file binary carries them, and the package's manifest, as assets of its own.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EMBEDDED, embeddedBytes, embeddedText, IN_BINARY } from '../spec/embedded-assets.js';

const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const PNG = 'image/png';
const MAP = 'application/json; charset=utf-8';

/**
 * The files the page asks for (and the source maps a browser's developer tools ask for), by name. A list,
 * not the folder: nothing else of node_modules can be reached through /docs.
 */
const TYPES: Readonly<Record<string, string>> = {
  'swagger-ui.css': CSS,
  'swagger-ui.css.map': MAP,
  'index.css': CSS,
  'swagger-ui-bundle.js': JS,
  'swagger-ui-bundle.js.map': MAP,
  'swagger-ui-standalone-preset.js': JS,
  'swagger-ui-standalone-preset.js.map': MAP,
  'favicon-32x32.png': PNG,
  'favicon-16x16.png': PNG,
};

/** The files served, by name: what the single-file binary embeds (build-binary.ts). */
export const SWAGGER_UI_FILES: readonly string[] = Object.keys(TYPES);

export interface SwaggerUiAsset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  /** Names the package's version and the file: the files change only with the version. */
  etag: string;
}

const require = createRequire(import.meta.url);
let folder: { path: string; version: string } | null = null;
const cache = new Map<string, Promise<SwaggerUiAsset>>();

function swaggerUiDist(): { path: string; version: string } {
  if (!folder && IN_BINARY) {
    const manifest = JSON.parse(embeddedText(EMBEDDED.swaggerUi('package.json'))) as { version: string };
    folder = { path: '', version: manifest.version };
  }
  if (!folder) {
    const manifestPath = require.resolve('swagger-ui-dist/package.json');
    const manifest = require(manifestPath) as { version: string };
    folder = { path: dirname(manifestPath), version: manifest.version };
  }
  return folder;
}

/** Whether `name` is one of the files served from swagger-ui-dist. */
export function isSwaggerUiAsset(name: string): boolean {
  return Object.hasOwn(TYPES, name);
}

/**
 * One of swagger-ui-dist's files, read on first use and then from memory (a failed read is tried again next
 * time). Only names for which isSwaggerUiAsset is true.
 * @example const { body, type } = await swaggerUiAsset('swagger-ui-bundle.js')
 */
export function swaggerUiAsset(name: string): Promise<SwaggerUiAsset> {
  const type = isSwaggerUiAsset(name) ? TYPES[name] : undefined;
  if (!type) throw new Error(`standin: ${name} is not a file the reference serves`);
  let asset = cache.get(name);
  if (!asset) {
    const { path, version } = swaggerUiDist();
    // A copy over a plain ArrayBuffer, the body a Response takes (Node's Buffer may sit on a shared one).
    const read = IN_BINARY
      ? Promise.resolve().then(() => embeddedBytes(EMBEDDED.swaggerUi(name)))
      : readFile(join(path, name)).then((file) => new Uint8Array(file));
    asset = read.then((body) => ({
      body,
      type,
      etag: `"swagger-ui-dist@${version}/${name}"`,
    }));
    void asset.catch(() => cache.delete(name));
    cache.set(name, asset);
  }
  return asset;
}
