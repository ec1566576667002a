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
    for (const [oldest, { bytes: size }] of this.#entries) {
      if (this.#entries.size <= this.capacity && this.#bytes <= this.capacityBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= size;
    }
    return true;
  }
}
