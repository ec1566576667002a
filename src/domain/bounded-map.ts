// A map bounded in entries and in bytes, oldest first out: what the caches of derived texts and lists (the
// answers' lists, the digests) keep, so that none of them grows with the requests a client sends.

/**
 * Entries with their cost in bytes, at most `capacity` of them and `capacityBytes` together; past either, the
 * oldest inserted go first. An entry over a quarter of the bytes is never kept (it would empty the map).
 * @example const lists = new BoundedMap<string>(256, 8 * 2 ** 20); lists.set(url, text, text.length * 2)
 */
export class BoundedMap<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;
  /**
   * Where the oldest entry is: a live iterator of the entries, kept from one eviction to the next. A Map's iteration
   * goes on over what was set after it began and skips what was deleted, and every entry before it was dropped, so
   * that it is the oldest's place; a fresh iteration at each eviction walked again over every entry deleted since the
   * Map last compacted itself, quadratic in a cache that keeps evicting (a filled goal-title cache cost more than it
   * saved, on the large world).
   */
  #oldest: Iterator<[string, { value: V; bytes: number }]> | undefined;

  constructor(
    readonly capacity: number,
    readonly capacityBytes: number,
  ) {}

  /** The bytes of the entries held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The value under `key`, where it stands in the order of insertion. */
  peek(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** The value under `key`, made the newest: a cache read again keeps what it reads. */
  use(key: string): V | undefined {
    const held = this.#entries.get(key);
    if (held === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, held);
    return held.value;
  }

  /** Drops the entry under `key`, if any. */
  delete(key: string): void {
    const held = this.#entries.get(key);
    if (held === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= held.bytes;
  }

  /** Puts `value` as the newest, in place of any under `key`; false when it is over a quarter of the bytes. */
  set(key: string, value: V, bytes: number): boolean {
    const held = this.#entries.get(key);
    if (held !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= held.bytes;
    }
    if (bytes > this.capacityBytes / 4) return false;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    while (this.#entries.size > this.capacity || this.#bytes > this.capacityBytes) {
      let next = this.#oldest?.next();
      // Done once it passed the last entry (the map emptied): a new one from the start.
      if (next === undefined || next.done === true) next = (this.#oldest = this.#entries.entries()).next();
      if (next.done === true) break;
      const [oldest, { bytes: size }] = next.value;
      this.#entries.delete(oldest);
      this.#bytes -= size;
    }
    return true;
  }
}
