// The layered table: a base read through a layer that holds only its own changes, with its indexes merged.
import { describe, expect, it } from 'vitest';
import { Table } from './table.js';

interface Row {
  id: string;
  team: string;
  rank: number;
  pair: readonly [string, string];
}

const specs = {
  team: { keys: (r: Row) => [r.team], compare: (a: Row, b: Row) => a.rank - b.rank },
  all: { keys: () => ['all'], compare: (a: Row, b: Row) => a.rank - b.rank },
  day: { pair: (r: Row) => r.pair },
};

function base(): Table<Row> {
  const table = new Table<Row>(specs);
  // Loaded out of order: a bulk load sorts each index once, at freeze.
  for (const [id, team, rank] of [
    ['c', 'x', 3],
    ['a', 'x', 1],
    ['b', 'y', 2],
    ['d', 'x', 4],
  ] as const) {
    table.put({ id, team, rank, pair: [team, id] });
  }
  return table.freeze();
}

const ids = (rows: Iterable<Row>) => [...rows].map((r) => r.id);

describe('Table', () => {
  it('sorts a bulk-loaded base once at freeze and refuses writes after', () => {
    const table = base();
    expect(ids(table.find('team', 'x'))).toEqual(['a', 'c', 'd']);
    expect(ids(table.iterate('all', 'all'))).toEqual(['a', 'b', 'c', 'd']);
    expect(() => table.put({ id: 'e', team: 'x', rank: 5, pair: ['x', 'e'] })).toThrow(/frozen/);
  });

  it('a layer reads the base, and its puts and deletes stay in the layer', () => {
    const frozen = base();
    const layer = frozen.layer();
    layer.put({ id: 'a', team: 'y', rank: 10, pair: ['y', 'a'] });
    layer.put({ id: 'e', team: 'x', rank: 2, pair: ['x', 'e'] });
    expect(layer.delete('c')).toBe(true);
    expect(layer.delete('c')).toBe(false);
    expect(layer.delete('nope')).toBe(false);
    expect([layer.size, frozen.size]).toEqual([4, 4]);
    expect(layer.get('a')?.team).toBe('y');
    expect(frozen.get('a')?.team).toBe('x');
    expect(layer.has('c')).toBe(false);
    // Indexes merge: the base's 'a' moved teams, 'c' is gone, 'e' is new and sorted in.
    expect(ids(layer.find('team', 'x'))).toEqual(['e', 'd']);
    expect(ids(layer.find('team', 'y'))).toEqual(['b', 'a']);
    expect(ids(layer.iterate('all', 'all'))).toEqual(['b', 'e', 'd', 'a']);
    expect(ids(frozen.find('team', 'x'))).toEqual(['a', 'c', 'd']);
    // A replaced record keeps its place in values(); new ones come last.
    expect(ids(layer.values())).toEqual(['a', 'b', 'd', 'e']);
    expect(layer.pair('day', 'x', 'a')).toBeUndefined();
    expect(layer.pair('day', 'y', 'a')?.rank).toBe(10);
    expect(layer.pair('day', 'x', 'd')?.id).toBe('d');
    expect([...layer.pairKeys('day', 'x')].sort()).toEqual(['d', 'e']);
  });

  it('lists its own changes, deletions as null, and puts a deleted base record back', () => {
    const layer = base().layer();
    expect(layer.changed).toBe(false);
    layer.delete('b');
    layer.put({ id: 'f', team: 'z', rank: 6, pair: ['z', 'f'] });
    expect([...layer.changes()].map((c) => [c.id, c.record?.rank ?? null])).toEqual([
      ['b', null],
      ['f', 6],
    ]);
    layer.put({ id: 'b', team: 'y', rank: 2, pair: ['y', 'b'] });
    expect(layer.size).toBe(5);
    expect(ids(layer.find('team', 'y'))).toEqual(['b']);
    const seen: string[] = [];
    layer.onChange = (id) => seen.push(id);
    layer.delete('f');
    expect(seen).toEqual(['f']);
    expect(layer.has('f')).toBe(false);
  });

  it("a layer's own records, put in any order, read in the index's order, ties in the order they came", () => {
    const layer = base().layer();
    const ranks = [7, 0, 12, 5, 5, 9, 1, 20, 2.5, 3];
    ranks.forEach((rank, n) => layer.put({ id: `n${n}`, team: 'x', rank, pair: ['x', `n${n}`] }));
    const expected = [
      ...ranks.map((rank, n) => ({ id: `n${n}`, rank })),
      { id: 'a', rank: 1 },
      { id: 'b', rank: 2 },
      { id: 'c', rank: 3 },
      { id: 'd', rank: 4 },
    ]
      // A stable sort: equal ranks keep the base first, then the layer's in the order they were put.
      .sort((p, q) => p.rank - q.rank || (p.id < 'n' ? 0 : 1) - (q.id < 'n' ? 0 : 1))
      .map((r) => r.id);
    expect(ids(layer.find('all', 'all'))).toEqual(expected);
    expect(ids(layer.iterate('all', 'all'))).toEqual(expected);
    expect(layer.first('all', 'all')?.id).toBe(expected[0]);
    layer.delete('n1');
    layer.put({ id: 'n3', team: 'x', rank: -1, pair: ['x', 'n3'] });
    expect(layer.first('all', 'all')?.id).toBe('n3');
    expect(ids(layer.iterate('all', 'all'))).toEqual(['n3', ...expected.filter((id) => id !== 'n1' && id !== 'n3')]);
    expect(() => layer.freeze()).toThrow(/layer/);
  });

  it('a layer of 100,000 changes costs what it changed, and a fresh layer costs nothing', () => {
    const frozen = base();
    expect([...frozen.layer().changes()]).toEqual([]);
    const layer = frozen.layer();
    for (let i = 0; i < 100_000; i++) layer.put({ id: `n${i}`, team: 'x', rank: 100 + i, pair: ['x', `n${i}`] });
    expect(layer.size).toBe(100_004);
    expect(frozen.size).toBe(4);
    expect(ids(layer.find('team', 'x')).slice(0, 4)).toEqual(['a', 'c', 'd', 'n0']);
  });
});
