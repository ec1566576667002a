// GU1–GU7: goal updates — carry-over of progress and confidence, snapping, order, and the goal's GO4 values.
import { snapConfidence } from './confidence.js';
import { DomainError } from './domain-error.js';
import { canSeeGoal } from './goal-visibility.js';
import { visibleGoal } from './goals.js';
import { paginate, type Page } from './pagination.js';
import type { GoalUpdate, Person, Uuid } from './records.js';
import { goalUpdateRecord } from './record-copies.js';
import type { SimulatedWrite } from './life-writer.js';
import type { World } from './world.js';
import type { ApiSchema } from '../types/wire.js';

/** The writable goal update fields: the wire's GoalUpdateInput, validated against it first. */
export type GoalUpdateInput = ApiSchema<'GoalUpdateInput'>;

/**
 * GO7: the update of `id` if the caller can see it, else undefined: an update of a goal the caller cannot see
 * does not exist for them. (No update outlives its goal: GO8, world-integrity.ts.)
 */
export function findVisibleGoalUpdate(world: World, actor: Person, id: Uuid): GoalUpdate | undefined {
  const update = world.store.goalUpdates.get(id);
  const goal = update && world.store.goals.get(update.goalId);
  return goal && canSeeGoal(goal, actor) ? update : undefined;
}

/** GO7: the update of `id` as the caller sees it; 404 when it is missing or its goal is private to them. */
export function visibleGoalUpdate(world: World, actor: Person, id: Uuid): GoalUpdate {
  const update = findVisibleGoalUpdate(world, actor, id);
  if (update) return update;
  // One answer for both; the journal's explanation alone says GO7 decided it when the update exists (MCP6).
  throw DomainError.notFound('goal update', id, world.store.goalUpdates.has(id) ? 'GO7' : undefined);
}

/** GU7: newest first. */
export function listGoalUpdates(world: World, actor: Person, goalId: Uuid, page: Page): GoalUpdate[] {
  const goal = visibleGoal(world, actor, goalId);
  return paginate(world.store.updatesOfGoalInOrder(goal.id), page);
}

/**
 * GU1: an update by the caller. GU3: omitted progress and confidence carry over from the latest update;
 * a first update starts at progress 1 and the goal's confidence 100, which GU2 snaps to 90. LW8: the simulation
 * posts through here, `made` giving its stable id, its instant and the texts (written on first read).
 */
export function createGoalUpdate(
  world: World,
  actor: Person,
  goalId: Uuid,
  input: GoalUpdateInput,
  made?: SimulatedWrite<GoalUpdate>,
): GoalUpdate {
  const goal = visibleGoal(world, actor, goalId);
  const previous = world.store.latestUpdateOf(goal.id);
  const now = made?.at ?? world.now();
  const update: GoalUpdate = {
    id: made?.id ?? world.store.newId('goalUpdates'),
    goalId: goal.id,
    personId: actor.id,
    title: input.title ?? '',
    body: input.body ?? '',
    progress: input.progress ?? previous?.progress ?? 1,
    confidence: snapConfidence(input.confidence ?? previous?.confidence ?? 100),
    createdAt: now,
    updatedAt: now,
    seq: world.store.nextSeq(),
  };
  const record = made?.dress ? made.dress(update) : update;
  world.store.putGoalUpdate(record);
  return record;
}

/** GU8: only an update's author or an administrator may change or delete it. */
function ownGoalUpdate(world: World, actor: Person, id: Uuid, action: 'change' | 'delete'): GoalUpdate {
  const update = visibleGoalUpdate(world, actor, id);
  if (update.personId !== actor.id && !actor.administrator) {
    throw DomainError.forbidden(
      `Only the author of goal update ${id} or an administrator may ${action} it (GU8); post an update of your own with POST /goals/{goal_id}/goal-updates.`,
    );
  }
  return update;
}

/** GU6: keeps created_at, bumps updated_at, re-snaps confidence (GU2). GU8: author or administrator. */
export function updateGoalUpdate(world: World, actor: Person, id: Uuid, input: GoalUpdateInput): GoalUpdate {
  const current = ownGoalUpdate(world, actor, id, 'change');
  const update: GoalUpdate = {
    ...goalUpdateRecord(current),
    title: input.title ?? current.title,
    body: input.body ?? current.body,
    progress: input.progress ?? current.progress,
    confidence: input.confidence !== undefined ? snapConfidence(input.confidence) : current.confidence,
    updatedAt: world.now(),
  };
  world.store.putGoalUpdate(update);
  return update;
}

/**
 * GU6: 204; GU5: the goal's values fall back to the update before it. Its comments and reactions go too.
 * GU8: author or administrator.
 */
export function deleteGoalUpdate(world: World, actor: Person, id: Uuid): void {
  const update = ownGoalUpdate(world, actor, id, 'delete');
  world.store.deleteResourceChildren('goal-update', update.id);
  world.store.deleteGoalUpdate(update);
}
