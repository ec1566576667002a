// The generated world through the spec: every record, presented, validates against its response schema.
import { describe, expect, it } from 'vitest';
import { Presenter } from '../src/http/present.js';
import { getCompiledSpec } from '../src/spec/compiled-spec.js';
import { Harness } from './support/harness.js';
import {
  ACTIVITY_KINDS,
  ANSWER_FREQUENCIES,
  MOODS,
  REACTION_EMOJI,
  UPDATE_CADENCES,
  WEEKDAYS,
} from '../src/domain/records.js';
import { defined } from './support/defined.js';

describe('generated world', () => {
  const h = new Harness();
  const world = h.world;
  const { store } = world;
  const present = new Presenter(h.mock.options.appUrl);
  const spec = getCompiledSpec();
  const now = h.world.now();

  const collections: Array<[string, () => unknown[]]> = [
    ['Person', () => [...store.people.values()].map((p) => present.person(world, p))],
    ['Team', () => [...store.teams.values()].map((t) => present.team(t))],
    ['TeamDetail', () => [...store.teams.values()].map((t) => present.teamDetail(world, t))],
    ['Goal', () => [...store.goals.values()].map((g) => present.goal(world, g, h.person()))],
    ['GoalUpdate', () => [...store.goalUpdates.values()].map((u) => present.goalUpdate(world, u))],
    ['CheckIn', () => [...store.checkIns.values()].map((c) => present.checkIn(world, c))],
    ['EchoQuestion', () => [...store.echoQuestions.values()].map((q) => present.echoQuestion(world, q, now))],
    ['EchoAnswer', () => [...store.echoAnswers.values()].map((a) => present.echoAnswer(world, a))],
    ['Comment', () => [...store.comments.values()].map((c) => present.comment(world, c))],
    ['Reaction', () => [...store.reactions.values()].map((r) => present.reaction(world, r))],
    ['Activity', () => [...store.activities.values()].map((a) => present.activity(world, a))],
  ];

  it.each(collections)('every generated %s validates against the spec', (schema, records) => {
    const all = records();
    expect(all.length).toBeGreaterThan(0);
    for (const record of all)
      expect(spec.checkSchema(schema, record), JSON.stringify(record).slice(0, 200)).toEqual([]);
  });

  it('MK3 every record has a unique id across the world', () => {
    const ids = collections
      .filter(([name]) => name !== 'TeamDetail')
      .flatMap(([, records]) => records().map((r) => (r as { id: string }).id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the spec has a handler for every /api/v2 operation and only those; the hooks are at the service root (WH1)', async () => {
    const { OPERATION_HANDLERS } = await import('../src/http/app.js');
    const [api, hooks] = [spec.operations.filter((op) => op.base === null), spec.operations.filter((op) => op.base)];
    expect(Object.keys(OPERATION_HANDLERS).sort()).toEqual(api.map((op) => op.operationId).sort());
    expect(hooks).toEqual([]);
    expect(spec.operations.filter((op) => op.base === '').map((op) => `${op.method} ${op.path}`)).toEqual([
      'POST /hooks/activity/a/{account_id}',
    ]);
  });
});

describe('domain constants agree with the spec', () => {
  const schemas = getCompiledSpec().document.components!.schemas! as Record<string, { enum?: unknown[] }>;
  const enumOf = (name: string) => defined(schemas[name]?.enum, `the enumeration of ${name}`).filter((v) => v !== null);

  it.each([
    ['Weekday', WEEKDAYS],
    ['UpdateCadence', UPDATE_CADENCES],
    ['AnswerFrequency', ANSWER_FREQUENCIES],
    ['Mood', MOODS],
    ['ReactionName', Object.keys(REACTION_EMOJI)],
    ['ActivityKind', ACTIVITY_KINDS],
  ] as const)("the %s enumeration of the spec is the domain's", (name, values) => {
    expect([...enumOf(name)].sort()).toEqual([...values].sort());
  });
});
