// MCP1, MCP5: the Streamable HTTP framing of /mcp for one long-lived SDK server: each POST's JSON-RPC messages
// handed to the server, its answers gathered and given back as JSON. The SDK's own Web-standard transport serves
// one stateless request per instance, so it would need a server and a transport built and closed per request:
// most of a tool call's cost (issue 36 measured 11× the REST call's CPU). The protocol stays the SDK's (its
// server validates and dispatches every request, its schemas check every message); this file only frames HTTP,
// as the SDK's transport does in its stateless JSON mode, with the same statuses and errors. Request ids are
// renamed while in the server, so two clients that both send id 1 never meet.
import { MAX_BATCH_SIZE, requestBodyTooLargeMessage } from '@modelcontextprotocol/sdk/server/requestBody.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { readBodyText, textWithin } from './request-body.js';
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

interface Waiting<Caller> {
  /** The id the client sent, given back on the answer. */
  clientId: RequestId;
  answer: (message: JSONRPCMessage) => void;
  caller: Caller;
}

/** A JSON-RPC error as an HTTP answer, as the SDK's transport words them. */
function failure(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } {
  return 'method' in message && 'id' in message;
}

/** The transport of one server: `answer` is called per HTTP request, with its caller; the server's `send` answers. */
export class McpExchange<Caller> implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  #waiting = new Map<number, Waiting<Caller>>();
  #next = 0;

  async start(): Promise<void> {}

  close(): Promise<void> {
    this.onclose?.();
    return Promise.resolve();
  }

  /** The server's answer to a request reaches the HTTP request that asked; what it sends unasked has no stream. */
  send(message: JSONRPCMessage): Promise<void> {
    const id = 'method' in message || !('id' in message) ? undefined : message.id;
    const waiting = typeof id === 'number' ? this.#waiting.get(id) : undefined;
    if (waiting) {
      this.#waiting.delete(id as number);
      waiting.answer({ ...message, id: waiting.clientId });
    }
    return Promise.resolve();
  }

  /** The caller of a request the server is handling, by the id it knows the request by. */
  callerOf(requestId: RequestId): Caller | undefined {
    return typeof requestId === 'number' ? this.#waiting.get(requestId)?.caller : undefined;
  }

  /**
   * Answers one HTTP request of Streamable HTTP in stateless JSON mode: a POST of a message or a batch gets the
   * answers as JSON (202 when it held only notifications); GET and DELETE are 405, as a server with no streams
   * and no sessions answers.
   * The body is read as the API's are (request-body.ts): from `ahead` when the host read it already, else through
   * the request's text() on a declared length, which keeps @hono/node-server's light request from becoming a
   * whole Request with its stream and abort signal (the SDK's reader would).
   * @example return exchange.answer(c.req.raw, { authorization }, MAX_BODY_BYTES, bodyReadAhead(c.env))
   */
  async answer(request: Request, caller: Caller, maxBodyBytes: number, ahead?: Uint8Array): Promise<Response> {
    if (request.method !== 'POST') return failure(405, -32000, 'Method not allowed.', { allow: 'POST' });
    const accept = request.headers.get('accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
      return failure(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type))
      return failure(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    const version = request.headers.get('mcp-protocol-version');
    if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
      return failure(
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      );
    const text = ahead ? textWithin(ahead, maxBodyBytes) : await readBodyText(request, maxBodyBytes);
    if (text === null) return failure(413, -32000, requestBodyTooLargeMessage(maxBodyBytes));
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return failure(400, -32700, 'Parse error: Invalid JSON');
    }
    if (Array.isArray(raw) && raw.length > MAX_BATCH_SIZE)
      return failure(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
    let messages: JSONRPCMessage[];
    try {
      messages = (Array.isArray(raw) ? raw : [raw]).map((message) => JSONRPCMessageSchema.parse(message));
    } catch {
      return failure(400, -32700, 'Parse error: Invalid JSON-RPC message');
    }
    const answers: Array<Promise<JSONRPCMessage>> = [];
    for (const message of messages) {
      if (!isRequest(message)) {
        this.onmessage?.(message);
        continue;
      }
      const id = ++this.#next;
      answers.push(
        new Promise((answer) => {
          this.#waiting.set(id, { clientId: message.id, answer, caller });
          this.onmessage?.({ ...message, id });
        }),
      );
    }
    if (answers.length === 0) return new Response(null, { status: 202 });
    const given = await Promise.all(answers);
    return new Response(JSON.stringify(Array.isArray(raw) ? given : given[0]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }
}
