// MK7: the any-token mode for frontend work. A page that sends its own login flow's bearer token, or none, is
// answered as one chosen person of the world, read-write, instead of G9's 401; tokens the world knows keep
// their meaning, so the dashboard's tokens still switch person or try a read-only token.
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';

/**
 * Who answers for any token: `true` or `'default'` for the world's default person, else a username (with or
 * without `@`) or a person's id.
 */
export type AnyTokenOption = true | string;

/**
 * The person MK7's mode answers as in a world: their id found once per world (no request adds or renames
 * people), their record read afresh each time (an absence replaces it).
 */
export class AnyToken {
  readonly #who: string;
  readonly #found = new WeakMap<World, string | null>();

  constructor(option: AnyTokenOption) {
    this.#who = option === true ? 'default' : option.trim().replace(/^@/, '');
  }

  /** What the option names, as the banner and GET /__mock/world say it: `default`, a username or an id. */
  get who(): string {
    return this.#who;
  }

  /**
   * The chosen person in `world`, or null when the world has no such person (a reset to another seed).
   * @example new AnyToken(true).personIn(mock.world)?.username // 'agraham'
   */
  personIn(world: World): Person | null {
    let id = this.#found.get(world);
    // Stryker disable next-line ConditionalExpression: a cache; finding afresh each time finds the same id, as no request adds or renames people.
    if (id === undefined) {
      id = this.#find(world)?.id ?? null;
      this.#found.set(world, id);
    }
    // Stryker disable next-line ConditionalExpression: for the types only; the table has no record under null either.
    return id === null ? null : (world.store.people.get(id) ?? null);
  }

  #find(world: World): Person | null {
    const { people } = world.store;
    if (this.#who === 'default') return people.get(world.defaultPersonId) ?? null;
    const byId = people.get(this.#who);
    if (byId) return byId;
    const username = this.#who.toLowerCase();
    return world.store.peopleInOrder.find((person) => person.username.toLowerCase() === username) ?? null;
  }

  /** The set-up error when the first world has nobody by that name: said at start, not on the first request. */
  checkIn(world: World): void {
    if (this.personIn(world)) return;
    throw new Error(
      `MK7: the any-token person "${this.#who}" (--any-token-as, STANDIN_ANY_TOKEN) names nobody in the world of seed ${world.seed}; use a username or id of a person of that world (GET /__mock/tokens lists them once it runs), or leave it out for the default person`,
    );
  }
}
