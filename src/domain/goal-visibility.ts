// GO7: who can see a private goal — its owner and contributors only; to anyone else it does not exist.
import type { Goal, Person } from './records.js';

/** GO7: a private goal is visible to its owner and contributors only. */
export function canSeeGoal(goal: Goal, viewer: Person): boolean {
  return !goal.private || goal.ownerId === viewer.id || goal.contributorIds.includes(viewer.id);
}
