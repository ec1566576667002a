// Where `standin drift --mcp` reads production's tools from: a saved tools/list (a file, or `-` for standard input,
// read as drift reads a description), or a running MCP server's URL, asked as an agent asks it: the official
// SDK's client over Streamable HTTP (initialize, then tools/list page by page), loaded only for a URL. The token
// goes as a bearer to that origin only (the SDK follows no redirect elsewhere) and over http only to this machine;
// the exchange is bounded (30 s, 32 MiB an answer) and every failure is one line (DescriptionError).
import { DescriptionError } from '../drift/description-error.js';
import { readToolList, toolListOf, type ToolList } from '../drift/mcp-tool-list.js';
import { isLoopbackUrlHost as isLoopback } from '../server/host-check.js';
import { descriptionText } from './description-source.js';

const TIMEOUT_MS = 30_000;
/** No tool list comes near this: a larger answer is something else, or an attempt to fill the memory. */
const MAX_ANSWER_BYTES = 32 * 2 ** 20;
/** tools/list's pages followed at most: a server that never stops paging is not listing tools. */
const MOST_PAGES = 100;

/** RFC 6750's token characters: a token with a line break or a space would end up in a header as something else. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Production's tools, and what the server calls itself when it was asked (`Steady MCP 1.4.0`). */
export interface ProductionTools {
  readonly list: ToolList;
  readonly server?: string;
}

/** An answer's body, cut off with a DescriptionError past the bound. */
function bounded(response: Response, label: string): Response {
  if (!response.body) return response;
  let size = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES)
          controller.error(
            new DescriptionError(`${label} answered over the ${MAX_ANSWER_BYTES / 2 ** 20} MiB a tool list may be`),
          );
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Why the exchange failed, in one line; never the server's own text for an HTTP failure (it may quote anything). */
function exchangeError(error: unknown, label: string, token: string | undefined, timedOut: boolean): DescriptionError {
  if (error instanceof DescriptionError) return error;
  if (timedOut) return new DescriptionError(`${label} did not answer within ${TIMEOUT_MS / 1000} s`);
  const { name, code, cause, message } = error as { name?: string; code?: unknown; cause?: unknown; message?: string };
  const first = (message ?? '').split('\n')[0]?.slice(0, 160) ?? '';
  if (name === 'StreamableHTTPError' || /^Streamable HTTP error/.test(first)) {
    if (code === 401 || code === 403)
      return new DescriptionError(
        token === undefined
          ? `${label} answered ${code}: it needs a token (--token T, or STANDIN_DRIFT_TOKEN)`
          : `${label} answered ${code}: the token was not accepted (check it, and that it may list the tools)`,
      );
    if (typeof code === 'number' && code > 0)
      return new DescriptionError(
        `${label} answered ${code}: is it an MCP server's Streamable HTTP endpoint (often its /mcp)?`,
      );
    return new DescriptionError(`${label} answered what is no MCP: ${first.replace(/^Streamable HTTP error: /, '')}`);
  }
  const system = (cause as { code?: unknown } | undefined)?.code;
  if (error instanceof TypeError && typeof system === 'string' && /^[A-Z_]+$/.test(system))
    return new DescriptionError(`cannot reach ${label}: ${system}`);
  if (error instanceof TypeError && /fetch failed/.test(first)) return new DescriptionError(`cannot reach ${label}`);
  if (name === 'ZodError' || name === '$ZodError')
    return new DescriptionError(`${label} answered tools/list with what MCP's schema refuses: a tool list is wanted`);
  return new DescriptionError(`${label} refused to list its tools: ${first}`);
}

async function fromServer(address: string, token: string | undefined): Promise<ProductionTools> {
  const url = new URL(address);
  const label = `${url.origin}${url.pathname}`;
  if (url.username !== '' || url.password !== '')
    throw new DescriptionError(`${label}: give credentials with --token or STANDIN_DRIFT_TOKEN, not in the URL`);
  if (token !== undefined && !BEARER_TOKEN.test(token))
    throw new DescriptionError(
      '--token holds characters a bearer token cannot (a space or a line break?): give the token alone',
    );
  if (token !== undefined && url.protocol === 'http:' && !isLoopback(url.hostname))
    throw new DescriptionError(
      `--token would travel unencrypted to ${label}: use its https URL (only loopback addresses may take a token over http)`,
    );
  const [{ Client }, { StreamableHTTPClientTransport }, { ListToolsResultSchema }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const deadline = new AbortController();
  let timedOut = false;
  // One deadline for the whole exchange (initialize, every page, every body), as drift gives a description's.
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort();
  }, TIMEOUT_MS);
  const client = new Client({ name: 'standin-drift', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } },
    fetch: async (input, init) => {
      const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
      return bounded(await fetch(input, { ...init, signal }), label);
    },
  });
  try {
    await client.connect(transport, { timeout: TIMEOUT_MS, signal: deadline.signal });
    const tools: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page === MOST_PAGES) throw new DescriptionError(`${label} lists its tools in over ${MOST_PAGES} pages`);
      const answer = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        ListToolsResultSchema,
        { timeout: TIMEOUT_MS, signal: deadline.signal },
      );
      tools.push(...answer.tools);
      if (answer.nextCursor === undefined || answer.nextCursor === cursor) break;
      cursor = answer.nextCursor;
    }
    const info = client.getServerVersion();
    const server = info ? `${info.name} ${info.version}`.trim().slice(0, 80) : undefined;
    return { list: toolListOf({ tools }, label), ...(server ? { server } : {}) };
  } catch (error) {
    throw exchangeError(error, label, token, timedOut);
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}

/**
 * Production's tools, from the source named on the command line.
 * @example await productionTools('https://mcp.example.com/mcp', process.env.STANDIN_DRIFT_TOKEN)
 */
export async function productionTools(source: string, token: string | undefined): Promise<ProductionTools> {
  if (/^https?:\/\//i.test(source)) {
    try {
      new URL(source);
    } catch {
      throw new DescriptionError(`"${source.slice(0, 60)}" is neither a file nor an http(s) URL`);
    }
    return fromServer(source, token);
  }
  const { text, label } = await descriptionText(source, undefined);
  return { list: readToolList(text, label) };
}
