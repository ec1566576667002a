// DG1–DG3: a person's digest — which publications land for whom, each entry's own stable id, newest first, the
// category and since filters, pages. Computed from the store's indexes per request, so it is always what the
// world holds (DG3: a deleted record's entry goes, an edited one shows its new text in its old place) and
// costs what the person's teams hold, not the world's size.
import { dayNumber } from './calendar.js';
import type { DigestCache } from './digest-cache.js';
import { stableUuid } from './entropy.js';
import { canSeeGoal } from './goal-visibility.js';
import { paginate, type Page } from './pagination.js';
import {
  mentionsPerson,
  PUBLICATION_CATEGORIES,
  publicationOf,
  type Publication,
  type PublicationCategory,
} from './publications.js';
import type { CheckIn, Comment, EpochSeconds, GoalUpdate, Person, Uuid } from './records.js';
import type { Store } from './store.js';
import type { World } from './world.js';
import type { ApiFilters } from '../types/wire.js';

/** DG1's filters: the query of GET /digest without G4's page. */
export type DigestFilters = ApiFilters<'listDigest'>;

/** One entry of a person's digest: its own id (DG1) and the publication that landed (DG2). */
export interface DigestEntry {
  readonly id: Uuid;
  readonly publication: Publication;
}

const DAY = 86_400;

/** The people who share a team with `person`, not `person` (DG2). */
function teammatesOf(store: Store, person: Person): Set<Uuid> {
  const teammates = new Set<Uuid>();
  for (const teamId of person.teamIds)
    for (const member of store.membersByTeam.get(teamId) ?? []) teammates.add(member.id);
  teammates.delete(person.id);
  return teammates;
}

/** Who reads one digest: the person, their teammates, and the store the records are read from. */
interface Reader {
  readonly store: Store;
  readonly person: Person;
  readonly teammates: ReadonlySet<Uuid>;
}

/** GO7: a goal update the reader cannot see (its goal private to others) does not exist for them. */
function seesUpdate({ store, person }: Reader, update: GoalUpdate): boolean {
  const goal = store.goals.get(update.goalId);
  return goal !== undefined && canSeeGoal(goal, person);
}

/** The record a comment sits on, if the reader may see it (GO7). */
function threadOf(reader: Reader, comment: Comment): CheckIn | GoalUpdate | undefined {
  const { store } = reader;
  if (comment.resourceType === 'check-in') return store.checkIns.get(comment.resourceId);
  const update = store.goalUpdates.get(comment.resourceId);
  return update && seesUpdate(reader, update) ? update : undefined;
}

/** DG2: whether the thread of a comment (its record, or any comment on it) @mentions the reader. */
function threadMentions(reader: Reader, comment: Comment, on: CheckIn | GoalUpdate): boolean {
  const { store, person } = reader;
  const record =
    comment.resourceType === 'check-in'
      ? publicationOf('check-in', on as CheckIn)
      : publicationOf('goal-update', on as GoalUpdate);
  if (record && mentionsPerson(record, person)) return true;
  return store
    .commentsOf(comment.resourceType, comment.resourceId)
    .some((other) => mentionsPerson({ category: 'comment', record: other, publishedAt: other.createdAt }, person));
}

/**
 * DG2: whether one publication lands in the reader's digest. Never a record the reader cannot see (GO7); every
 * Echo answer; anything that @mentions them; their teammates' completed check-ins and posted updates; comments
 * on their own check-ins and updates, and their own comments in a thread that mentions them.
 */
function landsFor(reader: Reader, publication: Publication): boolean {
  const { person, teammates } = reader;
  switch (publication.category) {
    case 'echo-answer':
      return true;
    case 'goal-update':
      if (!seesUpdate(reader, publication.record)) return false;
      return teammates.has(publication.record.personId) || mentionsPerson(publication, person);
    case 'check-in':
      return teammates.has(publication.record.personId) || mentionsPerson(publication, person);
    case 'comment': {
      const comment = publication.record;
      const on = threadOf(reader, comment);
      if (!on) return false;
      if (on.personId === person.id || mentionsPerson(publication, person)) return true;
      return comment.personId === person.id && threadMentions(reader, comment, on);
    }
  }
}

/**
 * The records of a category that can land in the reader's digest, each once (maybe a few that do not: landsFor
 * decides). A base's check-ins and updates are found by their authors (teammates) and by the goals the reader
 * belongs to: a generated world's texts mention only the author's own team and, in a goal's updates, its
 * contributors (fixtures/voices.ts; test/digest.test.ts holds the digest of every person of the small world
 * equal to a walk of all records); an imported base's mentions are in its index (WorldBase.mentioned). What the
 * world changed over its base is read whole.
 */
function* candidates(reader: Reader, world: World, category: PublicationCategory): Iterable<Publication> {
  const { store, person, teammates } = reader;
  const seen = new Set<Uuid>();
  const once = function* <C extends PublicationCategory>(
    kind: C,
    records: Iterable<Parameters<typeof publicationOf<C>>[1]>,
  ): Iterable<Publication> {
    for (const record of records) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      const publication = publicationOf(kind, record);
      if (publication) yield publication;
    }
  };
  switch (category) {
    case 'echo-answer':
      yield* once('echo-answer', store.echoAnswers.values());
      return;
    case 'comment':
      // Comments are few (the large world holds 8,000): every one is asked.
      yield* once('comment', store.comments.values());
      return;
    case 'check-in':
      for (const id of teammates) {
        for (const date of store.checkInDatesOf(id)) yield* once('check-in', [store.checkInOf(id, date)!]);
      }
      yield* once('check-in', mentionedIn(world, person, store.checkIns));
      yield* once('check-in', ownRecords(store.checkIns.changes()));
      return;
    case 'goal-update': {
      for (const id of teammates) yield* once('goal-update', store.updatesByPerson(id));
      const goals = [...store.goalsOfPerson(person.id), ...person.teamIds.flatMap((t) => store.goalsOfTeam(t))];
      for (const goal of goals) yield* once('goal-update', store.updatesOfGoal(goal.id));
      yield* once('goal-update', mentionedIn(world, person, store.goalUpdates));
      yield* once('goal-update', ownRecords(store.goalUpdates.changes()));
      return;
    }
  }
}

/**
 * The records of a table that the base's index says mention the reader (an imported base's, DG2), as the world
 * holds them now: a record the world deleted is gone, one it edited is read as edited.
 */
function* mentionedIn<T>(world: World, person: Person, table: { get(id: Uuid): T | undefined }): Iterable<T> {
  for (const id of world.base.mentioned?.get(person.username) ?? []) {
    const record = table.get(id);
    if (record !== undefined) yield record;
  }
}

/** The records a layer created or replaced (its deletions are gone from every list already). */
function* ownRecords<T>(changes: Iterable<{ record: T | null }>): Iterable<T> {
  for (const { record } of changes) if (record !== null) yield record;
}

/**
 * DG1: an entry's own id, a function of the seed, its record and its person: the same entry keeps its id across
 * requests, restarts and edits (DG3), and two people's entries of one record differ.
 * @example digestEntryId(42, comment.id, person.id) // a UUID v4
 */
function digestEntryId(seed: number, recordId: Uuid, personId: Uuid): Uuid {
  return stableUuid(seed, 'digest-entry', recordId, personId);
}

/** DG1: newest first (`published_at` descending), then the entry's id. */
function newestFirst(a: DigestEntry, b: DigestEntry): number {
  return b.publication.publishedAt - a.publication.publishedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * DG1, DG2: the whole digest of `person`, or of one category, from `since` (UTC epoch seconds) on, in order.
 * @example digestOf(world, person, { category: 'comment' })[0]?.publication.record.body
 */
export function digestOf(
  world: World,
  person: Person,
  filters: { category?: PublicationCategory; since?: EpochSeconds } = {},
): DigestEntry[] {
  const { store } = world;
  const reader: Reader = { store, person, teammates: teammatesOf(store, person) };
  const since = filters.since ?? -Infinity;
  const entries: DigestEntry[] = [];
  for (const category of filters.category ? [filters.category] : PUBLICATION_CATEGORIES) {
    for (const publication of candidates(reader, world, category)) {
      if (publication.publishedAt < since || !landsFor(reader, publication)) continue;
      entries.push({ id: digestEntryId(world.seed, publication.record.id, person.id), publication });
    }
  }
  return entries.sort(newestFirst);
}

/**
 * DG1: a page of the caller's digest, filtered by `category` and `since` (the start of that UTC day); the whole
 * digest of the category kept in `cache` while the world takes no write.
 */
export function listDigest(
  world: World,
  actor: Person,
  filters: DigestFilters,
  page: Page,
  cache?: DigestCache<DigestEntry>,
): DigestEntry[] {
  const { category } = filters;
  const make = () => digestOf(world, actor, { category });
  const entries = cache ? cache.get(world.store, `${actor.id}:${category ?? 'all'}`, make) : make();
  const since = filters.since === undefined ? -Infinity : dayNumber(filters.since) * DAY;
  return paginate(
    takeWhile(entries, (entry) => entry.publication.publishedAt >= since),
    page,
  );
}

/** The items of an ordered list up to the first that fails `keep`. */
function* takeWhile<T>(items: readonly T[], keep: (item: T) => boolean): Iterable<T> {
  for (const item of items) {
    if (!keep(item)) return;
    yield item;
  }
}
