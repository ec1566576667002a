// Seeded randomness per entity (MK3): the same seed and key give the same draws; chance and pick at their edges; a
// sample in slices is the sample.
import { describe, expect, it } from 'vitest';
import { EntityRandom, KeyPrefix, stableUuid, streamSeed } from './entropy.js';
import { SLICE_RECORDS } from './slices.js';

describe('EntityRandom', () => {
  it('gives a chance equal to the draw no luck: a draw must fall below the probability', () => {
    const draw = new EntityRandom(7, 'edge').random();
    expect(new EntityRandom(7, 'edge').chance(draw)).toBe(false);
    expect(new EntityRandom(7, 'edge').chance(draw + Number.EPSILON)).toBe(true);
  });

  it('refuses to pick from nothing', () => {
    expect(() => new EntityRandom(7).pick([])).toThrow(new RangeError('pick needs at least one item to choose from'));
  });

  it.each([0, 3, 2_000, 20_000])('samples %i of 10,000 items in slices as at once, and draws as much', (count) => {
    const items = Array.from({ length: 10_000 }, (_, i) => i);
    const atOnce = new EntityRandom(7, 'sample');
    const sliced = new EntityRandom(7, 'sample');
    const work = sliced.sampleInSlices(items, count);
    let pauses = 0;
    let step = work.next();
    for (; !step.done; step = work.next()) pauses++;
    expect(step.value).toEqual(atOnce.sample(items, count));
    expect(step.value).toHaveLength(Math.min(count, items.length));
    expect(pauses).toBe(Math.floor(items.length / SLICE_RECORDS));
    expect(sliced.random()).toBe(atOnce.random());
  });
});

describe('ids and streams, the same from version to version (MK3)', () => {
  // A world's ids are its users' fixtures (a test may hold a goal's id): these are the values of the hash of the
  // joined key (`${seed}\0${key.join('\0')}`) that every version before 2026-12-05 took, which hashKey feeds part by part.
  it.each([
    ["stableUuid(42, 'goal', 7)", () => stableUuid(42, 'goal', 7), 'a69a0adc-5f99-4d14-80d7-39378acf5ece'],
    ["stableUuid(1, 'person')", () => stableUuid(1, 'person'), '7fa6ca0e-4c9c-48c8-8172-56e94ac300b3'],
    [
      "streamSeed(42, 'check-in-text', 'abc', 1.5, 'went')",
      () => streamSeed(42, 'check-in-text', 'abc', 1.5, 'went'),
      1_044_956_690,
    ],
    ['streamSeed(7)', () => streamSeed(7), 2_591_942_448],
  ])('%s', (_, made, value) => {
    expect(made()).toBe(value);
  });
});

describe('KeyPrefix', () => {
  // A person's check-in ids are hashed from their prefix (check-in-schedule.ts): the same ids as the whole keys give.
  it.each([
    [42, ['check-in', 'a69a0adc-5f99-4d14-80d7-39378acf5ece'], '2026-11-20'],
    [7, [], 'edge'],
    [1, ['goal', 3], 12],
    [0, [''], ''],
  ] as const)('seed %i, parts %j, then %j: stableUuid of the whole key', (seed, parts, last) => {
    const prefix = new KeyPrefix(seed, parts);
    expect(prefix.uuid(last)).toBe(stableUuid(seed, ...parts, last));
    // Hashing other keys between its uses leaves it as it was.
    stableUuid(seed + 1, 'other');
    expect(prefix.uuid(last)).toBe(stableUuid(seed, ...parts, last));
  });
});
