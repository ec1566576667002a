// /mcp's Streamable HTTP framing (mcp-exchange.ts, MCP1, MCP5): one SDK server for the app's life, each POST's
// messages handed to it and its answers given back as JSON, with the statuses the SDK's own transport gives in
// its stateless JSON mode; two clients' requests that share an id never meet.
import { describe, expect, it } from 'vitest';
import { Harness } from './support/harness.js';
import { ORIGIN } from './support/mcp-client.js';

const h = new Harness();
const token = h.tokenOf(h.person());
const JSON_AND_SSE = 'application/json, text/event-stream';

function post(body: string, headers: Record<string, string> = {}, method = 'POST'): Promise<Response> {
  return Promise.resolve(
    h.mock.app.request(`${ORIGIN}/mcp`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: JSON_AND_SSE,
        ...headers,
      },
      body: method === 'POST' ? body : undefined,
    }),
  );
}

const call = (id: number | string, name: string, args: Record<string, unknown> = {}) =>
  ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }) as const;

describe('/mcp over HTTP', () => {
  it('answers a request with its own id, and a batch with an array in its order', async () => {
    const one = await post(JSON.stringify(call('a-1', 'get_me')));
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe('application/json');
    const body = (await one.json()) as { id: string; result: { structuredContent: { id: string } } };
    expect(body.id).toBe('a-1');
    expect(body.result.structuredContent.id).toBe(h.person().id);
    const batch = await post(JSON.stringify([call(7, 'get_me'), { jsonrpc: '2.0', id: 8, method: 'ping' }]));
    const answers = (await batch.json()) as Array<{ id: number; result: object }>;
    expect(answers.map((a) => a.id)).toEqual([7, 8]);
    expect(answers[1]!.result).toEqual({});
  });

  it('keeps apart two callers in flight at once that send the same id, each answered as itself', async () => {
    const other = h.person((p) => p.id !== h.person().id);
    const [mine, theirs] = await Promise.all([
      post(JSON.stringify(call(1, 'get_me'))),
      post(JSON.stringify(call(1, 'get_me')), { authorization: `Bearer ${h.tokenOf(other)}` }),
    ]);
    const id = async (r: Response) =>
      ((await r.json()) as { id: number; result: { structuredContent: { id: string } } }).result.structuredContent.id;
    expect([await id(mine), await id(theirs)]).toEqual([h.person().id, other.id]);
  });

  it('gives 202 and no body to notifications only, as the transport does', async () => {
    const answer = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(answer.status).toBe(202);
    expect(await answer.text()).toBe('');
  });

  it.each([
    ['GET: no stream to open, no sessions', '', {}, 'GET', 405, -32000],
    ['an Accept without text/event-stream', '{}', { accept: 'application/json' }, 'POST', 406, -32000],
    ['a body that is not JSON by its type', '{}', { 'content-type': 'text/plain' }, 'POST', 415, -32000],
    ['a protocol version no one speaks', '{}', { 'mcp-protocol-version': '1999-01-01' }, 'POST', 400, -32000],
    ['not JSON', '{"jsonrpc":', {}, 'POST', 400, -32700],
    ['not a JSON-RPC message', '{"hello":"world"}', {}, 'POST', 400, -32700],
    [
      'a batch of 101',
      JSON.stringify(Array.from({ length: 101 }, (_, i) => call(i, 'get_me'))),
      {},
      'POST',
      400,
      -32600,
    ],
  ])('refuses %s with the JSON-RPC error the SDK gives', async (_what, body, headers, method, status, code) => {
    const answer = await post(body, headers, method);
    expect(answer.status).toBe(status);
    const error = (await answer.json()) as { jsonrpc: string; error: { code: number; message: string }; id: null };
    expect(error).toMatchObject({ jsonrpc: '2.0', error: { code }, id: null });
    if (status === 405) expect(answer.headers.get('allow')).toBe('POST');
  });
});
