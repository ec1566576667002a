// GO and GU operations → domain calls, rendered.
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
  listGoals: ({ world, actor, query, page, render }) =>
    ok(listGoals(world, actor, query, page).map((g) => render.goal(world, g, actor))),
  createGoal: ({ world, actor, body, render }) => created(render.goal(world, createGoal(world, actor, body), actor)),
  getGoal: ({ world, actor, params, render }) => ok(render.goal(world, visibleGoal(world, actor, params.id), actor)),
  updateGoal: ({ world, actor, params, body, render }) =>
    ok(render.goal(world, updateGoal(world, actor, params.id, body), actor)),
  deleteGoal: ({ world, actor, params }) => (deleteGoal(world, actor, params.id), noContent()),
  listGoalUpdates: ({ world, actor, params, page, render }) =>
    ok(listGoalUpdates(world, actor, params.goal_id, page).map((u) => render.goalUpdate(world, u))),
  createGoalUpdate: ({ world, actor, params, body, render }) =>
    created(render.goalUpdate(world, createGoalUpdate(world, actor, params.goal_id, body))),
  getGoalUpdate: ({ world, actor, params, render }) =>
    ok(render.goalUpdate(world, visibleGoalUpdate(world, actor, params.id))),
  updateGoalUpdate: ({ world, actor, params, body, render }) =>
    ok(render.goalUpdate(world, updateGoalUpdate(world, actor, params.id, body))),
  deleteGoalUpdate: ({ world, actor, params }) => (deleteGoalUpdate(world, actor, params.id), noContent()),
};
