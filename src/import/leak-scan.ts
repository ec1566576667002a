// Owns standin import's leak scan: what of a source organisation (its ids, its account's name and people's names,
// usernames and emails, runs of four words of its texts) still shows in a text made from it, found in one pass over
// that text's words; and the index of the source it scans with, which the anonymiser also asks whether a text it
// writes is clean.
//
// Words: maximal runs of letters, digits and combining marks, lowercased (NFC), everything else a separator, so
// "Asa-Graham", "asa graham" and "ASA\nGraham" are the same two words. The scanned text is read as JSON's string
// escapes write it: `\n`, `\"`, `\\`… separate words and `\u00e9` is the letter it stands for. HTML's markup
// (a bio, PT1) is no word either: a known tag's name after `<` or `</` and a character reference (`&amp;`) separate
// words, so a bio's text is found as the words a page shows of it, with its markup or without (html-text.ts).
//
// A text leak is four consecutive words of a source text found within one JSON string of the output (a field's
// name after a text's end is no run of it). A run of four words counts only when it holds a "strong" word: four or
// more characters, not all digits, not in STOP_WORDS; "and then we will" or "for Tue Apr 28" are said by everyone. Nothing else is excused: the generator's own phrases are not on an
// allow-list, so when the source used them (a world standin made) the anonymiser must write around them, which it
// does by asking this index (anonymise.ts).
//
// Memory: the source's runs are kept as 32-bit hash pairs with the index of the text they came from, in an
// open-addressed table of 12-byte slots at a load of 0.35–0.7: at most ~35 bytes per distinct strong 4-word run
// of the source (~52 while the table doubles), plus the patterns (one per id, name, name part, username and
// email) and the words of the spec's enum values (a few hundred, once a process). The output is read once, holding
// only its last MAX_PATTERN_WORDS words; leaks stop at `maxLeaks`.
import { getCompiledSpec } from '../spec/compiled-spec.js';
import { markupAt } from './html-text.js';
import type { SourceOrg } from './source-org.js';

type LeakKind = 'id' | 'name' | 'username' | 'email' | 'text';

/** Something real found in the output. */
export interface Leak {
  kind: LeakKind;
  /** The source value, shortened to 60 characters (for a text, from the run found on). */
  source: string;
  /** Where the leak starts in the output, in UTF-16 code units. */
  offset: number;
  /** The output around it, shortened. */
  snippet: string;
}

export interface LeakScanOptions {
  /** Stop after this many leaks (default 1000): a source scanned against itself finds them everywhere. */
  maxLeaks?: number;
}

/** Words of 4+ characters too common to make a run of four words anyone's (a strong word is needed). */
const STOP_WORDS = new Set(
  (
    'about above after again also been before being below both could does doing done down during each from ' +
    'have having here into just like more most much must need next once only other over same should some such ' +
    'than that their them then there these they this those through under until very were what when where which ' +
    'while will with would your yours week today'
  ).split(' '),
);

/** Longest id, name, username or email pattern followed, in words; longer ones are cut to their last words. */
const MAX_PATTERN_WORDS = 16;
const SHORT = 60;
const SNIPPET_SIDE = 40;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

function isWordCode(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return WORD_CHAR.test(String.fromCharCode(code));
}

function normalise(word: string): string {
  const lower = word.toLowerCase();
  // ASCII words need no normal form.
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFC');
}

/**
 * Calls `visit` with each word of `text` (normalised) and where it starts and ends. With `json`, JSON's string
 * escapes are read as what they stand for, and each unescaped `"` (a string's start or end) ends the word before it
 * and calls `stringEdge`.
 */
export function forEachWord(
  text: string,
  json: boolean,
  visit: (word: string, start: number, end: number) => boolean | void,
  stringEdge?: () => void,
): void {
  let word = '';
  let sliceFrom = -1;
  let start = -1;
  const end = (at: number): boolean => {
    if (start < 0) return false;
    const whole = normalise(word + text.slice(sliceFrom, at));
    const stop = visit(whole, start, at) === true;
    word = '';
    start = -1;
    sliceFrom = -1;
    return stop;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (json && code === 92) {
      const next = text.charCodeAt(i + 1);
      if (next === 117 /* u */ && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        const decoded = parseInt(text.slice(i + 2, i + 6), 16);
        if (isWordCode(decoded)) {
          if (start < 0) start = i;
          else word += text.slice(sliceFrom, i);
          word += String.fromCharCode(decoded);
          sliceFrom = i + 6;
        } else if (end(i)) return;
        i += 5;
        continue;
      }
      if (end(i)) return;
      i += 1;
      continue;
    }
    if (json && code === 34) {
      if (end(i)) return;
      stringEdge?.();
      continue;
    }
    if (code === 38 || code === 60) {
      const markup = markupAt(text, i);
      if (markup > 0) {
        if (end(i)) return;
        i += markup - 1;
        continue;
      }
    }
    if (isWordCode(code)) {
      if (start < 0) {
        start = i;
        sliceFrom = i;
      }
    } else if (end(i)) return;
  }
  end(text.length);
}

/** The normalised words of a text (not JSON). */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  forEachWord(text, false, (word) => {
    words.push(word);
  });
  return words;
}

function isStrong(word: string): boolean {
  return word.length >= 4 && !/^\p{N}+$/u.test(word) && !STOP_WORDS.has(word);
}

function hashWord(word: string): [number, number] {
  // FNV-1a and a murmur-style multiply: two independent 32-bit hashes, 64 bits together.
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  return [a >>> 0, b >>> 0];
}

function mix(h: number, k: number, m: number): number {
  h = Math.imul(h ^ k, m);
  return (h ^ (h >>> 15)) >>> 0;
}

function finish(h: number): number {
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The 64-bit hash of four words, from their word hashes (a1 a2, b1 b2, …), as two 32-bit halves. */
function hashRun(w: ReadonlyArray<[number, number]>, from: number, size: number): [number, number] {
  let h1 = 0x2f8a6c1d;
  let h2 = 0x6b43a9b5;
  for (let k = 0; k < 4; k++) {
    const [a, b] = w[(from + k) % size]!;
    h1 = mix(h1, a, 0xcc9e2d51);
    h2 = mix(h2, b, 0x1b873593);
  }
  return [finish(h1), finish(h2) || 1];
}

/** An open-addressed set of 64-bit run hashes, each with the index of a source text holding the run. */
class RunTable {
  #h1 = new Uint32Array(1024);
  #h2 = new Uint32Array(1024);
  #text = new Uint32Array(1024);
  #size = 0;

  add(h1: number, h2: number, text: number): void {
    if ((this.#size + 1) / this.#h1.length > 0.7) this.#grow();
    if (this.#insert(h1, h2, text)) this.#size++;
  }

  /** The text index + 1 of the run, or 0. */
  find(h1: number, h2: number): number {
    const mask = this.#h1.length - 1;
    for (let slot = h1 & mask; ; slot = (slot + 1) & mask) {
      if (this.#text[slot] === 0) return 0;
      if (this.#h1[slot] === h1 && this.#h2[slot] === h2) return this.#text[slot]!;
    }
  }

  #insert(h1: number, h2: number, text: number): boolean {
    const mask = this.#h1.length - 1;
    for (let slot = h1 & mask; ; slot = (slot + 1) & mask) {
      if (this.#text[slot] === 0) {
        this.#h1[slot] = h1;
        this.#h2[slot] = h2;
        this.#text[slot] = text + 1;
        return true;
      }
      if (this.#h1[slot] === h1 && this.#h2[slot] === h2) return false;
    }
  }

  #grow(): void {
    const [h1, h2, text] = [this.#h1, this.#h2, this.#text];
    this.#h1 = new Uint32Array(h1.length * 2);
    this.#h2 = new Uint32Array(h1.length * 2);
    this.#text = new Uint32Array(h1.length * 2);
    for (let slot = 0; slot < h1.length; slot++)
      if (text[slot]! !== 0) this.#insert(h1[slot]!, h2[slot]!, text[slot]! - 1);
  }
}

interface Pattern {
  kind: Exclude<LeakKind, 'text'>;
  words: string[];
  value: string;
}

/** A hit while scanning: a pattern's or a text run's words, by their index among the words pushed. */
export interface Hit {
  kind: LeakKind;
  /** The source value (a text: the whole source text; see `runAt`). */
  value: string;
  /** Index of the first and last word of the hit among the words pushed. */
  firstWord: number;
  lastWord: number;
}

/** What a source organisation must not leak, indexed for one pass over an output's words. */
export class SourceIndex {
  readonly texts: string[] = [];
  readonly #runs = new RunTable();
  readonly #patterns = new Map<string, Pattern[]>();
  readonly #seen = new Set<string>();
  /**
   * The words of the time zones the world keeps as the source gave them (people's, Echo schedules'). A name or
   * username of one word that is one of them ("Sydney" beside Australia/Sydney, "Paris" beside Europe/Paris) is
   * not looked for: the zone puts the word in the output by design, and says nothing of the person, so looking
   * for it refused every import of an organisation with a Sydney and someone in Australia/Sydney.
   */
  readonly keptWords = new Set<string>();

  /** @example const index = new SourceIndex(org); index.isClean('Hannah Bennett') */
  constructor(org: SourceOrg) {
    collect(org, this);
  }

  /** A pattern of `kind` reported as `value`, matched on the words of `match` (value's own by default). */
  addPattern(kind: Pattern['kind'], value: string, match = value): void {
    const words = wordsOf(match).slice(-MAX_PATTERN_WORDS);
    const last = words[words.length - 1];
    if (last === undefined) return;
    if (kind !== 'id' && words.length === 1 && this.keptWords.has(last)) return;
    // A one-word name or username of hex letters alone ("Ebba", "Dede", "Abbe"): every id and token of the world
    // is hex, and holds such a word between its dashes by chance (a four-letter one in about one organisation of
    // five), which refused the import for some salts and not others. The full name and the email are still
    // looked for.
    if (kind !== 'id' && words.length === 1 && /^[a-f]+$/.test(last)) return;
    const key = `${words.join(' ')}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    const list = this.#patterns.get(last);
    if (list) list.push({ kind, words, value });
    else this.#patterns.set(last, [{ kind, words, value }]);
  }

  addText(text: string | null | undefined): void {
    if (!text) return;
    const index = this.texts.length;
    const words = wordsOf(text);
    if (words.length < 4) return;
    this.texts.push(text);
    const hashes = words.map(hashWord);
    for (let i = 0; i + 4 <= words.length; i++) {
      if (!(isStrong(words[i]!) || isStrong(words[i + 1]!) || isStrong(words[i + 2]!) || isStrong(words[i + 3]!)))
        continue;
      const [h1, h2] = hashRun(hashes, i, hashes.length);
      this.#runs.add(h1, h2, index);
    }
  }

  /** A scanner of one output: push its words in order, hits come back. */
  scanner(): Scanner {
    return new Scanner(this.#runs, this.#patterns, this.texts);
  }

  /**
   * Whether `text` (not JSON) holds nothing of the source.
   * @example index.isClean('Asa Graham') // false when a source person is called Graham
   */
  isClean(text: string): boolean {
    const scanner = this.scanner();
    let clean = true;
    forEachWord(text, false, (word) => {
      if (scanner.push(word).length) clean = false;
      return !clean;
    });
    return clean;
  }
}

/** The last words of an output and what they match. */
export class Scanner {
  readonly #words: string[] = new Array<string>(MAX_PATTERN_WORDS).fill('');
  readonly #hashes: Array<[number, number]> = new Array<[number, number]>(MAX_PATTERN_WORDS).fill([0, 0]);
  #count = 0;
  /** Words pushed since the last edge: a name or a run is matched within one string of the output only. */
  #since = 0;

  constructor(
    private readonly runs: RunTable,
    private readonly patterns: Map<string, Pattern[]>,
    private readonly texts: readonly string[],
  ) {}

  /**
   * Says that the words before are another string's (a JSON string ended): what follows is matched apart from them.
   * A text ending "… in the iOS app." followed by the field `"progress"` is no run "the iOS app progress" of the
   * source's; scanned across, such a run refused an import for a field's name (issue 35).
   */
  edge(): void {
    this.#since = 0;
  }

  /** Pushes the next (normalised) word; returns what ends at it. */
  push(word: string): Hit[] {
    const at = this.#count++;
    this.#since++;
    const slot = at % MAX_PATTERN_WORDS;
    this.#words[slot] = word;
    const hash = hashWord(word);
    this.#hashes[slot] = hash;
    let hits: Hit[] | null = null;
    for (const pattern of this.patterns.get(word) ?? []) {
      const n = pattern.words.length;
      if (n > this.#since) continue;
      let match = true;
      for (let k = 1; k < n && match; k++)
        match = this.#words[(at - k) % MAX_PATTERN_WORDS] === pattern.words[n - 1 - k];
      if (match) (hits ??= []).push({ kind: pattern.kind, value: pattern.value, firstWord: at - n + 1, lastWord: at });
    }
    if (this.#since >= 4) {
      const from = (at - 3) % MAX_PATTERN_WORDS;
      const [h1, h2] = hashRun(this.#hashes, from, MAX_PATTERN_WORDS);
      const text = this.runs.find(h1, h2);
      if (text !== 0) {
        const run = [0, 1, 2, 3].map((k) => this.#words[(from + k) % MAX_PATTERN_WORDS]!);
        if (run.some(isStrong))
          (hits ??= []).push({ kind: 'text', value: this.texts[text - 1]!, firstWord: at - 3, lastWord: at });
      }
    }
    return hits ?? NO_HITS;
  }
}

const NO_HITS: Hit[] = [];

function shorten(text: string, size = SHORT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > size ? `${flat.slice(0, size - 1)}…` : flat;
}

/** The source text from the run of `words` on, shortened: what a text leak shows of the source. */
function runInSource(text: string, words: readonly string[]): string {
  const starts: number[] = [];
  const found: string[] = [];
  forEachWord(text, false, (word, start) => {
    found.push(word);
    starts.push(start);
  });
  for (let i = 0; i + words.length <= found.length; i++)
    if (words.every((word, k) => found[i + k] === word)) return shorten(text.slice(starts[i]));
  return shorten(text);
}

type PersonLike = { id: string; name: string; username?: string; email?: string };

/** The words of every string enum value of the spec's schemas (a few hundred short words), read once. */
let specEnumWords: Set<string> | undefined;

/**
 * The words of the spec's string enum values: reaction names, activity kinds, moods, weekdays, kinds… which the
 * records of any world hold as they are.
 * @example enumWords().has('linear') // true: an activity kind
 */
function enumWords(): ReadonlySet<string> {
  if (specEnumWords) return specEnumWords;
  const words = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'enum' && Array.isArray(value))
          for (const item of value) if (typeof item === 'string') wordsOf(item).forEach((w) => words.add(w));
        walk(value);
      }
  };
  walk(getCompiledSpec().document.components?.schemas);
  return (specEnumWords = words);
}

function collect(org: SourceOrg, index: SourceIndex): void {
  const people: PersonLike[] = [org.me, ...org.people];
  const ids: string[] = [];
  const refs = (ref: { id: string; name: string } | null | undefined): void => {
    if (ref) people.push(ref);
  };
  for (const team of org.teams) {
    ids.push(team.id);
    team.people.forEach(refs);
  }
  // PT1: the account every person carries is the organisation's own, a real company's name and a real id.
  const accounts = new Set<string>();
  for (const person of [org.me, ...org.people]) {
    ids.push(person.id, person.account.id);
    accounts.add(person.account.name);
    person.teams.forEach((t) => ids.push(t.id));
    index.addText(person.bio);
  }
  for (const goal of org.goals) {
    ids.push(goal.id, ...goal.teams.map((t) => t.id));
    if (goal.parent) ids.push(goal.parent.id);
    refs(goal.owner);
    goal.contributors.forEach(refs);
    index.addText(goal.title);
    index.addText(goal.description);
    if (goal.parent) index.addText(goal.parent.title);
  }
  for (const update of org.goalUpdates) {
    ids.push(update.id, update.goal.id);
    refs(update.person);
    index.addText(update.title);
    index.addText(update.body);
    index.addText(update.goal.title);
  }
  for (const checkIn of org.checkIns) {
    ids.push(checkIn.id, ...checkIn.teams.map((t) => t.id));
    refs(checkIn.person);
    index.addText(checkIn.previous);
    index.addText(checkIn.intentions);
    index.addText(checkIn.blockers);
  }
  for (const question of org.echoQuestions) {
    ids.push(question.id);
    index.addText(question.prompt);
    index.addText(question.title);
  }
  for (const answer of org.echoAnswers) {
    ids.push(answer.id, answer.question.id);
    index.addText(answer.title);
    index.addText(answer.body);
    index.addText(answer.question.title);
  }
  for (const activity of org.activities) {
    ids.push(activity.id);
    refs(activity.person);
    index.addText(activity.group);
    index.addText(activity.title);
    index.addText(activity.description);
  }
  for (const comment of org.comments) {
    ids.push(comment.id, comment.resource.id);
    refs(comment.person);
    index.addText(comment.body);
  }
  for (const reaction of org.reactions) {
    ids.push(reaction.id, reaction.resource.id);
    refs(reaction.person);
  }
  for (const zone of [org.me, ...org.people].map((p) => p.time_zone))
    for (const word of wordsOf(zone)) index.keptWords.add(word);
  for (const question of org.echoQuestions)
    for (const word of wordsOf(question.answer_time_zone)) index.keptWords.add(word);
  for (const id of ids) index.addPattern('id', id);
  for (const person of people) {
    index.addPattern('id', person.id);
    if (person.email) index.addPattern('email', person.email);
    if (person.username) index.addPattern('username', person.username);
  }
  // The account's name whole, as a name: its words in order, any case. Not its words alone, as a person's name
  // parts are: a company's name is often made of words anyone writes ("Blue Harbour Systems"), which a kept value
  // may hold by chance; the texts that could say it are written anew anyway. A name of one word that is a word of
  // the spec's enum values (Linear, Asana, Google: activity kinds) is in every world's records by design and says
  // nothing of the organisation: looked for, it refused every import of that company.
  for (const name of accounts) {
    const words = wordsOf(name);
    if (words.length === 1 && enumWords().has(words[0]!)) continue;
    index.addPattern('name', name);
  }
  for (const person of people) {
    index.addPattern('name', person.name);
    // First, middle and last names alone, as whole words, once they are long enough to be someone's.
    for (const part of wordsOf(person.name)) if (part.length >= 4) index.addPattern('name', person.name, part);
  }
}

/**
 * What of `source` shows in `outputText` (read as JSON: its escapes are what they stand for): every source id (the
 * account's too), the account's name (whole), every person's name (whole, or a name part of 4+ letters as a whole
 * word), username and email, and every run of four words of a source text (holding a strong word), merged into one
 * leak per run of consecutive hits.
 * @example leakScan(org, JSON.stringify(anonymise(org, { salt, appUrl }))) // []
 */
export function leakScan(source: SourceOrg, outputText: string, options: LeakScanOptions = {}): Leak[] {
  return scanWith(new SourceIndex(source), outputText, options);
}

/** leakScan with an index already built (one source, several outputs). */
function scanWith(index: SourceIndex, outputText: string, options: LeakScanOptions = {}): Leak[] {
  const maxLeaks = options.maxLeaks ?? 1000;
  const leaks: Leak[] = [];
  const scanner = index.scanner();
  // The start and end offsets of the last MAX_PATTERN_WORDS words, and their words, by word index.
  const starts = new Array<number>(MAX_PATTERN_WORDS).fill(0);
  const ends = new Array<number>(MAX_PATTERN_WORDS).fill(0);
  const recent = new Array<string>(MAX_PATTERN_WORDS).fill('');
  let at = -1;
  // The text run being extended: consecutive 4-word hits make one leak.
  let run: { first: number; last: number; start: number; end: number; value: string; words: string[] } | null = null;
  const flush = (): void => {
    if (!run) return;
    leaks.push({
      kind: 'text',
      source: runInSource(run.value, run.words),
      offset: run.start,
      snippet: snippet(outputText, run.start, run.end),
    });
    run = null;
  };
  forEachWord(
    outputText,
    true,
    (word, start, end) => {
      at++;
      const slot = at % MAX_PATTERN_WORDS;
      starts[slot] = start;
      ends[slot] = end;
      recent[slot] = word;
      if (run && at - 1 > run.last) flush();
      for (const hit of scanner.push(word)) {
        const hitStart = starts[hit.firstWord % MAX_PATTERN_WORDS]!;
        if (hit.kind !== 'text') {
          leaks.push({
            kind: hit.kind,
            source: shorten(hit.value),
            offset: hitStart,
            snippet: snippet(outputText, hitStart, end),
          });
          continue;
        }
        if (run) {
          run.last = at;
          run.end = end;
        } else {
          const words = [0, 1, 2, 3].map((k) => recent[(hit.firstWord + k) % MAX_PATTERN_WORDS]!);
          run = { first: hit.firstWord, last: at, start: hitStart, end, value: hit.value, words };
        }
      }
      return leaks.length >= maxLeaks;
    },
    () => scanner.edge(),
  );
  flush();
  return leaks.slice(0, maxLeaks).sort((a, b) => a.offset - b.offset);
}

function snippet(text: string, start: number, end: number): string {
  const from = Math.max(0, start - SNIPPET_SIDE);
  const to = Math.min(text.length, Math.max(end, start) + SNIPPET_SIDE);
  const cut =
    end - start > 2 * SHORT
      ? `${text.slice(from, start + SHORT)}…${text.slice(end - SHORT / 2, to)}`
      : text.slice(from, to);
  return `${from > 0 ? '…' : ''}${cut}${to < text.length ? '…' : ''}`;
}
