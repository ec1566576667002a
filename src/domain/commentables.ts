// CR1, CR2: the records comments and reactions attach to — check-ins and goal updates the caller can see.
import { DomainError } from './domain-error.js';
import { findVisibleGoalUpdate } from './goal-updates.js';
import type { CommentableType, Person, Uuid } from './records.js';
import type { World } from './world.js';

/** Whether the caller can see the record a comment or reaction sits on (GO7 covers an update's private goal). */
export function canSeeResource(world: World, actor: Person, type: CommentableType, id: Uuid): boolean {
  return type === 'goal-update' ? findVisibleGoalUpdate(world, actor, id) !== undefined : world.store.checkIns.has(id);
}

/** Resolves a commented-on record; 404 when missing or invisible. */
export function visibleResource(
  world: World,
  actor: Person,
  type: CommentableType,
  id: Uuid,
): { type: CommentableType; id: Uuid } {
  if (canSeeResource(world, actor, type, id)) return { type, id };
  // One answer for both; the journal's explanation alone says GO7 decided it when the update exists (MCP6).
  const hidden = type === 'goal-update' && world.store.goalUpdates.has(id) ? 'GO7' : undefined;
  throw DomainError.notFound(type === 'goal-update' ? 'goal update' : 'check-in', id, hidden);
}
