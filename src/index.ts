// standin's public face for embedding users: the mock factory, the server starter and the compiled spec.
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
