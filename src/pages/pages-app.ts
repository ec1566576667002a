// The pages people look at, served by the Node server beside the API (not by createMock, which also runs in a
// browser tab through MSW): the control dashboard at `/` and the API reference at `/docs`. Both use the API
// and `/__mock` only, like curl would. Requests under /api/v2 skip this app entirely (see `withPages`).
import { Hono } from 'hono';
import { BASE_PATH } from '../spec/base-path.js';
import { guardCrossOrigin } from '../http/cross-origin.js';
import { pathStart } from '../http/path-and-query.js';
import type { Mock } from '../http/mock.js';
import { dashboardRoutes } from './dashboard.js';
import { DOCS_PATH, docsRoutes } from './docs.js';
import type { PagesOptions } from './page-options.js';

/** G13: the pages are read by a browser on this server's origin or a loopback one, never by another site. */
const PAGE_CROSS_ORIGIN = {
  what: "This server's pages (/ and /docs)",
  methods: ['GET', 'HEAD'],
  headers: ['If-None-Match'],
  // A link from elsewhere to the dashboard or the reference opens it (Sec-Fetch-Site: cross-site, navigate).
  navigations: true,
} as const;

/** The pages' own app: `/` and `/docs`, and everything else handed to the mock's app. */
export function pagesApp(mock: Mock, options: PagesOptions = {}): Hono {
  const pages = new Hono();
  const guard = guardCrossOrigin(mock.crossOrigin, PAGE_CROSS_ORIGIN);
  for (const path of ['/', '/dashboard/*', DOCS_PATH, `${DOCS_PATH}/*`]) pages.use(path, guard);
  pages.route(DOCS_PATH, docsRoutes(mock, options));
  pages.route('/', dashboardRoutes(options));
  // The Node bindings go along: MK6's dropped connections need the socket.
  pages.all('*', (c) => mock.app.fetch(c.req.raw, c.env));
  return pages;
}

/** What goes straight to the mock: the API (its routes are the mock's alone). */
const API_PREFIX = `${BASE_PATH}/`;

/** A server's fetch: the request and the server's bindings (Node's, from @hono/node-server). */
export type ServerFetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * The server's fetch: /api/v2 straight to the mock (the pages cost the API nothing), the rest through the pages.
 * @example serve({ fetch: withPages(mock, {}) })
 */
export function withPages(mock: Mock, options: PagesOptions = {}): ServerFetch {
  const pages = pagesApp(mock, options);
  return (request, env) => {
    const { url } = request;
    return url.startsWith(API_PREFIX, pathStart(url)) ? mock.app.fetch(request, env) : pages.fetch(request, env);
  };
}
