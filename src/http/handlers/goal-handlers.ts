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

export const goalHandlers = {
  listGoals: ({ world, actor, query, page, render }) =>
    ok(listGoals(world, actor, query, page).map((g) => render.record('goals', world, g, actor))),
  createGoal: ({ world, actor, body, render }) =>
    created(render.record('goals', world, createGoal(world, actor, body), actor)),
  getGoal: ({ world, actor, params, render }) =>
    ok(render.record('goals', world, visibleGoal(world, actor, params.id), actor)),
  updateGoal: ({ world, actor, params, body, render }) =>
    ok(render.record('goals', world, updateGoal(world, actor, params.id, body), actor)),
  deleteGoal: ({ world, actor, params }) => (deleteGoal(world, actor, params.id), noContent()),
  listGoalUpdates: ({ world, actor, params, page, render }) =>
    ok(listGoalUpdates(world, actor, params.goal_id, page).map((u) => render.record('goalUpdates', world, u, actor))),
  createGoalUpdate: ({ world, actor, params, body, render }) =>
    created(render.record('goalUpdates', world, createGoalUpdate(world, actor, params.goal_id, body), actor)),
  getGoalUpdate: ({ world, actor, params, render }) =>
    ok(render.record('goalUpdates', world, visibleGoalUpdate(world, actor, params.id), actor)),
  updateGoalUpdate: ({ world, actor, params, body, render }) =>
    ok(render.record('goalUpdates', world, updateGoalUpdate(world, actor, params.id, body), actor)),
  deleteGoalUpdate: ({ world, actor, params }) => (deleteGoalUpdate(world, actor, params.id), noContent()),
} satisfies Partial<OperationHandlers>;
