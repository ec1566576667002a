// A restored world is checked before it replaces anything (MK3): duplicate ids, shared tokens (G9), counters
// behind the records, people and teams changed over a base, and at most `most` problems told.
import { describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { Clock } from './clock.js';
import { stableUuid } from './entropy.js';
import { createdName } from './record-kinds.js';
import type { WorldContents } from './world-base.js';
import { WorldBase } from './world-base.js';
import { changeProblems, integrityProblems } from './world-integrity.js';
import { World } from './world.js';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const contents = generateWorld({ seed: 42, size: 'small', now: NOW / 1000 });
const base = new WorldBase(contents, worldWriter, 'generated');
const clock = () => new Clock({ now: NOW });

function imported(changed: WorldContents): World {
  return new World(new WorldBase(changed, worldWriter, 'imported'), { clock: clock() });
}

describe('integrityProblems', () => {
  it('a world as generated holds together', () => {
    expect(integrityProblems(imported(contents), contents)).toEqual([]);
  });

  it('names a kind whose records share an id, and how many', () => {
    const changed = { ...contents, goals: [...contents.goals, contents.goals[0]!, contents.goals[1]!] };
    expect(integrityProblems(imported(changed), changed)).toEqual(['records.goals holds 2 records whose id is taken']);
  });

  it('finds two people sharing a token (G9)', () => {
    const [first, second, ...rest] = contents.people;
    const changed = { ...contents, people: [first!, { ...second!, tokens: first!.tokens }, ...rest] };
    expect(integrityProblems(imported(changed), changed)).toEqual(['two people share a token (G9)']);
  });

  it('finds a counter behind the records made (MK3), for kinds that count what they make only', () => {
    const world = new World(base, { clock: clock() });
    const goal = contents.goals[0]!;
    world.store.putGoal({ ...goal, id: stableUuid(42, createdName('goals'), 'created', 1) });
    expect(integrityProblems(world, contents)).toEqual([
      `counters.created.${createdName('goals')} is behind the records already made (MK3)`,
    ]);
  });
});

describe('changeProblems', () => {
  const world = () => new World(base, { clock: clock() });

  it.each([
    ['changed', (id: string) => ({ ...contents.people.find((p) => p.id === id)!, name: 'Someone Else' })],
    ['deleted', () => null],
  ])('refuses a person %s over a base: people and teams never change', (_, record) => {
    const id = contents.people[3]!.id;
    const changes = world().changes();
    changes.tables = { ...changes.tables, people: [{ id, record: record(id) }] };
    const rebuilt = new World(base, { clock: clock() }, changes);
    expect(changeProblems(rebuilt, changes)).toEqual([
      `changes.people changes ${id}: people and teams never change over a base`,
    ]);
  });

  it('tells at most `most` problems', () => {
    const changes = world().changes();
    changes.tables = {
      ...changes.tables,
      people: contents.people.slice(0, 7).map((person) => ({ id: person.id, record: { ...person, name: 'x' } })),
    };
    const rebuilt = new World(base, { clock: clock() }, changes);
    expect(changeProblems(rebuilt, changes)).toHaveLength(5);
    expect(changeProblems(rebuilt, changes, 6)).toHaveLength(6);
    expect(changeProblems(rebuilt, changes, 7)).toHaveLength(7);
  });

  it('lets a comment, a reaction and an activity go alone: nothing depends on them', () => {
    const changes = world().changes();
    changes.tables = {
      ...changes.tables,
      comments: [{ id: contents.comments[0]!.id, record: null }],
      reactions: [{ id: contents.reactions[0]!.id, record: null }],
      activities: [{ id: contents.activities[0]!.id, record: null }],
    };
    const rebuilt = new World(base, { clock: clock() }, changes);
    expect(changeProblems(rebuilt, changes)).toEqual([]);
  });
});
