// CR1, CR2 and AC operations → domain calls.
import { createActivity, getActivity, listActivities, type ActivityInput } from '../../domain/activities.js';
import { createComment, deleteComment, listComments, updateComment } from '../../domain/comments.js';
import { createReaction, deleteReaction, listReactions } from '../../domain/reactions.js';
import type { ReactionName } from '../../domain/records.js';
import { created, noContent, ok, type OperationHandlers, type OperationResult } from '../operation-handler.js';

/** CR2: 201 for a new reaction, 200 with the existing one for a repeat. */
function reacted({ created: isNew, reaction }: { created: boolean; reaction: unknown }): OperationResult {
  return isNew ? created(reaction) : ok(reaction);
}

export const socialHandlers: OperationHandlers = {
  listCheckInComments: ({ world, actor, params, page }) =>
    ok(listComments(world, actor, 'check-in', params.check_in_id, page)),
  createCheckInComment: ({ world, actor, params, body }) =>
    created(createComment(world, actor, 'check-in', params.check_in_id, body.body as string)),
  listGoalUpdateComments: ({ world, actor, params, page }) =>
    ok(listComments(world, actor, 'goal-update', params.goal_update_id, page)),
  createGoalUpdateComment: ({ world, actor, params, body }) =>
    created(createComment(world, actor, 'goal-update', params.goal_update_id, body.body as string)),
  updateComment: ({ world, actor, params, body }) => ok(updateComment(world, actor, params.id, body.body as string)),
  deleteComment: ({ world, actor, params }) => (deleteComment(world, actor, params.id), noContent()),
  listCheckInReactions: ({ world, actor, params, page }) =>
    ok(listReactions(world, actor, 'check-in', params.check_in_id, page)),
  createCheckInReaction: ({ world, actor, params, body }) =>
    reacted(createReaction(world, actor, 'check-in', params.check_in_id, body.name as ReactionName)),
  listGoalUpdateReactions: ({ world, actor, params, page }) =>
    ok(listReactions(world, actor, 'goal-update', params.goal_update_id, page)),
  createGoalUpdateReaction: ({ world, actor, params, body }) =>
    reacted(createReaction(world, actor, 'goal-update', params.goal_update_id, body.name as ReactionName)),
  deleteReaction: ({ world, actor, params }) => (deleteReaction(world, actor, params.id), noContent()),
  listActivities: ({ world, query, page }) => ok(listActivities(world, query, page)),
  getActivity: ({ world, params }) => ok(getActivity(world, params.id)),
  createActivity: ({ world, actor, body }) => created(createActivity(world, actor, body as unknown as ActivityInput)),
};
