// Mocks of one process share the base generated for their seed, size, instant and token key
// (src/runtime/generated-bases.ts), and still never share state: each world is a layer of its own over it.
import { describe, expect, it } from 'vitest';
import { Harness } from './support/harness.js';

describe('mocks in one process on the same seed, size and instant', () => {
  it('hold one generated base, and a write in one is not seen in the other', async () => {
    const [a, b] = [new Harness(), new Harness()];
    expect(b.world.base).toBe(a.world.base);
    const created = await a.post('/api/v2/goals', { title: 'Only in a' });
    expect(created.status).toBe(201);
    expect((await a.get(`/api/v2/goals/${created.body.id}`)).status).toBe(200);
    expect((await b.get(`/api/v2/goals/${created.body.id}`)).status).toBe(404);
    // The same next id in both (MK3): b's world did not move on with a's write.
    const [inA, inB] = [await a.post('/api/v2/goals', { title: 'x' }), await b.post('/api/v2/goals', { title: 'x' })];
    expect(inB.body.id).toBe(created.body.id);
    expect(inA.body.id).not.toBe(created.body.id);
  });

  it.each([
    ['another seed', { seed: 7 }],
    ['another instant', { now: '2026-11-21T15:00:00Z' }],
    ['a control token, which keys the tokens', { controlToken: 'generated-bases-test' }],
  ])('hold another base for %s', (_name, options) => {
    const plain = new Harness();
    const other = new Harness(options);
    expect(other.world.base).not.toBe(plain.world.base);
  });

  it('a control token gives the people other tokens than a mock without one on the same seed', () => {
    const keyed = new Harness({ controlToken: 'generated-bases-test' });
    expect(keyed.person().tokens.readWrite).not.toBe(new Harness().person().tokens.readWrite);
    expect(new Harness({ controlToken: 'generated-bases-test' }).world.base).toBe(keyed.world.base);
  });
});
