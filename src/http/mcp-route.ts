// /mcp, the twin of the vendor's MCP server (MCP1): its steps after the front's (the URL's length, then MCP7's
// cross-origin check, the session's world, the world caught up and G9's token, whose refusal is the 401 with
// `WWW-Authenticate: Bearer` that MCP5 wants before any MCP message), and then the protocol and the tools' catalog
// (mcp-catalog.ts), loaded on first use.
import {
  controlDocumentAtHand,
  getCompiledControlSpec,
  loadControlDocument,
  wholeApiDocument,
} from '../spec/compiled-spec.js';
import type { McpTwin } from '../spec/mcp-tools.js';
import { crossOriginStep, type CrossOriginPolicy } from './cross-origin.js';
import type { CallContext } from './mcp-call.js';
import { notLoaded } from './not-loaded.js';
import { bodyReadAhead, MAX_BODY_BYTES } from './request-body.js';
import { SESSION_HEADER } from '../runtime/sessions.js';
import type { Step } from './steps.js';

/** Where the twin is served: at the service root, beside /api/v2, as production's is (MCP1). */
export const MCP_PATH = '/mcp';

/** Where the control twin is served (MCP6): under the controls, behind their guards. */
export const CONTROL_MCP_PATH = '/__mock/mcp';

/** MCP7: what a page may send to /mcp and read of its answers; no page of another site navigates to it. */
const MCP_CROSS_ORIGIN = {
  what: "This server's MCP endpoint (/mcp)",
  methods: ['GET', 'POST', 'DELETE'],
  headers: ['Authorization', 'Content-Type', 'Accept', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'X-Mock-Session'],
  expose: ['WWW-Authenticate', 'Mcp-Session-Id'],
  navigations: false,
} as const;

/** MCP7's check, before the session's world is chosen: a foreign page learns nothing. */
export function mcpCrossOrigin(policy: CrossOriginPolicy): Step {
  return crossOriginStep(policy, MCP_CROSS_ORIGIN);
}

/**
 * The last step: the protocol (mcp-server.ts, loaded with the SDK on the first request), whose tool calls go to
 * the API through `send` with the caller's own token and session (MCP3).
 * @example [...front.mcp(guard), catchUp, authenticate(anyToken), answerMcpStep((request, call) => app.fetch(request, { [MCP_TOOL]: call }))]
 */
export function answerMcpStep(send: CallContext['send'], twin: McpTwin = 'api'): Step {
  // One server for the app's life, made on the first request (the SDK loads with it).
  let made: ReturnType<typeof import('./mcp-server.js').mcpHttp> | undefined;
  return {
    name: twin === 'api' ? 'mcp (MCP1-MCP3)' : 'control twin (MCP6)',
    run: async ({ c, transcript }) => {
      // The control twin's catalog reads control.yaml's document, which a page loads with its first /__mock request
      // (spec-source.browser.ts): this may be that request. In Node it is at hand.
      if (twin === 'control' && !controlDocumentAtHand()) {
        try {
          await loadControlDocument();
        } catch (error) {
          return notLoaded(transcript, error, "control.yaml's document");
        }
      }
      // The catalog (mcp-catalog.ts) too: a page that never asks /mcp does not pay for reading the spec's tools. It
      // is handed the specs it reads, so that its chunk imports none of the spec's modules.
      made ??= Promise.all([
        import('./mcp-server.js'),
        import('./mcp-catalog.js').then(({ mcpCatalog }) => mcpCatalog({ wholeApiDocument, getCompiledControlSpec })),
      ]).then(([{ mcpHttp }, { mcpToolsByName, mcpVersion }]) => mcpHttp(mcpToolsByName(twin), mcpVersion(), send));
      const server = await made;
      const headers: Record<string, string> = {};
      for (const name of ['authorization', SESSION_HEADER, 'host']) {
        const value = c.req.header(name);
        if (value !== undefined) headers[name] = value;
      }
      const caller = { origin: new URL(c.req.url).origin, headers };
      return server.answer(c.req.raw, caller, MAX_BODY_BYTES, bodyReadAhead(c.env));
    },
  };
}
