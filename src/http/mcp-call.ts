// MCP3: a tool call is the REST call. The tool's arguments become its operation's request (path ids, query
// with array parameters in the bracket form, JSON body), sent through the mock's own app with the caller's
// token and session, so validation, visibility, access, rate limits, the journal, events and webhooks are the
// API's; the answer becomes the tool's result: the REST body as `structuredContent` (a list wrapped as
// `{items, page, per_page}`), or a tool error carrying the problem's detail.
import type { McpTool, McpToolOperation } from '../spec/mcp-tools.js';
import { innerRequest } from './inner-request.js';
import type { McpToolCall } from './steps.js';
import { newTranscript } from './transcript.js';
import { actionItemInstructions } from './mcp-instructions.js';

/** A tool's result, as MCP's `tools/call` gives it. */
export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What the call sends on: the caller's own headers (Authorization, X-Mock-Session), and where to send. */
export interface CallContext {
  /** The origin the MCP request came to: the REST request goes to the same server. */
  origin: string;
  headers: Record<string, string>;
  /**
   * Sends the tool's request to the mock's app, marked with the tool's name for the journal (MCP3) and with the
   * transcript the app writes the answer's text into.
   */
  send: (request: Request, call: McpToolCall) => Promise<Response> | Response;
}

type Args = Record<string, unknown>;

/** The tool error of MCP3: a line the calling model reads, naming what to fix. */
function toolError(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The operation of a pair the call means: the one whose last path id it gives (exactly one). */
function operationFor(tool: McpTool, args: Args): McpToolOperation | string {
  if (tool.operations.length === 1) return tool.operations[0]!;
  const given = tool.operations.filter((op) => args[op.pathNames.at(-1)!] !== undefined);
  if (given.length === 1) return given[0]!;
  const names = tool.operations.map((op) => `\`${op.pathNames.at(-1)}\``).join(' or ');
  return `${tool.name} takes exactly one of ${names}; ${given.length === 0 ? 'none was' : 'both were'} given (MCP2).`;
}

/** The request's path and query from the arguments; a string names what is missing. */
function target(op: McpToolOperation, args: Args): string {
  let path = op.path;
  for (const name of op.pathNames) {
    const value = args[name];
    if (typeof value !== 'string' || value === '') throw new ArgumentError(`${name} is required: the id, as a string.`);
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const { argument, name, array } of op.query) {
    const value = args[argument];
    if (value === undefined || value === null) continue;
    // G5: an array parameter is sent in the repeated bracket form; one value given alone is a list of one.
    for (const item of array && Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const search = query.toString();
  return `${op.base}${path}${search ? `?${search}` : ''}`;
}

class ArgumentError extends Error {}

/** `answer` without the fields `omit` names. */
function omitted(answer: Args, omit: readonly string[]): Args {
  const kept: Args = {};
  for (const [name, value] of Object.entries(answer)) if (!omit.includes(name)) kept[name] = value;
  return kept;
}

/**
 * Calls `tool` with `args` through the mock's app, and gives its MCP result.
 * @example await callTool(tools.get('get_me'), {}, { origin, headers: { authorization }, send: (r) => app.fetch(r) })
 */
export async function callTool(tool: McpTool, args: Args, context: CallContext): Promise<ToolResult> {
  const op = operationFor(tool, args);
  if (typeof op === 'string') return toolError(op);
  let url: string;
  try {
    url = target(op, args);
  } catch (error) {
    if (error instanceof ArgumentError) return toolError(`${tool.name}: ${error.message}`);
    throw error;
  }
  const body: Args = {};
  for (const name of op.bodyNames) if (args[name] !== undefined) body[name] = args[name];
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const transcript = newTranscript();
  const response = await context.send(
    innerRequest(`${context.origin}${url}`, {
      method: op.method,
      headers: { ...context.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      ...(hasBody ? { body: JSON.stringify(body) } : {}),
    }),
    { tool: tool.name, transcript },
  );
  // The answer's text as the app wrote it (the journal's): an answer not written as JSON text is read off the body.
  const text = transcript.response ?? (await response.text());
  let parsed: unknown = null;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (no answer of the spec's is not): said as it came.
  }
  if (!response.ok) {
    const problem = (parsed ?? {}) as { detail?: string; title?: string };
    return toolError(`${response.status} ${problem.title ?? response.statusText}: ${problem.detail ?? text}`);
  }
  if (parsed === null || typeof parsed !== 'object') {
    // A 204 (a control that deletes): nothing to structure, and the tool declares no output schema.
    return { content: [{ type: 'text', text: `${op.method} ${url}: ${response.status}.` }] };
  }
  // MCP7: a field the tool leaves out (a credential of the REST answer) is in neither the structure nor the text.
  const shown = op.omit.length === 0 ? text : JSON.stringify(omitted(parsed as Args, op.omit));
  if (op.omit.length > 0) parsed = JSON.parse(shown);
  const structured: Record<string, unknown> = op.list
    ? {
        items: parsed,
        ...(op.paged
          ? // G4: per_page above 50 is answered as 50.
            { page: Number(args.page ?? 1), per_page: Math.min(Number(args.per_page ?? 30), 50) }
          : {}),
      }
    : (parsed as Record<string, unknown>);
  const summary = op.list
    ? `${op.method} ${url}: ${(parsed as unknown[]).length} item(s)${op.paged ? ` on page ${String(structured.page)}` : ''}.`
    : `${op.method} ${url}: ${response.status}.`;
  // MCP4: the action items' answer carries production's kind of instructions for an assistant, after the answer.
  const instructions =
    tool.name === 'get_action_items'
      ? actionItemInstructions(parsed as Parameters<typeof actionItemInstructions>[0])
      : [];
  const said = [summary, shown, ...instructions].join('\n');
  return { content: [{ type: 'text', text: said }], structuredContent: structured };
}
