// What each kind's record must refer to, or be, for a restored world to hold together (world-integrity.ts reads
// these): a person's teams and CI9 absences, the people and resource a comment or reaction names (CR1), word for
// word.
import { describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { KINDS } from './record-kinds.js';
import type { Absence, Comment, Reaction } from './records.js';
import { WorldBase } from './world-base.js';

const contents = generateWorld({ seed: 42, size: 'small', now: Date.parse('2026-11-20T15:00:00Z') / 1000 });
const { store } = new WorldBase(contents, worldWriter, 'generated');
const person = contents.people[1]!;
const NOBODY = 'no-such-person';

/** The problems `check` tells. */
function problems(check: (add: (problem: string) => void) => void): string[] {
  const told: string[] = [];
  check((problem) => told.push(problem));
  return told;
}

const day = { start: '2026-12-01', end: '2026-12-03', recordedAt: 1_780_000_000 };

describe('KINDS[kind].references', () => {
  it('a generated person refers to teams that exist and has well-formed absences', () => {
    expect(problems((add) => KINDS.people.references!(store, person, add))).toEqual([]);
  });

  it('names each team of a person that does not exist', () => {
    const moved = { ...person, teamIds: [contents.teams[0]!.id, 'team-x', 'team-y'] };
    expect(problems((add) => KINDS.people.references!(store, moved, add))).toEqual([
      `person ${person.id} names team team-x, which does not exist`,
      `person ${person.id} names team team-y, which does not exist`,
    ]);
  });

  it.each<[string, boolean, unknown]>([
    ['none', true, []],
    ['one day, start equal to end', true, [{ ...day, end: day.start }]],
    ['several', true, [day, { ...day, start: '2027-01-04', end: '2027-01-08' }]],
    ['not a list', false, null],
    ['a list holding null', false, [day, null]],
    ['a start that is no date', false, [{ ...day, start: '2026-13-01' }]],
    ['no start', false, [{ end: day.end, recordedAt: day.recordedAt }]],
    ['an end that is no date', false, [{ ...day, end: 'soon' }]],
    ['no end', false, [{ start: day.start, recordedAt: day.recordedAt }]],
    ['an end before the start', false, [{ ...day, start: '2026-12-04' }]],
    ['no instant recorded', false, [{ start: day.start, end: day.end }]],
  ])('CI9 absences of %s: well formed %s', (_, wellFormed, absences) => {
    const ci9 = 'are not [{start, end, recordedAt}] with start <= end (CI9)';
    const recorded = { id: person.id, absences: absences as Absence[] };
    expect(problems((add) => KINDS.absences.references!(store, recorded, add))).toEqual(
      wellFormed ? [] : [`absences ${person.id} ${ci9}`],
    );
    expect(problems((add) => KINDS.people.references!(store, { ...person, absences: recorded.absences }, add))).toEqual(
      wellFormed ? [] : [`person ${person.id} has absences that ${ci9}`],
    );
  });

  it('names recorded absences of someone who does not exist', () => {
    expect(problems((add) => KINDS.absences.references!(store, { id: NOBODY, absences: [day] }, add))).toEqual([
      `absences ${NOBODY} names person ${NOBODY}, who does not exist`,
    ]);
  });

  const checkIn = contents.checkIns[0]!;
  const update = contents.goalUpdates[0]!;
  const base = { personId: person.id, createdAt: 1, updatedAt: 1, seq: 1 };
  const comment = (over: Partial<Comment>): Comment => ({
    id: 'c1',
    resourceType: 'check-in',
    resourceId: checkIn.id,
    body: 'Hi',
    ...base,
    ...over,
  });
  const reaction = (over: Partial<Reaction>): Reaction =>
    ({ id: 'r1', resourceType: 'goal-update', resourceId: update.id, name: 'like', ...base, ...over }) as Reaction;

  /** CR1: a comment and a reaction refer to what they sit on alike (onResource); each checked as its kind. */
  const references = {
    comment: (over: Partial<Comment & Reaction>) => (add: (problem: string) => void) =>
      KINDS.comments.references!(store, comment(over), add),
    reaction: (over: Partial<Comment & Reaction>) => (add: (problem: string) => void) =>
      KINDS.reactions.references!(store, reaction(over), add),
  };

  it.each<[keyof typeof references, string, Partial<Comment & Reaction>, string[]]>([
    ['comment', 'on a check-in that exists', {}, []],
    ['comment', 'on a goal update that exists', { resourceType: 'goal-update', resourceId: update.id }, []],
    [
      'comment',
      'on a check-in that does not exist',
      { resourceId: update.id },
      [`comment c1 sits on check-in ${update.id}, which does not exist`],
    ],
    [
      'comment',
      'on a goal update that does not exist',
      { resourceType: 'goal-update', resourceId: checkIn.id },
      [`comment c1 sits on goal-update ${checkIn.id}, which does not exist`],
    ],
    [
      'comment',
      'by nobody, on nothing',
      { personId: NOBODY, resourceId: 'gone' },
      [
        `comment c1 names person ${NOBODY}, who does not exist`,
        'comment c1 sits on check-in gone, which does not exist',
      ],
    ],
    ['reaction', 'on a goal update that exists', {}, []],
    [
      'reaction',
      'by nobody, on a goal update that does not exist',
      { personId: NOBODY, resourceId: 'gone' },
      [
        `reaction r1 names person ${NOBODY}, who does not exist`,
        'reaction r1 sits on goal-update gone, which does not exist',
      ],
    ],
  ])('CR1 a %s %s', (kind, _, over, expected) => {
    expect(problems(references[kind](over))).toEqual(expected);
  });
});
