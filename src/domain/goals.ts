// GO1–GO8: goals — defaults, validation, visibility of private goals, filters and order, deletion.
import { DomainError } from './domain-error.js';
import { canManageGoal, canSeeGoal } from './goal-visibility.js';
import { paginate, type Page } from './pagination.js';
import type { EpochSeconds, Goal, Person, Uuid } from './records.js';
import type { FieldError } from '../spec/describe-errors.js';
import { goalOrder } from './record-order.js';
import type { World } from './world.js';
import type { ApiFilters, ApiSchema } from '../types/wire.js';

/** The writable goal fields as a request sends them: the wire's GoalInput, validated against it first. */
export type GoalInput = ApiSchema<'GoalInput'>;

/** GO6's filters: the query of GET /goals without G4's page. */
export type GoalFilters = ApiFilters<'listGoals'>;

/** GO7: a goal the caller cannot see does not exist for them (404). */
export function visibleGoal(world: World, actor: Person, id: Uuid): Goal {
  const goal = world.store.goals.get(id);
  if (!goal) throw DomainError.notFound('goal', id);
  // The same answer as for no goal at all; the journal's explanation alone says GO7 decided it (MCP6).
  if (!canSeeGoal(goal, actor)) throw DomainError.notFound('goal', id, 'GO7');
  return goal;
}

/** GO6: AND across filters, OR within one; archived goals only when listed by goal_ids[]. */
function* matchingGoals(world: World, actor: Person, filters: GoalFilters): Iterable<Goal> {
  const { store } = world;
  const sets: Array<ReadonlySet<Uuid>> = [];
  if (filters.goal_ids) sets.push(new Set(filters.goal_ids));
  if (filters.people_ids)
    sets.push(new Set(filters.people_ids.flatMap((id) => store.goalsOfPerson(id).map((g) => g.id))));
  if (filters.team_ids) sets.push(new Set(filters.team_ids.flatMap((id) => store.goalsOfTeam(id).map((g) => g.id))));
  // Walk the smallest candidate set when there is one, so the cost follows the answer, not the world.
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: which set is walked decides only the cost; a goal is listed only when every set holds it (below).
  const smallest = sets.sort((a, b) => a.size - b.size)[0];
  const ordered = smallest
    ? [...smallest]
        .map((id) => store.goals.get(id))
        .filter((g): g is Goal => g !== undefined)
        .sort(goalOrder)
    : store.goalsInOrder();
  for (const goal of ordered) {
    if (!sets.every((set) => set.has(goal.id))) continue;
    if (goal.archived && !filters.goal_ids) continue;
    // GO6 since: an end date on or after it, or none.
    if (filters.since && !(goal.endDate === null || goal.endDate >= filters.since)) continue;
    if (!canSeeGoal(goal, actor)) continue;
    yield goal;
  }
}

export function listGoals(world: World, actor: Person, filters: GoalFilters, page: Page): Goal[] {
  return paginate(matchingGoals(world, actor, filters), page);
}

/** GO2: references exist and are visible, the parent chain has no cycle, start ≤ end. */
function validateGoal(world: World, actor: Person, goal: Goal, input: GoalInput): void {
  const { store } = world;
  const errors: FieldError[] = [];
  const add = (name: string, message: string) => errors.push({ in: 'body', name, message: `${name} ${message}` });
  if (input.owner_id !== undefined && !store.people.has(input.owner_id)) {
    add('owner_id', `names no person (GO2); use an id from GET /people.`);
  }
  input.contributor_ids?.forEach((id, i) => {
    if (!store.people.has(id)) add(`contributor_ids[${i}]`, `names no person (GO2); use ids from GET /people.`);
  });
  input.team_ids?.forEach((id, i) => {
    if (!store.teams.has(id)) add(`team_ids[${i}]`, `names no team (GO2); use ids from GET /teams.`);
  });
  if (input.parent_id) {
    const parent = store.goals.get(input.parent_id);
    if (!parent || !canSeeGoal(parent, actor)) {
      add('parent_id', `names no goal visible to you (GO2); use an id from GET /goals, or null to detach.`);
    } else if (parent.id === goal.id || isDescendant(world, goal.id, parent.id)) {
      add('parent_id', `would make the goal its own ancestor (GO2); choose a goal outside this goal's subtree.`);
    }
  }
  const start = input.start_date !== undefined ? input.start_date : goal.startDate;
  const end = input.end_date !== undefined ? input.end_date : goal.endDate;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a comparison with null is false (`null > "2026-…"` compares 0 with NaN), so the null checks (there for the types) decide nothing; this also disables the killed mutants of `start > end`.
  if (start !== null && end !== null && start > end) {
    add(
      input.end_date !== undefined ? 'end_date' : 'start_date',
      `must not put start_date ${start} after end_date ${end} (GO2).`,
    );
  }
  if (errors.length > 0) throw DomainError.invalid(errors);
}

/** True when `candidate` lies below `ancestorId` in the parent tree. */
function isDescendant(world: World, ancestorId: Uuid, candidate: Uuid): boolean {
  const seen = new Set<Uuid>();
  let current = world.store.goals.get(candidate);
  // Stryker disable next-line OptionalChaining: `candidate` is an existing goal and every goal's parent exists (GO8 detaches children; a restored state with a missing parent is refused, record-kinds.ts), so `current` is never undefined.
  while (current?.parentId && !seen.has(current.id)) {
    if (current.parentId === ancestorId) return true;
    seen.add(current.id);
    current = world.store.goals.get(current.parentId);
  }
  return false;
}

function applyInput(goal: Goal, input: GoalInput): Goal {
  return {
    ...goal,
    title: input.title ?? goal.title,
    description: input.description !== undefined ? input.description : goal.description,
    startDate: input.start_date !== undefined ? input.start_date : goal.startDate,
    endDate: input.end_date !== undefined ? input.end_date : goal.endDate,
    updateCadence: input.update_cadence ?? goal.updateCadence,
    ownerId: input.owner_id ?? goal.ownerId,
    parentId: input.parent_id !== undefined ? input.parent_id : goal.parentId,
    private: input.private ?? goal.private,
    archived: input.archived ?? goal.archived,
    contributorIds: input.contributor_ids ? [...new Set(input.contributor_ids)] : goal.contributorIds,
    teamIds: input.team_ids ? [...new Set(input.team_ids)] : goal.teamIds,
  };
}

/**
 * GO1: every field optional; owner defaults to the caller, title to "", flags to false, lists to []. A title
 * sent as "" is kept (GO1 blank-title): it is what an omitted title gives, so refusing it would not keep
 * untitled goals out of a world, only refuse one way to them.
 */
export function createGoal(world: World, actor: Person, input: GoalInput): Goal {
  const now = world.now();
  const blank: Goal = {
    // MK3: the id and seq are taken only once the input is valid, so a refused create changes nothing.
    // Stryker disable next-line StringLiteral: validateGoal compares this id only with existing goals' ids (GO2's ancestor check), which are uuids, never this text.
    id: '',
    title: '',
    description: null,
    startDate: null,
    endDate: null,
    updateCadence: 'weekly',
    ownerId: actor.id,
    parentId: null,
    private: false,
    archived: false,
    contributorIds: [],
    teamIds: [],
    createdAt: now,
    updatedAt: now,
    seq: 0,
  };
  validateGoal(world, actor, blank, input);
  const goal = applyInput({ ...blank, id: world.store.newId('goals'), seq: world.store.nextSeq() }, input);
  world.store.putGoal(goal);
  return goal;
}

/** GO9: the fields that decide who sees and owns a goal; compared as sets for the list. */
function guardedChanges(goal: Goal, input: GoalInput): string[] {
  const changed: string[] = [];
  if (input.private !== undefined && input.private !== goal.private) changed.push('private');
  if (input.owner_id !== undefined && input.owner_id !== goal.ownerId) changed.push('owner_id');
  if (input.contributor_ids !== undefined) {
    const wanted = new Set(input.contributor_ids);
    if (wanted.size !== goal.contributorIds.length || goal.contributorIds.some((id) => !wanted.has(id)))
      changed.push('contributor_ids');
  }
  return changed;
}

/**
 * GO9: anyone who sees a goal may change its other fields; only its owner, a contributor or an administrator
 * may change `private`, `owner_id` or `contributor_ids` (sending their current values is no change). LW8: the
 * simulation archives a goal through here, `at` its act's instant (life.ts' #archive).
 */
export function updateGoal(world: World, actor: Person, id: Uuid, input: GoalInput, at?: EpochSeconds): Goal {
  const current = visibleGoal(world, actor, id);
  // GO7: a caller who cannot see the parent sees `parent: null`; sending that back is no change.
  const hiddenParent = current.parentId !== null && !canSeeGoal(world.store.goals.get(current.parentId)!, actor);
  if (hiddenParent && input.parent_id === null) input = { ...input, parent_id: undefined };
  const guarded = canManageGoal(current, actor) ? [] : guardedChanges(current, input);
  if (guarded.length > 0) {
    throw DomainError.forbidden(
      `Only the goal's owner, a contributor or an administrator may change ${guarded.join(', ')} (GO9); leave ${guarded.length === 1 ? 'it' : 'them'} out to change the other fields.`,
      guarded.map((name) => ({
        in: 'body',
        name,
        message: `${name} may be changed only by the goal's owner, a contributor or an administrator (GO9).`,
      })),
    );
  }
  validateGoal(world, actor, current, input);
  const goal = { ...applyInput(current, input), updatedAt: at ?? world.now() };
  world.store.putGoal(goal);
  return goal;
}

/**
 * GO8: the goal's updates (with their comments and reactions) go too; children keep existing, detached.
 * GO9: only its owner, a contributor or an administrator may delete it.
 */
export function deleteGoal(world: World, actor: Person, id: Uuid): void {
  const goal = visibleGoal(world, actor, id);
  if (!canManageGoal(goal, actor)) {
    throw DomainError.forbidden(
      `Only the goal's owner, a contributor or an administrator may delete goal ${goal.id} (GO9); archive it with PATCH {"archived": true} to hide it from lists instead.`,
    );
  }
  const { store } = world;
  for (const update of [...store.updatesOfGoal(goal.id)]) {
    store.deleteResourceChildren('goal-update', update.id);
    store.deleteGoalUpdate(update);
  }
  for (const child of [...store.childGoals(goal.id)]) store.putGoal({ ...child, parentId: null });
  store.deleteGoal(goal);
}
