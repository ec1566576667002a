// standin's public face for embedding users: the mock factory, the server starter and the compiled spec.
import type { RunningMock, ServeOptions } from './server/serve-options.js';

export { BASE_PATH, createMock, type Mock, type MockOptions } from './http/app.js';
export { OptionError } from './http/option-rules.js';
export type { RunningMock, ServeOptions } from './server/serve-options.js';
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
