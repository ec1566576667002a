// GO7 and GO9: who can see a private goal — its owner and contributors only; to anyone else it does not
// exist — and who may change who can see it: its owner, a contributor or an administrator.
import type { Goal, Person } from './records.js';

/** GO7: a private goal is visible to its owner and contributors only. */
export function canSeeGoal(goal: Goal, viewer: Person): boolean {
  return !goal.private || goal.ownerId === viewer.id || goal.contributorIds.includes(viewer.id);
}

/** GO9: the owner, a contributor or an administrator may change `private`, `owner_id`, `contributor_ids`, or delete. */
export function canManageGoal(goal: Goal, person: Person): boolean {
  return person.administrator || goal.ownerId === person.id || goal.contributorIds.includes(person.id);
}
