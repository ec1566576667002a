// G7 in the default mode ignores a body field the operation does not write, as production does — so a typo such
// as `confidance` passes silently, the write made without it. The journal (GET /__mock/requests) lists what a
// request's body had that was ignored, with the writable field one or two edits away; the API's own answer, its
// headers included, stays exactly what it was (the public surface does not change), and the list is bounded.
import { describe, expect, it } from 'vitest';
import { control, Harness } from './support/harness.js';

const goalOf = (h: Harness) => h.world.store.goalsOfPerson(h.person().id)[0]!.id;

/** The newest journal entry, as GET /__mock/requests lists it (checked against spec/control.yaml). */
async function newestEntry(h: Harness): Promise<Record<string, unknown>> {
  const { status, body } = await control(h, 'GET', '/requests?limit=1');
  expect(status).toBe(200);
  return body[0];
}

/** What a client sees of an answer: status, headers and body, the ids and instants it made left out. */
function seen(answer: { status: number; headers: Headers; text: string }) {
  return {
    status: answer.status,
    headers: [...answer.headers.keys()].sort(),
    body: answer.text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '{instant}'),
  };
}

describe('a body field the operation ignores (G7, the default mode)', () => {
  it('is listed on the journal entry with the writable field meant, never in the answer', async () => {
    const h = new Harness();
    const path = `/api/v2/goals/${goalOf(h)}/goal-updates`;
    const plain = await h.call('POST', path, { body: { progress: 40, title: 'Week 47' } });
    expect(await newestEntry(h)).not.toHaveProperty('ignored_fields');
    const typo = await h.call('POST', path, {
      body: { progress: 40, confidance: 60, title: 'Week 47', tittle: 'x', owner_id: 'someone', id: 'mine' },
    });
    expect(typo.status).toBe(201);
    expect(seen(typo)).toEqual(seen(plain));
    expect((await newestEntry(h)).ignored_fields).toEqual([
      { name: 'confidance', suggestion: 'confidence' },
      { name: 'tittle', suggestion: 'title' },
      { name: 'owner_id' },
      { name: 'id' },
    ]);
  });

  it('is listed for a PATCH and on the activity hook as well', async () => {
    const h = new Harness();
    await h.call('PATCH', `/api/v2/goals/${goalOf(h)}`, { body: { titel: 'Renamed' } });
    expect((await newestEntry(h)).ignored_fields).toEqual([{ name: 'titel', suggestion: 'title' }]);
    const email = h.person().email;
    const hook = await h.call('POST', h.hookPath(), {
      token: null,
      body: { email, source: 'ci', description: 'deployed', sorce: 'x' },
    });
    expect(hook.status).toBe(201);
    expect((await newestEntry(h)).ignored_fields).toEqual([{ name: 'sorce', suggestion: 'source' }]);
  });

  it('is bounded: a long name is clipped, and at most 20 are listed', async () => {
    const h = new Harness();
    const path = `/api/v2/goals/${goalOf(h)}/goal-updates`;
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`extra_${i}`, i]));
    await h.call('POST', path, { body: { progress: 1, ['x'.repeat(10_000)]: 1, ...many } });
    const listed = (await newestEntry(h)).ignored_fields as Array<{ name: string; suggestion?: string }>;
    expect(listed).toHaveLength(20);
    expect(listed[0]!.name.length).toBeLessThanOrEqual(120);
    expect(listed[0]!.name.startsWith('xxxx')).toBe(true);
    expect(listed[1]).toEqual({ name: 'extra_0' });
  });

  it('is not listed in strict mode, which refuses it instead', async () => {
    const h = new Harness({ strict: true });
    const path = `/api/v2/goals/${goalOf(h)}/goal-updates`;
    const refused = await h.call('POST', path, { body: { confidance: 60 } });
    expect(refused.status).toBe(422);
    expect(await newestEntry(h)).not.toHaveProperty('ignored_fields');
  });
});
