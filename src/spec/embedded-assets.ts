// The files of the single-file binary (`npm run build:binary`, src/cli/build-binary.ts): what the npm package
// reads from its folder — the specs, package.json, the pages' scripts, Swagger UI's files, the state worker — the
// binary carries as assets of its own (node:sea), by the names EMBEDDED lists, each compressed with Brotli (some
// 10 MB of text in 2: the binary's size is its download) and inflated when first read. Outside the binary,
// nothing here is read, and node:zlib is not loaded: taken from the process when the binary first inflates a file
// (with the streams it loads, some 3 ms of a fresh process's `import('standin')` in a profile of six runs).
import { getAsset, isSea } from 'node:sea';

/** Whether this process is the single-file binary, whose package files are embedded rather than on disk. */
export const IN_BINARY = isSea();

/** The names of the binary's assets (build-binary.ts embeds a file under each), by what they hold. */
export const EMBEDDED = {
  apiSpec: 'spec/openapi.yaml',
  controlSpec: 'spec/control.yaml',
  packageJson: 'package.json',
  /** The pages' scripts, by their path beside dashboard-script.ts (DASHBOARD_SCRIPT_FILE, PROXY_SCRIPT_FILE). */
  pageScript: (file: string) => `pages/${file}`,
  swaggerUi: (name: string) => `swagger-ui-dist/${name}`,
  /** The state worker (state-worker.ts) bundled whole, started from this text (state-loader.ts). */
  stateWorker: 'state-worker.js',
} as const;

/**
 * An embedded file's text; only in the binary.
 * @example const yaml = embeddedText(EMBEDDED.apiSpec)
 */
export function embeddedText(name: string): string {
  return inflated(name).toString('utf8');
}

/**
 * An embedded file's bytes (a copy of its own); only in the binary.
 * @example const png = embeddedBytes(EMBEDDED.swaggerUi('favicon-16x16.png'))
 */
export function embeddedBytes(name: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(inflated(name));
}

/** An embedded file, inflated. */
function inflated(name: string): Buffer {
  return process.getBuiltinModule('node:zlib').brotliDecompressSync(getAsset(name));
}
