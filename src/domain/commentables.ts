// CR1, CR2: the records comments and reactions attach to — check-ins and goal updates the caller can see.
import { DomainError } from './domain-error.js';
import { visibleGoalUpdate } from './goal-updates.js';
import type { CommentableType, Person, Uuid } from './records.js';
import type { World } from './world.js';

/** Resolves a commented-on record; 404 when missing or invisible (GO7 covers an update's private goal). */
export function visibleResource(
  world: World,
  actor: Person,
  type: CommentableType,
  id: Uuid,
): { type: CommentableType; id: Uuid } {
  if (type === 'goal-update') return { type, id: visibleGoalUpdate(world, actor, id).id };
  if (!world.store.checkIns.has(id)) throw DomainError.notFound('check-in', id);
  return { type, id };
}

/** Whether the caller can still see the record a comment or reaction sits on. */
export function canSeeResource(world: World, actor: Person, type: CommentableType, id: Uuid): boolean {
  try {
    visibleResource(world, actor, type, id);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') return false;
    throw error;
  }
}
