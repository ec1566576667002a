// CI3–CI6: reading, listing and filling in check-ins (they are generated, never created: CI1, CI7).
import { addDays, dateInZone, isCalendarDate } from './calendar.js';
import { DomainError } from './domain-error.js';
import { paginate, type Page } from './pagination.js';
import { checkInRecord } from './record-copies.js';
import { byNameThenId } from './record-order.js';
import type { CheckIn, Person, Uuid } from './records.js';
import type { FieldError } from '../spec/describe-errors.js';
import type { SimulatedWrite } from './life-writer.js';
import type { World } from './world.js';
import type { ApiFilters, ApiSchema } from '../types/wire.js';

/** CI4: blocked exactly when `blockers` holds non-whitespace text; derived, never stored. */
export function isBlocked(checkIn: Pick<CheckIn, 'blockers'>): boolean {
  return checkIn.blockers !== null && checkIn.blockers.trim() !== '';
}

/** CI5's filters: the query of GET /check-ins without G4's page. */
export type CheckInFilters = ApiFilters<'listCheckIns'>;

/** CI3's answers: the wire's CheckInPatch, validated against it first. */
export type CheckInPatch = ApiSchema<'CheckInPatch'>;

/**
 * The people whose check-ins a filter can match, in name order, found through indexes: the listed people,
 * or the members of the listed teams (a check-in's teams are always among its person's teams, CI3).
 */
function candidatePeople(
  world: World,
  peopleIds: Uuid[] | undefined,
  teams: ReadonlySet<Uuid> | null,
): readonly Person[] {
  const { store } = world;
  if (!peopleIds && !teams) return store.peopleInOrder;
  const found = new Set<Person>();
  if (peopleIds) {
    for (const id of peopleIds) {
      const person = store.people.get(id);
      if (person && (!teams || person.teamIds.some((t) => teams.has(t)))) found.add(person);
    }
  } else {
    // A team nobody is in (or an unknown id) adds nobody.
    for (const teamId of teams!) store.membersByTeam.get(teamId)?.forEach((member) => found.add(member));
  }
  return [...found].sort(byNameThenId);
}

/**
 * CI5: date descending, then person name, then the check-in's id; one record per check-in. Walks dates and, per date, the
 * candidate people in name order, so a page costs what it returns plus what it skips — not the world's size.
 */
function* matchingCheckIns(world: World, filters: CheckInFilters): Iterable<CheckIn> {
  const { store } = world;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a comparison with an absent date is false, so the presence checks (there for the types) decide nothing; this also disables the killed mutants of `since > until`.
  if (filters.since && filters.until && filters.since > filters.until) {
    throw DomainError.field(
      'query',
      'since',
      `must not be after until (CI5): since=${filters.since}, until=${filters.until}.`,
    );
  }
  const teams = filters.team_ids ? new Set(filters.team_ids) : null;
  const people = candidatePeople(world, filters.people_ids, teams);
  // The walk is clamped to the dates that hold check-ins, so a far `since` or `until` costs nothing; the answer is
  // the same unclamped (no check-in lies outside them), only slower.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: the clamp only shortens the walk (above).
  const first = filters.since && filters.since > store.checkInDates.first ? filters.since : store.checkInDates.first;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: the clamp only shortens the walk (above).
  const last = filters.until && filters.until < store.checkInDates.last ? filters.until : store.checkInDates.last;
  const matches = (checkIn: CheckIn | undefined): checkIn is CheckIn =>
    checkIn !== undefined &&
    (!teams || checkIn.teamIds.some((id) => teams.has(id))) &&
    (filters.blocked === undefined || isBlocked(checkIn) === filters.blocked);
  for (let date = last; date >= first; date = addDays(date, -1)) {
    for (let i = 0; i < people.length; i++) {
      const person = people[i]!;
      // People of the same name (the large world has some) are ordered by their check-in's id, not their own.
      let end = i + 1;
      while (end < people.length && people[end]!.name === person.name) end++;
      // Stryker disable next-line ConditionalExpression,ArithmeticOperator,BlockStatement: the fast path of a name nobody else has; the namesakes' path below gives the same one check-in.
      if (end - i === 1) {
        const checkIn = store.checkInOf(person.id, date);
        if (matches(checkIn)) yield checkIn;
        continue;
      }
      const namesakes = people
        .slice(i, end)
        .map((p) => store.checkInOf(p.id, date))
        .filter(matches);
      // Stryker disable next-line EqualityOperator: two check-ins never share an id, so `<` and `<=` order alike (this also disables the killed `>=`).
      yield* namesakes.sort((a, b) => (a.id < b.id ? -1 : 1));
      i = end - 1;
    }
  }
}

export function listCheckIns(world: World, filters: CheckInFilters, page: Page): CheckIn[] {
  return paginate(matchingCheckIns(world, filters), page);
}

/** CI6: a `YYYY-MM-DD` in place of the id addresses the caller's own check-in for that date. */
export function findCheckIn(world: World, actor: Person, idOrDate: string): CheckIn {
  const checkIn = isCalendarDate(idOrDate)
    ? world.store.checkInOf(actor.id, idOrDate)
    : world.store.checkIns.get(idOrDate);
  if (!checkIn) {
    if (!isCalendarDate(idOrDate)) throw DomainError.notFound('check-in', idOrDate);
    const today = dateInZone(world.now(), actor.timeZone);
    throw new DomainError(
      'not-found',
      idOrDate > today
        ? `You have no check-in on ${idOrDate} (CI6): check-ins exist up to your today, ${today} (CI1).`
        : `You have no check-in on ${idOrDate} (CI6): you were absent or no team of yours is scheduled that day.`,
    );
  }
  return checkIn;
}

/**
 * CI3: only the check-in's own person may fill it in. `team_ids` must be a non-empty subset of the person's
 * teams, and all of them when omitted. The first PATCH that leaves any answer non-null sets `completed_at`; later edits keep it.
 * CI4: `blocked` follows `blockers` (derived on presentation). LW8: the simulation fills check-ins through here,
 * `made` giving its instant and the answers' texts (written on first read: a simulated fill always answers).
 */
export function updateCheckIn(
  world: World,
  actor: Person,
  idOrDate: string,
  patch: CheckInPatch,
  made?: Omit<SimulatedWrite<CheckIn>, 'id'>,
): CheckIn {
  const checkIn = findCheckIn(world, actor, idOrDate);
  if (checkIn.personId !== actor.id) {
    throw DomainError.forbidden(
      `This check-in belongs to someone else (CI3); only its own person can fill it in. Use GET /check-ins?people_ids[]=<your id from GET /me> to find yours.`,
    );
  }
  if (patch.team_ids) {
    const errors: FieldError[] = [];
    patch.team_ids.forEach((id, i) => {
      if (!actor.teamIds.includes(id)) {
        errors.push({
          in: 'body',
          name: `team_ids[${i}]`,
          message: `team_ids[${i}] is not one of your teams (CI3); use ids from the teams of GET /me.`,
        });
      }
    });
    if (errors.length > 0) throw DomainError.invalid(errors);
  }
  const now = made?.at ?? world.now();
  const pick = <K extends keyof CheckInPatch>(key: K, current: NonNullable<CheckInPatch[K]> | null) =>
    patch[key] !== undefined ? patch[key] : current;
  const answers = {
    previous: pick('previous', checkIn.previous),
    intentions: pick('intentions', checkIn.intentions),
    blockers: pick('blockers', checkIn.blockers),
    mood: pick('mood', checkIn.mood),
    previousCompleted: pick('previous_completed', checkIn.previousCompleted),
  };
  const answered = made !== undefined || Object.values(answers).some((answer) => answer !== null);
  const filled: CheckIn = {
    ...checkInRecord(checkIn),
    ...answers,
    // CI3 (prod): team_ids defaults to all of the person's teams when a PATCH omits it.
    teamIds: patch.team_ids ? [...new Set(patch.team_ids)] : [...actor.teamIds],
    updatedAt: now,
    completedAt: answered && checkIn.completedAt === null ? now : checkIn.completedAt,
  };
  const record = made?.dress ? made.dress(filled) : filled;
  world.store.putCheckIn(record);
  return record;
}
