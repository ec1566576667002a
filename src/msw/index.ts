// standin/msw: the mock as MSW request handlers, for a page (setupWorker) or Node tests (setupServer) that
// answer their own fetches: every request under the API's base URL, and under the same origin's /__mock, goes
// to the mock's app as if it had come to `standin serve`.
import { http, type HttpHandler } from 'msw';
import { BASE_PATH } from '../spec/base-path.js';
import type { Mock } from '../http/public-mock.js';

/** Where the mock serves the API and its controls, whatever URL the app under test calls. */
const CONTROLS_PATH = '/__mock';

export interface StandinHandlersOptions {
  /**
   * The API's base URL as the app calls it: absolute (`https://api.example.test/api/v2`) or, in a browser,
   * relative to the page (`/api/v2`), its path included (a bare origin is refused). The controls are answered at
   * the same origin's `/__mock`.
   */
  baseUrl: string;
}

/** The request, re-addressed from `from` (a path prefix) to `to` on the mock, with its method, headers and body. */
function readdressed(request: Request, from: string, to: string): Request {
  const url = new URL(request.url);
  url.pathname = to + url.pathname.slice(from.length);
  return new Request(url, request);
}

/**
 * MSW handlers that answer from the mock.
 * @example
 * const worker = setupWorker(...standinHandlers(createMock(), { baseUrl: '/api/v2' }));
 * await worker.start({ onUnhandledRequest: 'bypass' });
 */
export function standinHandlers(mock: Pick<Mock, 'app'>, { baseUrl }: StandinHandlersOptions): HttpHandler[] {
  const base = baseUrl.replace(/\/+$/, '');
  // The path part of the base (`/api/v2`, or whatever prefix the app's backend has), and the origin part ('' when
  // relative: MSW matches a relative URL against the page's origin).
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]+/i.exec(base)?.[0] ?? '';
  const basePath = base.slice(origin.length);
  // A base without a path would take every request of its origin — the page's own files, `/__mock` — and
  // re-address `/api/v2/me` to `/api/v2api/v2/me`: refused here, at set-up, rather than answered with a 404 later.
  if (basePath === '' || basePath === '/')
    throw new TypeError(
      `standin/msw: baseUrl "${baseUrl}" has no path; give the base the app calls, the API's path included, such as "${origin}${BASE_PATH}"`,
    );
  return [
    http.all(`${base}/*`, ({ request }) => mock.app.fetch(readdressed(request, basePath, BASE_PATH))),
    http.all(`${origin}${CONTROLS_PATH}/*`, ({ request }) =>
      mock.app.fetch(readdressed(request, CONTROLS_PATH, CONTROLS_PATH)),
    ),
  ];
}
