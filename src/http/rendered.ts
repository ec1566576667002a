// A record's JSON text as answers carry it, rendered once with a hash of it: a list answer is its records'
// texts joined, and its weak ETag (G12) a fold of their hashes, so neither is serialised nor hashed again per
// request. The hash is plain JavaScript (no node:crypto), the same wherever the mock runs.
import { textBytes } from '../domain/approx-bytes.js';
import { BoundedMap } from '../domain/bounded-map.js';

/**
 * One record's JSON text (or a list's), its hash and its weak ETag (G12), each taken when first asked for: a
 * write's answer carries no ETag.
 */
export class Rendered {
  #hash: number | undefined;
  #etag: string | undefined;

  constructor(
    readonly json: string,
    hash?: number,
  ) {
    this.#hash = hash;
  }

  get hash(): number {
    return (this.#hash ??= hashText(this.json));
  }

  get etag(): string {
    return (this.#etag ??= `W/"${this.hash.toString(36)}"`);
  }

  static of(value: unknown): Rendered {
    return new Rendered(JSON.stringify(value));
  }
}

/**
 * A 53-bit hash of a text (cyrb53): fast, well spread, not cryptographic — a weak validator needs no more.
 * @example hashText('{"id":"…"}') // 6431298114702817
 */
export function hashText(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  return finish(h1, h2);
}

/** A 53-bit hash of a sequence of hashes, order and count included: a list's ETag from its records'. */
export function hashList(items: readonly Rendered[]): number {
  let h1 = 0xdeadbeef ^ items.length;
  let h2 = 0x41c6ce57;
  for (const { hash } of items) {
    // Both halves of the 53-bit hash: its low 32 bits and its high 21.
    const low = hash >>> 0;
    const high = Math.floor(hash / 2 ** 32);
    h1 = Math.imul(h1 ^ low, 2654435761);
    h2 = Math.imul(h2 ^ high ^ low, 1597334677);
  }
  return finish(h1, h2);
}

function finish(h1: number, h2: number): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * Rendered records, each kept with what else its text was made from (a goal's latest update, its parent):
 * reused while those are the same objects — records are never changed in place, a change puts a new one —
 * and made again when any of them differ. Bounded by the bytes of text it holds (16 MiB by default, a few
 * thousand pages of records): the oldest entries go first, an eighth of it at a time. A bound in entries held 80 MB of the large
 * world's texts, and a busy server's churn through them grew its heap.
 */
export class RenderCache {
  readonly #entries = new Map<object, { deps: readonly unknown[]; rendered: Rendered }>();
  #bytes = 0;

  constructor(readonly capacity = 16 * 2 ** 20) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes of text held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The record's rendering for these dependencies, made with `present` when there is none yet. */
  get(record: object, deps: readonly unknown[], present: () => unknown): Rendered {
    const entry = this.#entries.get(record);
    if (entry && sameDeps(entry.deps, deps)) return entry.rendered;
    const rendered = Rendered.of(present());
    if (entry) {
      this.#bytes -= textBytes(entry.rendered.json);
      this.#entries.delete(record);
    }
    this.#bytes += textBytes(rendered.json);
    this.#entries.set(record, { deps, rendered });
    if (this.#bytes > this.capacity) this.#evict();
    return rendered;
  }

  /**
   * Drops the oldest entries until the texts held are down to an eighth below the capacity: a batch, not one
   * entry per insert. A Map keeps a deleted entry's slot until it is rebuilt, and each walk from its start steps
   * over those slots; a busy writer's cache, full, dropped one entry per write and paid 16–20 µs for each walk.
   */
  #evict(): void {
    const target = this.capacity - this.capacity / 8;
    for (const [oldest, { rendered }] of this.#entries) {
      if (this.#bytes <= target) return;
      this.#entries.delete(oldest);
      this.#bytes -= textBytes(rendered.json);
    }
  }
}

/**
 * Lists as answers send them: a JSON array of rendered records, with a hash folded from theirs. A list asked
 * again (the same key, say the request's URL) with the very same records gives the same text without joining
 * it again; any other record anywhere makes it anew. Bounded in entries and in bytes (its keys and texts,
 * 8 MiB by default): the oldest keys go first, and a list over a quarter of the bytes is never kept (a page
 * of 50 records of 65,536-character texts, G15, runs to 20 MiB).
 */
export class ListCache {
  readonly #entries: BoundedMap<{ items: readonly Rendered[]; rendered: Rendered }>;

  constructor(
    readonly capacity = 256,
    readonly capacityBytes = 8 * 2 ** 20,
  ) {
    this.#entries = new BoundedMap(capacity, capacityBytes);
  }

  /** The bytes of keys and texts held. */
  get bytes(): number {
    return this.#entries.bytes;
  }

  get(key: string, items: readonly Rendered[]): Rendered {
    // Read without making it the newest: the oldest keys go first, asked again or not (no write per read).
    const entry = this.#entries.peek(key);
    if (entry && sameDeps(entry.items, items)) return entry.rendered;
    const rendered = new Rendered(`[${items.map((item) => item.json).join(',')}]`, hashList(items));
    this.#entries.set(key, { items, rendered }, textBytes(key) + textBytes(rendered.json) + 8 * items.length);
    return rendered;
  }
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
