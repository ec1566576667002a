// Issue 34, point 4: the mock standin's entry gives (createMock from `standin`, public-mock.ts) is a small face —
// the app, the lifecycle events, the tokens, reset, clock and state, close — that answers and refuses as the
// controls do, and shows nothing of the runtime below it (not even a World in its events).
import { describe, expect, it } from 'vitest';
import { createMock, MockControlError, type MockEventMap } from '../src/index.js';

const NOW = '2026-11-20T15:00:00Z';

describe('the public mock', () => {
  it('lists the tokens as GET /__mock/tokens does, and its app answers the API with them', async () => {
    const mock = createMock({ now: NOW });
    const tokens = await mock.tokens();
    expect(tokens).toEqual(await (await mock.app.request('/__mock/tokens')).json());
    expect(tokens[0]!.default).toBe(true);
    const me = await mock.app.request('/api/v2/me', { headers: { authorization: `Bearer ${tokens[0]!.read_write}` } });
    expect(((await me.json()) as { id: string }).id).toBe(tokens[0]!.person.id);
    const fetched = await mock.app.fetch(new Request('http://standin.local/__mock/tokens'));
    expect(await fetched.json()).toEqual(tokens);
  });

  it('moves the clock, tells it, and refuses a move back with the control’s problem (MK4)', async () => {
    const mock = createMock({ now: NOW });
    const moved: Array<MockEventMap['clock:moved']> = [];
    const stop = mock.events.on('clock:moved', (event) => moved.push(event));
    expect(await mock.clock.get()).toEqual({ now: NOW, frozen: true });
    // The control's answer, with what the move made happen (MCP6).
    expect(await mock.clock.advance({ days: 1 })).toMatchObject({
      now: '2026-11-21T15:00:00Z',
      frozen: true,
      happened: expect.objectContaining({ check_ins_made: expect.any(Number) }),
    });
    expect(await mock.clock.set({ now: '2026-11-22T09:00:00Z', frozen: true, session: 's1' })).toEqual({
      now: '2026-11-22T09:00:00Z',
      frozen: true,
    });
    expect(await mock.clock.get({ session: 's1' })).toEqual({ now: '2026-11-22T09:00:00Z', frozen: true });
    expect(await mock.clock.get()).toEqual({ now: '2026-11-21T15:00:00Z', frozen: true });
    // The events name the world by its session, and carry nothing of the runtime.
    expect(moved).toEqual([{ session: null }, { session: 's1' }]);
    stop();
    const refused = await mock.clock.set({ now: '2026-11-01T00:00:00Z' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MockControlError);
    const { status, problem } = refused as MockControlError;
    expect(status).toBe(422);
    expect(problem.errors).toEqual([expect.objectContaining({ in: 'body', name: 'now' })]);
    expect((refused as MockControlError).message).toBe(problem.detail);
    expect(moved).toHaveLength(2);
  });

  it('resets a world to another seed, that session’s only when it names one (MK2, MK5)', async () => {
    const mock = createMock({ now: NOW });
    const replaced: Array<MockEventMap['world:replaced']> = [];
    mock.events.on('world:replaced', (event) => replaced.push(event));
    const [shared] = await mock.tokens();
    const reset = await mock.reset({ seed: 7, session: 's1' });
    expect(reset).toEqual(expect.objectContaining({ seed: 7, size: 'small', now: NOW, frozen: true }));
    const [inSession] = await mock.tokens({ session: 's1' });
    expect(inSession!.person.id).toBe(reset.default_person_id);
    expect(inSession!.person.id).not.toBe(shared!.person.id);
    expect((await mock.tokens())[0]).toEqual(shared);
    expect(await mock.reset()).toEqual(expect.objectContaining({ seed: 42, default_person_id: shared!.person.id }));
    expect(replaced).toEqual([
      { session: 's1', cause: 'reset' },
      { session: null, cause: 'reset' },
    ]);
  });

  it('exports a world’s state and imports it into another mock, which then answers the same', async () => {
    const mock = createMock({ now: NOW });
    const token = (await mock.tokens())[0]!.read_write;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const goals = (await (await mock.app.request('/api/v2/goals', { headers })).json()) as Array<{ id: string }>;
    await mock.app.request(`/api/v2/goals/${goals[0]!.id}/goal-updates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Week 47' }),
    });
    const state = await mock.exportState();
    expect(state.version).toBe(2);
    expect((await mock.exportState({ full: true })).version).toBe(1);
    const other = createMock({ seed: 9, now: NOW });
    expect(await other.importState(state)).toEqual({ seed: 42, size: 'small', now: NOW, frozen: true });
    const path = `/api/v2/goals/${goals[0]!.id}/goal-updates`;
    expect(await (await other.app.request(path, { headers })).text()).toBe(
      await (await mock.app.request(path, { headers })).text(),
    );
    const refused = await other.importState({ version: 3 }).catch((error: unknown) => error);
    expect((refused as MockControlError).status).toBe(422);
  });

  it('sends its own control token to the controls, which refuse anyone else without it (MK1)', async () => {
    const mock = createMock({ now: NOW, controlToken: 'a-control-token-of-ours' });
    expect((await mock.app.request('/__mock/tokens')).status).toBe(401);
    expect((await mock.tokens())[0]!.default).toBe(true);
    expect((await mock.clock.advance({ hours: 1 })).now).toBe('2026-11-20T16:00:00Z');
  });

  it('shows only its own members', () => {
    const mock = createMock({ now: NOW });
    expect(Object.keys(mock).sort()).toEqual([
      'app',
      'clock',
      'close',
      'events',
      'exportState',
      'importState',
      'reset',
      'tokens',
    ]);
    expect(Object.keys(mock.clock).sort()).toEqual(['advance', 'get', 'set']);
    mock.close();
  });
});
