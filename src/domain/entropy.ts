// Deterministic ids and random streams derived from the world seed and an entity key (MK3).
// Every generated value is a function of (seed, key) alone, so the order in which entities are made or
// requested never changes them. Fast non-cryptographic hashing: ids only need to be unique and stable.
import { inSlices, type Sliced } from './slices.js';

// The state of the hash being taken, then its words, read at once by its caller (JavaScript is single-threaded): an
// array per hash was garbage for every id and random stream of a generated world.
let h1 = 0;
let h2 = 0;
let h3 = 0;
let h4 = 0;
let word1 = 0;
let word2 = 0;
let word3 = 0;
let word4 = 0;

/** One character code into the hash being taken (cyrb128's step). */
function mixCode(k: number): void {
  h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
  h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
  h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
  h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
}

function mix(text: string): void {
  for (let i = 0; i < text.length; i++) mixCode(text.charCodeAt(i));
}

/**
 * 128 bits of the string `${seed}\0${key.join('\0')}` (cyrb128), left in word1…word4: the parts are hashed in turn
 * rather than joined, a string per id and random stream of a generated world being a third of the hash's time.
 */
function hashKey(seed: number, key: ReadonlyArray<string | number>): void {
  h1 = 1779033703;
  h2 = 3144134277;
  h3 = 1013904242;
  h4 = 2773480762;
  mix(String(seed));
  mixCode(0);
  for (let j = 0; j < key.length; j++) {
    if (j > 0) mixCode(0);
    const part = key[j]!;
    mix(typeof part === 'string' ? part : String(part));
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  word1 = h1 >>> 0;
  word2 = h2 >>> 0;
  word3 = h3 >>> 0;
  word4 = h4 >>> 0;
}

// Byte → two hex digits, once: formatting ids is on the hot path of generating 300,000 check-ins (a table
// is 8× faster here than toString(16) and padStart).
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** The low byte of `word` as two hex digits; every byte has its entry. */
const hexByte = (word: number): string => HEX[word & 255]!;

function hex8(word: number): string {
  return hexByte(word >>> 24) + hexByte(word >>> 16) + hexByte(word >>> 8) + hexByte(word);
}

function hex4(word: number): string {
  return hexByte(word >>> 8) + hexByte(word);
}

/**
 * A lowercase UUID v4 (G2) that is a pure function of the seed and the key.
 * @example stableUuid(42, 'goal', 7) // the same string on every run
 */
export function stableUuid(seed: number, ...key: Array<string | number>): string {
  hashKey(seed, key);
  const a = word1;
  const b = word2;
  const c = word3;
  const d = word4;
  const version = ((b & 0xffff0fff) | 0x00004000) >>> 0;
  const variant = ((c & 0x3fffffff) | 0x80000000) >>> 0;
  return `${hex8(a)}-${hex4(version >>> 16)}-${hex4(version)}-${hex4(variant >>> 16)}-${hex4(variant)}${hex8(d)}`;
}

/** A 32-bit seed for a random stream of one entity. */
export function streamSeed(seed: number, ...key: Array<string | number>): number {
  hashKey(seed, key);
  return word1;
}

/** mulberry32: a tiny, fast PRNG; seeding it costs nothing, which matters for 300,000 entities. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random stream for one entity: `random()` in [0, 1), plus small helpers. */
export class EntityRandom {
  readonly #next: () => number;

  constructor(seed: number, ...key: Array<string | number>) {
    this.#next = mulberry32(streamSeed(seed, ...key));
  }

  random(): number {
    return this.#next();
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.#next() < probability;
  }

  /** One of `items`, which must not be empty. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick needs at least one item to choose from');
    return items[Math.floor(this.#next() * items.length)]!;
  }

  /** `count` distinct items (all of them when there are fewer), in the order of `items`. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = this.#chosen(items.length, count);
    return items.filter((_, i) => chosen.has(i));
  }

  /**
   * The items `sample` gives, a slice at a time (slices.ts): for a list of hundreds of thousands (the large
   * world's check-ins that comments go to), whose walk alone takes tens of milliseconds.
   * @example const picked = yield* random.sampleInSlices(checkIns, 4000)
   */
  *sampleInSlices<T>(items: readonly T[], count: number): Sliced<T[]> {
    const chosen = this.#chosen(items.length, count);
    const kept: T[] = [];
    let index = 0;
    yield* inSlices(items, (item) => {
      if (chosen.has(index++)) kept.push(item);
    });
    return kept;
  }

  /** The indices of `count` distinct items of `length` (all of them when there are fewer). */
  #chosen(length: number, count: number): Set<number> {
    const chosen = new Set<number>();
    const n = Math.min(count, length);
    while (chosen.size < n) chosen.add(Math.floor(this.#next() * length));
    return chosen;
  }
}
