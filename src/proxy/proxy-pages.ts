// Owns standin proxy's own pages, a small Hono app beside the forwarding: its page at / (the findings, live), the
// page's script and style, and its journal at GET /__mock/requests (the mock's journal operation and its query
// checks, G8); a 405 problem for any method but GET and HEAD, and a 404 naming what the proxy forwards for any
// other path. G13's Host check has run before; no CORS is given: what the journal holds is real data.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import {
  proxyDashboardScript,
  proxyPage,
  PROXY_PAGE_CSP,
  PROXY_SCRIPT_PATH,
  PROXY_STYLE,
  PROXY_STYLE_PATH,
} from '../pages/proxy-page.js';
import type { RequestJournal } from '../runtime/request-journal.js';
import { BASE_PATH, HOOKS_PATH } from '../spec/base-path.js';
import { getCompiledControlSpec, loadSpecChecks } from '../spec/compiled-spec.js';
import { problemJson } from '../spec/problem-document.js';
import { OWN_ANSWER_HEADER } from './own-answer.js';

/** One answer of the proxy's pages: never cached, never sniffed. */
function answer(status: number, type: string, body: string, extra: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': type,
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...extra,
    },
  });
}

/** A problem of the proxy's own, marked as such (own-answer.ts). */
const problem = (status: number, slug: string, detail: string) =>
  answer(status, 'application/problem+json', problemJson(status, slug, detail), { [OWN_ANSWER_HEADER]: slug });

/**
 * The pages, for the proxy forwarding to `upstreamRoot` and journaling in `journal`.
 * @example const pages = proxyPages('https://api.example.com', journal); await pages.request('/__mock/requests')
 */
export function proxyPages(upstreamRoot: string, journal: RequestJournal): Hono {
  // Paths are matched as they came (URL's pathname), never percent-decoded into an alias of a page.
  const app = new Hono({ getPath: (request) => new URL(request.url).pathname });
  app.get('/', () =>
    answer(200, 'text/html; charset=utf-8', proxyPage(upstreamRoot), { 'content-security-policy': PROXY_PAGE_CSP }),
  );
  app.get(PROXY_SCRIPT_PATH, async () => answer(200, 'text/javascript; charset=utf-8', await proxyDashboardScript()));
  app.get(PROXY_STYLE_PATH, () => answer(200, 'text/css; charset=utf-8', PROXY_STYLE));
  app.get('/__mock/requests', async (c) => {
    // The controls' query checks are a part loaded on demand (spec-check-parts.js); proxy-server.ts loads them at
    // start, and the pages wait for them themselves, whoever serves them.
    await loadSpecChecks();
    const op = getCompiledControlSpec().operation('listRequests');
    const query: Record<string, string> = {};
    for (const [name, value] of new URL(c.req.url).searchParams) query[name] ??= value;
    const checked = op.validateQuery(query);
    if (!checked.ok)
      return answer(
        422,
        'application/problem+json',
        problemJson(422, 'invalid-values', 'The query has invalid values (G8); see errors.', checked.errors),
      );
    return answer(200, 'application/json', JSON.stringify(journal.list(checked.value)));
  });
  app.notFound((c) =>
    problem(
      404,
      'not-found',
      `standin proxy forwards ${BASE_PATH} and ${HOOKS_PATH} to ${upstreamRoot}; its own are / (the findings, live) and GET /__mock/requests (the journal). Nothing is at ${c.req.path.slice(0, 100)}.`,
    ),
  );
  app.onError((error) => problem(500, 'proxy-error', `standin proxy failed: ${error.message}`));
  return app;
}

/**
 * Answers a request for the proxy's own pages from `pages`, at `url` (the request's target as the proxy read it,
 * proxy-target.ts). Only GET and HEAD read them; any other method gets its 405 here, as a Request cannot even
 * carry some (TRACE).
 * @example await answerFromPages(pages, request, response, target.url)
 */
export async function answerFromPages(
  pages: Hono,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const method = request.method ?? 'GET';
  const answered =
    method === 'GET' || method === 'HEAD'
      ? await pages.fetch(new Request(url, { method }))
      : problem(
          405,
          'method-not-allowed',
          `standin proxy's own pages and journal are read with GET (G8); requests under ${BASE_PATH} and ${HOOKS_PATH} go to the upstream.`,
        );
  response.writeHead(answered.status, [...answered.headers].flat());
  response.end(Buffer.from(await answered.arrayBuffer()));
}
