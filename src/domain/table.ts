// A table of records keyed by id, with its indexes, as a base or as a copy-on-write layer over a frozen base
// (MK5): a session or the shared world reads the base's records through its own layer, which holds only
// what it created, replaced or deleted. Records are never changed in place; a change puts a new record.
import { approxBytes } from './approx-bytes.js';
import { drain, SLICE_RECORDS, type Sliced } from './slices.js';
import { SortedList } from './sorted-list.js';

/** A deleted base record, in a layer: shadows the base's version. */
const GONE: unique symbol = Symbol('gone');

/** A list index files a record under every key `keys` gives, ordered by `compare` when given. */
interface ListIndexSpec<T> {
  keys(record: T): Iterable<string>;
  compare?: (a: T, b: T) => number;
}

/**
 * A pair index files each record under one (outer, inner) pair, unique (check-ins by person, then date):
 * nested maps, so 300,000 records cost no composite key strings.
 */
interface PairIndexSpec<T> {
  pair(record: T): readonly [string, string];
}

export type IndexSpec<T> = ListIndexSpec<T> | PairIndexSpec<T>;

function isPair<T>(spec: IndexSpec<T>): spec is PairIndexSpec<T> {
  return 'pair' in spec;
}

/** One change of a layer: the record now in force, or null when it was deleted. */
export interface Change<T> {
  id: string;
  record: T | null;
}

const EMPTY: readonly never[] = Object.freeze([]);

/** What filing one record costs besides the record: its map entry, and an entry in each index. */
const ENTRY_BYTES = 144;
const INDEX_ENTRY_BYTES = 40;

/**
 * @example
 * const goals = new Table<Goal>({ team: { keys: (g) => g.teamIds } });
 * goals.put(goal); goals.freeze();
 * const session = goals.layer(); // reads the base, writes only to itself
 */
export class Table<T extends { readonly id: string }> {
  readonly #base: Table<T> | null;
  readonly #specs: Readonly<Record<string, IndexSpec<T>>>;
  /** The base's records (no base), or this layer's own changes. */
  readonly #own = new Map<string, T | typeof GONE>();
  /** Per list index, key → this layer's own records under it. */
  readonly #indexes = new Map<string, Map<string, SortedList<T>>>();
  /** Per pair index, outer → inner → this layer's own record. */
  readonly #pairs = new Map<string, Map<string, Map<string, T>>>();
  /**
   * The same indexes with their specs, as arrays: every put and delete walks them (a week's catch-up of the large
   * world puts some 50,000 check-ins), and a Map's entries would be iterated and destructured each time.
   */
  readonly #pairList: Array<{ spec: PairIndexSpec<T>; index: Map<string, Map<string, T>> }> = [];
  readonly #listList: Array<{ spec: ListIndexSpec<T>; index: Map<string, SortedList<T>> }> = [];
  #frozen = false;
  #size = 0;
  /** A layer's own records and their entries, estimated in bytes (MK5: what it costs over its base). */
  #ownBytes = 0;
  /** Once a snapshot holds this layer's records, one replaced or deleted here stays in memory: still counted. */
  #retainReplaced = false;
  readonly #entryBytes: number;
  /** Puts and deletes so far: a derived view (the digest's cache) is current while this stays the same. */
  #writes = 0;
  /**
   * Called after every put and delete (the state file's change log, MK5 costs) with the record in force before
   * it, or undefined for a new one: what changed (a check-in just completed, WH2) is told apart from an edit.
   */
  onChange: ((id: string, previous: T | undefined) => void) | null = null;

  constructor(specs: Readonly<Record<string, IndexSpec<T>>>, base: Table<T> | null = null) {
    if (base && !base.#frozen) throw new Error('standin: a table layer needs a frozen base');
    this.#specs = specs;
    this.#base = base;
    this.#size = base ? base.#size : 0;
    for (const [name, spec] of Object.entries(specs)) {
      if (isPair(spec)) {
        const index = new Map<string, Map<string, T>>();
        this.#pairs.set(name, index);
        this.#pairList.push({ spec, index });
      } else {
        const index = new Map<string, SortedList<T>>();
        this.#indexes.set(name, index);
        this.#listList.push({ spec, index });
      }
    }
    this.#entryBytes = ENTRY_BYTES + INDEX_ENTRY_BYTES * Object.keys(specs).length;
  }

  /** A copy-on-write layer over this (frozen) table. */
  layer(): Table<T> {
    return new Table(this.#specs, this);
  }

  /** Ends the base's loading: sorts its indexes once and refuses writes from now on. */
  freeze(): this {
    return drain(this.freezing());
  }

  /**
   * `freeze`, pausing between lists once SLICE_RECORDS records were sorted since the last pause, and within a
   * list longer than that (slices.ts).
   */
  *freezing(): Sliced<this> {
    if (this.#base) throw new Error('standin: only a base table is frozen, never a layer');
    let sorted = 0;
    for (const [name, index] of this.#indexes) {
      const compare = (this.#specs[name] as ListIndexSpec<T>).compare;
      if (!compare) continue;
      for (const list of index.values()) {
        // The large world's check-ins by date are one list of 340,000: a quarter of a second sorted at once.
        if (list.length > SLICE_RECORDS) yield* list.sorting(compare);
        else list.sort(compare);
        sorted += list.length;
        if (sorted >= SLICE_RECORDS) {
          sorted = 0;
          yield;
        }
      }
    }
    this.#frozen = true;
    return this;
  }

  get size(): number {
    return this.#size;
  }

  /** How many puts and deletes this table took: what was derived from it is current while this is unchanged. */
  get writes(): number {
    return this.#writes;
  }

  get(id: string): T | undefined {
    const own = this.#own.get(id);
    if (own !== undefined) return own === GONE ? undefined : own;
    return this.#base?.get(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Inserts a record, or replaces the one with its id. */
  put(record: T): void {
    this.#writable();
    const before = this.#own.get(record.id);
    this.#write(record, before, before === undefined ? this.#base?.get(record.id) : undefined);
  }

  /**
   * Inserts a record unless one with its id is in force; whether it did. `has` then `put` looked the id up in the
   * base twice: CI1's new days ask it of every person's check-in (some 25,000 in a week of the large world).
   */
  add(record: T): boolean {
    this.#writable();
    const before = this.#own.get(record.id);
    if (before !== undefined && before !== GONE) return false;
    const inBase = before === undefined ? this.#base?.get(record.id) : undefined;
    if (inBase !== undefined) return false;
    this.#write(record, before, undefined);
    return true;
  }

  /** put's work, `before` this layer's own entry for the id and `inBase` the base's record when it has none. */
  #write(record: T, before: T | typeof GONE | undefined, inBase: T | undefined): void {
    if (before !== undefined && before !== GONE) {
      this.#unindex(before);
      this.#forget(before);
    } else if (inBase === undefined || before === GONE) this.#size++;
    // A base is counted as a whole by whoever made it; a layer counts what it holds (MK5).
    if (this.#base) this.#ownBytes += approxBytes(record) + (before === undefined ? this.#entryBytes : 0);
    this.#own.set(record.id, record);
    this.#index(record);
    this.#writes++;
    if (this.onChange) this.onChange(record.id, before === undefined ? inBase : before === GONE ? undefined : before);
  }

  delete(id: string): boolean {
    this.#writable();
    const before = this.#own.get(id);
    if (before === GONE) return false;
    if (before !== undefined) {
      this.#unindex(before);
      this.#forget(before);
    } else if (!this.#baseHas(id)) return false;
    if (this.#baseHas(id)) {
      if (before === undefined) this.#ownBytes += this.#entryBytes;
      this.#own.set(id, GONE);
    } else {
      this.#own.delete(id);
      if (!this.#retainReplaced) this.#ownBytes -= this.#entryBytes;
    }
    this.#size--;
    this.#writes++;
    if (this.onChange) this.onChange(id, before ?? this.#base?.get(id));
    return true;
  }

  /**
   * Every record: the base's in its order, each replaced by this layer's version or left out when deleted
   * here (a record keeps its place when it changes), then the records new in this layer, in creation order.
   */
  *values(): IterableIterator<T> {
    const base = this.#base;
    if (!base) {
      for (const record of this.#own.values()) yield record as T;
      return;
    }
    for (const record of base.values()) {
      const own = this.#own.get(record.id);
      if (own === undefined) yield record;
      else if (own !== GONE) yield own;
    }
    for (const record of this.#own.values()) if (record !== GONE && !base.#own.has(record.id)) yield record;
  }

  *keys(): IterableIterator<string> {
    for (const record of this.values()) yield record.id;
  }

  /** This layer's own changes, in the order they were first made. */
  *changes(): IterableIterator<Change<T>> {
    if (!this.#base) return;
    for (const [id, record] of this.#own) yield { id, record: record === GONE ? null : record };
  }

  /** Whether this layer changed anything (a snapshot of it costs nothing then). */
  get changed(): boolean {
    return this.changeCount > 0;
  }

  /** This layer's own records and their entries, in estimated bytes (0 for a base). */
  get approxBytes(): number {
    return this.#ownBytes;
  }

  /**
   * From now on, a record replaced or deleted here is still counted: a snapshot holds it (MK5). Until the
   * layer is replaced (a reset, a restore), as snapshots of it may outlive their own deletion by a while.
   */
  retainReplaced(): void {
    this.#retainReplaced = true;
  }

  /** How many records this layer created, replaced or deleted. */
  get changeCount(): number {
    return this.#base === null ? 0 : this.#own.size;
  }

  /**
   * The records filed under `key` in index `name`, in the index's order: the base's not shadowed by this
   * layer, merged with this layer's own. Costs what the key holds, not the table's size.
   */
  find(name: string, key: string): readonly T[] {
    const own = this.#indexes.get(name)!.get(key)?.toArray() ?? EMPTY;
    const base = this.#base?.find(name, key) ?? EMPTY;
    // Three shortcuts that spare a copy: the general path below gives the same list in each case.
    // Stryker disable next-line ConditionalExpression: without base records, filtering and merging leave our own.
    if (base.length === 0) return own;
    // Stryker disable next-line ConditionalExpression: a layer holding nothing hides nothing and adds nothing.
    if (this.#own.size === 0) return base;
    const visible = base.filter((record) => !this.#own.has(record.id));
    // Stryker disable next-line ConditionalExpression: merging with nothing gives the visible base records.
    if (own.length === 0) return visible;
    const compare = (this.#specs[name] as ListIndexSpec<T>).compare;
    return compare ? merge(visible, own, compare) : [...visible, ...own];
  }

  /** Like `find`, lazily: for long ordered lists read a page at a time (GO6, AC1). */
  *iterate(name: string, key: string): IterableIterator<T> {
    const own = this.#indexes.get(name)!.get(key) ?? new SortedList<T>();
    const base = this.#base?.find(name, key) ?? EMPTY;
    const compare = (this.#specs[name] as ListIndexSpec<T>).compare;
    let i = 0;
    let j = 0;
    while (i < base.length || j < own.length) {
      const fromBase = base[i];
      const fromOwn = own.at(j);
      if (fromBase !== undefined && this.#own.has(fromBase.id)) {
        i++;
        continue;
      }
      if (fromBase !== undefined && (fromOwn === undefined || !compare || compare(fromBase, fromOwn) <= 0)) {
        i++;
        yield fromBase;
      } else {
        // Either the base is done or its next comes later: the loop's condition leaves one of ours at j.
        j++;
        yield fromOwn!;
      }
    }
  }

  /** The first record under `key` in index `name`'s order, read without merging the rest. */
  first(name: string, key: string): T | undefined {
    const own = this.#indexes.get(name)!.get(key)?.at(0);
    if (!this.#base) return own;
    let base: T | undefined;
    for (const record of this.#base.find(name, key)) {
      if (this.#own.has(record.id)) continue;
      base = record;
      break;
    }
    if (base === undefined || own === undefined) return base ?? own;
    // As iterate: the base's first on a tie, or without an order.
    const compare = (this.#specs[name] as ListIndexSpec<T>).compare;
    return compare && compare(base, own) > 0 ? own : base;
  }

  /** The record under (outer, inner) of a pair index (a person's check-in of a date). */
  pair(name: string, outer: string, inner: string): T | undefined {
    const own = this.#pairs.get(name)!.get(outer)?.get(inner);
    if (own) return own;
    const base = this.#base?.pair(name, outer, inner);
    return base && !this.#own.has(base.id) ? base : undefined;
  }

  /**
   * `pair` for one `outer`, its maps looked up once: for a walk over a person's dates (LW3's last filled check-ins,
   * up to 28 dates a fill, 84,000 in a week of the large world). Read it before the table's next write.
   */
  pairsOf(name: string, outer: string): (inner: string) => T | undefined {
    const own = this.#pairs.get(name)!.get(outer);
    // A layer's base is a base table, which has no base of its own (only a base is frozen, and a layer needs one).
    const base = this.#base && this.#base.#pairs.get(name)!.get(outer);
    return (inner) => {
      const mine = own?.get(inner);
      if (mine) return mine;
      const theirs = base?.get(inner);
      return theirs && !this.#own.has(theirs.id) ? theirs : undefined;
    };
  }

  /** The inner keys under `outer` of a pair index (the dates of a person's check-ins), unordered. */
  pairKeys(name: string, outer: string): Set<string> {
    const keys = new Set<string>();
    // Stryker disable next-line ArrayDeclaration: a base has no base; a key made up here names no record and is not kept.
    for (const inner of this.#base?.pairKeys(name, outer) ?? []) if (this.pair(name, outer, inner)) keys.add(inner);
    for (const inner of this.#pairs.get(name)!.get(outer)?.keys() ?? []) keys.add(inner);
    return keys;
  }

  /** A record of this layer leaves it: its bytes go too, unless a snapshot still holds it. */
  #forget(record: T): void {
    if (this.#base && !this.#retainReplaced) this.#ownBytes -= approxBytes(record);
  }

  #baseHas(id: string): boolean {
    return this.#base?.get(id) !== undefined;
  }

  #writable(): void {
    if (this.#frozen) throw new Error('standin: a frozen base table was written to; write to a layer of it');
  }

  #index(record: T): void {
    for (const { spec, index } of this.#pairList) {
      const [outer, inner] = spec.pair(record);
      let byInner = index.get(outer);
      if (!byInner) index.set(outer, (byInner = new Map<string, T>()));
      byInner.set(inner, record);
    }
    for (const { spec, index } of this.#listList) {
      for (const key of spec.keys(record)) {
        let list = index.get(key);
        if (!list) index.set(key, (list = new SortedList<T>()));
        // A base is loaded in bulk, its lists sorted once at freeze time; a layer keeps its own in order.
        if (spec.compare && this.#base) list.insert(record, spec.compare);
        else list.push(record);
      }
    }
  }

  #unindex(record: T): void {
    for (const { spec, index } of this.#pairList) {
      const [outer, inner] = spec.pair(record);
      // Filed when it was put (records never change), unless a later record took the same pair.
      if (index.get(outer)!.get(inner) === record) index.get(outer)!.delete(inner);
    }
    for (const { spec, index } of this.#listList) {
      for (const key of spec.keys(record)) index.get(key)!.remove(record);
    }
  }
}

/** Two lists sorted by `compare`, merged. */
function merge<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  for (;;) {
    const x = a[i];
    const y = b[j];
    if (x === undefined) return out.concat(b.slice(j));
    if (y === undefined) return out.concat(a.slice(i));
    if (compare(x, y) <= 0) {
      out.push(x);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
}
