// Plain copies of records whose text may be written lazily: a generated check-in or goal update keeps its
// answers behind getters on its prototype, which a spread (`{...checkIn}`) would drop. Every change of such a
// record starts from one of these copies, since records are never changed in place (MK5).
import type { CheckIn, GoalUpdate } from './records.js';

/** @example store.putCheckIn({ ...checkInRecord(checkIn), absent: true }) */
export function checkInRecord(c: CheckIn): CheckIn {
  return {
    id: c.id,
    personId: c.personId,
    date: c.date,
    teamIds: c.teamIds,
    previous: c.previous,
    intentions: c.intentions,
    blockers: c.blockers,
    mood: c.mood,
    previousCompleted: c.previousCompleted,
    absent: c.absent,
    completedAt: c.completedAt,
    updatedAt: c.updatedAt,
  };
}

/** @example store.putGoalUpdate({ ...goalUpdateRecord(update), title: 'Week 47' }) */
export function goalUpdateRecord(u: GoalUpdate): GoalUpdate {
  return {
    id: u.id,
    goalId: u.goalId,
    personId: u.personId,
    title: u.title,
    body: u.body,
    progress: u.progress,
    confidence: u.confidence,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    seq: u.seq,
  };
}
