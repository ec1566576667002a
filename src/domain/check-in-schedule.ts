// CI1, CI2, CI9: which check-ins exist (team weekdays, absences, the person's today) and what a fresh one holds.
import { weekdayOf } from './calendar.js';
import { KeyPrefix } from './entropy.js';
import type { Absence, CheckIn, EpochSeconds, IsoDate, Person, Team, Uuid } from './records.js';

/** Teams by id: a map, or a store's table. */
export type TeamLookup = { get(id: Uuid): Pick<Team, 'checkInDays'> | undefined };

/** CI1: the person's teams that hold a check-in on that date's weekday, in the person's team order. */
export function scheduledTeamIds(person: Pick<Person, 'teamIds'>, teamsById: TeamLookup, date: IsoDate): Uuid[] {
  const weekday = weekdayOf(date);
  return person.teamIds.filter((teamId) => teamsById.get(teamId)?.checkInDays.includes(weekday));
}

/**
 * LW3: the thread a check-in filed under `teamIds` follows up in: the person's first team's, when it is filed under
 * it, else the team's it is filed under, on the days only that team checks in: a check-in for the team a person
 * is a guest of tells its work, and follows up their last one for it (fixtures' check-ins.ts, voices.ts).
 */
export function checkInThread(person: Pick<Person, 'teamIds'>, teamIds: readonly Uuid[]): Uuid | undefined {
  return teamIds.includes(person.teamIds[0]!) ? person.teamIds[0] : teamIds[0];
}

/** CI9: an absence covering `date` that was recorded at or before `asOf` (generation time). */
export function absenceKnownAt(absences: readonly Absence[], date: IsoDate, asOf: EpochSeconds): boolean {
  return absences.some((a) => a.start <= date && date <= a.end && a.recordedAt <= asOf);
}

/** CI9: an absence covering `date`, whenever it was recorded. */
export function isAbsentOn(absences: readonly Absence[], date: IsoDate): boolean {
  return absences.some((a) => a.start <= date && date <= a.end);
}

/** MK3: a check-in's id depends on the seed, the person and the date alone. */
export function checkInId(seed: number, personId: Uuid, date: IsoDate): Uuid {
  if (lastPerson === undefined || seed !== lastSeed || personId !== lastPersonId) {
    lastPerson = new KeyPrefix(seed, ['check-in', personId]);
    lastSeed = seed;
    lastPersonId = personId;
  }
  return lastPerson.uuid(date);
}

/**
 * The last person's ids' prefix (stableUuid's seed, `check-in` and their id), hashed once: a history's dates are asked
 * a person at a time (buildCheckIns).
 */
let lastPerson: KeyPrefix | undefined;
let lastSeed = NaN;
let lastPersonId = '';

/**
 * CI1 + CI2: the check-in generated for a person on a date at instant `now`, or null when none is due
 * (no team scheduled that weekday, or an absence already known). A fresh check-in has no answers.
 * @example freshCheckIn(42, person, person.absences, teamsById, '2026-11-20', now)?.completedAt // null
 */
export function freshCheckIn(
  seed: number,
  person: Person,
  absences: readonly Absence[],
  teamsById: TeamLookup,
  date: IsoDate,
  now: EpochSeconds,
): CheckIn | null {
  const teamIds = scheduledTeamIds(person, teamsById, date);
  if (teamIds.length === 0 || absenceKnownAt(absences, date, now)) return null;
  return {
    id: checkInId(seed, person.id, date),
    personId: person.id,
    date,
    teamIds,
    previous: null,
    intentions: null,
    blockers: null,
    mood: null,
    previousCompleted: null,
    absent: false,
    completedAt: null,
    updatedAt: now,
  };
}
