// POST /__mock/reset to a world it must generate (issue 33, point 8: `{"size":"large"}` held every client of the
// server for 5.5 s): the world is generated and built a slice at a time, so other clients are answered
// meanwhile, each from the old world or the new one and never from one half built; a second reset of that world
// meanwhile gets 409; and the world a reset generates in slices, requests between its slices, is byte for byte
// the one generated at once (MK3).
import { afterAll, describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../fixtures/index.js';
import { Clock } from '../src/domain/clock.js';
import { WorldBase } from '../src/domain/world-base.js';
import { exportFullState } from '../src/domain/world-state.js';
import { World } from '../src/domain/world.js';
import { Harness, NOW } from './support/harness.js';
import { startServing, stopAll } from './support/standin-process.js';

afterAll(stopAll);

/**
 * fetch on a connection of its own: one kept alive through a long reset on a busy box can be closed by the server
 * (its keepAliveTimeout) just as it is taken again, whatever the server did right.
 */
function fetchFresh(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), connection: 'close' } });
}

type Counts = Record<string, number>;

describe('a reset to the large world on a spawned standin serve (issue 33, point 8)', () => {
  it('answers other clients while it generates, each from the old world or the new one, and a second reset meanwhile gets 409', async () => {
    const { baseUrl, token } = await startServing(['--now', NOW]);
    const controls = baseUrl.replace('/api/v2', '/__mock');
    const counts = async (): Promise<Counts> =>
      ((await (await fetchFresh(`${controls}/world`)).json()) as { counts: Counts }).counts;
    const small = await counts();
    // Each answer in the order it came.
    const order: string[] = [];
    const seen: Counts[] = [];
    const resets = [0, 1].map(() =>
      fetchFresh(`${controls}/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ size: 'large' }),
      }).then(async (answer) => {
        order.push(`reset ${answer.status}`);
        return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.json() };
      }),
    );
    let done = false;
    void Promise.all(resets).then(() => (done = true));
    while (!done) {
      const me = await fetchFresh(`${baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
      await me.text();
      order.push(`GET /me ${me.status}`);
      seen.push(await counts());
    }
    const answers = await Promise.all(resets);
    // Both at once on the request path: the first generates the large world in one go, the second finds it made.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.retryAfter).toBe('1');
    expect(refused.body).toMatchObject({ status: 409, type: 'urn:standin:problem:reset-in-progress' });
    expect(refused.body.detail).toMatch(/POST \/__mock\/reset/);
    expect(answers.find((answer) => answer.status === 200)!.body).toMatchObject({ seed: 42, size: 'large' });
    // Asked once the second reset was refused, so while the first was under way: answered before it.
    const meanwhile = order.slice(order.indexOf('reset 409') + 1, order.indexOf('reset 200'));
    expect(meanwhile.filter((answer) => answer === 'GET /me 200').length).toBeGreaterThanOrEqual(3);
    expect(order.filter((answer) => answer.startsWith('GET /me') && answer !== 'GET /me 200')).toEqual([]);
    // Never a world half built: every count was the small world's or the large one's.
    const large = await counts();
    expect(large.check_ins).toBeGreaterThan(100 * small.check_ins!);
    for (const counted of seen) expect([small, large]).toContainEqual(counted);
  });
});

describe('a reset that generates in slices, with requests between them', () => {
  it('makes the world byte for byte as generated at once (MK3), and answers the requests meanwhile', async () => {
    const h = new Harness();
    // A seed no other test generates at this instant: the process's generated bases hold none for it.
    const seed = 918_273;
    let done = false;
    const reset = Promise.resolve(
      h.mock.app.request('/__mock/reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seed }),
      }),
    ).finally(() => (done = true));
    let answered = 0;
    while (!done) {
      // Reads that write generated texts (each re-seeds the fixtures' one faker) between the reset's slices.
      expect((await h.get('/api/v2/check-ins?per_page=50')).status).toBe(200);
      expect((await h.get('/api/v2/digest')).status).toBe(200);
      answered++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await reset).status).toBe(200);
    expect(h.world.seed).toBe(seed);
    expect(answered).toBeGreaterThanOrEqual(2);
    const now = Date.parse(NOW) / 1000;
    const atOnce = new WorldBase(generateWorld({ seed, size: 'small', now }), worldWriter, 'generated');
    expect(atOnce).not.toBe(h.world.base);
    const expected = JSON.stringify(exportFullState(new World(atOnce, { clock: new Clock({ now: NOW }) })));
    expect(JSON.stringify(exportFullState(h.world))).toBe(expected);
  });
});
