// GET /docs: the interactive API reference — Swagger UI over spec/openapi.yaml and spec/control.yaml, every file
// served from here (nothing from a CDN), "Try it" aimed at this server with the default person's token.
import { Hono } from 'hono';
import type { Mock } from '../http/mock.js';
import { problemResponse } from '../http/problem.js';
import { loadBodyChecks } from '../spec/compiled-spec.js';
import type { PagesOptions } from './page-options.js';
import { REFERENCE_CSP, referenceInitializer, referencePage } from './reference-page.js';
import { referenceSpec, type ReferenceSpec } from './reference-specs.js';
import { isSwaggerUiAsset, swaggerUiAsset } from './swagger-ui-assets.js';
import { worldExamples } from './world-examples.js';

/** Where pages-app.ts mounts the reference; the page names its files under it. */
export const DOCS_PATH = '/docs';

/** Swagger UI's files change only with its version (their ETag says which): an hour, then a cheap 304. */
const ASSET_CACHE = 'public, max-age=3600';
/** The page carries the token of the world now (a reset may change it), the specs this server's origin. */
const FRESH = 'no-cache';

const SPEC_FILES: Readonly<Record<string, ReferenceSpec>> = { 'openapi.json': 'api', 'control.json': 'control' };

/**
 * The reference's routes, mounted at DOCS_PATH. The control token is never part of any answer: the controls'
 * scheme stays empty in the page for whoever has the token to fill; with one, no person's token is given either.
 * @example pages.route(DOCS_PATH, docsRoutes(mock, { controlToken }))
 */
export function docsRoutes(mock: Mock, options: PagesOptions): Hono {
  const routes = new Hono();
  const initializer = referenceInitializer(DOCS_PATH);
  routes.get('/', (c) => {
    const { world } = mock;
    // A server guarded by --control-token keeps its people's tokens behind it (GET /__mock/tokens needs it):
    // the page then fills in none, and whoever has a token pastes it in Authorize.
    const token = options.controlToken ? '' : (world.store.people.get(world.defaultPersonId)?.tokens.readWrite ?? '');
    return c.html(referencePage(DOCS_PATH, token), 200, {
      'cache-control': FRESH,
      'content-security-policy': REFERENCE_CSP,
      'x-content-type-options': 'nosniff',
    });
  });
  routes.get('/init.js', (c) =>
    c.body(initializer, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': FRESH }),
  );
  routes.get('/:file', async (c) => {
    const file = c.req.param('file');
    const spec = Object.hasOwn(SPEC_FILES, file) ? SPEC_FILES[file] : undefined;
    if (spec) {
      // The world's examples, made now: the world changes. A server guarded by --control-token shows none: its
      // records are behind its people's tokens, and those behind the control token.
      // Their request bodies are checked against the spec (world-examples.ts): its body checks load on demand.
      if (spec === 'api' && !options.controlToken) await loadBodyChecks();
      const examples = spec === 'api' && !options.controlToken ? worldExamples(mock) : undefined;
      return c.json(referenceSpec(spec, examples), 200, { 'cache-control': FRESH });
    }
    if (!isSwaggerUiAsset(file)) return noSuchFile(c.req.method, c.req.path);
    const asset = await swaggerUiAsset(file).catch((error: Error) => error);
    if (asset instanceof Error) {
      return problemResponse(
        null,
        500,
        'internal-error',
        `standin could not read ${file} of swagger-ui-dist (${asset.message}); reinstall its dependencies (npm ci).`,
      );
    }
    const headers = { 'content-type': asset.type, 'cache-control': ASSET_CACHE, etag: asset.etag };
    if (c.req.header('if-none-match') === asset.etag) return c.body(null, 304, headers);
    return c.body(asset.body, 200, headers);
  });
  // The page has one address: `/docs/` leads there; anything else here is a file the reference does not have.
  routes.all('*', (c) =>
    c.req.method === 'GET' && c.req.path === `${DOCS_PATH}/`
      ? c.redirect(DOCS_PATH, 308)
      : noSuchFile(c.req.method, c.req.path),
  );
  return routes;
}

function noSuchFile(method: string, path: string): Response {
  return problemResponse(
    null,
    404,
    'no-such-route',
    `No ${method} ${path}: the API reference is GET ${DOCS_PATH}, and its files are the ones that page asks for.`,
  );
}
