// CR1, CR2 and AC operations → domain calls, rendered.
import { createActivity, getActivity, listActivities } from '../../domain/activities.js';
import { createComment, deleteComment, listComments, updateComment } from '../../domain/comments.js';
import { createReaction, deleteReaction, listReactions } from '../../domain/reactions.js';
import type { CommentableType } from '../../domain/records.js';
import type { ApiSchema } from '../../types/wire.js';
import { created, noContent, ok, type HandlerServices, type OperationHandlers } from '../operation-handler.js';

/** The context of an operation on the comments or reactions of the record its path parameter `P` names. */
type OnRecord<P extends string, Body = unknown> = HandlerServices & { params: Readonly<Record<P, string>>; body: Body };

/** CR1, CR2: how each list of what sits on a record is read. */
const LISTS = { comments: listComments, reactions: listReactions };

/** The comments or reactions on the record the path parameter `param` names, as the actor may see them. */
const listOn =
  <P extends string>(kind: keyof typeof LISTS, type: CommentableType, param: P) =>
  ({ world, actor, params, page, render }: OnRecord<P>) =>
    ok(LISTS[kind](world, actor, type, params[param], page).map((r) => render.record(kind, world, r, actor)));

const comment =
  <P extends string>(type: CommentableType, param: P) =>
  ({ world, actor, params, body, render }: OnRecord<P, ApiSchema<'CommentInput'>>) =>
    created(render.record('comments', world, createComment(world, actor, type, params[param], body.body), actor));

/** CR2: 201 for a new reaction, 200 with the existing one for a repeat. */
const react =
  <P extends string>(type: CommentableType, param: P) =>
  ({ world, actor, params, body, render }: OnRecord<P, ApiSchema<'ReactionInput'>>) => {
    const { created: isNew, reaction } = createReaction(world, actor, type, params[param], body.name);
    const shown = render.record('reactions', world, reaction, actor);
    return isNew ? created(shown) : ok(shown);
  };

export const socialHandlers = {
  listCheckInComments: listOn('comments', 'check-in', 'check_in_id'),
  createCheckInComment: comment('check-in', 'check_in_id'),
  listGoalUpdateComments: listOn('comments', 'goal-update', 'goal_update_id'),
  createGoalUpdateComment: comment('goal-update', 'goal_update_id'),
  updateComment: ({ world, actor, params, body, render }) =>
    ok(render.record('comments', world, updateComment(world, actor, params.id, body.body), actor)),
  deleteComment: ({ world, actor, params }) => (deleteComment(world, actor, params.id), noContent()),
  listCheckInReactions: listOn('reactions', 'check-in', 'check_in_id'),
  createCheckInReaction: react('check-in', 'check_in_id'),
  listGoalUpdateReactions: listOn('reactions', 'goal-update', 'goal_update_id'),
  createGoalUpdateReaction: react('goal-update', 'goal_update_id'),
  deleteReaction: ({ world, actor, params }) => (deleteReaction(world, actor, params.id), noContent()),
  listActivities: ({ world, actor, query, page, render }) =>
    ok(listActivities(world, query, page).map((a) => render.record('activities', world, a, actor))),
  getActivity: ({ world, actor, params, render }) =>
    ok(render.record('activities', world, getActivity(world, params.id), actor)),
  createActivity: ({ world, actor, body, render }) =>
    created(render.record('activities', world, createActivity(world, actor, body), actor)),
} satisfies Partial<OperationHandlers>;
