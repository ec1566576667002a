// CI5 order on a hand-made world: date descending, then person name, then the check-in's id — also for two
// people of the same name, whose own ids may sort the other way (the large world has such namesakes).
import { describe, expect, it } from 'vitest';
import { listCheckIns } from './check-ins.js';
import { Clock } from './clock.js';
import { checkInId } from './check-in-schedule.js';
import type { CheckIn, Person } from './records.js';
import { WorldBase } from './world-base.js';
import { World } from './world.js';

const NOW = Date.parse('2026-11-20T15:00:00Z') / 1000;
const TEAM = '00000000-0000-4000-8000-0000000000aa';

function person(id: string, name: string): Person {
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
    teamIds: [TEAM],
    absences: [],
    tokens: { readWrite: `rw-${id}`, readOnly: `ro-${id}` },
    createdAt: NOW,
    updatedAt: NOW,
  };
}

function checkIn(personId: string, date: string): CheckIn {
  return {
    id: checkInId(1, personId, date),
    personId,
    date,
    teamIds: [TEAM],
    previous: null,
    intentions: null,
    blockers: null,
    mood: null,
    previousCompleted: null,
    absent: false,
    completedAt: null,
    updatedAt: NOW,
  };
}

describe('CI5 order', () => {
  it('orders namesakes by their check-in ids, whatever their own ids', () => {
    const sam = person('00000000-0000-4000-8000-000000000001', 'Sam Lee');
    const otherSam = person('00000000-0000-4000-8000-000000000002', 'Sam Lee');
    const ada = person('00000000-0000-4000-8000-000000000003', 'Ada Byrne');
    const people = [sam, otherSam, ada];
    const dates = ['2026-11-19', '2026-11-20'];
    const checkIns = dates.flatMap((date) => people.map((p) => checkIn(p.id, date)));
    const base = new WorldBase(
      {
        seed: 1,
        size: 'small',
        generatedAt: NOW,
        historyStart: '2026-11-19',
        defaultPersonId: sam.id,
        people,
        teams: [{ id: TEAM, name: 'Team', checkInDays: ['thursday', 'friday'] }],
        goals: [],
        goalUpdates: [],
        checkIns,
        echoQuestions: [],
        echoAnswers: [],
        comments: [],
        reactions: [],
        activities: [],
      },
      () => '',
      'imported',
    );
    const world = new World(base, { clock: new Clock({ now: NOW * 1000 }) });
    const listed = listCheckIns(world, {}, { page: 1, perPage: 50 });
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
    expect(listed.map((c) => c.id)).toEqual(expected.map((c) => c.id));
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
});
