// GO and GU operations → domain calls, presented.
import { createGoal, deleteGoal, listGoals, updateGoal, visibleGoal } from '../../domain/goals.js';
import {
  createGoalUpdate,
  deleteGoalUpdate,
  listGoalUpdates,
  updateGoalUpdate,
  visibleGoalUpdate,
} from '../../domain/goal-updates.js';
import { created, noContent, ok, type OperationHandlers } from '../operation-handler.js';

export const goalHandlers: OperationHandlers = {
  listGoals: ({ world, actor, query, page, present }) =>
    ok(listGoals(world, actor, query, page).map((g) => present.goal(world, g, actor))),
  createGoal: ({ world, actor, body, present }) => created(present.goal(world, createGoal(world, actor, body), actor)),
  getGoal: ({ world, actor, params, present }) => ok(present.goal(world, visibleGoal(world, actor, params.id), actor)),
  updateGoal: ({ world, actor, params, body, present }) =>
    ok(present.goal(world, updateGoal(world, actor, params.id, body), actor)),
  deleteGoal: ({ world, actor, params }) => (deleteGoal(world, actor, params.id), noContent()),
  listGoalUpdates: ({ world, actor, params, page, present }) =>
    ok(listGoalUpdates(world, actor, params.goal_id, page).map((u) => present.goalUpdate(world, u))),
  createGoalUpdate: ({ world, actor, params, body, present }) =>
    created(present.goalUpdate(world, createGoalUpdate(world, actor, params.goal_id, body))),
  getGoalUpdate: ({ world, actor, params, present }) =>
    ok(present.goalUpdate(world, visibleGoalUpdate(world, actor, params.id))),
  updateGoalUpdate: ({ world, actor, params, body, present }) =>
    ok(present.goalUpdate(world, updateGoalUpdate(world, actor, params.id, body))),
  deleteGoalUpdate: ({ world, actor, params }) => (deleteGoalUpdate(world, actor, params.id), noContent()),
};
