// Owns parsing a large JSON document as its bytes arrive without ever holding its text: the lists of records
// (every array whose ancestors are all objects: a state's changes.checkIns, deleted.goals, base.records.people)
// are parsed a batch of items at a time, and the rest — the frame, a few hundred bytes — once at the end, the
// lists put back in place. A 100 MiB state parsed whole was its bytes, a copy of them, its text (twice its bytes
// when one character is not ASCII) and the parsed value at once; so it is the parsed value and a batch.
//
// It gives the value JSON.parse gives the text, or gives up (null) when it cannot be sure it would: malformed
// JSON, nesting past the limit, a byte-order mark, a key twice in an object on the way to a list, `__proto__`
// there. The caller then parses the text as the request path does, for the same answer word for word (V8's
// own message of where the JSON breaks); those are small or rare bodies.
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from '../http/json-chars.js';

/** The bytes of a list's items parsed at once: JSON.parse's call costs little against this. */
const BATCH_BYTES = 256 * 1024;

/** Keeps a byte-order mark where it is: one before an item is an error JSON.parse must see (G8). */
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });
const ENCODER = new TextEncoder();

/** Bytes appended by ranges, grown by doubling; read back as text. */
class ByteRun {
  #bytes = new Uint8Array(1024);
  length = 0;

  append(chunk: Uint8Array, from: number, to: number): void {
    const needed = this.length + (to - from);
    if (needed > this.#bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.#bytes.length * 2));
      grown.set(this.#bytes.subarray(0, this.length));
      this.#bytes = grown;
    }
    this.#bytes.set(chunk.subarray(from, to), this.length);
    this.length = needed;
  }

  appendText(text: string): void {
    const bytes = ENCODER.encode(text);
    this.append(bytes, 0, bytes.length);
  }

  appendRun(run: ByteRun): void {
    this.append(run.#bytes, 0, run.length);
  }

  text(): string {
    return DECODER.decode(this.#bytes.subarray(0, this.length));
  }

  /** Whether it holds only JSON's whitespace. */
  blank(): boolean {
    for (let i = 0; i < this.length; i++) {
      const byte = this.#bytes[i];
      if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
    }
    return true;
  }

  clear(): void {
    this.length = 0;
    // A large item leaves a large buffer: given back rather than kept for the next batch.
    if (this.#bytes.length > 4 * BATCH_BYTES) this.#bytes = new Uint8Array(1024);
  }
}

/** An open object or list whose ancestors are all objects: the way to a list of records. */
interface Frame {
  kind: 'object' | 'array';
  /** The key it is under in its parent object (null for the document itself). */
  key: string | null;
  /** An object's keys so far (a key twice: give up); the key awaiting its value. */
  keys?: Set<string>;
  pending?: string | null;
  expectKey?: boolean;
  /** A list parsed a batch at a time: its items so far; `parsedAtComma`: the last batch ended at a comma. */
  list?: { items: unknown[]; parsedAtComma: boolean };
}

/**
 * @example
 * const json = new StreamedJson(64);
 * for (const chunk of chunks) if (!json.feed(chunk)) break;
 * const parsed = json.finish(); // { value } as JSON.parse would give it, or null: parse the text instead
 */
export class StreamedJson {
  readonly #maxDepth: number;
  /** The document without its lists, each a number in its place. */
  readonly #frame = new ByteRun();
  readonly #batch = new ByteRun();
  readonly #key = new ByteRun();
  readonly #stack: Frame[] = [];
  readonly #lists: Array<{ path: string[]; items: unknown[] }> = [];
  /** Containers open inside a list's items (not on the way to a list). */
  #inner = 0;
  #inString = false;
  /** Backslashes just before the end of the last chunk, inside a string. */
  #backslashes = 0;
  #capturingKey = false;
  #started = false;
  #failed = false;

  /** `maxDepth`: nesting deeper than this gives up, for the text's own check to answer (G8). */
  constructor(maxDepth: number) {
    this.#maxDepth = maxDepth;
  }

  /** Reads the next bytes; false once it has given up (the rest need not be fed). */
  feed(chunk: Uint8Array): boolean {
    if (this.#failed) return false;
    if (!this.#started && chunk.length > 0) {
      this.#started = true;
      // A byte-order mark: Request.text() drops it, JSON.parse does not see it; the text's path knows.
      if (chunk[0] === 0xef) return this.#giveUp();
    }
    let from = 0;
    let i = 0;
    while (i < chunk.length) {
      if (this.#inString) {
        const end = this.#stringEnd(chunk, i);
        if (end === -1) {
          i = chunk.length;
          break;
        }
        i = end + 1;
        this.#inString = false;
        if (this.#capturingKey) {
          this.#key.append(chunk, from, i);
          from = i;
          if (!this.#keyRead()) return false;
        }
        continue;
      }
      const byte = chunk[i]!;
      if (byte === QUOTE) {
        this.#inString = true;
        this.#backslashes = 0;
        const top = this.#stack.at(-1);
        if (this.#inner === 0 && top?.kind === 'object' && top.expectKey) {
          this.#flush(chunk, from, i);
          from = i;
          this.#capturingKey = true;
        }
        i++;
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (this.#stack.length + this.#inner >= this.#maxDepth) return this.#giveUp();
        const top = this.#stack.at(-1);
        if (this.#inner > 0 || top?.kind === 'array') this.#inner++;
        else {
          const key = top ? (top.pending ?? null) : null;
          if (top && key === null) return this.#giveUp(); // a value where a key belongs: malformed
          if (byte === OPEN_OBJECT) this.#stack.push({ kind: 'object', key, keys: new Set(), expectKey: true });
          else if (top) {
            // A list of records: the frame's text gets its number in its place.
            this.#flush(chunk, from, i);
            from = i + 1;
            const items: unknown[] = [];
            // Blanks around it: a token of its own, which no neighbour can make part of a number (`1[2]`, `[2].5`).
            this.#frame.appendText(` ${this.#lists.length} `);
            this.#lists.push({ path: [...this.#stack.slice(1).map((f) => f.key!), key!], items });
            this.#stack.push({ kind: 'array', key, list: { items, parsedAtComma: false } });
          } else this.#stack.push({ kind: 'array', key: null });
        }
        i++;
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        if (this.#inner > 0) this.#inner--;
        else {
          const top = this.#stack.at(-1);
          if (!top || (top.kind === 'object') !== (byte === CLOSE_OBJECT)) return this.#giveUp();
          if (top.list) {
            this.#flush(chunk, from, i);
            from = i + 1;
            if (!this.#parseBatch(top.list, true)) return false;
          }
          this.#stack.pop();
        }
        i++;
      } else if (byte === COMMA && this.#inner === 0) {
        const top = this.#stack.at(-1);
        if (top?.list) {
          this.#flush(chunk, from, i);
          from = i + 1;
          // Parsed at a comma between items once the batch is large enough; the comma kept in it otherwise.
          if (this.#batch.length < BATCH_BYTES) this.#batch.appendText(',');
          else if (!this.#parseBatch(top.list, false)) return false;
        } else if (top?.kind === 'object') {
          top.expectKey = true;
          top.pending = null;
        }
        i++;
      } else if (byte === COLON && this.#inner === 0 && this.#stack.at(-1)?.kind === 'object') {
        this.#stack.at(-1)!.expectKey = false;
        i++;
      } else i++;
    }
    this.#flush(chunk, from, i);
    return !this.#failed;
  }

  /**
   * The value JSON.parse gives the whole text, or null: give the text to JSON.parse (and its checks) instead.
   * @example const parsed = json.finish(); if (parsed) use(parsed.value)
   */
  finish(): { value: unknown } | null {
    if (this.#failed || this.#inString || this.#stack.length > 0 || this.#inner > 0 || !this.#started) return null;
    let value: unknown;
    try {
      value = JSON.parse(this.#frame.text());
    } catch {
      return null;
    }
    for (const { path, items } of this.#lists) {
      const key = path.at(-1)!;
      let holder = value as Record<string, unknown>;
      for (const step of path.slice(0, -1)) holder = holder[step] as Record<string, unknown>;
      holder[key] = items;
    }
    return { value };
  }

  /** Where the string that goes on in `chunk` from `at` ends (its closing quote), or -1 when it goes on. */
  #stringEnd(chunk: Uint8Array, at: number): number {
    let from = at;
    for (;;) {
      const quote = chunk.indexOf(QUOTE, from);
      if (quote === -1) {
        // The run of backslashes at the end carries over: it may escape the next chunk's first quote.
        let run = 0;
        while (run < chunk.length - from && chunk[chunk.length - 1 - run] === BACKSLASH) run++;
        this.#backslashes = from === 0 && run === chunk.length ? this.#backslashes + run : run;
        return -1;
      }
      let run = 0;
      while (quote - 1 - run >= at && chunk[quote - 1 - run] === BACKSLASH) run++;
      if (quote - run === at && at === 0) run += this.#backslashes;
      this.#backslashes = 0;
      if (run % 2 === 0) return quote;
      from = quote + 1;
    }
  }

  /** Bytes [from, to) of `chunk` go to the batch of the list being read, or to the frame's text. */
  #flush(chunk: Uint8Array, from: number, to: number): void {
    if (to <= from) return;
    if (this.#capturingKey) this.#key.append(chunk, from, to);
    else if (this.#stack.at(-1)?.list) this.#batch.append(chunk, from, to);
    else this.#frame.append(chunk, from, to);
  }

  /** A key of an object on the way to a list, read whole: a second time, or `__proto__`, gives up. */
  #keyRead(): boolean {
    this.#capturingKey = false;
    const text = this.#key.text();
    this.#frame.appendRun(this.#key);
    this.#key.clear();
    let key: unknown;
    try {
      key = JSON.parse(text);
    } catch {
      return this.#giveUp();
    }
    const top = this.#stack.at(-1)!;
    if (typeof key !== 'string' || key === '__proto__' || top.keys!.has(key)) return this.#giveUp();
    top.keys!.add(key);
    top.pending = key;
    return true;
  }

  /**
   * The batch's items added to the list: at a comma (`last` false) or at the list's end. A blank batch is no
   * item: malformed before a comma, and at the end after one (`[1, ]`); an empty list otherwise (`[]`).
   */
  #parseBatch(list: NonNullable<Frame['list']>, last: boolean): boolean {
    if (this.#batch.blank() && (!last || list.parsedAtComma)) return this.#giveUp();
    list.parsedAtComma = !last;
    let items: unknown;
    try {
      items = JSON.parse(`[${this.#batch.text()}]`);
    } catch {
      return this.#giveUp();
    }
    this.#batch.clear();
    for (const item of items as unknown[]) list.items.push(item);
    return true;
  }

  #giveUp(): false {
    this.#failed = true;
    return false;
  }
}
