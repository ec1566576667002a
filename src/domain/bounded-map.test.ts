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
});
