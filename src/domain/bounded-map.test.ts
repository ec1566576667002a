import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('drops the oldest inserted past its count, and use() makes an entry the newest where peek() does not', () => {
    const map = new BoundedMap<string>(2, 1000);
    map.set('a', 'A', 10);
    map.set('b', 'B', 10);
    expect(map.peek('a')).toBe('A');
    map.set('c', 'C', 10);
    expect([map.peek('a'), map.peek('b'), map.peek('c')]).toEqual([undefined, 'B', 'C']);
    expect(map.use('b')).toBe('B');
    map.set('d', 'D', 10);
    expect([map.peek('b'), map.peek('c'), map.peek('d')]).toEqual(['B', undefined, 'D']);
    expect(map.bytes).toBe(20);
  });

  it('drops the oldest past its bytes, counts a replaced entry once, and keeps nothing over a quarter', () => {
    const map = new BoundedMap<number>(100, 100);
    map.set('a', 1, 25);
    map.set('b', 2, 25);
    map.set('b', 3, 20);
    expect([map.peek('b'), map.bytes]).toEqual([3, 45]);
    map.set('c', 4, 25);
    map.set('d', 5, 25);
    expect([map.peek('a'), map.bytes]).toEqual([1, 95]);
    map.set('e', 7, 10);
    expect([map.peek('a'), map.peek('b'), map.bytes]).toEqual([undefined, 3, 80]);
    // Over a quarter: refused, and what stood under the key is gone with its bytes.
    expect(map.set('c', 6, 26)).toBe(false);
    expect([map.peek('c'), map.bytes]).toEqual([undefined, 55]);
    expect(map.use('nothing')).toBeUndefined();
  });

  it('delete() drops an entry and its bytes, and the oldest left goes first after it', () => {
    const map = new BoundedMap<number>(3, 100);
    map.set('a', 1, 10);
    map.set('b', 2, 20);
    map.set('c', 3, 5);
    map.delete('b');
    map.delete('nothing');
    expect([map.peek('b'), map.bytes]).toEqual([undefined, 15]);
    map.set('d', 4, 1);
    map.set('e', 5, 1);
    expect([map.peek('a'), map.peek('c'), map.peek('d'), map.peek('e'), map.bytes]).toEqual([undefined, 3, 4, 5, 7]);
  });

  it('drops the oldest first over a long run of sets, uses and refusals, as a list kept in order would', () => {
    // A model: the keys in their order of insertion (use() and set() make a key the newest), dropped from the front.
    const map = new BoundedMap<number>(50, 4_000);
    let model: Array<{ key: string; bytes: number }> = [];
    let state = 7;
    const next = (n: number) => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    for (let step = 0; step < 20_000; step++) {
      const key = `k${next(400)}`;
      if (next(3) === 0) {
        const held = model.find((entry) => entry.key === key);
        expect(map.use(key)).toBe(held?.bytes);
        if (held) model = [...model.filter((entry) => entry !== held), held];
        continue;
      }
      const bytes = 1 + next(1_100);
      model = model.filter((entry) => entry.key !== key);
      if (map.set(key, bytes, bytes)) model.push({ key, bytes });
      while (model.length > 50 || model.reduce((sum, entry) => sum + entry.bytes, 0) > 4_000) model.shift();
      expect(map.bytes).toBe(model.reduce((sum, entry) => sum + entry.bytes, 0));
    }
    for (let k = 0; k < 400; k++)
      expect(map.peek(`k${k}`) !== undefined, `k${k}`).toBe(model.some((entry) => entry.key === `k${k}`));
  });
});
