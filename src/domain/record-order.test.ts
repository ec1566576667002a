// The orders records are listed in: PT2/CI5 by name then id, GO6 by end date (none last) then title then id,
// GU7 newest first then the one created last. Each comparator against every case of its keys, both ways round.
import { describe, expect, it } from 'vitest';
import { byNameThenId, goalOrder, newestFirst, resourceKey, type GoalOrderKeys } from './record-order.js';

/** The comparator's sign for (a, b) and for (b, a): a total order answers opposite signs, or 0 both ways. */
function signs<T>(compare: (a: T, b: T) => number, a: T, b: T): [number, number] {
  return [Math.sign(compare(a, b)), Math.sign(compare(b, a))];
}

describe('byNameThenId (PT2, CI5)', () => {
  it.each<[string, [string, string], [string, string], number]>([
    ['a name before another', ['Ada', 'z'], ['Bea', 'a'], -1],
    ['names compared by code unit, capitals first', ['Zoe', 'a'], ['ada', 'z'], -1],
    ['the same name: the id decides', ['Ada', 'a1'], ['Ada', 'b1'], -1],
    ['the same name and id', ['Ada', 'a1'], ['Ada', 'a1'], 0],
  ])('%s', (_, [aName, aId], [bName, bId], sign) => {
    const a = { name: aName, id: aId };
    const b = { name: bName, id: bId };
    expect(signs(byNameThenId, a, b)).toEqual([sign, -sign || 0]);
  });
});

describe('goalOrder (GO6)', () => {
  const goal = (endDate: string | null, title: string, id: string): GoalOrderKeys => ({ endDate, title, id });
  it.each<[string, GoalOrderKeys, GoalOrderKeys, number]>([
    ['an earlier end date first', goal('2026-01-01', 'Z', 'z'), goal('2026-02-01', 'A', 'a'), -1],
    ['no end date last', goal('2026-12-31', 'Z', 'z'), goal(null, 'A', 'a'), -1],
    ['the same end date: the title decides', goal('2026-01-01', 'Alpha', 'z'), goal('2026-01-01', 'Beta', 'a'), -1],
    ['no end date on both: the title decides', goal(null, 'Alpha', 'z'), goal(null, 'Beta', 'a'), -1],
    ['the same end date and title: the id decides', goal(null, 'Alpha', 'a'), goal(null, 'Alpha', 'b'), -1],
    ['the same goal', goal('2026-01-01', 'Alpha', 'a'), goal('2026-01-01', 'Alpha', 'a'), 0],
  ])('%s', (_, a, b, sign) => {
    expect(signs(goalOrder, a, b)).toEqual([sign, -sign || 0]);
  });
});

describe('newestFirst (GU7)', () => {
  it('puts the later instant first, then within one second the one created last', () => {
    const records = [
      { seq: 1, createdAt: 100 },
      { seq: 2, createdAt: 200 },
      { seq: 3, createdAt: 100 },
    ];
    expect([...records].sort(newestFirst).map((r) => r.seq)).toEqual([2, 3, 1]);
    expect(newestFirst(records[0]!, records[0]!)).toBe(0);
  });
});

describe('resourceKey (CR1)', () => {
  it("files a comment under its resource's type and id", () => {
    expect(resourceKey('check-in', 'abc')).toBe('check-in:abc');
  });
});
