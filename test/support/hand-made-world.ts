// Worlds made by hand for the domain's unit tests: a person with every field, and a world imported from exactly
// the records given (as a restored state is), so that a test controls each record a rule reads.
import { Clock } from '../../src/domain/clock.js';
import { Life } from '../../src/domain/life.js';
import { CONTENTS_KINDS } from '../../src/domain/record-kinds.js';
import type { EpochSeconds, Person } from '../../src/domain/records.js';
import { WorldBase, type ContentsRecords } from '../../src/domain/world-base.js';
import { World } from '../../src/domain/world.js';

/** The instant hand-made worlds are imported at and their clocks stand at, unless a test says otherwise. */
const HAND_MADE_NOW: EpochSeconds = Date.parse('2026-11-20T15:00:00Z') / 1000;

/**
 * A person of `teamIds`, in UTC, made at HAND_MADE_NOW: username from the name, tokens and email from the id.
 * @example handMadePerson('00000000-0000-4000-8000-000000000001', 'Ada Byrne', [TEAM])
 */
export function handMadePerson(id: string, name: string, teamIds: string[]): Person {
  return {
    id,
    name,
    username: name.toLowerCase().replace(/\W/g, ''),
    email: `${id}@example.test`,
    timeZone: 'Etc/UTC',
    title: 'Engineer',
    location: 'Remote',
    administrator: false,
    kind: 'human',
    bio: null,
    teamIds,
    absences: [],
    tokens: { readWrite: `rw-${id}`, readOnly: `ro-${id}` },
    createdAt: HAND_MADE_NOW,
    updatedAt: HAND_MADE_NOW,
  };
}

/**
 * A world imported from exactly these records (every kind not given is empty), the first person its default,
 * its clock standing at `now`.
 * @example importedWorld({ people: [ada], teams: [team], checkIns })
 */
export function importedWorld(
  records: Partial<ContentsRecords> & Pick<ContentsRecords, 'people'>,
  now: EpochSeconds = HAND_MADE_NOW,
): World {
  const kinds = Object.fromEntries(CONTENTS_KINDS.map((kind) => [kind, records[kind] ?? []])) as ContentsRecords;
  const base = new WorldBase(
    {
      ...kinds,
      seed: 1,
      size: 'small',
      generatedAt: now,
      historyStart: '2026-11-19',
      defaultPersonId: records.people[0]!.id,
    },
    {
      answerBody: () => '',
      life: () => {
        throw new Error('a hand-made world does not simulate its people');
      },
      engine: (world, mode) => new Life(world as World, mode),
    },
    'imported',
  );
  // LW7: a hand-made world holds what its test put in it, and nothing the simulation would add.
  return new World(base, { clock: new Clock({ now: now * 1000 }), simulate: 'none' });
}
