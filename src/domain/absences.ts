// CI9: recording an absence while the world runs — check-ins already generated in its range stay listed
// with `absent: true`; days of the range not yet generated get no check-in at all (absenceKnownAt).
import { DomainError } from './domain-error.js';
import { formatInstant } from './calendar.js';
import type { IsoDate, Uuid } from './records.js';
import { checkInRecord } from './record-copies.js';
import type { World } from './world.js';

/**
 * @example recordAbsence(world, personId, '2026-11-23', '2026-11-27')
 */
export function recordAbsence(world: World, personId: Uuid, start: IsoDate, end: IsoDate) {
  const person = world.store.people.get(personId);
  if (!person) throw DomainError.notFound('person', personId);
  if (start > end)
    throw DomainError.field('body', 'end', `must not be before start (CI9): start=${start}, end=${end}.`);
  world.catchUp();
  const { store } = world;
  const recordedAt = world.now();
  store.absences.put({ id: personId, absences: [...store.absencesOf(person), { start, end, recordedAt }] });
  let absent = 0;
  for (const date of store.checkInDatesOf(personId)) {
    if (date < start || date > end) continue;
    store.putCheckIn({ ...checkInRecord(store.checkInOf(personId, date)!), absent: true });
    absent++;
  }
  return { person_id: personId, start, end, recorded_at: formatInstant(recordedAt), absent_check_ins: absent };
}
