// The one list of record kinds (src/domain/record-kinds.ts) and their wire forms (src/http/wire-kinds.ts): every
// kind has its table in a store, the spec's world schemas are exactly the wire's, and GET /__mock/world counts
// every kind that shows on the wire under its wire name, with the very number its table holds.
import { describe, expect, it } from 'vitest';
import { CONTENTS_KINDS, KINDS, RECORD_KINDS } from '../src/domain/record-kinds.js';
import { Table } from '../src/domain/table.js';
import { SHOWN_KINDS, WIRE_KINDS } from '../src/http/wire-kinds.js';
import { WORLD_SCHEMAS } from '../src/spec/world-schemas.js';
import { Harness } from './support/harness.js';

describe('one list of record kinds', () => {
  it('gives every kind its own table in a store and in a layer over it (MK5)', () => {
    const h = new Harness();
    const { store } = h.world;
    const tables = RECORD_KINDS.map((kind) => store.table(kind));
    expect(tables.every((table) => table instanceof Table)).toBe(true);
    expect(new Set(tables).size).toBe(RECORD_KINDS.length);
    expect(Object.keys(store.changes())).toEqual(RECORD_KINDS);
    expect(store.table('goals')).toBe(store.goals);
  });

  it('lists the kinds in the order a state lists them, absences only inside the people', () => {
    expect(RECORD_KINDS).toEqual([
      'people',
      'teams',
      'goals',
      'goalUpdates',
      'checkIns',
      'echoQuestions',
      'echoAnswers',
      'comments',
      'reactions',
      'activities',
      'absences',
    ]);
    expect(CONTENTS_KINDS).toEqual(RECORD_KINDS.filter((kind) => kind !== 'absences'));
    expect(RECORD_KINDS.filter((kind) => KINDS[kind].directory)).toEqual(['people', 'teams']);
  });

  it("checks a restored world against exactly the spec's world schemas, one per kind on the wire", () => {
    expect(SHOWN_KINDS.map((kind) => WIRE_KINDS[kind].schema).sort()).toEqual([...WORLD_SCHEMAS].sort());
  });

  it('counts every kind on the wire in GET /__mock/world, as many as its table holds', async () => {
    const h = new Harness();
    await h.post('/api/v2/goals', { title: 'One more' });
    const { counts } = (await h.get('/__mock/world')).body as { counts: Record<string, number> };
    expect(counts).toEqual(
      Object.fromEntries(SHOWN_KINDS.map((kind) => [WIRE_KINDS[kind].name, h.world.store.table(kind).size])),
    );
    expect(Object.keys(counts)).toEqual([
      'people',
      'teams',
      'goals',
      'goal_updates',
      'check_ins',
      'echo_questions',
      'echo_answers',
      'comments',
      'reactions',
      'activities',
    ]);
  });
});
