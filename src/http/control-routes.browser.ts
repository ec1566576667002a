// Where the /__mock controls are routed, in a page (the package's `browser` field puts this module in place of
// control-routes.ts): every path under /__mock goes to an app of the controls' own, made with the page's first
// /__mock request from their code (mock-controls.ts and the handlers, about 3 kB gzipped) and control.yaml's document
// (about 6 kB), which a page that never asks a control does not load before its first answer
// (test/page-weight.test.ts). Their answers are Node's: the same routes and steps (mock-controls.ts), guards first.
import type { Hono } from 'hono';
import { loadControlDocument, loadDescriber } from '../spec/compiled-spec.js';
import type { ControlSettings } from './controls/control-handler.js';
import type { Mock } from './mock.js';
import { notLoaded } from './not-loaded.js';
import { answerNotFound } from './operation-routes.js';
import type { RequestPaths } from './request-paths.js';
import { Exchange, runSteps, type MockEnv, type OnError, type Step } from './steps.js';

/** Where the controls live. */
const CONTROLS_PATH = '/__mock';

/**
 * The controls' routes behind `app`'s /__mock, made on the first request under it; until then a page's
 * describeRequestPath knows them as the controls' 404. Register it after any other route under /__mock (the
 * control twin's), which it would otherwise take.
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
  let controls: Promise<Hono<MockEnv>> | null = null;
  const load = async () => {
    const [{ routeControls, controlSurface }] = await Promise.all([
      import('./mock-controls.js'),
      loadControlDocument(),
      // The controls' checks refuse in G8's words (describer.ts).
      loadDescriber(),
    ]);
    const surface = controlSurface();
    routeControls(surface, paths, mock, settings, guarded, onError);
    surface.notFound(answerNotFound(paths, onError));
    surface.onError(onError);
    return surface;
  };
  // `/__mock/*` takes /__mock itself too, as the 404 of the controls' area does (front.ts's `under`).
  app.all(`${CONTROLS_PATH}/*`, async (c) => {
    controls ??= load();
    let surface: Hono<MockEnv>;
    try {
      surface = await controls;
    } catch (error) {
      // The page could not fetch the chunk: a 503 after the controls' guards (a foreign page still learns nothing),
      // never a 500; the next request loads it again.
      controls = null;
      const unavailable: Step = { name: 'load-controls', run: ({ transcript }) => notLoaded(transcript, error) };
      return runSteps(new Exchange(c, 'controls', null), [...guarded, unavailable], onError);
    }
    return surface.fetch(c.req.raw, c.env);
  });
}
