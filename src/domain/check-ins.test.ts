// CI5 on hand-made worlds: date descending, then person name, then the check-in's id — also for two people of
// the same name, whose own ids may sort the other way (the large world has such namesakes), one of them
// without a check-in that day; and filters combining with AND, also on a state a restore may bring.
import { describe, expect, it } from 'vitest';
import { listCheckIns } from './check-ins.js';
import { checkInId } from './check-in-schedule.js';
import type { CheckIn, Person, Team } from './records.js';
import type { World } from './world.js';
import { handMadePerson, importedWorld } from '../../test/support/hand-made-world.js';

const NOW = Date.parse('2026-11-20T15:00:00Z') / 1000;
const TEAM = '00000000-0000-4000-8000-0000000000aa';
const TEAM_RECORD: Team = { id: TEAM, name: 'Team', checkInDays: ['thursday', 'friday'] };

function person(id: string, name: string): Person {
  return handMadePerson(id, name, [TEAM]);
}

function checkIn(personId: string, date: string, teamIds = [TEAM], blockers: string | null = null): CheckIn {
  return {
    id: checkInId(1, personId, date),
    personId,
    date,
    teamIds,
    previous: null,
    intentions: null,
    blockers,
    mood: null,
    previousCompleted: null,
    absent: false,
    completedAt: null,
    updatedAt: NOW,
  };
}

/** A world imported from exactly these records (as a restored state is), its clock at NOW. */
function worldOf(people: Person[], checkIns: CheckIn[], teams: Team[] = [TEAM_RECORD]): World {
  return importedWorld({ people, teams, checkIns }, NOW);
}

const listed = (world: World, filters: Parameters<typeof listCheckIns>[1] = {}) =>
  listCheckIns(world, filters, { page: 1, perPage: 50 }).map((c) => c.id);

describe('CI5 order', () => {
  it('orders namesakes by their check-in ids, whatever their own ids', () => {
    const sam = person('00000000-0000-4000-8000-000000000001', 'Sam Lee');
    const otherSam = person('00000000-0000-4000-8000-000000000002', 'Sam Lee');
    const ada = person('00000000-0000-4000-8000-000000000003', 'Ada Byrne');
    const people = [sam, otherSam, ada];
    const dates = ['2026-11-19', '2026-11-20'];
    const checkIns = dates.flatMap((date) => people.map((p) => checkIn(p.id, date)));
    const world = worldOf(people, checkIns);
    const expected = [...checkIns].sort((a, b) =>
      a.date !== b.date
        ? a.date < b.date
          ? 1
          : -1
        : a.personId === ada.id
          ? -1
          : b.personId === ada.id
            ? 1
            : a.id < b.id
              ? -1
              : 1,
    );
    expect(listed(world)).toEqual(expected.map((c) => c.id));
    // The namesakes' check-in ids do not follow their own ids on at least one date, so the case is real.
    const namesakes = (date: string) =>
      checkIns.filter((c) => c.date === date && c.personId !== ada.id).map((c) => c.id);
    expect(
      dates.some((date) => {
        const [first = '', second = ''] = namesakes(date);
        return first > second;
      }),
    ).toBe(true);
  });

  it('passes over a namesake without a matching check-in that day, and goes on to the next name', () => {
    const sam = person('00000000-0000-4000-8000-000000000001', 'Sam Lee');
    const otherSam = person('00000000-0000-4000-8000-000000000002', 'Sam Lee');
    const zoe = person('00000000-0000-4000-8000-000000000004', 'Zoe Park');
    const yan = person('00000000-0000-4000-8000-000000000005', 'Yan Wu');
    // On the 20th the other Sam has no check-in; on the 19th only Sam's is blocked.
    const checkIns = [
      checkIn(sam.id, '2026-11-19', [TEAM], 'Waiting on review'),
      checkIn(otherSam.id, '2026-11-19'),
      checkIn(sam.id, '2026-11-20'),
      checkIn(yan.id, '2026-11-20'),
      checkIn(zoe.id, '2026-11-20'),
    ];
    const world = worldOf([sam, otherSam, zoe, yan], checkIns);
    const id = (p: Person, date: string) => checkInId(1, p.id, date);
    const samsOn19 = [id(sam, '2026-11-19'), id(otherSam, '2026-11-19')].sort();
    expect(listed(world)).toEqual([id(sam, '2026-11-20'), id(yan, '2026-11-20'), id(zoe, '2026-11-20'), ...samsOn19]);
    expect(listed(world, { blocked: true })).toEqual([id(sam, '2026-11-19')]);
    expect(listed(world, { blocked: false })).toEqual([
      id(sam, '2026-11-20'),
      id(yan, '2026-11-20'),
      id(zoe, '2026-11-20'),
      id(otherSam, '2026-11-19'),
    ]);
  });
});

describe('CI5 filters combine with AND', () => {
  it('people_ids[] with team_ids[] lists what both list alone, also for a check-in of a team its person left', () => {
    const OTHER = '00000000-0000-4000-8000-0000000000bb';
    const ada = person('00000000-0000-4000-8000-000000000003', 'Ada Byrne');
    const bo = { ...person('00000000-0000-4000-8000-000000000006', 'Bo Chen'), teamIds: [TEAM, OTHER] };
    // A restored state may hold a check-in whose team is no longer its person's (Ada's of OTHER).
    const checkIns = [
      checkIn(ada.id, '2026-11-19', [OTHER]),
      checkIn(ada.id, '2026-11-20'),
      checkIn(bo.id, '2026-11-19', [OTHER]),
      checkIn(bo.id, '2026-11-20', [TEAM, OTHER]),
    ];
    const world = worldOf([ada, bo], checkIns, [TEAM_RECORD, { id: OTHER, name: 'Other', checkInDays: [] }]);
    for (const p of [ada, bo]) {
      for (const team of [TEAM, OTHER]) {
        const both = listed(world, { people_ids: [p.id], team_ids: [team] });
        const byTeam = new Set(listed(world, { team_ids: [team] }));
        expect(both, `${p.name}, ${team}`).toEqual(listed(world, { people_ids: [p.id] }).filter((c) => byTeam.has(c)));
      }
    }
    expect(listed(world, { people_ids: [bo.id], team_ids: [OTHER] })).toEqual([
      checkInId(1, bo.id, '2026-11-20'),
      checkInId(1, bo.id, '2026-11-19'),
    ]);
  });
});
