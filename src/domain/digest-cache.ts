// The digests computed lately (DG1), kept while their world is unchanged: a poller asking every few seconds for
// the first comment of its digest (DG4) costs a lookup, not a walk of its teams' records. One per mock, bounded
// in bytes and entries; an entry is current while its store took no write since (Store.writes).
import { BoundedMap } from './bounded-map.js';
import type { Store } from './store.js';

/** An entry of a digest, as the cache counts it: its id's text, its publication and the list's slot. */
const ENTRY_BYTES = 160;
const KEY_BYTES = 200;

interface Cached<T> {
  readonly writes: number;
  readonly entries: readonly T[];
}

/**
 * @example const entries = cache.get(store, `${person.id}:comment`, () => walk())
 */
export class DigestCache<T> {
  /** By store serial and key, least recently used first. */
  readonly #entries: BoundedMap<Cached<T>>;

  constructor(
    readonly capacityBytes = 8 * 2 ** 20,
    readonly capacity = 256,
  ) {
    this.#entries = new BoundedMap(capacity, capacityBytes);
  }

  /** The bytes of the digests held (a server's memory budget counts them). */
  get bytes(): number {
    return this.#entries.bytes;
  }

  /** The digest under `key` in `store`, made by `make` unless one made since the store's last write is held. */
  get(store: Store, key: string, make: () => readonly T[]): readonly T[] {
    const id = `${store.serial}:${key}`;
    const writes = store.writes;
    const held = this.#entries.use(id);
    if (held?.writes === writes) return held.entries;
    const entries = make();
    this.#entries.set(id, { writes, entries }, KEY_BYTES + ENTRY_BYTES * entries.length);
    return entries;
  }
}
