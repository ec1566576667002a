// The store's directory (people, teams and tokens, loaded once per base and shared by its layers: G9, PT2) and
// its sequence (MK3), on a store built by hand.
import { describe, expect, it } from 'vitest';
import { handMadePerson } from '../../test/support/hand-made-world.js';
import type { Team } from './records.js';
import { Store } from './store.js';

const team = (id: string, name: string): Team => ({ id, name, checkInDays: [] });

describe('Store', () => {
  // Put out of order: the directory lists them by name, then id.
  const teams = [team('t2', 'Platform'), team('t1', 'Design'), team('t3', 'Design')];
  const people = [
    handMadePerson('p1', 'Noor', ['t1', 't2']),
    handMadePerson('p2', 'Ada', ['t2']),
    handMadePerson('p0', 'Noor', ['t1']),
  ];

  function base(): Store {
    const store = new Store(42, 100);
    store.indexPeopleAndTeams(people, teams);
    return store;
  }

  it('G9 PT2 indexes each token, people and teams in name order, and each team its members in that order', () => {
    const store = base();
    expect([...store.tokens]).toEqual([
      ['rw-p1', { personId: 'p1', readOnly: false }],
      ['ro-p1', { personId: 'p1', readOnly: true }],
      ['rw-p2', { personId: 'p2', readOnly: false }],
      ['ro-p2', { personId: 'p2', readOnly: true }],
      ['rw-p0', { personId: 'p0', readOnly: false }],
      ['ro-p0', { personId: 'p0', readOnly: true }],
    ]);
    expect(store.peopleInOrder.map((p) => p.id)).toEqual(['p2', 'p0', 'p1']);
    expect(store.teamsInOrder.map((t) => t.id)).toEqual(['t1', 't3', 't2']);
    expect([...store.membersByTeam].map(([id, members]) => [id, members.map((p) => p.id)])).toEqual([
      ['t2', ['p2', 'p1']],
      ['t1', ['p0', 'p1']],
    ]);
  });

  it('MK5 a layer shares the directory of its base', () => {
    const store = base();
    drainFreeze(store);
    const layer = store.layer();
    expect([layer.tokens, layer.peopleInOrder, layer.teamsInOrder]).toEqual([
      store.tokens,
      store.peopleInOrder,
      store.teamsInOrder,
    ]);
    expect(layer.teamsInOrder).toBe(store.teamsInOrder);
  });

  it('MK3 counts its sequence on from the first, and a layer on from its base', () => {
    const store = base();
    expect([store.nextSeq(), store.nextSeq()]).toEqual([101, 102]);
    expect(store.counters()).toEqual({ created: {}, seq: 102 });
    drainFreeze(store);
    const layer = store.layer();
    expect(layer.nextSeq()).toBe(103);
    expect(store.counters().seq).toBe(102);
  });
});

function drainFreeze(store: Store): void {
  const freezing = store.freezing();
  while (!freezing.next().done);
}
