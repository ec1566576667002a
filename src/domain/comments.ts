// CR1: comments on check-ins and goal updates — newest first; only the author edits or deletes.
import { DomainError } from './domain-error.js';
import { canSeeResource, visibleResource } from './commentables.js';
import { paginate, type Page } from './pagination.js';
import type { Comment, CommentableType, Person, Uuid } from './records.js';
import type { SimulatedWrite } from './life-writer.js';
import type { World } from './world.js';

export function listComments(world: World, actor: Person, type: CommentableType, id: Uuid, page: Page): Comment[] {
  const resource = visibleResource(world, actor, type, id);
  return paginate(world.store.commentsOf(resource.type, resource.id), page);
}

/** CR1; LW8: the simulation comments through here, `made` giving its stable id and instant. */
export function createComment(
  world: World,
  actor: Person,
  type: CommentableType,
  id: Uuid,
  body: string,
  made?: SimulatedWrite<Comment>,
): Comment {
  const resource = visibleResource(world, actor, type, id);
  return writeComment(world, actor, resource.type, resource.id, body, made);
}

/**
 * CR1's write of a comment on a record `actor` is known to see (canSeeResource): LW8's simulation asks first, as
 * a teammate who may not see a record just does not answer it, and an error thrown to say so costs a catch-up more.
 */
export function writeComment(
  world: World,
  actor: Person,
  type: CommentableType,
  id: Uuid,
  body: string,
  made?: SimulatedWrite<Comment>,
): Comment {
  const now = made?.at ?? world.now();
  const comment: Comment = {
    id: made?.id ?? world.store.newId('comments'),
    resourceType: type,
    resourceId: id,
    personId: actor.id,
    body,
    createdAt: now,
    updatedAt: now,
    seq: world.store.nextSeq(),
  };
  world.store.putComment(comment);
  return comment;
}

function ownComment(world: World, actor: Person, id: Uuid): Comment {
  const comment = world.store.comments.get(id);
  if (!comment || !canSeeResource(world, actor, comment.resourceType, comment.resourceId)) {
    throw DomainError.notFound('comment', id);
  }
  if (comment.personId !== actor.id) {
    throw DomainError.forbidden(`Only the author of comment ${id} can change or delete it (CR1).`);
  }
  return comment;
}

export function updateComment(world: World, actor: Person, id: Uuid, body: string): Comment {
  const comment = { ...ownComment(world, actor, id), body, updatedAt: world.now() };
  world.store.putComment(comment);
  return comment;
}

export function deleteComment(world: World, actor: Person, id: Uuid): void {
  world.store.deleteComment(ownComment(world, actor, id));
}
