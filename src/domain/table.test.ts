// The layered table: a base read through a layer that holds only its own changes, with its indexes merged.
import { describe, expect, it } from 'vitest';
import { approxBytes } from './approx-bytes.js';
import { SLICE_RECORDS } from './slices.js';
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

  it('add puts a record only when none with its id is in force: not over the base, nor over its own', () => {
    const layer = base().layer();
    const previous: Array<string | undefined> = [];
    layer.onChange = (_id, before) => previous.push(before?.team);
    expect(layer.add({ id: 'a', team: 'z', rank: 9, pair: ['z', 'a'] })).toBe(false);
    expect(layer.add({ id: 'e', team: 'y', rank: 5, pair: ['y', 'e'] })).toBe(true);
    expect(layer.add({ id: 'e', team: 'z', rank: 6, pair: ['z', 'e'] })).toBe(false);
    layer.delete('b');
    // A deleted base record is no longer in force: added again, it comes back, and the table counts it.
    expect(layer.add({ id: 'b', team: 'z', rank: 7, pair: ['z', 'b'] })).toBe(true);
    expect([layer.get('a')?.team, layer.get('e')?.team, layer.get('b')?.team, layer.size]).toEqual(['x', 'y', 'z', 5]);
    expect(ids(layer.find('team', 'z'))).toEqual(['b']);
    expect(layer.pair('day', 'y', 'e')?.id).toBe('e');
    // onChange hears what was in force before each write that happened: nothing, then the deleted base 'b'.
    expect(previous).toEqual([undefined, 'y', undefined]);
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

describe('Table, exactly', () => {
  const rank = (a: Row, b: Row) => a.rank - b.rank;
  // `plain` has no order: it keeps the order records came in, and freezing leaves it alone.
  const ordered = {
    plain: { keys: () => ['p'] },
    team: { keys: (r: Row) => [r.team], compare: rank },
    all: { keys: () => ['all'], compare: rank },
    day: { pair: (r: Row) => r.pair },
  };
  const row = (id: string, team: string, rank: number, pair: readonly [string, string] = [team, id]): Row => ({
    id,
    team,
    rank,
    pair,
  });

  /** A base of `rows`, frozen a slice at a time: how many pauses it made. */
  function frozenWithPauses(rows: Row[]): [Table<Row>, number] {
    const table = new Table<Row>(ordered);
    rows.forEach((r) => table.put(r));
    const freezing = table.freezing();
    let pauses = 0;
    while (!freezing.next().done) pauses++;
    return [table, pauses];
  }

  it.each([
    // Sorted counts lists of the ordered indexes only: one team of exactly SLICE_RECORDS, then `all` as many.
    ['one team of SLICE_RECORDS', 2, [SLICE_RECORDS]],
    // 10 + 300 reach the slice inside the team index, `all`'s 310 once more; `plain` (no order) counts nothing.
    ['teams of 10 and 300', 2, [10, 300]],
    // 200 sorted in the team index, 400 once `all` is: one pause.
    ['teams of 100 and 100', 1, [100, 100]],
    // A list of 2,048 is sorted in slices itself: once between its two runs of 1,024 and seven times in merging
    // them (every SLICE_RECORDS of the 2,048 but the last), then once for the records sorted; as many for `all`.
    ['one team of 2048', 18, [2048]],
  ])('freezing a base of %s pauses %i times and sorts every ordered list', (_, pauses, teams) => {
    const rows = teams.flatMap((n, t) =>
      Array.from({ length: n }, (_, i) => row(`t${t}-${i}`, `t${t}`, (i * 7919) % n)),
    );
    const [table, paused] = frozenWithPauses(rows);
    expect(paused).toBe(pauses);
    const byRank = (list: readonly Row[]) => [...list].sort(rank).map((r) => r.id);
    teams.forEach((_, t) =>
      expect(ids(table.find('team', `t${t}`))).toEqual(byRank(rows.filter((r) => r.team === `t${t}`))),
    );
    expect(ids(table.find('all', 'all'))).toEqual(byRank(rows));
    expect(ids(table.find('plain', 'p'))).toEqual(ids(rows));
  });

  it('a layer needs a frozen base', () => {
    expect(() => new Table<Row>(ordered).layer()).toThrow(new Error('standin: a table layer needs a frozen base'));
  });

  it('keys, changes and their count: the base changed nothing, a layer what it put or deleted', () => {
    const base = table4();
    expect([...base.keys()]).toEqual(['c', 'a', 'b', 'd']);
    expect([base.changeCount, base.changed, [...base.changes()]]).toEqual([0, false, []]);
    const layer = base.layer();
    layer.put(row('e', 'x', 5));
    layer.delete('a');
    expect([...layer.keys()]).toEqual(['c', 'b', 'd', 'e']);
    expect([layer.changeCount, layer.changed]).toEqual([2, true]);
  });

  function table4(): Table<Row> {
    const table = new Table<Row>(ordered);
    [row('c', 'x', 3), row('a', 'x', 1), row('b', 'y', 2), row('d', 'x', 4)].forEach((r) => table.put(r));
    return table.freeze();
  }

  // Each record a layer holds costs its own bytes and an entry: 144 bytes, and 40 for each of its 4 indexes.
  const ENTRY = 144 + 4 * 40;

  it('MK5 a layer counts the records it holds and an entry for each; a base counts nothing', () => {
    const base = table4();
    expect(base.approxBytes).toBe(0);
    const layer = base.layer();
    const n1 = row('n', 'x', 9);
    const n2 = row('n', 'y', 10, ['y', 'n-longer-pair']);
    const a2 = row('a', 'y', 11);
    layer.put(n1);
    expect(layer.approxBytes).toBe(approxBytes(n1) + ENTRY);
    layer.put(n2);
    expect(layer.approxBytes).toBe(approxBytes(n2) + ENTRY);
    layer.put(a2);
    layer.delete('b');
    expect(layer.approxBytes).toBe(approxBytes(n2) + approxBytes(a2) + 3 * ENTRY);
    // A base record replaced here, then deleted: its entry stays (it shadows the base); its bytes go.
    layer.delete('a');
    // A record new here, deleted: nothing of it stays.
    layer.delete('n');
    expect(layer.approxBytes).toBe(2 * ENTRY);
  });

  it('MK5 once a snapshot holds the layer, what it replaces or deletes stays counted', () => {
    const layer = table4().layer();
    const n1 = row('n', 'x', 9);
    const n2 = row('n', 'y', 10);
    layer.put(n1);
    layer.retainReplaced();
    layer.put(n2);
    layer.delete('n');
    expect(layer.approxBytes).toBe(approxBytes(n1) + approxBytes(n2) + ENTRY);
  });

  it("first: a base's own first; the base's on a tie or without an order; whichever comes first otherwise", () => {
    const base = table4();
    expect([base.first('all', 'all')?.id, base.first('plain', 'p')?.id]).toEqual(['a', 'c']);
    const layer = base.layer();
    layer.put(row('e', 'x', 1));
    expect([layer.first('all', 'all')?.id, layer.first('plain', 'p')?.id]).toEqual(['a', 'c']);
    layer.put(row('e', 'x', 2));
    expect(layer.first('team', 'x')?.id).toBe('a');
    layer.put(row('e', 'x', 0));
    expect(layer.first('team', 'x')?.id).toBe('e');
  });

  it("find merges the base's records before, between and after the layer's", () => {
    const layer = table4().layer();
    layer.put(row('e', 'x', 2));
    expect(ids(layer.find('team', 'x'))).toEqual(['a', 'e', 'c', 'd']);
    expect(ids(layer.iterate('team', 'x'))).toEqual(['a', 'e', 'c', 'd']);
    layer.put(row('f', 'x', 5));
    expect(ids(layer.find('team', 'x'))).toEqual(['a', 'e', 'c', 'd', 'f']);
    expect(ids(layer.iterate('team', 'x'))).toEqual(['a', 'e', 'c', 'd', 'f']);
  });

  it("a pair index: a layer's record moved or deleted leaves its old pair; a later record on a pair keeps it", () => {
    const layer = table4().layer();
    expect([...layer.pairKeys('day', 'nobody')]).toEqual([]);
    layer.put(row('e', 'x', 5));
    layer.put(row('e', 'z', 5));
    expect([layer.pair('day', 'x', 'e'), layer.pair('day', 'z', 'e')?.id]).toEqual([undefined, 'e']);
    expect([...layer.pairKeys('day', 'x')].sort()).toEqual(['a', 'c', 'd']);
    layer.put(row('f', 'q', 6, ['q', '2026-11-20']));
    layer.put(row('g', 'q', 7, ['q', '2026-11-20']));
    layer.delete('f');
    expect(layer.pair('day', 'q', '2026-11-20')?.id).toBe('g');
    layer.delete('g');
    expect([layer.pair('day', 'q', '2026-11-20'), [...layer.pairKeys('day', 'q')]]).toEqual([undefined, []]);
  });

  it("pairsOf reads as pair does: the layer's own, else the base's unless the layer replaced or deleted it", () => {
    const frozen = table4();
    const layer = frozen.layer();
    layer.put(row('a', 'y', 10));
    layer.delete('c');
    layer.put(row('e', 'x', 5));
    const inX = layer.pairsOf('day', 'x');
    const inNobody = layer.pairsOf('day', 'nobody');
    for (const inner of ['a', 'b', 'c', 'd', 'e', 'f'])
      expect([inX(inner)?.id, inNobody(inner)]).toEqual([layer.pair('day', 'x', inner)?.id, undefined]);
    expect(['a', 'c', 'd', 'e'].map((inner) => inX(inner)?.id)).toEqual([undefined, undefined, 'd', 'e']);
    expect(['a', 'c', 'd'].map((inner) => frozen.pairsOf('day', 'x')(inner)?.id)).toEqual(['a', 'c', 'd']);
  });
});
