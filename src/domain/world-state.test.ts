// A world as versioned JSON, in process: what a full (version 1) and a changes (version 2) state hold, field by
// field, and each refusal of readState word for word with the field it names (MK3, MK4, MK5).
import { describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { Clock } from './clock.js';
import { DomainError } from './domain-error.js';
import { CONTENTS_KINDS, RECORD_KINDS } from './record-kinds.js';
import type { Goal } from './records.js';
import { WorldBase } from './world-base.js';
import { exportFullState, exportState, readState, stateOfChanges, STATE_FORMAT } from './world-state.js';
import { World } from './world.js';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const contents = generateWorld({ seed: 42, size: 'small', now: NOW / 1000 });
const generated = new WorldBase(contents, worldWriter, 'generated');
const ABSENCES = [{ start: '2026-12-01', end: '2026-12-03', recordedAt: NOW / 1000 }];

/**
 * A world on `base` with one goal created, one base goal deleted with its updates (every goal of a week or more has
 * some, LW1) and one person's absences recorded (CI9).
 */
function changedWorld(base: WorldBase = generated) {
  const world = new World(base, { clock: new Clock({ now: NOW }) });
  const { store } = world;
  const gone = [...store.goals.values()].find((g) => store.childGoals(g.id).length === 0)!;
  const goneUpdates = store.updatesOfGoal(gone.id).map((u) => u.id);
  for (const update of [...store.updatesOfGoal(gone.id)]) store.deleteGoalUpdate(update);
  store.deleteGoal(gone);
  const made: Goal = { ...gone, id: store.newId('goals'), title: 'Made here' };
  store.putGoal(made);
  const person = contents.people[2]!;
  store.put('absences', { id: person.id, absences: ABSENCES });
  return { world, gone, goneUpdates, made, person };
}

/** The table of changes readState gives: every kind, deletions first. */
function tables(
  of: Partial<Record<(typeof RECORD_KINDS)[number], Array<{ id: string; record: unknown }>>>,
): Record<string, unknown> {
  return Object.fromEntries(RECORD_KINDS.map((kind) => [kind, of[kind] ?? []]));
}

describe('exportFullState (version 1)', () => {
  it('holds the frame and every record, recorded absences written into their people (CI9)', () => {
    const { world, gone, made, person } = changedWorld();
    const state = exportFullState(world);
    const { records, ...frame } = state;
    expect(frame).toStrictEqual({
      format: 'standin-world',
      version: 1,
      seed: 42,
      size: 'small',
      now: '2026-11-20T15:00:00Z',
      frozen: true,
      simulate: 'others',
      history_start: contents.historyStart,
      default_person_id: contents.people[0]!.id,
      counters: world.store.counters(),
    });
    expect(Object.keys(records)).toEqual(CONTENTS_KINDS);
    const people = records.people as typeof contents.people;
    expect(people.map((p) => p.id)).toEqual(contents.people.map((p) => p.id));
    expect(people.find((p) => p.id === person.id)!.absences).toEqual(ABSENCES);
    expect(people[0]!.absences).toEqual(contents.people[0]!.absences);
    const goals = records.goals as Goal[];
    expect(goals.at(-1)).toBe(made);
    expect(goals.some((g) => g.id === gone.id)).toBe(false);
    expect(goals).toHaveLength(contents.goals.length);
    expect(records.teams).toEqual(contents.teams);
  });
});

describe('exportState (version 2)', () => {
  it('holds only what changed over a generated base: puts under changes, deletions under deleted, no empty kinds', () => {
    const { world, gone, goneUpdates, made, person } = changedWorld();
    expect(goneUpdates.length).toBeGreaterThan(0);
    expect(exportState(world)).toStrictEqual({
      format: 'standin-world',
      version: 2,
      seed: 42,
      size: 'small',
      base: { generated_at: '2026-11-20T15:00:00Z' },
      now: '2026-11-20T15:00:00Z',
      frozen: true,
      simulate: 'others',
      counters: world.store.counters(),
      changes: { goals: [made], absences: [{ id: person.id, absences: ABSENCES }] },
      deleted: { goals: [gone.id], goalUpdates: goneUpdates },
    });
    expect(world.store.counters().created).toMatchObject({ goal: 1 });
  });

  it('a fresh world changed nothing: empty changes and deletions', () => {
    const world = new World(generated, { clock: new Clock({ now: NOW }) });
    const state = exportState(world);
    expect([state.changes, state.deleted]).toStrictEqual([{}, {}]);
  });

  it('a snapshot taken earlier is written as of its own instant and clock, not the world’s', () => {
    const { world, made } = changedWorld();
    const taken = world.changes();
    world.clock.set(NOW + 3 * 86_400_000, false);
    const state = stateOfChanges(world, { ...taken, now: NOW + 1500 });
    expect([state.now, state.frozen, state.changes.goals]).toEqual(['2026-11-20T15:00:01Z', true, [made]]);
  });

  it('carries an imported base in full: its instant, history start, default person, counters and records', () => {
    const base = new WorldBase(contents, worldWriter, 'imported');
    const { world } = changedWorld(base);
    const state = exportState(world);
    expect(state.base).toStrictEqual({
      generated_at: '2026-11-20T15:00:00Z',
      history_start: contents.historyStart,
      default_person_id: contents.people[0]!.id,
      counters: base.store.counters(),
      records: Object.fromEntries(CONTENTS_KINDS.map((kind) => [kind, [...base.store.table(kind).values()]])),
    });
  });
});

describe('readState', () => {
  it('reads a full state back into the contents it was taken of, clock included', () => {
    const { world } = changedWorld();
    const state = exportFullState(world);
    const { records, history_start, default_person_id, counters } = state;
    expect(readState(JSON.parse(JSON.stringify(state)))).toStrictEqual({
      kind: 'full',
      contents: {
        seed: 42,
        size: 'small',
        generatedAt: NOW / 1000,
        historyStart: history_start,
        defaultPersonId: default_person_id,
        counters,
        ...JSON.parse(JSON.stringify(records)),
      },
      now: NOW,
      frozen: true,
      simulate: 'others',
    });
  });

  it('reads a state of changes into its base (named) and its changes: deletions first, then puts, every kind', () => {
    const { world, gone, goneUpdates, made, person } = changedWorld();
    const state = JSON.parse(JSON.stringify(exportState(world)));
    expect(readState(state)).toStrictEqual({
      kind: 'changes',
      base: { seed: 42, size: 'small', generatedAt: NOW / 1000, contents: undefined },
      changes: {
        now: NOW,
        frozen: true,
        simulate: 'others',
        counters: world.store.counters(),
        tables: tables({
          goals: [
            { id: gone.id, record: null },
            { id: made.id, record: made },
          ],
          goalUpdates: goneUpdates.map((id) => ({ id, record: null })),
          absences: [{ id: person.id, record: { id: person.id, absences: ABSENCES } }],
        }),
      },
    });
  });

  it('reads an imported base carried in a state of changes into its contents', () => {
    const base = new WorldBase(contents, worldWriter, 'imported');
    const state = JSON.parse(JSON.stringify(exportState(changedWorld(base).world)));
    const parsed = readState(state);
    expect(parsed.kind === 'changes' && parsed.base.contents).toStrictEqual({
      seed: 42,
      size: 'small',
      generatedAt: NOW / 1000,
      historyStart: contents.historyStart,
      defaultPersonId: contents.people[0]!.id,
      counters: base.store.counters(),
      ...state.base.records,
    });
  });

  const v2 = {
    format: STATE_FORMAT,
    version: 2,
    seed: 7,
    size: 'large',
    base: { generated_at: '2026-11-20T15:00:00Z' },
    now: '2026-11-20T15:00:00Z',
    counters: { created: { goal: 3 }, seq: 1_000_000_004 },
  };

  it.each([
    ['a large world, generated at its now, its clock frozen when the state says nothing', {}, NOW, true],
    ['a running clock', { frozen: false, now: '2026-11-21T15:00:00Z' }, NOW + 86_400_000, false],
  ])('accepts %s', (_, over, now, frozen) => {
    expect(readState({ ...v2, ...over })).toStrictEqual({
      kind: 'changes',
      base: { seed: 7, size: 'large', generatedAt: NOW / 1000, contents: undefined },
      changes: { now, frozen, counters: v2.counters, tables: tables({}) },
    });
  });

  const emptyRecords = Object.fromEntries(CONTENTS_KINDS.map((kind) => [kind, []]));
  const v1 = {
    format: STATE_FORMAT,
    version: 1,
    seed: 42,
    size: 'small',
    now: '2026-11-20T15:00:00Z',
    history_start: '2026-08-22',
    default_person_id: 'p',
    counters: { created: {}, seq: 1 },
    records: emptyRecords,
  };
  const long = 'x'.repeat(60);

  it.each<[string, unknown, string]>([
    ['null', null, `is not a standin world: expected "format": "standin-world" as GET /__mock/state gives it.`],
    [
      'a text',
      'standin-world',
      `is not a standin world: expected "format": "standin-world" as GET /__mock/state gives it.`,
    ],
    [
      'another format',
      { ...v2, format: 'other' },
      `is not a standin world: expected "format": "standin-world" as GET /__mock/state gives it.`,
    ],
    ['version 3', { ...v2, version: 3 }, 'has version 3; this standin reads versions 1 and 2.'],
    [
      'a simulate off the list (LW7)',
      { ...v2, simulate: 'sometimes' },
      'has simulate "sometimes"; it takes others, all or none (LW7).',
    ],
    ['no version', { ...v2, version: undefined }, 'has version undefined; this standin reads versions 1 and 2.'],
    [
      'a long version',
      { ...v2, version: long },
      `has version "${'x'.repeat(19)}; this standin reads versions 1 and 2.`,
    ],
    ['a fractional seed', { ...v2, seed: 1.5 }, 'needs an integer seed and a size of small or large.'],
    ['no seed', { ...v2, seed: undefined }, 'needs an integer seed and a size of small or large.'],
    ['a medium size', { ...v2, size: 'medium' }, 'needs an integer seed and a size of small or large.'],
    ['no now', { ...v2, now: undefined }, 'has now undefined, not an instant YYYY-MM-DDTHH:MM:SSZ.'],
    ['a now of words', { ...v2, now: 'yesterday' }, 'has now "yesterday", not an instant YYYY-MM-DDTHH:MM:SSZ.'],
    ['a long now', { ...v2, now: long }, `has now "${'x'.repeat(39)}, not an instant YYYY-MM-DDTHH:MM:SSZ.`],
    ['version 1 without records', { ...v1, records: undefined }, 'lacks records.people (an array).'],
    [
      'version 1 with goals not a list',
      { ...v1, records: { ...emptyRecords, goals: {} } },
      'lacks records.goals (an array).',
    ],
    ['version 1 without counters', { ...v1, counters: undefined }, 'lacks counters {created, seq}.'],
    ['a seq not a number', { ...v1, counters: { created: {}, seq: '1' } }, 'lacks counters {created, seq}.'],
    ['no created counts', { ...v1, counters: { seq: 1 } }, 'lacks counters {created, seq}.'],
    ['created counts null', { ...v1, counters: { created: null, seq: 1 } }, 'lacks counters {created, seq}.'],
    ['created counts a number', { ...v1, counters: { created: 3, seq: 1 } }, 'lacks counters {created, seq}.'],
    ['version 2 without a base', { ...v2, base: undefined }, 'lacks base {generated_at} (version 2).'],
    ['a base of null', { ...v2, base: null }, 'lacks base {generated_at} (version 2).'],
    ['a base of text', { ...v2, base: 'generated' }, 'lacks base {generated_at} (version 2).'],
    [
      'a base without its instant',
      { ...v2, base: { generated_at: 'x' } },
      'has base.generated_at "x", not an instant YYYY-MM-DDTHH:MM:SSZ.',
    ],
    [
      'a base generated after now',
      { ...v2, base: { generated_at: '2026-11-20T15:00:01Z' } },
      'has a base generated after its now.',
    ],
    [
      'an imported base without people',
      { ...v2, base: { ...v1, generated_at: v2.now, records: { goals: [] } } },
      'lacks base.records.people (an array).',
    ],
    [
      'an imported base without counters',
      { ...v2, base: { ...v1, generated_at: v2.now, counters: {} } },
      'lacks base.counters {created, seq}.',
    ],
    ['version 2 without counters', { ...v2, counters: undefined }, 'lacks counters {created, seq}.'],
    [
      'changes not a list',
      { ...v2, changes: { goals: 'x' } },
      'has changes.goals or deleted.goals that is not an array.',
    ],
    [
      'deletions not a list',
      { ...v2, deleted: { checkIns: {} } },
      'has changes.checkIns or deleted.checkIns that is not an array.',
    ],
    ['a null record', { ...v2, changes: { goals: [null] } }, 'has a record in changes.goals without a string id.'],
    [
      'a record that is a number',
      { ...v2, changes: { goals: [3] } },
      'has a record in changes.goals without a string id.',
    ],
    [
      'a record without an id',
      { ...v2, changes: { teams: [{}] } },
      'has a record in changes.teams without a string id.',
    ],
    [
      'a record with a number id',
      { ...v2, changes: { goals: [{ id: 5 }] } },
      'has a record in changes.goals without a string id.',
    ],
    [
      'a deleted id not a text',
      { ...v2, deleted: { goals: ['a', 5] } },
      'has an id in deleted.goals that is not a string.',
    ],
    [
      'changes of an unknown kind',
      { ...v2, changes: { widgets: [] } },
      'names a record kind "widgets" that does not exist.',
    ],
    [
      'deletions of an unknown kind',
      { ...v2, deleted: { [long]: [] } },
      `names a record kind "${'x'.repeat(40)}" that does not exist.`,
    ],
  ])('refuses %s, naming the state in the body', (_, state, problem) => {
    let thrown: unknown;
    try {
      readState(state);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    const error = thrown as DomainError;
    expect([error.kind, error.message, error.errors]).toEqual([
      'invalid',
      `state ${problem}`,
      [{ in: 'body', name: 'state', message: `state ${problem}` }],
    ]);
  });
});
