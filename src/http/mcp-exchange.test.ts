// The exchange keeps a request's caller only while the server handles it: what tells a tool call whose token it
// acts with is gone once the answer is given, so a long-lived server holds nothing per request.
import { describe, expect, it } from 'vitest';
import { McpExchange } from './mcp-exchange.js';

describe('McpExchange', () => {
  it("holds a request's caller while the server has it, under the id it renamed it to, and not after", async () => {
    const exchange = new McpExchange<{ who: string }>();
    const seen: Array<{ id: unknown; caller: unknown }> = [];
    exchange.onmessage = (message) => {
      const id = (message as { id: number }).id;
      seen.push({ id, caller: exchange.callerOf(id) });
      void exchange.send({ jsonrpc: '2.0', id, result: {} });
    };
    const request = (id: number, who: string) =>
      exchange.answer(
        new Request('http://127.0.0.1/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }),
        }),
        { who },
        1024,
      );
    const answers = await Promise.all([request(1, 'asa'), request(1, 'mia')]);
    expect(await Promise.all(answers.map((a) => a.json()))).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
    expect(seen.map((s) => s.caller)).toEqual([{ who: 'asa' }, { who: 'mia' }]);
    expect(new Set(seen.map((s) => s.id)).size).toBe(2);
    for (const { id } of seen) expect(exchange.callerOf(id as number)).toBeUndefined();
  });
});
