// AC1, AC2: activities — filters, newest first, records posted through the API (kind `api`), and those the team's
// tools collect as the clock moves (LW6, LW8).
import { DomainError } from './domain-error.js';
import { paginate, type Page } from './pagination.js';
import { parseInstant } from './calendar.js';
import type { Activity, ActivityDraft, EpochSeconds, Person, Uuid } from './records.js';
import type { World } from './world.js';
import type { ApiFilters, ApiSchema } from '../types/wire.js';

/** AC1's filters: the query of GET /activities without G4's page. */
export type ActivityFilters = ApiFilters<'listActivities'>;

/** AC2: a new activity, the wire's ActivityCreate (validated against it first). */
export type ActivityInput = ApiSchema<'ActivityCreate'>;

function* matchingActivities(world: World, filters: ActivityFilters): Iterable<Activity> {
  const since = filters.since ? parseInstant(filters.since) : -Infinity;
  const until = filters.until ? parseInstant(filters.until) : Infinity;
  if (since > until)
    throw DomainError.field(
      'query',
      'since',
      `must not be after until (AC1): since=${filters.since}, until=${filters.until}.`,
    );
  const kinds = filters.kinds ? new Set(filters.kinds) : null;
  const people = filters.people_ids ? new Set(filters.people_ids) : null;
  // AC1: team_ids[] selects the activities of those teams' members.
  const members = filters.team_ids
    ? // Stryker disable next-line ArrayDeclaration: an unknown team has no members; a made-up member is nobody's id either.
      new Set(filters.team_ids.flatMap((id) => (world.store.membersByTeam.get(id) ?? []).map((p) => p.id)))
    : null;
  for (const activity of world.store.activitiesInOrder()) {
    if (activity.recordedAt > until) continue;
    if (activity.recordedAt < since) break;
    if (kinds && !kinds.has(activity.kind)) continue;
    if (people && !people.has(activity.personId)) continue;
    if (members && !members.has(activity.personId)) continue;
    yield activity;
  }
}

/** AC1: since and until inclusive; newest first. */
export function listActivities(world: World, filters: ActivityFilters, page: Page): Activity[] {
  return paginate(matchingActivities(world, filters), page);
}

export function getActivity(world: World, id: Uuid): Activity {
  return DomainError.unlessFound(world.store.activities.get(id), 'activity', id);
}

/** AC2: kind `api`, person = caller, recorded_at = now; the title is the group's. */
export function createActivity(world: World, actor: Person, input: ActivityInput): Activity {
  const draft = { kind: 'api', group: input.group, title: input.group, description: input.description } as const;
  return recordActivity(
    world,
    actor,
    { ...draft, url: input.url ?? null },
    { id: world.store.newId('activities'), at: world.now() },
  );
}

/**
 * The store's one write of activities: `draft` as `actor`'s, with its id and instant. AC2's POST /activities comes
 * through it, and LW6, LW8's activities the team's tools collect as the clock passes them, with their stable ids.
 * @example recordActivity(world, person, { kind: 'jira', group: 'PLAT', … }, { id, at })
 */
export function recordActivity(
  world: World,
  actor: Person,
  draft: ActivityDraft,
  made: { id: Uuid; at: EpochSeconds },
): Activity {
  const activity: Activity = {
    id: made.id,
    kind: draft.kind,
    group: draft.group,
    title: draft.title,
    description: draft.description,
    url: draft.url,
    personId: actor.id,
    recordedAt: made.at,
    seq: world.store.nextSeq(),
  };
  world.store.putActivity(activity);
  return activity;
}
