// The one list of record kinds (src/domain/record-kinds.ts) and their wire forms (src/http/wire-kinds.ts): every
// kind has its table in a store, the spec's world schemas are exactly the wire's, and GET /__mock/world counts
// every kind that shows on the wire under its wire name, with the very number its table holds.
import { describe, expect, it } from 'vitest';
import { CONTENTS_KINDS, KINDS, RECORD_KINDS, type RecordKind } from '../src/domain/record-kinds.js';
import type { Store } from '../src/domain/store.js';
import { Table } from '../src/domain/table.js';
import { changeProblems } from '../src/domain/world-integrity.js';
import { World } from '../src/domain/world.js';
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

describe('a deletion in a state of changes leaves nothing behind (GO8, EC6, CR1, CI7)', () => {
  const h = new Harness();
  const { store } = h.world;
  const first = <T>(records: Iterable<T>, has: (record: T) => boolean): T => {
    for (const record of records) if (has(record)) return record;
    throw new Error('the generated world lacks a record to delete');
  };
  const cases: Array<[RecordKind, (s: Store) => string, (id: string) => string]> = [
    [
      'goals',
      (s) => first(s.goals.values(), (g) => s.updatesOfGoal(g.id).length > 0 && s.childGoals(g.id).length === 0).id,
      (id) =>
        `deleted.goals holds goal ${id}, whose ${store.updatesOfGoal(id).length} updates remain: a deleted goal's updates go with it (GO8)`,
    ],
    [
      'goalUpdates',
      (s) => first(s.goalUpdates.values(), (u) => s.commentsOf('goal-update', u.id).length > 0).id,
      (id) =>
        `deleted.goalUpdates holds goal update ${id}, whose ${store.commentsOf('goal-update', id).length} comments and ${store.reactionsOf('goal-update', id).length} reactions remain: a deleted update's comments and reactions go with it (GO8)`,
    ],
    [
      'echoQuestions',
      (s) => first(s.echoQuestions.values(), (q) => s.answersOfQuestion(q.id).length > 0).id,
      (id) =>
        `deleted.echoQuestions holds echo question ${id}, whose ${store.answersOfQuestion(id).length} answers remain: a deleted Echo's answers go with it (EC6)`,
    ],
    [
      'checkIns',
      (s) => first(s.checkIns.values(), () => true).id,
      (id) => `deleted.checkIns holds check-in ${id}: check-ins are never deleted (CI7)`,
    ],
  ];
  it.each(cases)('refuses a deleted %s whose dependents remain', (kind, pick, problem) => {
    const id = pick(store);
    const changes = h.world.changes();
    changes.tables = { ...changes.tables, [kind]: [{ id, record: null }] };
    const world = new World(h.world.base, { clock: h.world.clock }, changes);
    expect(changeProblems(world, changes)).toEqual([problem(id)]);
  });
});
