// standin's public face for embedding users: the mock factory, the server starter, the compiled spec, and standin
// import as a library.
import type { ImportOptions, ImportResult } from './import/import-types.js';
import type { RunningMock, ServeOptions } from './server/serve-options.js';

export { BASE_PATH, createMock, type Mock, type MockOptions } from './http/app.js';
export { OptionError } from './http/option-rules.js';
export type { RunningMock, ServeOptions } from './server/serve-options.js';
export type { ImportOptions, ImportRead, ImportResult, ImportSummary } from './import/import-types.js';
/** The types of spec/openapi.yaml (`Api.paths`, `Api.components`, …) and spec/control.yaml, for typed clients. */
export type * as Api from './types/api.js';
export type * as Controls from './types/control.js';

/**
 * The mock on a real port, resolved once it listens. The Node server loads on the first call: embedding
 * users who only call createMock never pay for it.
 * @example const { baseUrl, close } = await startServer({ port: 0, host: '127.0.0.1' })
 */
export async function startServer(options: ServeOptions): Promise<RunningMock> {
  const serve = await import('./server/start-server.js');
  return serve.startServer(options);
}

/**
 * `standin import` in a program: an organisation read through its API with a read-only token (or from a proxy's
 * HAR capture), anonymised with `salt`, built into a world and written to `out` when the leak scan finds nothing of
 * the source in it; `fetch`, the clock and the progress come in as options (docs/import.md). Loads on the first call.
 * @example const { written, you } = await importOrganisation({ baseUrl, token, salt, out: 'acme.json' })
 */
export async function importOrganisation(options: ImportOptions): Promise<ImportResult> {
  const load = await import('./import/import-organisation.js');
  return load.importOrganisation(options);
}
