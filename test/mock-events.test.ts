// The runtime's lifecycle events (src/runtime/mock-events.ts): what the journal, the state file, local
// persistence and the dashboard watch — each told once, in order, with what it is about, in the world it
// happened in; a listener that throws never fails the request.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockEventMap, MockEventType } from '../src/runtime/mock-events.js';
import { Harness } from './support/harness.js';

/** An event of any type, read field by field (each test says which fields its events have). */
type Told = MockEventMap['request:end'] & MockEventMap['world:replaced'] & MockEventMap['record:changed'];

/** Every event of the given types, in order, as [type, event]. */
function record(h: Harness, types: MockEventType[]) {
  const seen: Array<[MockEventType, Told]> = [];
  for (const type of types) h.mock.events.on(type, (event) => seen.push([type, event as Told]));
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lifecycle events', () => {
  it('tell a request start and end, with its area, person, bodies and status; a problem with its text', async () => {
    const h = new Harness();
    const seen = record(h, ['request:start', 'request:end']);
    const goal = h.world.store.goalsOfPerson(h.person().id)[0]!;
    await h.call('POST', `/api/v2/goals/${goal.id}/goal-updates?x=1`, { body: { title: 'Shipped', confidence: 150 } });
    await h.call('GET', '/__mock/clock');
    expect(seen.map(([type, e]) => [type, e.area, e.method, e.path])).toEqual([
      ['request:start', 'api', 'POST', `/api/v2/goals/${goal.id}/goal-updates?x=1`],
      ['request:end', 'api', 'POST', `/api/v2/goals/${goal.id}/goal-updates?x=1`],
      ['request:start', 'controls', 'GET', '/__mock/clock'],
      ['request:end', 'controls', 'GET', '/__mock/clock'],
    ]);
    const end = seen[1]![1];
    expect(end).toMatchObject({
      id: seen[0]![1].id,
      area: 'api',
      status: 422,
      session: null,
      person: { id: h.person().id, name: h.person().name },
      request_body: '{"title":"Shipped","confidence":150}',
      override: null,
      own_read: false,
    });
    expect(JSON.parse(end.response_body!)).toMatchObject({ status: 422, errors: [{ name: 'confidence' }] });
    const ids: number[] = [];
    h.mock.events.on('request:start', (start) => ids.push(start.id));
    await h.call('GET', '/api/v2/me');
    expect(ids).toEqual([Number(end.id) + 2]);
  });

  it('tell a record changed in the world it changed in: the shared one, or a session’s', async () => {
    const h = new Harness();
    const seen = record(h, ['record:changed', 'session:created']);
    const goal = h.world.store.goalsOfPerson(h.person().id)[0]!;
    const shared = await h.call('POST', `/api/v2/goals/${goal.id}/goal-updates`, { body: { title: 'Shared' } });
    const mine = await h.call('POST', `/api/v2/goals/${goal.id}/goal-updates`, {
      body: { title: 'Mine' },
      headers: { 'x-mock-session': 'mine' },
    });
    const updates = seen.filter(([type, e]) => type === 'record:changed' && e.kind === 'goalUpdates');
    expect(updates.map(([, e]) => [e.session, e.id])).toEqual([
      [null, shared.body.id],
      ['mine', mine.body.id],
    ]);
    const [, inShared] = updates[0]!;
    expect(inShared.world).toBe(h.mock.world);
    expect(seen.filter(([type]) => type === 'session:created').map(([, e]) => e)).toEqual([{ session: 'mine' }]);
  });

  it('tell the clock moved, a world replaced and why, and a session dropped and why', async () => {
    const h = new Harness();
    const seen = record(h, ['clock:moved', 'world:replaced', 'session:dropped']);
    await h.call('POST', '/__mock/clock/advance', { body: { days: 1 }, headers: { 'x-mock-session': 's1' } });
    await h.call('PUT', '/__mock/snapshots/before');
    await h.call('POST', '/__mock/reset');
    await h.call('POST', '/__mock/snapshots/before/restore');
    await h.call('DELETE', '/__mock/sessions/s1');
    expect(seen.map(([type, e]) => [type, 'session' in e ? e.session : undefined, 'cause' in e ? e.cause : e])).toEqual(
      [
        ['clock:moved', 's1', expect.anything()],
        ['world:replaced', null, 'reset'],
        ['world:replaced', null, 'snapshot'],
        ['session:dropped', 's1', { session: 's1', reason: 'deleted' }],
      ],
    );
    const [, replaced] = seen[2]!;
    expect(replaced.world).toBe(h.mock.world);
  });

  it('go on past a listener that throws: the request is answered, later listeners still hear, the error is said', async () => {
    const h = new Harness();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    h.mock.events.on('request:end', () => {
      throw new Error('a watcher bug');
    });
    const later: number[] = [];
    h.mock.events.on('request:end', (e) => later.push(e.status));
    expect((await h.call('GET', '/api/v2/me')).status).toBe(200);
    expect(later).toEqual([200]);
    expect(errors).toHaveBeenCalledWith('standin: a request:end listener failed:', expect.any(Error));
  });

  it.each([
    { name: 'answered in its own turn (GET /me)', method: 'GET', path: () => '/api/v2/me', breaks: 'authenticate' },
    {
      name: 'answered after its body is read (POST a goal update)',
      method: 'POST',
      path: (h: Harness) => `/api/v2/goals/${h.world.store.goalsOfPerson(h.person().id)[0]!.id}/goal-updates`,
      breaks: 'newId',
    },
  ] as const)(
    'tell a route that fails with a bug, $name: a 500 problem, and request:end with it',
    async ({ method, path, breaks }) => {
      const h = new Harness();
      const seen = record(h, ['request:end']);
      const url = path(h);
      // A bug in standin: a call the route makes throws what no rule expects.
      const spy = breaks === 'authenticate' ? vi.spyOn(h.world, breaks) : vi.spyOn(h.world.store, breaks);
      spy.mockImplementation(() => {
        throw new Error('a bug in the world');
      });
      // Not h.call: a 500 is in no operation's documented answers, and this one is a bug's.
      const answer = await h.mock.app.request(url, {
        method,
        headers: { authorization: `Bearer ${h.person().tokens.readWrite}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{"title":"Shipped"}' } : {}),
      });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      const problem = {
        type: expect.stringContaining('internal-error') as unknown,
        status: 500,
        detail:
          'standin failed on this request: a bug in the world. This is a bug in standin; please report it with the request.',
      };
      expect(await answer.json()).toMatchObject(problem);
      expect(seen.map(([, e]) => [e.method, e.path, e.status])).toEqual([[method, url, 500]]);
      expect(JSON.parse(seen[0]![1].response_body!)).toMatchObject(problem);
    },
  );

  it('stop telling a listener once it unsubscribes', async () => {
    const h = new Harness();
    const ends: string[] = [];
    const stop = h.mock.events.on('request:end', (e) => ends.push(e.path));
    await h.call('GET', '/api/v2/me');
    stop();
    await h.call('GET', '/api/v2/me?again');
    expect(ends).toEqual(['/api/v2/me']);
  });
});
