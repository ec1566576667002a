// The API's request body checks load with the first request that sends a body (spec-bodies.js, request-input.ts):
// a read before it loads nothing, a write loads them and is checked as always, and a chunk a page could not fetch is
// a 503 with Retry-After that writes nothing, never a 500; the next request loads it again.
import { describe, expect, it } from 'vitest';
import { pageChunk } from './support/page-chunk.js';

const { page, app } = pageChunk('bodyChecksAtHand', 'loadBodyChecks', 'spec-bodies.js');

describe("the API's body checks, on demand", () => {
  it('load with the first write, not a read; a failed load is a 503 that writes nothing, and the next loads', async () => {
    const mock = app()({ seed: 42, size: 'small', now: '2026-11-20T15:00:00Z' });
    const token = mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readWrite;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const goals = async () =>
      ((await (await mock.app.request('/api/v2/goals', { headers })).json()) as unknown[]).length;
    const before = await goals();
    expect(page.loads).toBe(0);

    page.failing = 1;
    const write = () =>
      mock.app.request('/api/v2/goals', { method: 'POST', headers, body: JSON.stringify({ title: 'Ship the demo' }) });
    const offline = await write();
    expect([offline.status, offline.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await offline.json()).toMatchObject({
      detail:
        "The spec's request body checks did not load in this page (Failed to fetch spec-bodies.js); send the request again, which loads them again.",
    });
    expect(await goals()).toBe(before);

    expect((await write()).status).toBe(201);
    // Checked as always once loaded: a title of the wrong type is the body's 422, not a 503 nor a 500.
    const wrong = await mock.app.request('/api/v2/goals', { method: 'POST', headers, body: '{"title": 7}' });
    expect(wrong.status).toBe(422);
    expect(page.loads).toBe(2);
    mock.close();
  });
});
