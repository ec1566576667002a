// standin's public face for embedding users: the mock factory, the server starter, the compiled spec, and standin
// import as a library.
import type { ImportOptions, ImportResult } from './import/import-types.js';
import { publicMock, type Mock } from './http/public-mock.js';
import type { RunningServer, ServeOptions } from './server/serve-options.js';

export { BASE_PATH } from './spec/base-path.js';
export type { MockOptions } from './http/mock.js';
export { MockControlError } from './http/mock-control-error.js';
export {
  createMock,
  type InSession,
  type Mock,
  type MockApp,
  type MockClock,
  type MockEventMap,
  type MockEventSource,
} from './http/public-mock.js';
export { OptionError } from './http/option-rules.js';
export type { ServeOptions } from './server/serve-options.js';
/** A mock on a real port, as startServer resolves it. */
export type RunningMock = RunningServer<Mock>;
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
  const running = await serve.startServer(options);
  return { ...running, mock: publicMock(running.mock, options.controlToken) };
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
