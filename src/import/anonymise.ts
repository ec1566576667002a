// Owns standin import's anonymiser: a source organisation mapped to another of the same shape (every record, every
// relation, dates, numbers, flags, schedules, volumes) with nothing real left (ids, names, usernames, emails, job
// titles, locations, team names and every text replaced). Pure and deterministic: a function of the salt and the
// source alone, whatever the order of the source's lists (each list comes out ordered by its new ids).
//
// A bio (PT1) is HTML: the text a page shows of it is written anew as other texts are, as one escaped paragraph.
// The account (PT1) is none of the source's: every person carries the imported world's own, its seed's.
//
// Ids go through a keyed hash of the salt (HMAC-SHA256, G2's UUID v4 form), so the same source id always becomes the
// same new id under one salt and nobody without the salt can map one back. Everything drawn at random (names,
// words) is drawn from a stream seeded by the keyed hash of the record's id and the field, never from a counter.
//
// LW9: the story's texts (goals' titles and descriptions, updates, check-in answers, comments, Echo answers) are
// written anew by the story engine, fitted to each record's facts and laid into the source's Markdown skeleton
// (story-rewrite.ts), never from the source's words; each team's area is of the discipline its source reads as.
// The other texts (activities, bios, Echo prompts and titles) keep their Markdown skeleton (lines, list markers,
// blank lines, bold and code markers, mentions, links) and their length, their words written anew from the
// generator's vocabulary (fixtures/phrases.ts, work-items.ts, goal-text.ts…): a run of five or more words becomes
// sentences of the kind of text it is, shorter runs word for word. The generator's sentences are what a world
// standin made is written with, so a source may well hold them: every text written is scanned with the leak scan's
// index of the source (leak-scan.ts) and a word of every run of four found in the source, and every word that is a
// source name or username, is drawn again until none is left (a story text's first said otherwise: leak-dodge.ts).
import { createHmac } from 'node:crypto';
import { EntityRandom } from '../domain/entropy.js';
import { TITLES } from '../../fixtures/disciplines.js';
import { WORLD_ENGLISH } from '../../fixtures/english-words.js';
import { goalTitle } from '../../fixtures/goal-text.js';
import { escapeHtml, paragraph } from '../../fixtures/html.js';
import { CULTURES, personName, type CultureName } from '../../fixtures/names.js';
import type { NonEmpty } from '../../fixtures/non-empty.js';
import {
  AREAS,
  COMPANY_OBJECTIVES,
  FIXES,
  MEETINGS,
  PRAISE,
  ROLLOUT_STAGES,
  SEGMENTS,
  TEAM_SUFFIXES,
  TECHNOLOGIES,
  WHY_CLAUSES,
  type Area,
} from '../../fixtures/phrases.js';
import { fakerFor } from '../../fixtures/seeded-faker.js';
import { worldAccount } from '../../fixtures/world-account.js';
import type { Voice } from '../../fixtures/voices.js';
import { blockerSentence, capitalize, lessonItem, lowerFirst, workItem } from '../../fixtures/work-items.js';
import { disciplineOfTeam, foreignTerms } from '../../fixtures/story-lexicon.js';
import type { Discipline } from '../../fixtures/disciplines.js';
import { htmlText } from './html-text.js';
import { fillerFor, swapsOf } from './leak-dodge.js';
import {
  StoryRewrite,
  type DrawnWord,
  type GoalRef as StoryGoal,
  type RandomWords,
  type Repaired,
} from './story-rewrite.js';
import { forEachWord, SourceIndex } from './leak-scan.js';
import { IMPORTED_SEED } from './org-records.js';
import type { SourceOrg } from './source-org.js';
import type { ApiSchema } from '../types/wire.js';

export interface AnonymiseOptions {
  /** The key of every keyed hash: the same salt and source give the same result. */
  salt: Buffer | string;
  /** The web application's base URL: every record's `url` becomes `${appUrl}/<kind>/<new id>` (G10). */
  appUrl: string;
}

/** Emails are `<new username>@example.test`: a reserved domain, never the app url's host, which may be the org's. */
const EMAIL_DOMAIN = 'example.test';
const LABEL = 'imported organisation';

type Person = ApiSchema<'Person'>;
type PersonRef = ApiSchema<'PersonRef'>;
type TeamRef = ApiSchema<'TeamRef'>;
type GoalRef = ApiSchema<'GoalRef'>;
type QuestionRef = ApiSchema<'QuestionRef'>;

function keyed(salt: Buffer | string, ...parts: string[]): Buffer {
  return createHmac('sha256', salt).update(parts.join('\u0000')).digest();
}

/** A random stream keyed by the salt and `parts` (a record's id and the field, say). */
function streamOf(salt: Buffer | string, ...parts: string[]): EntityRandom {
  return new EntityRandom(keyed(salt, ...parts).readUInt32BE(0));
}

/**
 * The id a source id becomes: HMAC-SHA256 of the salt over it, as a lowercase UUID v4 (G2: version nibble 4,
 * variant 8–b). Case-insensitive in the source id, as UUIDs are.
 * @example anonymisedIdOf('salt', '0b6f3a2e-4c1d-4f5a-9e7b-2d8c1a3f5e60') // '…-…-4…-[89ab]…-…', the same every time
 */
export function anonymisedIdOf(salt: Buffer | string, sourceId: string): string {
  const bytes = keyed(salt, 'id', sourceId.toLowerCase());
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const CULTURE_NAMES = Object.keys(CULTURES) as [CultureName, ...CultureName[]];

/** Agents' names: the bots a team wires up; "<Word> Bot", username "<word>bot". */
const BOT_WORDS: NonEmpty<string> = ['Deploy', 'Release', 'Triage', 'Digest', 'Merge', 'Build', 'Sync', 'Notify'];

/** The generator's offices (fixtures/people.ts) by time zone: a person's location follows the zone kept. */
const LOCATIONS: Readonly<Record<string, string>> = {
  'America/New_York': 'New York, NY',
  'Europe/Berlin': 'Berlin, Germany',
  'Asia/Tokyo': 'Tokyo, Japan',
  'America/Los_Angeles': 'San Francisco, CA',
  'Europe/London': 'London, UK',
  'Asia/Kolkata': 'Bengaluru, India',
  'America/Sao_Paulo': 'São Paulo, Brazil',
  'Australia/Sydney': 'Sydney, Australia',
};

/** Another zone's city, from the zone's own name (the zone is kept, so this tells nothing more); UTC: remote. */
function cityOf(timeZone: string): string {
  const city = timeZone.split('/').pop() ?? '';
  return /^(Etc|UTC|GMT)/.test(timeZone) || city === '' ? 'Remote' : city.replace(/_/g, ' ');
}

/**
 * A person's location: the generator's office of the zone, else the zone's city. An office naming a word that is
 * a source person's name ("San Francisco, CA" beside a Francisco, "Bengaluru, India" beside an India) falls back
 * to the zone's own city, whose words the zone already shows, and then to "Remote": the leak scan would find the
 * name there and write nothing.
 */
function locationOf(timeZone: string, index: SourceIndex): string {
  const known = LOCATIONS[timeZone];
  for (const location of [...(known ? [known] : []), cityOf(timeZone)]) if (index.isClean(location)) return location;
  return 'Remote';
}

/** Short words kept as written: they carry no meaning of their own and keep a sentence's grammar. */
const KEPT_WORDS = new Set(
  'a an the of to in on for and or is are was be by at as it its we i our my me us you he she they with from this that but not so if no do did has had will can all any'.split(
    ' ',
  ),
);

/** The words a status is stated in (LW1: "on track", "at risk", "off track"), which the story measure reads. */
const STATUS_WORDS = new Set(['track', 'risk']);

/** A sentence the repair takes out of a story text: its pieces, and whether it was its line's last. */
interface Dropped {
  from: number;
  to: number;
  last: boolean;
}

/** What ends a sentence inside a line: its stop, a closing parenthesis or quote either side, a space. */
const SENTENCE_STOP = /^["')\]]*[.!?]["')\]]*[ \t]+$/;

/** A text's pieces laid end to end: the text, where each piece starts, and each piece's line (counted once a round). */
function layoutOf(pieces: readonly Piece[]): { text: string; starts: number[]; lines: number[] } {
  const starts: number[] = [];
  const lines: number[] = [];
  let text = '';
  let line = 0;
  for (const piece of pieces) {
    starts.push(text.length);
    lines.push(line);
    text += piece.text;
    if (piece.text.includes('\n')) line++;
  }
  return { text, starts, lines };
}

/** The piece an offset of the text falls in, by its pieces' starts (a binary search). */
function pieceAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The sentence of piece `p` (its pieces, from its first word to its stop), when it may go whole, with how many
 * characters it takes: its line holds another sentence, it holds no Markdown and no mention (the skeleton's), it
 * meets none `taken` already, and it takes at most `spare` characters (the text stays as long as it must).
 */
function droppableSentence(
  pieces: readonly Piece[],
  p: number,
  taken: readonly Dropped[],
  spare: number,
): (Dropped & { removed: number }) | null {
  if (pieces[p]!.text === '') return null;
  const stop = (k: number): boolean => !pieces[k]!.word && /[.!?]["')]*\s/.test(pieces[k]!.text);
  const lineEnd = (k: number): boolean => !pieces[k]!.word && pieces[k]!.text.includes('\n');
  let from = p;
  while (from > 0 && !stop(from - 1) && !lineEnd(from - 1)) from--;
  // From its first word: a text's first line opens with its Markdown ("- ", "**Risks:** "), which stays when its
  // first sentence goes (a dropped first sentence took the bullet with it: "- A. B." read "B." as a paragraph).
  while (from < p && !pieces[from]!.word) from++;
  let to = p;
  while (to < pieces.length - 1 && !stop(to + 1) && !lineEnd(to + 1)) to++;
  // Not the line's last sentence: it goes with its stop, and the next one follows the one before. The last: the
  // stop of the one before ends the line.
  const last = to + 1 >= pieces.length || lineEnd(to + 1);
  const end = last ? to : to + 1;
  if (!SENTENCE_STOP.test(last ? (from > 0 ? pieces[from - 1]!.text : '') : pieces[end]!.text)) return null;
  for (let k = from; k <= end; k++)
    if (!pieces[k]!.word && !/^[\s,;:'’"()%/&+=#.-]*$/.test(pieces[k]!.text)) return null;
  if (taken.some((d) => d.from <= end && from <= d.to + 1)) return null;
  const removed = pieces.slice(from, end + 1).reduce((n, piece) => n + piece.text.length, 0);
  return removed > spare ? null : { from, to: end, last, removed };
}

/** Takes the dropped sentences out of the pieces; a line's last gone, the one before it ends the line ("A. B.\n" is "A.\n"). */
function takeOut(pieces: Piece[], drops: readonly Dropped[]): void {
  for (const { from, to, last } of drops) {
    for (let k = from; k <= to; k++) pieces[k]!.text = '';
    if (last) {
      pieces[from - 1]!.text = pieces[from - 1]!.text.trimEnd();
      const after = pieces[to + 1];
      if (after) after.text = after.text.replace(/^[.!?]+/, '');
    }
  }
}

/** Words a filler never follows: "this still dark mode" reads as a slip (LW9). */
const DETERMINERS = new Set('a an the this that these those our my your their its every each one'.split(' '));

/** Two words of one of the generator's names for a thing ("push notifications"): a filler never goes between. */
const COMPOUNDS = new Set(
  [...AREAS.flatMap((a) => [a.name, ...a.components]), ...TECHNOLOGIES, ...MEETINGS].flatMap((name) => {
    const words = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    return words.slice(1).map((word, k) => `${words[k]} ${word}`);
  }),
);

/** Record kinds by the path of their page (G10). */
type PageKind = 'people' | 'goals' | 'goal_updates' | 'check-ins' | 'echo/questions' | 'echo/answers';
const PAGE = /\/(goals|goal_updates|check-ins|echo\/questions|echo\/answers|people)\/([0-9a-f-]{36})(?![0-9a-f-])/i;

type TextKind =
  | 'goal-title'
  | 'goal-description'
  | 'update-title'
  | 'update-body'
  | 'check-in'
  | 'blockers'
  | 'prompt'
  | 'echo-title'
  | 'answer-body'
  | 'comment'
  | 'activity-group'
  | 'activity-title'
  | 'activity-description'
  | 'bio';

/** A piece of a text being written: kept as it is, or a word that may be drawn again. */
interface Piece {
  text: string;
  word: boolean;
}

const UPDATE_TITLES: ReadonlyArray<(c: string) => string> = [
  (c) => `Steady progress on the ${c}`,
  (c) => `Good sprint for the ${c}`,
  (c) => `Scope question on the ${c}`,
  (c) => `Replanning the work on the ${c}`,
];

/** What a bio says, of a component of the person's area and a technology (fixtures/bios.ts says the like). */
const BIO_SENTENCES: ReadonlyArray<(c: string, t: string) => string> = [
  (c) => `Mostly on the ${c}`,
  (_, t) => `Ask me about ${t}`,
  (c) => `Happiest when the ${c} is boring`,
  (c, t) => `These days the ${c}; before that, ${t}`,
];

const PROMPTS: ReadonlyArray<(c: string, m: string) => string> = [
  (c) => `What changed for the ${c} this week`,
  (_, m) => `What should we bring to the ${m}`,
  (c) => `Which risks around the ${c} should leadership know about`,
  (c) => `Who helped you most with the ${c} lately`,
];

// Markdown and the special tokens of a line: links, ids, emails, mentions; and words (runs of letters and digits).
const TOKENS =
  /(https?:\/\/[^\s<>()[\]`"]+)|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|([\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)|((?<![\p{L}\p{N}_@])@[\p{L}\p{N}_.-]*[\p{L}\p{N}_])|([\p{L}\p{N}\p{M}]+)/giu;

/** A line's Markdown prefix: indentation, list marker, heading or quote; kept as written. */
const LINE_PREFIX = /^(\s*(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+|>\s*)*)/;

/** What may sit between two words of one run: a space and simple punctuation, no Markdown, no line break. */
const JOINER = /^[ \t,;:.'"!?()/&+=%#-]{1,3}$/;

class Anonymiser {
  readonly #salt: Buffer | string;
  readonly #appUrl: string;
  /** What the source must not leak (the leak scan's index): every text written is checked against it. */
  readonly index: SourceIndex;
  readonly #ids = new Map<string, string>();
  /** Vocabulary words (clean of the source) by length. */
  readonly #byLength: string[][] = [];
  readonly #people = new Map<string, { name: string; username: string; email: string; area: Area }>();
  readonly #usernames = new Map<string, string>();
  readonly #emails = new Map<string, string>();
  readonly #teams = new Map<string, { name: string; area: Area }>();
  readonly #goalTitles = new Map<string, string>();
  readonly #questionTitles = new Map<string, string>();
  /** LW9: the story texts (goals, updates, check-ins, comments, Echo answers), written anew by the story engine. */
  readonly story: StoryRewrite;

  constructor(
    private readonly org: SourceOrg,
    options: AnonymiseOptions,
  ) {
    this.#salt = options.salt;
    this.#appUrl = options.appUrl.replace(/\/+$/, '');
    this.index = new SourceIndex(org);
    this.#vocabulary();
    this.#assignTeams();
    this.#assignPeople();
    this.story = this.#storyRewrite();
    this.#assignTitles();
  }

  id(sourceId: string): string {
    const key = sourceId.toLowerCase();
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = anonymisedIdOf(this.#salt, key);
      this.#ids.set(key, id);
    }
    return id;
  }

  /** The new ids of `ids`, sorted: assignment in this order makes it independent of the source's order. */
  #inNewIdOrder(ids: Iterable<string>): string[] {
    return [...new Set([...ids].map((id) => id.toLowerCase()))].sort((a, b) =>
      this.id(a) < this.id(b) ? -1 : this.id(a) > this.id(b) ? 1 : 0,
    );
  }

  #vocabulary(): void {
    const phrases = [
      ...AREAS.flatMap((a) => [a.name, a.repo, ...a.components]),
      ...FIXES,
      ...ROLLOUT_STAGES,
      ...MEETINGS,
      ...TECHNOLOGIES,
      ...SEGMENTS,
      ...COMPANY_OBJECTIVES.flatMap((o) => [o.title, o.subject]),
      ...WHY_CLAUSES,
      ...PRAISE,
      ...Object.values(TITLES).flatMap((t) => [...t.members, t.lead]),
      ...WORLD_ENGLISH.hacker.noun,
      ...WORLD_ENGLISH.hacker.verb,
    ];
    const words = new Set<string>();
    for (const phrase of phrases)
      for (const word of phrase.toLowerCase().match(/[a-z]{2,}/g) ?? [])
        if (!KEPT_WORDS.has(word) && this.index.isClean(word)) words.add(word);
    for (const word of [...words].sort()) (this.#byLength[word.length] ??= []).push(word);
  }

  /** A vocabulary word about `length` long (within a quarter, at least one letter either way). */
  #word(random: EntityRandom, length: number): string {
    // Longer than any word of the vocabulary: words joined, as a compound reads. In a loop, and each length looked
    // up only up to the longest word: a 300,000-letter word (a pasted blob) recursed once per vocabulary word's
    // length and scanned every length up to its own each time, and ran out of stack after 17 s.
    const longest = this.#byLength.length - 1;
    const parts: string[] = [];
    let left = length;
    while (left > longest + Math.max(1, Math.round(longest * 0.25))) {
      const part = this.#fitting(random, longest) ?? '';
      parts.push(part);
      left -= Math.max(1, part.length);
    }
    parts.push(this.#fitting(random, Math.max(2, left)) ?? this.#fitting(random, longest) ?? '');
    return parts.join('');
  }

  /** A vocabulary word `length` long, within a quarter (at least one letter either way); null when none is. */
  #fitting(random: EntityRandom, length: number): string | null {
    const slack = Math.max(1, Math.round(length * 0.25));
    const fitting: string[] = [];
    const longest = this.#byLength.length - 1;
    for (let l = Math.max(2, length - slack); l <= Math.min(longest, length + slack); l++)
      fitting.push(...(this.#byLength[l] ?? []));
    return fitting.length ? random.pick(fitting) : null;
  }

  // Teams: named as the generator names them (fixtures/teams.ts: an area and a suffix), never a source team's name.
  // LW9: each team's area is of the discipline its source reads as (disciplineOfTeam), so that its goals and its
  // people's texts are its kind of work; of that discipline's areas, one whose components the source does not
  // name, so that the story engine's sentences about it hold no run of the source's.
  #assignTeams(): void {
    const sourceIds = new Map<string, string>();
    const note = (ref: TeamRef): void => {
      if (!sourceIds.has(ref.id.toLowerCase())) sourceIds.set(ref.id.toLowerCase(), ref.name);
    };
    this.org.teams.forEach(note);
    for (const p of [this.org.me, ...this.org.people]) p.teams.forEach(note);
    for (const g of this.org.goals) g.teams.forEach(note);
    for (const c of this.org.checkIns) c.teams.forEach(note);
    const sourceNames = new Set([...sourceIds.values()].map((n) => n.toLowerCase()));
    const taken = new Set<string>();
    const takenAreas = new Set<Area>();
    const free = (name: string): boolean =>
      !taken.has(name.toLowerCase()) && !sourceNames.has(name.toLowerCase()) && this.index.isClean(name);
    for (const id of this.#inNewIdOrder(sourceIds.keys())) {
      const random = streamOf(this.#salt, 'team', id);
      const area = this.#areaOf(this.#disciplineOf(id, sourceIds.get(id)!), random, takenAreas);
      takenAreas.add(area);
      let chosen: { name: string; area: Area } | null = null;
      for (let attempt = 0; attempt < 16 && !chosen; attempt++) {
        const name = area.name + random.pick(TEAM_SUFFIXES);
        if (free(name)) chosen = { name, area };
      }
      // Every suffix taken: numbered, as teams.ts numbers its rounds.
      for (let round = 2; !chosen; round++) {
        const name = `${area.name}${random.pick(TEAM_SUFFIXES)} ${round}`;
        if (free(name)) chosen = { name, area };
      }
      taken.add(chosen.name.toLowerCase());
      this.#teams.set(id, chosen);
    }
  }

  /**
   * LW9: the discipline a source team reads as: its name's (a team named after one of the generator's areas), else
   * the one whose work its goals name most (story-lexicon.ts); null when nothing says.
   */
  #disciplineOf(teamId: string, name: string): Discipline | null {
    const named = disciplineOfTeam({ id: teamId, name, checkInDays: [] });
    if (named) return named;
    const text = this.org.goals
      .filter((g) => g.teams.some((t) => t.id.toLowerCase() === teamId))
      .map((g) => `${g.title}\n${g.description ?? ''}`)
      .join('\n');
    const all = foreignTerms(text, new Set()).length;
    let best: { discipline: Discipline; score: number } | null = null;
    for (const discipline of [...new Set(AREAS.map((a) => a.discipline))]) {
      const score = all - foreignTerms(text, new Set([discipline])).length;
      if (score > (best?.score ?? 0)) best = { discipline, score };
    }
    return best?.discipline ?? null;
  }

  /** An area of `discipline` (any, for null): one another team has not taken, with the fewest source words in it. */
  #areaOf(discipline: Discipline | null, random: EntityRandom, taken: ReadonlySet<Area>): Area {
    const of = AREAS.filter((a) => discipline === null || a.discipline === discipline);
    const clean = (a: Area): number =>
      [a.name, a.repo, ...a.components].filter((words) => this.index.isClean(words)).length / (a.components.length + 2);
    const free = of.filter((a) => !taken.has(a));
    const pool = free.length ? free : of;
    const best = Math.max(...pool.map(clean));
    return random.pick(pool.filter((a) => clean(a) === best));
  }

  // People: names from the generator's list (fixtures/names.ts), distinct, and with no name part, full name or
  // username of the source's; usernames as fixtures/people.ts makes them (first initial and last name).
  #assignPeople(): void {
    const known = new Map<string, { name: string; person?: Person }>();
    const note = (ref: PersonRef): void => {
      if (!known.has(ref.id.toLowerCase())) known.set(ref.id.toLowerCase(), { name: ref.name });
    };
    for (const person of [this.org.me, ...this.org.people])
      known.set(person.id.toLowerCase(), { name: person.name, person });
    for (const t of this.org.teams) t.people.forEach(note);
    for (const g of this.org.goals) [g.owner, ...g.contributors].forEach(note);
    for (const r of [
      ...this.org.goalUpdates,
      ...this.org.checkIns,
      ...this.org.comments,
      ...this.org.reactions,
      ...this.org.activities,
    ])
      note(r.person);
    const takenNames = new Set<string>();
    const takenUsernames = new Set<string>();
    for (const person of [this.org.me, ...this.org.people]) takenUsernames.add(person.username.toLowerCase());
    const usernameFor = (base: string): string => {
      for (let n = 1; ; n++) {
        const username = n === 1 ? base : `${base}${n}`;
        if (!takenUsernames.has(username) && this.index.isClean(username)) {
          takenUsernames.add(username);
          return username;
        }
      }
    };
    for (const id of this.#inNewIdOrder(known.keys())) {
      const source = known.get(id)!;
      const random = streamOf(this.#salt, 'person-name', id);
      const agent = source.person?.kind === 'agent';
      const name = agent ? this.#botName(random, takenNames) : this.#humanName(random, takenNames);
      takenNames.add(name.full);
      const username = usernameFor(name.base);
      const firstTeam = source.person?.teams[0];
      const area = (firstTeam && this.#teams.get(firstTeam.id.toLowerCase())?.area) ?? random.pick(AREAS);
      const email = `${username}@${EMAIL_DOMAIN}`;
      this.#people.set(id, { name: name.full, username, email, area });
      if (source.person) {
        this.#usernames.set(source.person.username.toLowerCase(), username);
        this.#emails.set(source.person.email.toLowerCase(), email);
      }
    }
  }

  #humanName(random: EntityRandom, taken: ReadonlySet<string>): { full: string; base: string } {
    const base = (first: string, last: string): string =>
      (first.charAt(0) + last)
        .normalize('NFD')
        .toLowerCase()
        .replace(/[^a-z]/g, '') || 'person';
    // First a name clean of the source's names; then one with a middle initial; then any distinct one.
    for (let attempt = 0; attempt < 192; attempt++) {
      const { first, last } = personName(random, CULTURE_NAMES);
      const middle = attempt < 64 ? '' : ` ${String.fromCharCode(65 + random.int(0, 25))}.`;
      const full = `${first}${middle} ${last}`;
      if (!taken.has(full) && (attempt >= 128 || this.index.isClean(full))) return { full, base: base(first, last) };
    }
    for (let n = 2; ; n++) {
      const { first, last } = personName(random, CULTURE_NAMES);
      const full = `${first} ${last} ${n}`;
      if (!taken.has(full)) return { full, base: base(first, last) };
    }
  }

  #botName(random: EntityRandom, taken: ReadonlySet<string>): { full: string; base: string } {
    for (let n = 1; ; n++) {
      const word = random.pick(BOT_WORDS);
      const full = n < 16 ? `${word} Bot` : `${word} Bot ${n}`;
      if (!taken.has(full) && (n >= 16 || this.index.isClean(full))) return { full, base: `${word.toLowerCase()}bot` };
    }
  }

  /** LW9: the rewrite of the story texts, over this anonymiser's maps and its leak check. */
  #storyRewrite(): StoryRewrite {
    const byUsername = new Map([...this.#people.values()].map((p) => [p.username, p.area]));
    return new StoryRewrite({
      org: this.org,
      seed: (...parts) => keyed(this.#salt, 'story', ...parts.map((p) => p.toLowerCase())).readUInt32BE(0),
      id: (sourceId) => this.id(sourceId),
      person: (sourceId) => this.#people.get(sourceId.toLowerCase())!,
      teamArea: (sourceId) => this.#teams.get(sourceId.toLowerCase())!.area,
      teamNames: [...this.#teams.values()].map((t) => t.name).sort(),
      voiceOfUsername: (username) => byUsername.get(username) ?? null,
      mention: (mention) => `@${this.#username(mention.slice(1))}`,
      hits: (text) => this.#hits(text),
      repair: (text, key, least) => this.#repaired(text, key, least),
    });
  }

  // Goals' and Echoes' titles, once per record, so that each GoalRef and QuestionRef carries its record's new title;
  // a goal's from the story engine, of its team's discipline (LW9), with the rest of its story.
  #assignTitles(): void {
    const goals = new Map<string, StoryGoal>();
    // LW1: a goal two steps below a root is a person's, above that a team's (the roots are company objectives, whose
    // titles the generator has a dozen of: every source standin made holds them, so they are told as a team's).
    const parents = new Map(this.org.goals.map((g) => [g.id.toLowerCase(), g.parent?.id.toLowerCase()]));
    const rootOf = (id: string): { root: string; depth: number } => {
      let root = id;
      let d = 0;
      for (let at = parents.get(id); at !== undefined && d < 8; at = parents.get(at)) [root, d] = [at, d + 1];
      return { root, depth: d };
    };
    // A tree only two deep is a team goal standing on its own with its people's goals under it, not an objective
    // over team goals (a team goal whose aim moves no objective stands alone, fixtures/goals.ts' objectiveMoved):
    // seed 7's "Move the design tokens specs to Figma variables", under such a team goal, was told as a team's
    // ("Launch the dark mode v2", half its length) and its runs of the source repaired with words drawn at random.
    const threeDeep = new Set<string>();
    for (const g of this.org.goals) {
      const { root, depth: d } = rootOf(g.id.toLowerCase());
      if (d >= 2) threeDeep.add(root);
    }
    const depth = (id: string): number => {
      const { root, depth: d } = rootOf(id);
      return d >= 1 && !threeDeep.has(root) ? d + 1 : d;
    };
    // LW2: a goal of several teams is told in its owner's team's area, whose work its owner writes of.
    const teamsOf = new Map(
      [this.org.me, ...this.org.people].map((p) => [
        p.id.toLowerCase(),
        new Set(p.teams.map((t) => t.id.toLowerCase())),
      ]),
    );
    for (const g of this.org.goals)
      goals.set(g.id.toLowerCase(), {
        title: g.title,
        owner: g.owner.id,
        team: (g.teams.find((t) => teamsOf.get(g.owner.id.toLowerCase())?.has(t.id.toLowerCase())) ?? g.teams[0])?.id,
        level: depth(g.id.toLowerCase()) >= 2 ? 2 : 1,
      });
    const noteGoal = (ref: GoalRef | null): void => {
      if (ref && !goals.has(ref.id.toLowerCase())) goals.set(ref.id.toLowerCase(), { title: ref.title, level: 1 });
    };
    for (const g of this.org.goals) noteGoal(g.parent);
    for (const u of this.org.goalUpdates) noteGoal(u.goal);
    const questions = new Map<string, string>();
    const prompts = new Map<string, string>();
    for (const q of this.org.echoQuestions) {
      questions.set(q.id.toLowerCase(), q.title);
      prompts.set(q.id.toLowerCase(), this.text(q.prompt, 'prompt', q.id, 'prompt'));
    }
    for (const a of this.org.echoAnswers)
      if (!questions.has(a.question.id.toLowerCase())) questions.set(a.question.id.toLowerCase(), a.question.title);
    for (const id of this.#inNewIdOrder(questions.keys()))
      this.#questionTitles.set(id, this.text(questions.get(id)!, 'echo-title', id, 'title'));
    this.story.write(goals, (questionId) => prompts.get(questionId.toLowerCase()) ?? '');
    for (const id of goals.keys()) this.#goalTitles.set(id, this.story.goalTitle(id));
  }

  personRef(ref: PersonRef): PersonRef {
    return { id: this.id(ref.id), name: this.#people.get(ref.id.toLowerCase())!.name };
  }

  teamRef(ref: TeamRef): TeamRef {
    return { id: this.id(ref.id), name: this.#teams.get(ref.id.toLowerCase())!.name };
  }

  goalRef(ref: GoalRef): GoalRef {
    return { id: this.id(ref.id), title: this.#goalTitles.get(ref.id.toLowerCase())! };
  }

  questionRef(ref: QuestionRef): QuestionRef {
    return { id: this.id(ref.id), title: this.#questionTitles.get(ref.id.toLowerCase())! };
  }

  goalTitle(id: string): string {
    return this.#goalTitles.get(id.toLowerCase())!;
  }

  questionTitle(id: string): string {
    return this.#questionTitles.get(id.toLowerCase())!;
  }

  /** G10: the record's page in the app. */
  url(kind: PageKind, sourceId: string): string {
    return `${this.#appUrl}/${kind}/${this.id(sourceId)}`;
  }

  activityUrl(sourceId: string): string {
    return `${this.#appUrl}/activities/${this.id(sourceId)}`;
  }

  person(p: Person): Person {
    const mine = this.#people.get(p.id.toLowerCase())!;
    const random = streamOf(this.#salt, 'person-title', p.id.toLowerCase());
    const titles = TITLES[mine.area.discipline];
    const title =
      p.kind === 'agent' ? 'Automation' : p.administrator ? titles.lead : random.pick<string>(titles.members);
    return {
      id: this.id(p.id),
      name: mine.name,
      username: mine.username,
      email: mine.email,
      time_zone: p.time_zone,
      title,
      location: locationOf(p.time_zone, this.index),
      administrator: p.administrator,
      kind: p.kind,
      bio: this.#bio(p),
      // PT1: the source's account is a real company's, its id a real id: the world built from this runs on
      // IMPORTED_SEED and answers that seed's account, as every world answers its own.
      account: worldAccount(IMPORTED_SEED),
      teams: p.teams.map((t) => this.teamRef(t)),
      url: this.url('people', p.id),
      created_at: p.created_at,
      updated_at: p.updated_at,
    };
  }

  /** PT1: the text a page shows of the bio, written anew in the person's area, as one escaped paragraph. */
  #bio(p: Person): string | null {
    if (p.bio === null || p.bio === '') return p.bio;
    return paragraph(escapeHtml(this.text(htmlText(p.bio), 'bio', p.id, 'bio', p.id)));
  }

  teamName(sourceId: string): string {
    return this.#teams.get(sourceId.toLowerCase())!.name;
  }

  /** The voice a record's text is written in: its author's area (their first team's), no one to mention. */
  #voice(seed: number, authorId: string | undefined, random: EntityRandom): Voice {
    const area = (authorId && this.#people.get(authorId.toLowerCase())?.area) || random.pick(AREAS);
    return { seed, area, author: '', mentions: [] };
  }

  /**
   * `source` written anew as a text of `kind`, keyed by the record's id and the field: null stays null, a text
   * without words keeps its characters, the Markdown skeleton, mentions (mapped), ids and links (mapped) stay.
   */
  text(source: string, kind: TextKind, recordId: string, field: string, authorId?: string): string;
  text(source: string | null, kind: TextKind, recordId: string, field: string, authorId?: string): string | null;
  text(source: string | null, kind: TextKind, recordId: string, field: string, authorId?: string): string | null {
    if (source === null || source === '') return source;
    const hash = keyed(this.#salt, 'text', recordId.toLowerCase(), field);
    const random = new EntityRandom(hash.readUInt32BE(0));
    const voice = this.#voice(hash.readUInt32BE(4), authorId, random);
    const pieces: Piece[] = [];
    for (const line of source.split(/(\r?\n)/)) {
      if (line === '\n' || line === '\r\n') {
        pieces.push({ text: line, word: false });
        continue;
      }
      const prefix = LINE_PREFIX.exec(line)?.[1] ?? '';
      if (prefix) pieces.push({ text: prefix, word: false });
      this.#line(line.slice(prefix.length), kind, random, voice, pieces);
    }
    this.#repair(pieces, random);
    return pieces.map((p) => p.text).join('');
  }

  /** One line's pieces: its special tokens mapped, its runs of words written anew. */
  #line(line: string, kind: TextKind, random: EntityRandom, voice: Voice, out: Piece[]): void {
    // Tokens first: fixed pieces and source words (a word's text is the source's, replaced below by runs).
    const tokens: Array<Piece & { source?: boolean }> = [];
    let at = 0;
    for (const match of line.matchAll(TOKENS)) {
      const index = match.index;
      if (index > at) tokens.push({ text: line.slice(at, index), word: false });
      let text = match[0];
      let trailing = '';
      if (match[1]) {
        // A link's trailing punctuation is the sentence's.
        const cut = /[.,;:!?'"]+$/.exec(text)?.[0] ?? '';
        text = text.slice(0, text.length - cut.length);
        trailing = cut;
        tokens.push({ text: this.#link(text), word: false });
      } else if (match[2]) tokens.push({ text: this.id(text), word: false });
      else if (match[3]) tokens.push({ text: this.#email(text), word: false });
      else if (match[4]) tokens.push({ text: `@${this.#username(text.slice(1))}`, word: false });
      else tokens.push({ text, word: true, source: true });
      if (trailing) tokens.push({ text: trailing, word: false });
      at = index + match[0].length;
    }
    if (at < line.length) tokens.push({ text: line.slice(at), word: false });
    // Runs: words joined by spaces and simple punctuation only.
    for (let i = 0; i < tokens.length;) {
      if (!tokens[i]!.word) {
        out.push(tokens[i]!);
        i++;
        continue;
      }
      let end = i;
      while (end + 2 < tokens.length && JOINER.test(tokens[end + 1]!.text) && tokens[end + 2]!.word) end += 2;
      const run = tokens.slice(i, end + 1);
      const words = run.filter((t) => t.word);
      if (words.length >= 5 && kind !== 'activity-group') {
        const original = run.map((t) => t.text).join('');
        const written = this.#prose(kind, random, voice, original.length);
        const cased = /^\p{Lu}/u.test(original) ? capitalize(written) : lowerFirst(written);
        for (const piece of cased.split(/([\p{L}\p{N}\p{M}]+)/u))
          if (piece) out.push({ text: piece, word: /^[\p{L}\p{N}\p{M}]+$/u.test(piece) });
      } else
        for (const token of run) out.push(token.word ? { text: this.#wordFor(token.text, random), word: true } : token);
      i = end + 1;
    }
  }

  /** A word in place of a source word: kept when it is grammar or a single letter, digits for digits. */
  #wordFor(word: string, random: EntityRandom): string {
    if (word.length === 1 || KEPT_WORDS.has(word.toLowerCase())) return word;
    if (/^\p{N}+$/u.test(word))
      return Array.from({ length: word.length }, (_, k) =>
        String(random.int(k === 0 && word.length > 1 ? 1 : 0, 9)),
      ).join('');
    // Never the source's word back: the vocabulary holds the engine's words, and a team named "Mobile" drew "mobile".
    let drawn = this.#word(random, word.length);
    for (let k = 0; k < 8 && drawn.toLowerCase() === word.toLowerCase(); k++) drawn = this.#word(random, word.length);
    return this.#cased(word, drawn);
  }

  #cased(like: string, word: string): string {
    if (like.length > 1 && like === like.toUpperCase() && /\p{L}/u.test(like)) return word.toUpperCase();
    return /^\p{Lu}/u.test(like) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  }

  /** Sentences of `kind` about `length` characters long (within 15%), from the generator's own. */
  #prose(kind: TextKind, random: EntityRandom, voice: Voice, length: number): string {
    const f = fakerFor(voice.seed, 'anonymise');
    const sentence = (): string => {
      const component = random.pick(voice.area.components);
      switch (kind) {
        case 'goal-title':
          return goalTitle(f, random.chance(0.5) ? 1 : 2, 0, voice, new Set()).title;
        case 'update-title':
          return random.pick(UPDATE_TITLES)(component);
        case 'prompt':
        case 'echo-title':
          return random.pick(PROMPTS)(component, random.pick(MEETINGS));
        case 'blockers':
          return blockerSentence(f, voice);
        case 'comment':
          return random.chance(0.5) ? `${random.pick(PRAISE)}, the ${component} looks good` : workItem(f, voice).next;
        case 'bio':
          return random.pick(BIO_SENTENCES)(component, random.pick(TECHNOLOGIES));
        default: {
          const roll = random.int(0, 5);
          if (roll === 0) return lessonItem(f, voice);
          if (roll === 1) return `We're doing this because ${random.pick(WHY_CLAUSES)}`;
          return roll % 2 ? workItem(f, voice).done : workItem(f, voice).next;
        }
      }
    };
    let text = '';
    while (text.length < length * 0.85) {
      // Markdown inside a run would change the text's skeleton: the generator's bold and code marks go.
      const clause = sentence()
        .replace(/\*\*|`/g, '')
        .replace(/[.:;!?]+$/, '');
      const separator = text ? '. ' : '';
      const room = Math.floor(length * 1.1) - text.length - separator.length;
      // What is left to fill is short: a noun phrase of the generator's reads better than a sentence cut short.
      const filler = random.pick([...voice.area.components, ...MEETINGS, ...TECHNOLOGIES]);
      const cut = clause.length > room && text && filler.length <= room ? filler : cutToWords(clause, room);
      if (!cut) break;
      text += separator + (text ? capitalize(cut) : cut);
    }
    return text || this.#word(random, length);
  }

  /**
   * Draws again every word of the text that, with the three around it, makes a run of four words of a source text,
   * or is a source name, username or email (the leak scan's index): a few rounds, each drawing one word per hit.
   * `saying` (a story text, LW9): a word of a run is said otherwise first, or a filler put in it, or its sentence
   * taken out (while the text stays `least` long), before one is drawn.
   * Returns the words drawn at random (the last resort), each as it was and as it came out.
   */
  #repair(pieces: Piece[], random: EntityRandom, saying = false, least?: number): DrawnWord[] {
    const drawn: DrawnWord[] = [];
    // How many of a word's swaps (leak-dodge.ts) were tried, and where in its list each text starts: a word said
    // otherwise keeps the sentence's sense; then a word put before one (leak-dodge.ts' fillers), once a line; then
    // the sentence taken out, from a line of several (`least`: the text stays that long); only then a word drawn
    // from the vocabulary.
    const swapped = new Map<number, number>();
    const firstSwap = new Map<number, number>();
    const filled = new Set<number>();
    // A word's swaps are its own as the engine wrote it, tried in turn (not the swaps of the word it became), each
    // read with the word after it ("an eye" is said "a close eye").
    const originals = new Map<number, string>();
    const wordAfter = (p: number): string | undefined =>
      /^(?=.* )[ *_]+$/.test(pieces[p + 1]?.text ?? '') && pieces[p + 2]?.word ? pieces[p + 2]!.text : undefined;
    // LW9: a filler goes where it reads ("I still merged"), never after a determiner ("this still dark mode") nor
    // inside a name the generator gives a thing ("push also notifications").
    const fillable = (p: number): boolean => {
      const before = pieces[p - 2];
      if (!before?.word || pieces[p - 1]!.text !== ' ') return true;
      return (
        !DETERMINERS.has(before.text.toLowerCase()) && !COMPOUNDS.has(`${before.text} ${pieces[p]!.text}`.toLowerCase())
      );
    };
    const filledLines = new Set<number>();
    // A word of a name ("time-zone", "sre-runbooks#383", "dark-mode.css") is not said otherwise: "room-zone" reads
    // as a slip.
    const inName = (p: number): boolean =>
      /[-_./#@`]$/.test(pieces[p - 1]?.text ?? '') || /^[-_./#`]/.test(pieces[p + 1]?.text ?? '');
    for (let round = 0; round < 24; round++) {
      const inserts = new Set<number>();
      const { text, starts, lines } = layoutOf(pieces);
      const lineOf = (p: number): number => lines[p]!;
      const swapOf = (p: number): string | undefined => {
        if (!saying || inName(p)) return undefined;
        const swaps = swapsOf(originals.get(p) ?? pieces[p]!.text, wordAfter(p));
        const tried = swapped.get(p) ?? 0;
        if (tried >= swaps.length) return undefined;
        // LW4: each text starts a word's swaps at a place of its own: two people whose sentences the same swaps
        // said otherwise said the same sentence ("monitor" is "watch" in one, another wrote "watch").
        if (!firstSwap.has(p)) firstSwap.set(p, random.int(0, 5));
        return swaps[(firstSwap.get(p)! + tried) % swaps.length];
      };
      const drops: Dropped[] = [];
      let textLength = text.length;
      const droppable = (p: number, taken: readonly Dropped[]): Dropped | null => {
        const dropped = least === undefined ? null : droppableSentence(pieces, p, taken, textLength - least);
        if (dropped) textLength -= dropped.removed;
        return dropped;
      };
      const wordPieces: number[] = [];
      const scanner = this.index.scanner();
      const redraw = new Set<number>();
      let hits = 0;
      forEachWord(text, false, (word, start) => {
        wordPieces.push(pieceAt(starts, start));
        for (const hit of scanner.push(word)) {
          hits++;
          const candidates = wordPieces.slice(hit.firstWord, hit.lastWord + 1).filter((p) => pieces[p]!.word);
          if (candidates.some((p) => redraw.has(p) || drops.some((d) => d.from <= p && p <= d.to))) continue;
          // By the word as the engine wrote it: a word with a filler before it is no longer for that.
          const length = (p: number): number => (originals.get(p) ?? pieces[p]!.text).length;
          // A text run: a word of it said otherwise first (the longest that can be, so that "the" is the last
          // resort), else the longest drawn again. A name or username is drawn again whole.
          const swappable =
            hit.kind === 'text'
              ? candidates
                  .filter((p) => swapOf(p) !== undefined)
                  .reduce<number | undefined>(
                    (best, p) => (best === undefined || length(p) > length(best) ? p : best),
                    undefined,
                  )
              : undefined;
          // A word a status is stated in ("on track", "at risk", LW1) is drawn only when the run has no other.
          const drawable = candidates.filter(
            (p) => !STATUS_WORDS.has((originals.get(p) ?? pieces[p]!.text).toLowerCase()),
          );
          const longest = (drawable.length ? drawable : candidates).reduce<number | null>(
            (best, p) => (best === null || length(p) > length(best) ? p : best),
            null,
          );
          // A filler goes before a word of a sentence only: one after a space, not inside a name like dark-mode.css.
          const middle = candidates
            .slice(1)
            .find(
              (p) =>
                p > 0 &&
                / $/.test(pieces[p - 1]!.text) &&
                /^\p{L}+$/u.test(pieces[p]!.text) &&
                !filled.has(p) &&
                !filledLines.has(lineOf(p)) &&
                fillable(p),
            );
          if (saying && swappable === undefined && hit.kind === 'text' && middle !== undefined) {
            // One filler a line: two in a sentence read as a tic ("still … just …").
            filledLines.add(lineOf(middle));
            inserts.add(middle);
            redraw.add(middle);
            continue;
          }
          // Past swaps and a filler: the sentence goes, when its line holds another and the text stays long enough.
          const sentence =
            saying && swappable === undefined && hit.kind === 'text' && candidates.length
              ? droppable(candidates[0]!, drops)
              : null;
          if (sentence) {
            drops.push(sentence);
            continue;
          }
          const chosen = swappable ?? longest;
          if (chosen !== null) redraw.add(chosen);
        }
      });
      takeOut(pieces, drops);
      if (hits === 0) return drawn;
      if (redraw.size === 0 && drops.length === 0) break;
      for (const p of redraw) {
        const piece = pieces[p]!;
        const swap = swapOf(p);
        if (inserts.has(p)) {
          filled.add(p);
          if (!originals.has(p)) originals.set(p, piece.text);
          const filler = fillerFor(random);
          piece.text = /^\p{Lu}\p{Ll}/u.test(piece.text)
            ? `${filler.charAt(0).toUpperCase()}${filler.slice(1)} ${piece.text.charAt(0).toLowerCase()}${piece.text.slice(1)}`
            : `${filler} ${piece.text}`;
        } else if (swap !== undefined) {
          if (!originals.has(p)) originals.set(p, piece.text);
          swapped.set(p, (swapped.get(p) ?? 0) + 1);
          piece.text = this.#cased(piece.text, swap);
        } else {
          const was = originals.get(p) ?? piece.text;
          if (/^\p{N}{2,}$/u.test(piece.text)) piece.text = this.#wordFor(piece.text, random);
          else piece.text = this.#cased(piece.text, this.#word(random, Math.max(2, piece.text.length)));
          drawn.push({ was, drawn: piece.text });
        }
      }
    }
    // The leak scan's promise before the story's: a run the swaps, fillers and drops left (their rounds spent, or a
    // run none of them reaches) is broken by words drawn at random, as every source text's run is. A random salt of
    // the binary's check left "than it looked - Just followed …" of a standin source in one import, and the scan
    // refused to write it.
    if (saying && this.#hits(pieces.map((piece) => piece.text).join('')) > 0)
      drawn.push(...this.#repair(pieces, random, false));
    return drawn;
  }

  /** How many runs of four words of a source text, names, usernames or emails `text` holds. */
  #hits(text: string): number {
    const scanner = this.index.scanner();
    let hits = 0;
    forEachWord(text, false, (word) => {
      hits += scanner.push(word).length;
    });
    return hits;
  }

  /** A text the story engine wrote, its words that make a run of the source drawn again (mentions and links kept). */
  #repaired(text: string, key: string, least?: number): Repaired {
    const pieces: Piece[] = [];
    for (const part of text.split(
      /((?<![\p{L}\p{N}_@])@[\p{L}\p{N}_.-]*[\p{L}\p{N}_]|https?:\/\/\S+|[\p{L}\p{N}\p{M}]+)/u,
    ))
      if (part) pieces.push({ text: part, word: /^[\p{L}\p{N}\p{M}]+$/u.test(part) });
    const drawn = this.#repair(pieces, streamOf(this.#salt, 'repair', key), true, least);
    return { text: pieces.map((p) => p.text).join(''), drawn };
  }

  #username(source: string): string {
    const known = this.#usernames.get(source.toLowerCase());
    if (known) return known;
    // Someone not read (a former colleague, a group): a handle of a generated name, the same everywhere.
    const random = streamOf(this.#salt, 'mention', source.toLowerCase());
    for (;;) {
      const { first, last } = personName(random, CULTURE_NAMES);
      const handle = `${first.charAt(0)}${last}`
        .normalize('NFD')
        .toLowerCase()
        .replace(/[^a-z]/g, '');
      if (handle && this.index.isClean(handle) && ![...this.#people.values()].some((p) => p.username === handle)) {
        this.#usernames.set(source.toLowerCase(), handle);
        return handle;
      }
    }
  }

  #email(source: string): string {
    const known = this.#emails.get(source.toLowerCase());
    if (known) return known;
    return `${this.#username(source.split('@')[0] ?? source)}@${EMAIL_DOMAIN}`;
  }

  /** A link: an app page of a record to the new record's page; anything else to a page of the app keyed by it. */
  #link(url: string): string {
    const page = PAGE.exec(url);
    if (page) return `${this.#appUrl}/${page[1]!.toLowerCase()}/${this.id(page[2]!)}`;
    return `${this.#appUrl}/links/${keyed(this.#salt, 'link', url).subarray(0, 6).toString('hex')}`;
  }
}

/** The first words of `text` that fit in `room` characters ('' when not even one does). */
function cutToWords(text: string, room: number): string {
  if (text.length <= room) return text;
  let cut = '';
  for (const word of text.split(' ')) {
    const next = cut ? `${cut} ${word}` : word;
    if (next.length > room) break;
    cut = next;
  }
  // A sentence cut short ends on a word of its own, not on "the" or "for".
  const words = cut.replace(/[\s,;:(-]+$/, '').split(' ');
  while (words.length > 1 && KEPT_WORDS.has(words[words.length - 1]!.toLowerCase())) words.pop();
  return words.join(' ');
}

function byId<T extends { id: string }>(records: T[]): T[] {
  return records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** EC4's date in an answer's title: "Tue Apr 28". */
const EC4_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}$/;

/** An Echo answer's title as EC4 writes it, "<question title> for <Ddd Mmm D>": the date part kept. */
function answerTitle(a: Anonymiser, answer: ApiSchema<'EchoAnswer'>, index: SourceIndex): string {
  const prefix = `${answer.question.title} for `;
  // Only a date in EC4's shape is kept as written: any other tail ("… for Project Falcon") is the source's own
  // words, which the scan cannot tell from the run of four it makes with the new title, so it went out as it was.
  if (answer.title.startsWith(prefix) && EC4_DATE.test(answer.title.slice(prefix.length))) {
    const title = `${a.questionTitle(answer.question.id)} for ${answer.title.slice(prefix.length)}`;
    if (index.isClean(title)) return title;
  }
  return a.text(answer.title, 'echo-title', answer.id, 'title');
}

/** G10, G4: a goal, its texts written anew (its title from the generator's), its references through the map. */
function goalOf(a: Anonymiser, g: ApiSchema<'Goal'>): ApiSchema<'Goal'> {
  return {
    type: g.type,
    id: a.id(g.id),
    title: a.goalTitle(g.id),
    description: a.story.text(g.id, 'description'),
    start_date: g.start_date,
    end_date: g.end_date,
    update_cadence: g.update_cadence,
    owner: a.personRef(g.owner),
    parent: g.parent === null ? null : a.goalRef(g.parent),
    private: g.private,
    archived: g.archived,
    progress: g.progress,
    confidence: g.confidence,
    confidence_description: g.confidence_description,
    contributors: g.contributors.map((p) => a.personRef(p)),
    teams: g.teams.map((t) => a.teamRef(t)),
    url: a.url('goals', g.id),
  };
}

function goalUpdateOf(a: Anonymiser, u: ApiSchema<'GoalUpdate'>): ApiSchema<'GoalUpdate'> {
  return {
    type: u.type,
    id: a.id(u.id),
    goal: a.goalRef(u.goal),
    person: a.personRef(u.person),
    title: a.story.text(u.id, 'title')!,
    body: a.story.text(u.id, 'body')!,
    progress: u.progress,
    confidence: u.confidence,
    confidence_description: u.confidence_description,
    created_at: u.created_at,
    updated_at: u.updated_at,
    url: a.url('goal_updates', u.id),
  };
}

function checkInOf(a: Anonymiser, c: ApiSchema<'CheckIn'>): ApiSchema<'CheckIn'> {
  return {
    type: c.type,
    id: a.id(c.id),
    date: c.date,
    person: a.personRef(c.person),
    teams: c.teams.map((t) => a.teamRef(t)),
    previous: a.story.text(c.id, 'previous'),
    intentions: a.story.text(c.id, 'intentions'),
    blockers: a.story.text(c.id, 'blockers'),
    mood: c.mood,
    previous_completed: c.previous_completed,
    blocked: c.blocked,
    absent: c.absent,
    completed_at: c.completed_at,
    updated_at: c.updated_at,
    url: a.url('check-ins', c.id),
  };
}

function echoQuestionOf(a: Anonymiser, q: ApiSchema<'EchoQuestion'>): ApiSchema<'EchoQuestion'> {
  return {
    id: a.id(q.id),
    prompt: a.text(q.prompt, 'prompt', q.id, 'prompt'),
    title: a.questionTitle(q.id),
    answer_frequency: q.answer_frequency,
    answer_day: q.answer_day,
    answer_time: q.answer_time,
    answer_time_zone: q.answer_time_zone,
    next_answer_at: q.next_answer_at,
    paused_at: q.paused_at,
    created_at: q.created_at,
    updated_at: q.updated_at,
    url: a.url('echo/questions', q.id),
  };
}

function echoAnswerOf(a: Anonymiser, e: ApiSchema<'EchoAnswer'>): ApiSchema<'EchoAnswer'> {
  return {
    type: e.type,
    id: a.id(e.id),
    question: a.questionRef(e.question),
    title: answerTitle(a, e, a.index),
    body: a.story.text(e.id, 'body'),
    published_at: e.published_at,
    url: a.url('echo/answers', e.id),
  };
}

function activityOf(a: Anonymiser, x: ApiSchema<'Activity'>): ApiSchema<'Activity'> {
  const group = a.text(x.group, 'activity-group', x.id, 'group', x.person.id);
  const title = a.text(x.title, 'activity-title', x.id, 'title', x.person.id);
  const description = a.text(x.description, 'activity-description', x.id, 'description', x.person.id);
  return {
    id: a.id(x.id),
    kind: x.kind,
    group,
    title,
    // AC2: 1–256 characters.
    description:
      x.description.length <= 256 && description.length > 256 ? description.slice(0, 256).trimEnd() : description,
    url: x.url === null ? null : a.activityUrl(x.id),
    recorded_at: x.recorded_at,
    person: a.personRef(x.person),
  };
}

/** CR1: a comment, its body written anew, on the new id of what it is on. */
function commentOf(a: Anonymiser, c: ApiSchema<'Comment'>): ApiSchema<'Comment'> {
  return {
    type: c.type,
    id: a.id(c.id),
    body: a.story.text(c.id, 'body')!,
    person: a.personRef(c.person),
    resource: { type: c.resource.type, id: a.id(c.resource.id) },
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** CR2: a reaction, its name and emoji kept (the spec's own). */
function reactionOf(a: Anonymiser, r: ApiSchema<'Reaction'>): ApiSchema<'Reaction'> {
  return {
    id: a.id(r.id),
    name: r.name,
    emoji: r.emoji,
    person: a.personRef(r.person),
    resource: { type: r.resource.type, id: a.id(r.resource.id) },
    created_at: r.created_at,
  };
}

/**
 * The organisation with nothing real left and its shape kept (see the file's head): ids through the keyed hash
 * (anonymisedIdOf), people renamed from the generator's names, texts written anew at about the same length.
 * @example const world = anonymise(org, { salt: randomBytes(32), appUrl: 'https://app.standin.test' })
 */
export function anonymise(org: SourceOrg, options: AnonymiseOptions): SourceOrg {
  return anonymised(org, options).org;
}

/**
 * anonymise's organisation, and the words its repair drew at random in the story's texts (LW9: its last resort,
 * which reads as word salad): what the import's summary counts.
 * @example anonymised(org, { salt, appUrl }).randomWords.count // 0
 */
export function anonymised(org: SourceOrg, options: AnonymiseOptions): { org: SourceOrg; randomWords: RandomWords } {
  const a = new Anonymiser(org, options);
  const out: SourceOrg = {
    source: { label: LABEL, readAt: org.source.readAt, window: org.source.window },
    me: a.person(org.me),
    people: byId(org.people.map((p) => a.person(p))),
    teams: byId(
      org.teams.map((t) => ({
        id: a.id(t.id),
        name: a.teamName(t.id),
        check_in_days: [...t.check_in_days],
        people: t.people.map((p) => a.personRef(p)),
      })),
    ),
    goals: byId(org.goals.map((g) => goalOf(a, g))),
    goalUpdates: byId(org.goalUpdates.map((u) => goalUpdateOf(a, u))),
    checkIns: byId(org.checkIns.map((c) => checkInOf(a, c))),
    echoQuestions: byId(org.echoQuestions.map((q) => echoQuestionOf(a, q))),
    echoAnswers: byId(org.echoAnswers.map((e) => echoAnswerOf(a, e))),
    activities: byId(org.activities.map((x) => activityOf(a, x))),
    comments: byId(org.comments.map((c) => commentOf(a, c))),
    reactions: byId(org.reactions.map((r) => reactionOf(a, r))),
  };
  return { org: out, randomWords: a.story.randomWords() };
}
