// CR2: reactions on check-ins and goal updates — one per person, name and record; only the author deletes.
import { DomainError } from './domain-error.js';
import { canSeeResource, visibleResource } from './commentables.js';
import { paginate, type Page } from './pagination.js';
import type { CommentableType, Person, Reaction, ReactionName, Uuid } from './records.js';
import type { SimulatedWrite } from './life-writer.js';
import type { World } from './world.js';

export function listReactions(world: World, actor: Person, type: CommentableType, id: Uuid, page: Page): Reaction[] {
  const resource = visibleResource(world, actor, type, id);
  return paginate(world.store.reactionsOf(resource.type, resource.id), page);
}

/**
 * CR2: the same person, name and record twice gives the existing reaction (`created: false`, 200). LW8: the
 * simulation reacts through here, `made` giving its stable id and instant.
 */
export function createReaction(
  world: World,
  actor: Person,
  type: CommentableType,
  id: Uuid,
  name: ReactionName,
  made?: SimulatedWrite<Reaction>,
): { created: boolean; reaction: Reaction } {
  const resource = visibleResource(world, actor, type, id);
  return writeReaction(world, actor, resource.type, resource.id, name, made);
}

/**
 * CR2's write of a reaction on a record `actor` is known to see (canSeeResource): LW8's simulation asks first, as
 * a teammate who may not see a record just does not react, and an error thrown to say so costs a catch-up more.
 */
export function writeReaction(
  world: World,
  actor: Person,
  type: CommentableType,
  id: Uuid,
  name: ReactionName,
  made?: SimulatedWrite<Reaction>,
): { created: boolean; reaction: Reaction } {
  const existing = world.store.reactionsOf(type, id).find((r) => r.personId === actor.id && r.name === name);
  if (existing) return { created: false, reaction: existing };
  const reaction: Reaction = {
    id: made?.id ?? world.store.newId('reactions'),
    resourceType: type,
    resourceId: id,
    personId: actor.id,
    name,
    createdAt: made?.at ?? world.now(),
    seq: world.store.nextSeq(),
  };
  world.store.putReaction(reaction);
  return { created: true, reaction };
}

export function deleteReaction(world: World, actor: Person, id: Uuid): void {
  const reaction = world.store.reactions.get(id);
  if (!reaction || !canSeeResource(world, actor, reaction.resourceType, reaction.resourceId)) {
    throw DomainError.notFound('reaction', id);
  }
  if (reaction.personId !== actor.id)
    throw DomainError.forbidden(`Only the person who reacted can delete reaction ${id} (CR2).`);
  world.store.deleteReaction(reaction);
}
