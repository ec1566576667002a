// CR1, CR2 and AC operations → domain calls, presented.
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
  ({ world, actor, params, page, present }: OperationContext) =>
    ok(listComments(world, actor, type, params[param], page).map((c) => present.comment(world, c)));

const comment =
  (type: CommentableType, param: keyof PathParams) =>
  ({ world, actor, params, body, present }: OperationContext) =>
    created(present.comment(world, createComment(world, actor, type, params[param], body.body as string)));

const reactions =
  (type: CommentableType, param: keyof PathParams) =>
  ({ world, actor, params, page, present }: OperationContext) =>
    ok(listReactions(world, actor, type, params[param], page).map((r) => present.reaction(world, r)));

/** CR2: 201 for a new reaction, 200 with the existing one for a repeat. */
const react =
  (type: CommentableType, param: keyof PathParams) =>
  ({ world, actor, params, body, present }: OperationContext) => {
    const { created: isNew, reaction } = createReaction(world, actor, type, params[param], body.name as ReactionName);
    const shown = present.reaction(world, reaction);
    return isNew ? created(shown) : ok(shown);
  };

export const socialHandlers: OperationHandlers = {
  listCheckInComments: comments('check-in', 'check_in_id'),
  createCheckInComment: comment('check-in', 'check_in_id'),
  listGoalUpdateComments: comments('goal-update', 'goal_update_id'),
  createGoalUpdateComment: comment('goal-update', 'goal_update_id'),
  updateComment: ({ world, actor, params, body, present }) =>
    ok(present.comment(world, updateComment(world, actor, params.id, body.body as string))),
  deleteComment: ({ world, actor, params }) => (deleteComment(world, actor, params.id), noContent()),
  listCheckInReactions: reactions('check-in', 'check_in_id'),
  createCheckInReaction: react('check-in', 'check_in_id'),
  listGoalUpdateReactions: reactions('goal-update', 'goal_update_id'),
  createGoalUpdateReaction: react('goal-update', 'goal_update_id'),
  deleteReaction: ({ world, actor, params }) => (deleteReaction(world, actor, params.id), noContent()),
  listActivities: ({ world, query, page, present }) =>
    ok(listActivities(world, query, page).map((a) => present.activity(world, a))),
  getActivity: ({ world, params, present }) => ok(present.activity(world, getActivity(world, params.id))),
  createActivity: ({ world, actor, body, present }) =>
    created(present.activity(world, createActivity(world, actor, body as unknown as ActivityInput))),
};
