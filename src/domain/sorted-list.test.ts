// The index list: in order however items arrive, at either end in constant time, and out again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedList } from './sorted-list.js';

const byValue = (a: { v: number }, b: { v: number }) => a.v - b.v;

describe('SortedList', () => {
  it('keeps items in order whatever the order they are inserted in, equal ones in the order they came', () => {
    const list = new SortedList<{ v: number; n: number }>();
    const values = [5, 1, 9, 5, 0, 12, -3, 5, 7, 1];
    values.forEach((v, n) => list.insert({ v, n }, byValue));
    const expected = values.map((v, n) => ({ v, n })).sort((a, b) => a.v - b.v || a.n - b.n);
    expect([...list]).toEqual(expected);
    expect(list.toArray()).toEqual(expected);
    expect(Array.from({ length: list.length }, (_, i) => list.at(i))).toEqual(expected);
    expect(list.at(list.length)).toBeUndefined();
  });

  it('takes items out from either part, and sorts a bulk load once', () => {
    const list = new SortedList<{ v: number }>();
    const items = [3, 1, 2].map((v) => ({ v }));
    for (const item of items) list.push(item);
    list.sort(byValue);
    const first = { v: 0 };
    list.insert(first, byValue);
    expect([...list].map((i) => i.v)).toEqual([0, 1, 2, 3]);
    expect(list.remove(first)).toBe(true);
    expect(list.remove(first)).toBe(false);
    expect(list.remove(items[0]!)).toBe(true);
    expect([...list].map((i) => i.v)).toEqual([1, 2]);
  });

  it('sorts a bulk load a slice at a time into the order sort gives, items put first included', () => {
    const load = (list: SortedList<{ v: number; n: number }>) => {
      for (let n = 0; n < 5000; n++) list.push({ v: (n * 7919) % 101, n });
      list.insert({ v: -1, n: -1 }, byValue);
    };
    const once = new SortedList<{ v: number; n: number }>();
    load(once);
    once.sort(byValue);
    const sliced = new SortedList<{ v: number; n: number }>();
    load(sliced);
    const work = sliced.sorting(byValue);
    let pauses = 0;
    while (!work.next().done) pauses++;
    expect(pauses).toBeGreaterThan(1);
    expect([...sliced]).toEqual([...once]);
    expect(sliced.toArray()).toBe(sliced.toArray());
  });

  it('keeps 100,000 items put first and 100,000 put last in order', () => {
    const list = new SortedList<{ v: number }>();
    for (let v = 100_000; v > 0; v--) list.insert({ v }, byValue);
    for (let v = 100_001; v <= 200_000; v++) list.insert({ v }, byValue);
    expect(list.length).toBe(200_000);
    expect(list.at(0)?.v).toBe(1);
    expect(list.at(199_999)?.v).toBe(200_000);
    expect(list.toArray().every((item, i) => item.v === i + 1)).toBe(true);
  });

  it('answers as a sorted array would, whatever mix of bulk loads, inserts and removals (property)', () => {
    type Item = { v: number; n: number };
    const op = fc.oneof(
      fc.record({ insert: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ remove: fc.nat() }),
      fc.record({ load: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 5 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const list = new SortedList<Item>();
        let model: Item[] = [];
        let n = 0;
        const order = (a: Item, b: Item) => a.v - b.v;
        for (const step of ops) {
          if ('insert' in step) {
            const item = { v: step.insert, n: n++ };
            list.insert(item, order);
            // After any equal items: the model's stable sort keeps arrival order among equals.
            model = [...model, item].sort((a, b) => a.v - b.v || a.n - b.n);
          } else if ('remove' in step) {
            const item = model.length === 0 ? { v: -1, n: -1 } : model[step.remove % model.length]!;
            expect(list.remove(item)).toBe(model.includes(item));
            model = model.filter((kept) => kept !== item);
          } else {
            const items = step.load.map((v) => ({ v, n: n++ }));
            for (const item of items) list.push(item);
            list.sort(order);
            model = [...model, ...items].sort(order);
          }
          expect([...list]).toEqual(model);
          expect(list.toArray()).toEqual(model);
          expect(list.length).toBe(model.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
