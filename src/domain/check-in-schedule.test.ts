// CI1 and CI9: which teams hold a check-in on a date, and which absences cover it (known by a time, or ever).
import { describe, expect, it } from 'vitest';
import { absenceKnownAt, isAbsentOn, scheduledTeamIds } from './check-in-schedule.js';
import type { Absence, Team } from './records.js';

describe('check-in schedule', () => {
  it("CI1 keeps the person's teams meeting on the date's weekday, in their order, and passes over a team it does not know", () => {
    const teams = new Map<string, Pick<Team, 'checkInDays'>>([
      ['t-mon', { checkInDays: ['monday', 'friday'] }],
      ['t-fri', { checkInDays: ['friday'] }],
    ]);
    // 2026-11-20 is a Friday.
    expect(scheduledTeamIds({ teamIds: ['t-fri', 'gone', 't-mon'] }, teams, '2026-11-20')).toEqual(['t-fri', 't-mon']);
  });

  it.each<[string, string, number, boolean, boolean]>([
    ['its first day', '2026-11-10', 100, true, true],
    ['its last day', '2026-11-12', 100, true, true],
    ['the day before', '2026-11-09', 100, false, false],
    ['the day after', '2026-11-13', 100, false, false],
    ['a day in it, asked as of the instant it was recorded', '2026-11-11', 50, true, true],
    ['a day in it, asked as of before it was recorded', '2026-11-11', 49, false, true],
  ])('CI9 an absence covers %s', (_, date, asOf, known, ever) => {
    const absences: Absence[] = [{ start: '2026-11-10', end: '2026-11-12', recordedAt: 50 }];
    expect(absenceKnownAt(absences, date, asOf)).toBe(known);
    expect(isAbsentOn(absences, date)).toBe(ever);
  });
});
