// standin's public face in a browser (the `browser` condition of the package's exports): the same mock factory
// and types, with no Node server. A page answers its own fetches through standin/msw instead.
import type { RunningMock, ServeOptions } from './server/start-server.js';

export { BASE_PATH, createMock, type Mock, type MockOptions } from './http/app.js';
export { OptionError } from './http/option-rules.js';
export type { RunningMock, ServeOptions } from './server/start-server.js';
/** The types of spec/openapi.yaml (`Api.paths`, `Api.components`, …) and spec/control.yaml, for typed clients. */
export type * as Api from './types/api.js';
export type * as Controls from './types/control.js';

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
