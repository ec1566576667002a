// /mcp in a page (the package's `browser` field puts this module in place of mcp-server.ts): the MCP twin is
// served by `standin serve`, not by a mock in a page, so a page's bundle carries none of the MCP SDK (about
// 80 kB gzipped). A request that reaches it gets a problem saying where the twin is.
import { problemResponse } from './problem.js';

/** The same face as mcp-server.ts's: a twin that answers every request with where the twin runs. */
export function mcpHttp(): Promise<{ answer(): Promise<Response> }> {
  return Promise.resolve({
    answer: () =>
      Promise.resolve(
        problemResponse(
          null,
          501,
          'mcp-not-in-a-page',
          'The MCP twin (/mcp, MCP1) is served by standin serve and standin mcp, not by a mock in a page: connect the agent to a running standin.',
        ),
      ),
  });
}
