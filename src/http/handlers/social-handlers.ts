// CR1, CR2 and AC operations → domain calls, rendered.
import { createActivity, getActivity, listActivities, type ActivityInput } from '../../domain/activities.js';
import { createComment, deleteComment, listComments, updateComment } from '../../domain/comments.js';
import { createReaction, deleteReaction, listReactions } from '../../domain/reactions.js';
import type { CommentableType, ReactionName } from '../../domain/records.js';
import {
  created,
  noContent,
  ok,
  type OperationContext,
  type OperationHandlers,
  type PathParams,
} from '../operation-handler.js';

const comments =
  (type: CommentableType, param: keyof PathParams) =>
  ({ world, actor, params, page, render }: OperationContext) =>
    ok(listComments(world, actor, type, params[param], page).map((c) => render.record('comments', world, c, actor)));

const comment =
  (type: CommentableType, param: keyof PathParams) =>
  ({ world, actor, params, body, render }: OperationContext) =>
    created(
      render.record('comments', world, createComment(world, actor, type, params[param], body.body as string), actor),
    );

const reactions =
  (type: CommentableType, param: keyof PathParams) =>
  ({ world, actor, params, page, render }: OperationContext) =>
    ok(listReactions(world, actor, type, params[param], page).map((r) => render.record('reactions', world, r, actor)));

/** CR2: 201 for a new reaction, 200 with the existing one for a repeat. */
const react =
  (type: CommentableType, param: keyof PathParams) =>
  ({ world, actor, params, body, render }: OperationContext) => {
    const { created: isNew, reaction } = createReaction(world, actor, type, params[param], body.name as ReactionName);
    const shown = render.record('reactions', world, reaction, actor);
    return isNew ? created(shown) : ok(shown);
  };

export const socialHandlers: OperationHandlers = {
  listCheckInComments: comments('check-in', 'check_in_id'),
  createCheckInComment: comment('check-in', 'check_in_id'),
  listGoalUpdateComments: comments('goal-update', 'goal_update_id'),
  createGoalUpdateComment: comment('goal-update', 'goal_update_id'),
  updateComment: ({ world, actor, params, body, render }) =>
    ok(render.record('comments', world, updateComment(world, actor, params.id, body.body as string), actor)),
  deleteComment: ({ world, actor, params }) => (deleteComment(world, actor, params.id), noContent()),
  listCheckInReactions: reactions('check-in', 'check_in_id'),
  createCheckInReaction: react('check-in', 'check_in_id'),
  listGoalUpdateReactions: reactions('goal-update', 'goal_update_id'),
  createGoalUpdateReaction: react('goal-update', 'goal_update_id'),
  deleteReaction: ({ world, actor, params }) => (deleteReaction(world, actor, params.id), noContent()),
  listActivities: ({ world, actor, query, page, render }) =>
    ok(listActivities(world, query, page).map((a) => render.record('activities', world, a, actor))),
  getActivity: ({ world, actor, params, render }) =>
    ok(render.record('activities', world, getActivity(world, params.id), actor)),
  createActivity: ({ world, actor, body, render }) =>
    created(render.record('activities', world, createActivity(world, actor, body as unknown as ActivityInput), actor)),
};
