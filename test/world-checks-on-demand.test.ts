// A page loads the world's schemas (spec-world.js) only to restore a world: a first visit's mock with persist:
// 'local' never loads them; a reload with a kept world takes it up before its first answer, once they have
// loaded; a chunk the page could not fetch is a 503 with Retry-After that shows no half-restored world, and the next
// request loads it again (local-persistence.ts, front.ts).
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './support/memory-storage.js';
import { pageChunk } from './support/page-chunk.js';

const { page, app } = pageChunk('worldChecksAtHand', 'loadWorldChecks', 'spec-world.js');

const NOW = '2026-11-20T15:00:00Z';

describe("the world's checks, on demand", () => {
  it('a first visit never loads them; a reload takes its kept world up once they load, a failed load is a 503', async () => {
    const storage = memoryStorage();
    const createMock = app();
    const first = createMock({ now: NOW, persist: 'local', storage });
    const token = first.world.store.people.get(first.world.defaultPersonId)!.tokens.readWrite;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const goal = first.world.store.goalsOfPerson(first.world.defaultPersonId)[0]!;
    const posted = await first.app.request(`/api/v2/goals/${goal.id}/goal-updates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Kept across a reload' }),
    });
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: string };
    expect((await first.app.request('/api/v2/me', { headers })).status).toBe(200);
    expect(page.loads).toBe(0);

    const reloaded = createMock({ now: NOW, persist: 'local', storage });
    // Made without waiting: the kept world is taken up by the first request, not yet.
    expect(page.loads).toBe(0);
    expect(reloaded.world.store.goalUpdates.get(id)).toBeUndefined();
    page.failing = 1;
    const offline = await reloaded.app.request(`/api/v2/goal-updates/${id}`, { headers });
    expect([offline.status, offline.headers.get('retry-after')]).toEqual([503, '1']);
    expect(((await offline.json()) as { detail: string }).detail).toBe(
      "The world kept in this page's localStorage could not be checked or saved: the code that does it did not load (Failed to fetch spec-world.js); send the request again, which loads it again.",
    );
    expect(reloaded.world.store.goalUpdates.get(id)).toBeUndefined();

    const read = await reloaded.app.request(`/api/v2/goal-updates/${id}`, { headers });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { title: string }).title).toBe('Kept across a reload');
    expect(page.loads).toBe(2);
    // Taken up once: the next request loads nothing more.
    expect((await reloaded.app.request('/api/v2/me', { headers })).status).toBe(200);
    expect(page.loads).toBe(2);
    first.close();
    reloaded.close();
  });
});
