// The light request a tool call hands to the app reads as a Request wherever the app and Hono read one, and
// anything it does not keep itself comes from the whole Request it stands for.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { innerRequest } from './inner-request.js';

const URL_OF = 'http://127.0.0.1:4010/api/v2/goals?per_page=5';

describe('innerRequest', () => {
  it('gives the URL, method, headers and body text, with the body counted in Content-Length', async () => {
    const body = JSON.stringify({ title: 'Zoë’s goal' });
    const request = innerRequest(URL_OF, { method: 'POST', headers: { authorization: 'Bearer t' }, body });
    expect(request).toBeInstanceOf(Request);
    expect(request.url).toBe(URL_OF);
    expect(request.method).toBe('POST');
    expect(request.headers.get('authorization')).toBe('Bearer t');
    // UTF-8 bytes, not UTF-16 units: the app's body limit (G8) counts bytes.
    expect(request.headers.get('content-length')).toBe(String(new TextEncoder().encode(body).byteLength));
    expect(request.bodyUsed).toBe(false);
    expect(await request.json()).toEqual({ title: 'Zoë’s goal' });
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);
  });

  it('has no body and no Content-Length without one', async () => {
    const request = innerRequest(URL_OF, { method: 'GET', headers: {} });
    expect(request.body).toBeNull();
    expect(request.headers.has('content-length')).toBe(false);
    expect(await request.text()).toBe('');
  });

  it("answers what it does not keep from the whole Request: a signal, a clone, the body's stream", async () => {
    const request = innerRequest(URL_OF, { method: 'PATCH', headers: { 'x-a': '1' }, body: '{"a":1}' });
    expect(request.signal).toBeInstanceOf(AbortSignal);
    const copy = request.clone();
    expect(copy.headers.get('x-a')).toBe('1');
    expect(await copy.text()).toBe('{"a":1}');
    expect(await new Response(request.body).text()).toBe('{"a":1}');
  });

  it('is read by Hono as a Request is: route, query, header and JSON body', async () => {
    const app = new Hono();
    app.post('/api/v2/goals', async (c) =>
      c.json({ per: c.req.query('per_page'), who: c.req.header('authorization'), body: await c.req.json() }),
    );
    const request = innerRequest(URL_OF, { method: 'POST', headers: { authorization: 'Bearer t' }, body: '{"x":2}' });
    const answer = await app.fetch(request);
    expect(await answer.json()).toEqual({ per: '5', who: 'Bearer t', body: { x: 2 } });
  });
});
