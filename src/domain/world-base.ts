// A base world: the records of a generated (or imported) world in a frozen store, shared by every world built
// on it (MK5: the shared world and each session are layers over one base, and cost what they change).
import { dateInZone } from './calendar.js';
import { baseGoalsOf, publishDueAnswers, type AnswerBodyWriter, type BaseGoals } from './echo-publishing.js';
import type { LifeWriter, WorldWriter } from './life-writer.js';
import { nextAnswerAt } from './echo-schedule.js';
import { CONTENTS_KINDS, KINDS, type ContentsKind, type RecordOf } from './record-kinds.js';
import type { EpochSeconds, IsoDate, Person, Uuid } from './records.js';
import { drain, inSlices, type Sliced } from './slices.js';
import { Store, type StoreCounters } from './store.js';

export type WorldSize = 'small' | 'large';

export const DEFAULT_SEED = 42;

/** Generated records carry seq values below this; records made while a world runs get larger ones. */
const FIRST_RUNTIME_SEQ = 1_000_000_000;

/** A world's records of each kind its contents hold (record-kinds.ts). */
export type ContentsRecords = { readonly [K in ContentsKind]: readonly RecordOf<K>[] };

/** A world's records: as the generator builds them from a seed, or as a full state export holds them. */
export interface WorldContents extends ContentsRecords {
  seed: number;
  size: WorldSize;
  /** Every timestamp of the contents is at or before this instant; check-ins exist up to its dates. */
  generatedAt: EpochSeconds;
  /** The first date with check-ins. */
  historyStart: IsoDate;
  /** The person the CLI prints and `GET /__mock/tokens` lists first. */
  defaultPersonId: Uuid;
  counters?: StoreCounters;
}

export type { AnswerBodyWriter } from './echo-publishing.js';
export type { WorldWriter } from './life-writer.js';

/** The records of a base that @mention each username (DG2): check-ins and goal updates, by id. */
export type MentionIndex = ReadonlyMap<string, readonly Uuid[]>;

/** A username's characters: after a mention, one of these means a longer name (as publications.ts reads). */
const NAME_CHAR = /[A-Za-z0-9_-]/;

/**
 * DG2: every username of the base's people that the texts of its check-ins and goal updates @mention, with the
 * records, a slice at a time; a mention is what publications.ts `mentions` finds, whatever characters an
 * imported username holds. A generated base needs none: its texts mention only the author's team and a goal's
 * contributors, whom the digest finds by its indexes; an imported one's may mention anyone, and reading all its
 * texts on each uncached GET /digest took 0.7 s on the large world (issue 33).
 */
function* indexMentions(contents: WorldContents): Sliced<MentionIndex> {
  const usernames = new Set(contents.people.map((p) => p.username));
  const longest = [...usernames].reduce((most, u) => Math.max(most, u.length), 0);
  const index = new Map<string, Uuid[]>();
  const note = (id: Uuid, ...texts: Array<string | null>) => {
    const handles = new Set<string>();
    for (const text of texts) {
      if (text === null) continue;
      for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
        if (at > 0 && NAME_CHAR.test(text[at - 1]!)) continue;
        const last = Math.min(text.length, at + 1 + longest);
        for (let end = at + 2; end <= last; end++) {
          if (end < text.length && NAME_CHAR.test(text[end]!)) continue;
          const handle = text.slice(at + 1, end);
          if (usernames.has(handle)) handles.add(handle);
        }
      }
    }
    for (const handle of handles) {
      const ids = index.get(handle);
      if (ids) ids.push(id);
      else index.set(handle, [id]);
    }
  };
  yield* inSlices(contents.checkIns, (c) => note(c.id, c.previous, c.intentions, c.blockers));
  yield* inSlices(contents.goalUpdates, (u) => note(u.id, u.title, u.body));
  return index;
}

/** Loads a world's records into a new base store and freezes it, a slice at a time (slices.ts). */
function* loadStore(contents: WorldContents, { answerBody, pausedInHistory }: WorldWriter): Sliced<Store> {
  const { seed, generatedAt } = contents;
  const store = new Store(seed, FIRST_RUNTIME_SEQ);
  if (contents.counters) store.restoreCounters(contents.counters);
  store.indexPeopleAndTeams(contents.people, contents.teams);
  for (const kind of CONTENTS_KINDS) {
    // Stryker disable next-line ConditionalExpression: people and teams, put again after indexPeopleAndTeams, are the same records in the same tables.
    if (!KINDS[kind].directory)
      yield* inSlices<RecordOf<typeof kind>>(contents[kind], (record) => store.put(kind, record));
  }
  // EC4: what was due when the world was generated is published in the base, shared by its worlds; EC3: none of
  // what the team had paused (the writer's pausedInHistory: a daily Echo's weekends).
  // LW1, LW3: its answers told from the base's goals, as the clock's are (WorldBase.goals).
  const goals = baseGoalsOf(store);
  for (const question of contents.echoQuestions) {
    publishDueAnswers(
      store,
      { ...contents, goals },
      answerBody,
      question,
      nextAnswerAt(question, question.publishedThrough),
      generatedAt,
      pausedInHistory,
    );
    yield;
  }
  return yield* store.freezing();
}

/**
 * @example const base = new WorldBase(generateWorld({ seed, size, now }), worldWriter, 'generated');
 */
export class WorldBase {
  readonly seed: number;
  readonly size: WorldSize;
  readonly generatedAt: EpochSeconds;
  readonly historyStart: IsoDate;
  readonly defaultPersonId: Uuid;
  readonly store: Store;
  /** CI1: the people of each time zone, in name order (each zone reaches a new date at its own midnight). */
  readonly zones: ReadonlyMap<string, readonly Person[]>;
  /** EC4: writes the answers the domain publishes (the generator's voice). */
  readonly answerBody: AnswerBodyWriter;
  /** LW1, LW3: its goals and their updates, frozen: what the writer reads a project's end from (echo-publishing.ts). */
  readonly goals: BaseGoals;
  #life: LifeWriter | undefined;

  /**
   * `origin` says whether the base is a function of seed, size and `generatedAt` (a state then records only
   * those three), or was imported from a full state (a state must then carry its records). `store`: the
   * contents already loaded, as `WorldBase.build` does it a slice at a time.
   */
  constructor(
    contents: WorldContents,
    readonly writer: WorldWriter,
    readonly origin: 'generated' | 'imported',
    store: Store = drain(loadStore(contents, writer)),
    /** DG2: an imported base's records by the usernames they mention (indexMentions); null for a generated one. */
    readonly mentioned: MentionIndex | null = origin === 'imported' ? drain(indexMentions(contents)) : null,
  ) {
    this.answerBody = writer.answerBody;
    this.goals = baseGoalsOf(store);
    this.seed = contents.seed;
    this.size = contents.size;
    this.generatedAt = contents.generatedAt;
    this.historyStart = contents.historyStart;
    this.defaultPersonId = contents.defaultPersonId;
    this.store = store;
    const zones = new Map<string, Person[]>();
    for (const person of store.peopleInOrder) {
      const zone = zones.get(person.timeZone);
      if (zone) zone.push(person);
      else zones.set(person.timeZone, [person]);
    }
    this.zones = zones;
  }

  /**
   * The same base as `new WorldBase`, built a slice at a time: a server spreads it over turns of its event loop.
   * @example const base = drain(WorldBase.build(contents, worldWriter, 'imported')) // or a slice a turn
   */
  static *build(contents: WorldContents, writer: WorldWriter, origin: 'generated' | 'imported'): Sliced<WorldBase> {
    const store = yield* loadStore(contents, writer);
    const mentioned = origin === 'imported' ? yield* indexMentions(contents) : null;
    return new WorldBase(contents, writer, origin, store, mentioned);
  }

  /** LW6: the writer of this world's people, made on first use (a world nobody simulates never pays for it). */
  get life(): LifeWriter {
    return (this.#life ??= this.writer.life({
      seed: this.seed,
      people: this.store.peopleInOrder,
      teams: this.store.teamsInOrder,
      defaultPersonId: this.defaultPersonId,
      goals: this.goals,
    }));
  }

  /** Whether a state taken of a world on this base can name it by seed, size and generation instant. */
  sameAs(other: { seed: number; size: WorldSize; generatedAt: EpochSeconds }): boolean {
    return (
      this.origin === 'generated' &&
      other.seed === this.seed &&
      other.size === this.size &&
      other.generatedAt === this.generatedAt
    );
  }

  /** CI1: the last date of each zone whose check-ins the base holds. */
  throughDate(timeZone: string): IsoDate {
    return dateInZone(this.generatedAt, timeZone);
  }
}
