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

/**
 * 128 bits of the string `${seed}\0${key.join('\0')}` (cyrb128), left in word1…word4: the parts are hashed in turn
 * rather than joined, a string per id and random stream of a generated world being a third of the hash's time. The
 * state is held in locals while the characters are mixed (mixInto), written to the module's words once: read and
 * written through the module's variables at every character, a large world's million keys took 0.45 s.
 */
function hashKey(seed: number, key: ReadonlyArray<string | number>): void {
  h1 = 1779033703;
  h2 = 3144134277;
  h3 = 1013904242;
  h4 = 2773480762;
  mixInto(seedText(seed), false);
  // The seed's separator leads the first part's characters; with no part, it is mixed alone.
  if (key.length === 0) mixInto('', true);
  for (let j = 0; j < key.length; j++) mixInto(partText(key[j]!), true);
  finishHash();
}

const partText = (part: string | number): string => (typeof part === 'string' ? part : String(part));

/** cyrb128's last steps, from the state mixed, into word1…word4. */
function finishHash(): void {
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

/**
 * `text`'s character codes into the hash being taken (cyrb128's step, a code at a time), after a 0 (the separator
 * before a part) when `separated`: the codes of the joined string, in its order.
 */
function mixInto(text: string, separated: boolean): void {
  let a = h1;
  let b = h2;
  let c = h3;
  let d = h4;
  for (let i = separated ? -1 : 0; i < text.length; i++) {
    const k = i < 0 ? 0 : text.charCodeAt(i);
    a = b ^ Math.imul(a ^ k, 597399067);
    b = c ^ Math.imul(b ^ k, 2869860233);
    c = d ^ Math.imul(c ^ k, 951274213);
    d = a ^ Math.imul(d ^ k, 2716044179);
  }
  h1 = a;
  h2 = b;
  h3 = c;
  h4 = d;
}

/** The seed as hashKey mixes it, the last one's string kept: every key of a world has the same seed. */
let lastSeed = NaN;
let lastSeedText = '';
function seedText(seed: number): string {
  if (seed !== lastSeed) {
    lastSeedText = String(seed);
    lastSeed = seed;
  }
  return lastSeedText;
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
  return uuidOfWords();
}

/** word1…word4 as a UUID v4. */
function uuidOfWords(): string {
  const a = word1;
  const b = word2;
  const c = word3;
  const d = word4;
  const version = ((b & 0xffff0fff) | 0x00004000) >>> 0;
  const variant = ((c & 0x3fffffff) | 0x80000000) >>> 0;
  return `${hex8(a)}-${hex4(version >>> 16)}-${hex4(version)}-${hex4(variant >>> 16)}-${hex4(variant)}${hex8(d)}`;
}

/**
 * The leading parts of keys that differ in their last, hashed once: `uuid(last)` is stableUuid(seed, ...parts, last).
 * A person's check-in ids (`check-in`, their id, a date) share all but their date: the large world's 340,000 mixed
 * their first 48 characters each time.
 * @example new KeyPrefix(42, ['check-in', personId]).uuid('2026-11-20') // stableUuid(42, 'check-in', personId, '2026-11-20')
 */
export class KeyPrefix {
  readonly #state: readonly [number, number, number, number];

  constructor(seed: number, parts: ReadonlyArray<string | number>) {
    h1 = 1779033703;
    h2 = 3144134277;
    h3 = 1013904242;
    h4 = 2773480762;
    mixInto(seedText(seed), false);
    for (let j = 0; j < parts.length; j++) mixInto(partText(parts[j]!), true);
    this.#state = [h1, h2, h3, h4];
  }

  uuid(last: string | number): string {
    const state = this.#state;
    h1 = state[0];
    h2 = state[1];
    h3 = state[2];
    h4 = state[3];
    mixInto(partText(last), true);
    finishHash();
    return uuidOfWords();
  }
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
