// The answers' JSON: each record presented (present.ts) and rendered once, then reused while what its text was
// made from stays the same (rendered.ts). Handlers answer with these; the response joins them (G12's ETag
// from their hashes). What a kind's text is made from besides its record is the registry's (record-kinds.ts'
// dependsOn), its shape the wire's (wire-kinds.ts): no kind is listed here.
import { KINDS, type RecordOf } from '../domain/record-kinds.js';
import type { EpochSeconds, Person, Team } from '../domain/records.js';
import type { World } from '../domain/world.js';
import type { Presenter } from './present.js';
import { ListCache, RenderCache, type Rendered } from './rendered.js';
import { WIRE_KINDS, type ShownKind } from './wire-kinds.js';

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

  /** PT2: a team's short form, as lists show it. */
  team(team: Team): Rendered {
    return this.#teamsShort.get(team, NO_DEPS, () => this.#present.team(team));
  }
}
