// Where the /__mock controls are routed, in Node: on the mock's app at start, with the API's (mock-controls.ts), so
// that createMock routes every path at once and describeRequestPath lists the controls' steps from the start. A page
// routes them with its first /__mock request instead (the package's `browser` field puts control-routes.browser.ts
// in place of this module).
import type { Hono } from 'hono';
import type { ControlSettings } from './controls/control-handler.js';
import type { Mock } from './mock.js';
import { routeControls } from './mock-controls.js';
import type { RequestPaths } from './request-paths.js';
import type { MockEnv, OnError, Step } from './steps.js';

/**
 * The controls' routes on `app`, each after `guarded` (the front's steps and the controls' guards).
 * @example routeControlSurface(app, paths, mock, settings, [...front.other, ...guards], onError)
 */
export function routeControlSurface(
  app: Hono<MockEnv>,
  paths: RequestPaths,
  mock: Mock,
  settings: ControlSettings,
  guarded: readonly Step[],
  onError: OnError,
): void {
  routeControls(app, paths, mock, settings, guarded, onError);
}
