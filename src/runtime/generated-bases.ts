// The generated bases of one process, shared by every mock in it. A generated base is a function of its seed,
// size, generation instant and token key, and frozen once built (world-base.ts), so mocks made on the same four
// (a test suite's createMock per test, a page's mock made again) can hold one base and generate it once: a
// small world takes tens of milliseconds of CPU to generate, and a suite makes hundreds. Kept by bytes, not by
// count: the most recently used bases up to a total, by the estimate the memory budget uses for them.
import type { WorldBase, WorldSize } from '../domain/world-base.js';

/** What names a generated base: the same four always generate the same records. */
export interface GeneratedBaseKey {
  seed: number;
  size: WorldSize;
  generatedAt: number;
  /** The control token the people's tokens are keyed by, if any (fixtures/tokens.ts). */
  tokenKey: string | undefined;
}

/**
 * What the process keeps of generated bases that no mock may hold any more: two small worlds by the budget's
 * estimate (4 MiB each); a large world (224 MiB) is never kept beyond the mocks that hold it.
 */
const GENERATED_BASES_BYTES = 8 * 2 ** 20;

/**
 * @example
 * const bases = new GeneratedBases(8 * 2 ** 20);
 * const base = bases.get({ seed: 42, size: 'small', generatedAt, tokenKey: undefined }, 4 * 2 ** 20, generate);
 */
export class GeneratedBases {
  /** Least recently used first: a Map keeps insertion order, and a base used again is put back at the end. */
  readonly #kept = new Map<string, { base: WorldBase; bytes: number }>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** The bytes kept now, by the estimates given. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The base of `key`: the one kept, or `generate()`'s, kept when its estimated `bytes` fit (the least recently
   * used bases let go to make room).
   */
  get(key: GeneratedBaseKey, bytes: number, generate: () => WorldBase): WorldBase {
    return this.kept(key) ?? this.keep(key, generate(), bytes);
  }

  /** The base of `key` if it is kept (then the most recently used), else undefined. */
  kept(key: GeneratedBaseKey): WorldBase | undefined {
    const name = nameOf(key);
    const kept = this.#kept.get(name);
    if (!kept) return undefined;
    this.#kept.delete(name);
    this.#kept.set(name, kept);
    return kept.base;
  }

  /**
   * Keeps `base`, generated for `key` (a reset generates one over turns of the event loop, then keeps it here),
   * when its estimated `bytes` fit; returns the base kept for `key`: one another mock kept meanwhile, if any.
   */
  keep(key: GeneratedBaseKey, base: WorldBase, bytes: number): WorldBase {
    const kept = this.kept(key);
    if (kept) return kept;
    if (bytes > this.#maxBytes) return base;
    for (const [oldest, entry] of this.#kept) {
      if (this.#bytes + bytes <= this.#maxBytes) break;
      this.#kept.delete(oldest);
      this.#bytes -= entry.bytes;
    }
    this.#kept.set(nameOf(key), { base, bytes });
    this.#bytes += bytes;
    return base;
  }
}

/** JSON of the four, so that no token key, whatever its characters, can be read as another key. */
function nameOf(key: GeneratedBaseKey): string {
  return JSON.stringify([key.seed, key.size, key.generatedAt, key.tokenKey ?? null]);
}

/** The process's one cache, which every mock's worlds ask (worlds.ts). */
export const generatedBases = new GeneratedBases(GENERATED_BASES_BYTES);
