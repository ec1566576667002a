// GO and GU operations → domain calls.
import { createGoal, deleteGoal, getGoal, listGoals, updateGoal } from '../../domain/goals.js';
import {
  createGoalUpdate,
  deleteGoalUpdate,
  getGoalUpdate,
  listGoalUpdates,
  updateGoalUpdate,
} from '../../domain/goal-updates.js';
import { created, noContent, ok, type OperationHandlers } from '../operation-handler.js';

export const goalHandlers: OperationHandlers = {
  listGoals: ({ world, actor, query, page }) => ok(listGoals(world, actor, query, page)),
  createGoal: ({ world, actor, body }) => created(createGoal(world, actor, body)),
  getGoal: ({ world, actor, params }) => ok(getGoal(world, actor, params.id)),
  updateGoal: ({ world, actor, params, body }) => ok(updateGoal(world, actor, params.id, body)),
  deleteGoal: ({ world, actor, params }) => (deleteGoal(world, actor, params.id), noContent()),
  listGoalUpdates: ({ world, actor, params, page }) => ok(listGoalUpdates(world, actor, params.goal_id, page)),
  createGoalUpdate: ({ world, actor, params, body }) => created(createGoalUpdate(world, actor, params.goal_id, body)),
  getGoalUpdate: ({ world, actor, params }) => ok(getGoalUpdate(world, actor, params.id)),
  updateGoalUpdate: ({ world, actor, params, body }) => ok(updateGoalUpdate(world, actor, params.id, body)),
  deleteGoalUpdate: ({ world, actor, params }) => (deleteGoalUpdate(world, actor, params.id), noContent()),
};
