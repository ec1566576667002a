// standin's public face in a browser (the `browser` condition of the package's exports): the same mock factory
// and types, with no Node server. A page answers its own fetches through standin/msw instead. The mock's code is
// imported here, at the top level, rather than statically: a bundler makes it a chunk of its own, apart from the
// page's msw (together they were over Vite's 500 kB large-chunk warning), and this module is evaluated once it is
// in, so createMock stays synchronous. A bundle for an older target than ES2022 (no top-level await) cannot take
// it; Vite's default target and esbuild's do. The errors it throws (MockControlError, OptionError) are handed on
// from that module once it is in: imported here statically, they and what option-rules.ts imports were chunks of
// their own, shared by this entry and the mock's (test/page-weight.test.ts pays for each chunk).
import type { MockOptions } from './http/mock.js';
import type { Mock } from './http/public-mock.js';
import type { RunningServer, ServeOptions } from './server/serve-options.js';
import type { ImportOptions, ImportResult } from './import/import-types.js';
import type { MockControlError as ControlError } from './http/mock-control-error.js';
import type { OptionError as OptionsError } from './http/option-rules.js';

export { BASE_PATH } from './spec/base-path.js';
export type { MockOptions } from './http/mock.js';
export type { InSession, Mock, MockApp, MockClock, MockEventMap, MockEventSource } from './http/public-mock.js';
export type { ServeOptions } from './server/serve-options.js';
export type { ImportOptions, ImportRead, ImportResult, ImportSummary } from './import/import-types.js';
/** A mock on a real port, as startServer resolves it in Node (a browser has none). */
export type RunningMock = RunningServer<Mock>;
/** The types of spec/openapi.yaml (`Api.paths`, `Api.components`, …) and spec/control.yaml, for typed clients. */
export type * as Api from './types/api.js';
export type * as Controls from './types/control.js';

const app = await import('./http/public-mock.js');

/** A control that answered with a problem (RFC 9457), as the mock's methods throw it. */
export const MockControlError: typeof ControlError = app.MockControlError;
export type MockControlError = ControlError;
/** A mistake in the options given to createMock: a TypeError naming the option, what was wrong and the fix. */
export const OptionError: typeof OptionsError = app.OptionError;
export type OptionError = OptionsError;

/**
 * Builds a mock over a freshly generated world (or the one the page kept, with `persist: 'local'`).
 * @example const mock = createMock({ persist: 'local', anyToken: true })
 */
export function createMock(options?: MockOptions): Mock {
  return app.createMock(options);
}

/**
 * A browser has no server to start: serve the mock to the page's own fetches with standin/msw.
 * @example setupWorker(...standinHandlers(createMock(), { baseUrl: '/api/v2' })).start()
 */
export function startServer(_options: ServeOptions): Promise<RunningMock> {
  return Promise.reject(
    new Error(
      "standin's startServer needs Node, and this is a browser: answer the page's requests with standinHandlers from standin/msw instead.",
    ),
  );
}

/**
 * A browser has no files to write: standin import runs in Node (`npx standin import`, or importOrganisation there).
 * @example await importOrganisation(options) // rejects, saying so
 */
export function importOrganisation(_options: ImportOptions): Promise<ImportResult> {
  return Promise.reject(
    new Error(
      "standin's importOrganisation needs Node (it writes a state file), and this is a browser: run it in Node, or npx standin import.",
    ),
  );
}
