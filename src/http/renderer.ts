// The answers' JSON: each record presented (present.ts) and rendered once, then reused while what its text was
// made from stays the same (rendered.ts). Handlers answer with these; the response joins them (G12's ETag
// from their hashes). What a kind's text is made from besides its record is the registry's (record-kinds.ts'
// dependsOn), its shape the wire's (wire-kinds.ts): no kind is listed here.
import type { ActionItem } from '../domain/action-items.js';
import { formatInstant } from '../domain/calendar.js';
import type { DigestEntry } from '../domain/digest.js';
import type { Publication, PublicationCategory } from '../domain/publications.js';
import { KINDS, type RecordOf } from '../domain/record-kinds.js';
import type { EpochSeconds, Person, Team } from '../domain/records.js';
import type { World } from '../domain/world.js';
import type { ApiSchema } from '../types/wire.js';
import type { Presenter } from './present.js';
import { ListCache, RenderCache, Rendered } from './rendered.js';
import { WIRE_KINDS, type ShownKind } from './wire-kinds.js';

/** DG1: the record kind of each digest category. */
const DIGEST_KINDS = {
  comment: 'comments',
  'check-in': 'checkIns',
  'goal-update': 'goalUpdates',
  'echo-answer': 'echoAnswers',
} as const satisfies Record<PublicationCategory, ShownKind>;

/** What most texts are made from besides their record: nothing (names of people and teams never change). */
const NO_DEPS: readonly unknown[] = Object.freeze([]);

/**
 * One per mock, over its presenter. A record is never changed in place, so a text is reused while the
 * record and what else its kind reads are the same.
 * @example ok(render.record('goals', world, goal, actor))
 */
export class Renderer {
  readonly #present: Presenter;
  readonly #cache: RenderCache;
  /** PT2: a team's short form in lists is another text of the same record than its detail. */
  readonly #teamsShort = new RenderCache(256 * 1024);
  readonly #lists = new ListCache();

  constructor(present: Presenter, capacity?: number) {
    this.#present = present;
    this.#cache = new RenderCache(capacity);
  }

  /** The bytes of text the caches hold (a server's memory budget counts them). */
  get bytes(): number {
    return this.#cache.bytes + this.#teamsShort.bytes + this.#lists.bytes;
  }

  /** A list of rendered records as one JSON array, reused while `key` lists the very same records. */
  list(key: string, items: readonly Rendered[]): Rendered {
    return this.#lists.get(key, items);
  }

  /**
   * A record of `kind` in its wire form as `viewer` sees it (GO7); `now` (EC2) when a list of echo questions
   * shows them all at one instant, else the world's clock when the kind reads it.
   */
  record<K extends ShownKind>(
    kind: K,
    world: World,
    record: RecordOf<K>,
    viewer: Person,
    now?: EpochSeconds,
  ): Rendered {
    const spec = KINDS[kind];
    const at = spec.readsClock ? (now ?? world.now()) : 0;
    const deps = spec.dependsOn ? spec.dependsOn(world.store, record, viewer, at) : NO_DEPS;
    return this.#cache.get(record, deps, () => WIRE_KINDS[kind].present(this.#present, world, record, viewer, at));
  }

  /**
   * DG1: a digest entry, `{id, category, published_at, read_at, resource}`, its resource the record's own cached
   * text (as its GET gives it to `viewer`): only the envelope is written per request.
   */
  digestEntry(world: World, entry: DigestEntry, viewer: Person): Rendered {
    const { category, publishedAt } = entry.publication;
    const resource = this.published(world, entry.publication, viewer);
    const envelope: Omit<ApiSchema<'DigestEntry'>, 'resource'> = {
      id: entry.id,
      category,
      published_at: formatInstant(publishedAt),
      read_at: null,
    };
    return new Rendered(`${JSON.stringify(envelope).slice(0, -1)},"resource":${resource.json}}`);
  }

  /** DG1, WH3: a published record (a digest entry's resource, a webhook's data) as its GET gives it to `viewer`. */
  published(world: World, { category, record }: Publication, viewer: Person): Rendered {
    return this.record(DIGEST_KINDS[category], world, record, viewer);
  }

  /** AI1: an action item, made per request (it follows the clock and is a few fields). */
  actionItem(world: World, item: ActionItem): Rendered {
    return Rendered.of(this.#present.actionItem(world, item));
  }

  /** PT2: a team's short form, as lists show it. */
  team(team: Team): Rendered {
    return this.#teamsShort.get(team, NO_DEPS, () => this.#present.team(team));
  }
}
