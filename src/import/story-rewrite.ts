// Owns the rewriting of an imported organisation's story texts (LW9): every goal title and description, update
// title and body, check-in answer, comment and Echo answer is written anew by the story engine (imported-story.ts),
// fitted to the record's facts (the arc of its goal's figures, the person's last plan, the blockers flag and mood,
// the tone of what a comment answers) and laid into the source text's Markdown skeleton (markdown-skeleton.ts),
// its mentions mapped. Nothing of the source's words is used. Each text is drawn a few times and the draw with the
// fewest runs of the source kept (a source that standin made holds the engine's own sentences); what is left is
// repaired by the anonymiser's redraw (anonymise.ts). Everything is keyed by the salt and the records' ids, and
// walked in an order of new ids and instants, so the result does not depend on the order of the source's lists.
import type { CheckInKey } from '../../fixtures/check-in-text.js';
import { checkInComponent } from '../../fixtures/check-in-text.js';
import type { Tone } from '../../fixtures/discussion-targets.js';
import type { Beat } from '../../fixtures/goal-arc.js';
import { AREAS, type Area } from '../../fixtures/phrases.js';
import { masker, sentencesOf } from '../../fixtures/story-measure.js';
import type { Voice } from '../../fixtures/voices.js';
import type { ApiSchema } from '../types/wire.js';
import {
  arcOf,
  checkInStory,
  commentStory,
  echoAnswerStory,
  goalDescriptionStory,
  goalStory,
  updateStory,
  type GoalStory,
} from './imported-story.js';
import { cutBack, fitStory, skeletonOf, withoutTrailingJoins, type StoryText } from './markdown-skeleton.js';
import type { SourceOrg } from './source-org.js';
import { dateInZone } from '../domain/calendar.js';
import { snapConfidence } from '../domain/confidence.js';

/** What the rewrite asks of the anonymiser: the maps it made, and its leak check and repair. */
export interface StoryContext {
  org: SourceOrg;
  /** A number keyed by the salt and `parts`: a voice's seed. */
  seed: (...parts: string[]) => number;
  id: (sourceId: string) => string;
  /** A source person's new username and area (their first team's). */
  person: (sourceId: string) => { username: string; area: Area };
  /** The new teams' names, in a stable order. */
  teamNames: readonly string[];
  /** A source team's area. */
  teamArea: (sourceId: string) => Area;
  /** The voice of a new username (an Echo answer's signer); null for someone not read. */
  voiceOfUsername: (username: string) => Area | null;
  /** An @mention mapped to the new username's. */
  mention: (mention: string) => string;
  /** How many runs of the source (or source names) `text` holds. */
  hits: (text: string) => number;
  /**
   * `text` with every word that makes a run of the source said otherwise, or drawn again (the anonymiser's repair);
   * a sentence of a line of several may go instead, while the text stays `least` characters long.
   */
  repair: (text: string, key: string, least?: number) => Repaired;
}

/** A word the repair drew at random from the vocabulary (its last resort): as it was, and as it came out. */
export interface DrawnWord {
  was: string;
  drawn: string;
}

/** A text repaired, and the words of it drawn at random. */
export interface Repaired {
  text: string;
  drawn: DrawnWord[];
}

/** LW9: the words drawn at random left in the story's texts, over a whole import, with a few of them in their line. */
export interface RandomWords {
  count: number;
  /**
   * A few, in the order of the records' new ids, each the word drawn and its line of the output: `education: "I'd
   * education an eye on …"`. Never the word it replaced: that word made a run of the source's, or was a source
   * person's name or username (a name hit is drawn again whole), and the summary is printed and handed on.
   */
  examples: string[];
}

/** A goal as the rewrite draws its title: its source title, owner, first team and depth (team goal or below). */
export interface GoalRef {
  title: string;
  owner?: string;
  team?: string;
  level: 1 | 2;
}

/**
 * How many draws a text gets before the one that repeats least is kept (LW4: most records take the first). Six left 6
 * of 2,707 sentences shared by two people of seed 7's import once guests' check-ins told their other team's work; 5.
 */
const DRAWS = 8;
/** LW9: how many draws a text gets while every one so far needs a word drawn at random to break a run of the source. */
const MORE_DRAWS = 12;

const MENTION = /(?<![\p{L}\p{N}_@])@[\p{L}\p{N}_.-]*[\p{L}\p{N}_]/gu;

/** Words a short headline may end with, in turn, to come near the source's length. */
const HEADLINE_ENDS = ['so far', 'this cycle', 'after review', 'for the team'] as const;

/** `title` with a few words more while it is well short of `length`. */
function padded(title: string, length: number): string {
  let text = title;
  for (const end of HEADLINE_ENDS) if (text.length < length * 0.8 - 2) text = `${text} ${end}`;
  return text;
}

/**
 * A headline within about a third of the source's length (12 characters at least): cut at a word only past
 * that, so that "Week 3: the build cache is on track" keeps its status.
 */
function titled(text: string, length: number): string {
  const most = Math.max(Math.floor(length * 1.3), length + 12);
  if (text.length <= most) return text;
  const words = text.split(' ');
  while (words.length > 1 && words.join(' ').length > most) words.pop();
  return withoutTrailingJoins(words.join(' '));
}

/** A word drawn at random that a text kept, and the line of the text it is in. */
interface KeptDrawn extends DrawnWord {
  line: string;
}

/** Of the words drawn at random, those `text` still holds (a cut back may have taken some), each with its line. */
function stillIn(text: string, drawn: readonly DrawnWord[]): KeptDrawn[] {
  const lines = text.split('\n');
  const left = new Map<string, number>();
  const kept: KeptDrawn[] = [];
  for (const d of drawn) {
    // A drawn word is letters or digits alone (a piece of the repair's): nothing to escape.
    const word = new RegExp(`(?<![\\p{L}\\p{N}])${d.drawn}(?![\\p{L}\\p{N}])`, 'u');
    const held = left.get(d.drawn) ?? lines.reduce((n, l) => n + l.split(word).length - 1, 0);
    if (held === 0) continue;
    left.set(d.drawn, held - 1);
    kept.push({ ...d, line: lines.find((l) => word.test(l)) ?? '' });
  }
  return kept;
}

function byInstantThenId<T>(list: T[], instant: (t: T) => string, id: (t: T) => string): T[] {
  return list.sort((a, b) =>
    instant(a) < instant(b) ? -1 : instant(a) > instant(b) ? 1 : id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0,
  );
}

export class StoryRewrite {
  readonly #texts = new Map<string, string | null>();
  readonly #goals = new Map<string, GoalStory>();
  /** An update's beat and its goal's subject, and a check-in's voice and key: what a comment on it answers (LW5). */
  readonly #updateTones = new Map<string, { tone: Tone; about: string | null; author: string; voice: Voice }>();
  readonly #checkInTones = new Map<string, { tone: Tone; about: string | null; author: string; voice: Voice }>();

  /**
   * LW4: each author's style number (Voice.style, voice-habits.ts), as a generated world gives it: their place among
   * the people, by area and then new username, so that two people of an area phrase a sentence each their own way.
   */
  readonly #styles = new Map<string, number>();
  /** LW4: who wrote each sentence first, masked as the story measure reads it (tickets, pull requests, mentions). */
  readonly #sentenceAuthors = new Map<string, string>();
  readonly #mask = masker([]);
  /** LW9: the words drawn at random the texts kept, in the order the texts were written (new ids). */
  readonly #drawnWords: KeptDrawn[] = [];

  constructor(private readonly c: StoryContext) {
    c.org.people
      .map((p) => c.person(p.id))
      .sort((x, y) => AREAS.indexOf(x.area) - AREAS.indexOf(y.area) || (x.username < y.username ? -1 : 1))
      .forEach(({ username }, style) => this.#styles.set(username, style));
  }

  /** The text written for a record's field (null or '' as the source had it). */
  text(recordId: string, field: string): string | null {
    const key = `${recordId.toLowerCase()}:${field}`;
    if (!this.#texts.has(key)) throw new Error(`LW9: no story text for ${key}`);
    return this.#texts.get(key)!;
  }

  has(recordId: string, field: string): boolean {
    return this.#texts.has(`${recordId.toLowerCase()}:${field}`);
  }

  /** A goal's title (drawn once per goal, in new-id order, distinct where it can be). */
  goalTitle(sourceId: string): string {
    return this.#goals.get(sourceId.toLowerCase())!.title;
  }

  #voice(area: Area, author: string, ...parts: string[]): Voice {
    return { seed: this.c.seed('voice', ...parts), area, author, style: this.#styles.get(author), mentions: [] };
  }

  /**
   * Draws `compose` up to DRAWS times (its argument the draw's number), each with every word that makes a run of
   * the source drawn again (the anonymiser's repair), and keeps the first that repeats nothing: no text of its
   * record's kind it must not repeat (`repeats`, LW4 within a goal) and no sentence another person wrote (LW4 across
   * people, `author`'s); else the one that repeats least.
   */
  #drawn<T extends Record<string, string | null>>(
    compose: (draw: number) => T,
    key: string,
    sources: { [K in keyof T]: string | null },
    repeats: (texts: T) => number = () => 0,
    author?: string,
  ): { texts: T; draw: number } {
    let best: { texts: T; draw: number; repeats: number; drawn: KeptDrawn[] } | null = null;
    for (let draw = 0; draw < (best && best.drawn.length > 0 ? MORE_DRAWS : DRAWS); draw++) {
      const { texts, drawn } = this.#repaired(compose(draw), key, sources);
      const repeated = repeats(texts) + (author === undefined ? 0 : this.#othersSentences(texts, author));
      if (!best || repeated < best.repeats || (repeated === best.repeats && drawn.length < best.drawn.length))
        best = { texts, draw, repeats: repeated, drawn };
      if (best.repeats === 0 && best.drawn.length === 0) break;
    }
    if (author !== undefined) this.#authored(best!.texts, author);
    this.#noteDrawn(best!.drawn);
    return { texts: best!.texts, draw: best!.draw };
  }

  /**
   * `texts` with each word that makes a run of the source said otherwise or drawn again, cut back to about the
   * source's length; and the words drawn at random that the texts still hold.
   */
  #repaired<T extends Record<string, string | null>>(
    texts: T,
    key: string,
    sources: { [K in keyof T]: string | null },
  ): { texts: T; drawn: KeptDrawn[] } {
    const repaired = { ...texts };
    const drawn: KeptDrawn[] = [];
    for (const field of Object.keys(repaired) as Array<keyof T>) {
      const text = repaired[field];
      if (!text || this.c.hits(text) === 0) continue;
      // A word said otherwise or put in may lengthen a line: cut back to about the source's length.
      // A sentence taken out keeps the text within a fifth of the source's length (markdown-skeleton.ts' rule).
      const source = sources[field];
      const fixed = this.c.repair(text, `${key}:${String(field)}`, source ? Math.ceil(source.length * 0.8) : undefined);
      const most = Math.floor((sources[field]?.length ?? fixed.text.length) * 1.25);
      // Never cut a mention off (LW9 keeps a text's mentions: "…, @nonyeka 🙏" was cut back to "…cardinality:"): a
      // text to be cut has its lines' mentions put first ("@nonyeka: really nice …"), where the cut, from a line's
      // end, leaves them.
      const mentions = fixed.text.match(MENTION) ?? [];
      const keeps = (t: string) => mentions.every((m) => t.includes(m));
      const cut = fixed.text.length > most && mentions.length > 0 ? mentionsFirst(fixed.text) : fixed.text;
      const back = cutBack(cut, most, (t) => this.c.hits(t) === 0 && keeps(t));
      // The leak scan's promise last: a text no cut leaves clean is repaired once more, whatever its length.
      const again = this.c.hits(back) > 0 ? this.c.repair(back, `${key}:${String(field)}:again`) : null;
      const final = again?.text ?? back;
      repaired[field] = final as T[keyof T];
      drawn.push(...stillIn(final, [...fixed.drawn, ...(again?.drawn ?? [])]));
    }
    return { texts: repaired, drawn };
  }

  /** Files the words drawn at random that a text kept (LW9's measure of the repair's last resort). */
  #noteDrawn(drawn: readonly KeptDrawn[]): void {
    this.#drawnWords.push(...drawn);
  }

  /** LW9: the words the repair drew at random that the story's texts hold, with a few of them in their line. */
  randomWords(examples = 5): RandomWords {
    return {
      count: this.#drawnWords.length,
      // Spread over the import, not its first records only.
      examples: Array.from({ length: Math.min(examples, this.#drawnWords.length) }, (_, k) => {
        const d =
          this.#drawnWords[Math.floor((k * this.#drawnWords.length) / Math.min(examples, this.#drawnWords.length))]!;
        return `${d.drawn}: "${d.line}"`;
      }),
    };
  }

  /**
   * `list` by the new ids `sourceId` gives: the order records are written in, whatever the order they were read in
   * (a sentence is its first writer's, LW4, so the order is part of the answer).
   */
  #inNewIdOrder<T>(list: readonly T[], sourceId: (item: T) => string): T[] {
    return list
      .map((item) => ({ item, id: this.c.id(sourceId(item)) }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(({ item }) => item);
  }

  /** LW4: how many of the texts' sentences (masked as the story measure reads them) someone else wrote first. */
  #othersSentences(texts: Record<string, string | null>, author: string): number {
    let count = 0;
    for (const text of Object.values(texts))
      for (const sentence of sentencesOf(text ?? '')) {
        const first = this.#sentenceAuthors.get(this.#mask(sentence));
        if (first !== undefined && first !== author) count++;
      }
    return count;
  }

  /** Files the texts' sentences under their author, where no one wrote them before. */
  #authored(texts: Record<string, string | null>, author: string): void {
    for (const text of Object.values(texts))
      for (const sentence of sentencesOf(text ?? '')) {
        const masked = this.#mask(sentence);
        if (!this.#sentenceAuthors.has(masked)) this.#sentenceAuthors.set(masked, author);
      }
  }

  #set(recordId: string, field: string, text: string | null): void {
    this.#texts.set(`${recordId.toLowerCase()}:${field}`, text);
  }

  /** Fits a story into a source text's skeleton; null and '' stay as they are. */
  #fit(source: string | null, story: StoryText): string | null {
    if (source === null || source === '') return source;
    return fitStory(skeletonOf(source, this.c.mention), story);
  }

  /**
   * Goals first (titles, then descriptions), then each goal's updates as its arc, each person's check-ins in
   * date order, comments on both, Echo answers.
   */
  write(goalRefs: ReadonlyMap<string, GoalRef>, prompts: (questionId: string) => string): void {
    this.#writeGoals(goalRefs);
    this.#writeUpdates();
    this.#writeCheckIns();
    this.#writeComments();
    this.#writeEchoAnswers(prompts);
  }

  #writeGoals(refs: ReadonlyMap<string, GoalRef>): void {
    const taken = new Set<string>();
    const ids = [...refs.keys()].sort((a, b) => (this.c.id(a) < this.c.id(b) ? -1 : 1));
    for (const id of ids) {
      const ref = refs.get(id)!;
      const area = ref.team ? this.c.teamArea(ref.team) : ref.owner ? this.c.person(ref.owner).area : null;
      const owner = ref.owner ? this.c.person(ref.owner).username : '';
      const voice = this.#voice(area ?? this.#anyArea(id), owner, 'goal', id);
      // A follow-up goal keeps its phase ("…, phase 2"), as a generated world names one (LW9: the title's shape).
      const phase = /, phase \d+$/.exec(ref.title)?.[0] ?? '';
      const length = ref.title.length - phase.length;
      let goal = goalStory(voice, ref.level, this.c.id(id), length, taken, (t) => this.c.hits(t) === 0);
      if (phase) goal = { ...goal, title: goal.title + phase };
      if (this.c.hits(goal.title) > 0) {
        const fixed = this.c.repair(goal.title, `${id}:title`);
        goal = { ...goal, title: fixed.text };
        this.#noteDrawn(stillIn(fixed.text, fixed.drawn));
      }
      taken.add(goal.title);
      this.#goals.set(id, goal);
    }
    for (const g of this.#inNewIdOrder(this.c.org.goals, (g) => g.id)) {
      const goal = this.#goals.get(g.id.toLowerCase())!;
      const { texts } = this.#drawn(
        (draw) => ({
          description: this.#fit(
            g.description,
            goalDescriptionStory(
              goal,
              `${this.c.id(g.id)}#${draw}`,
              (g.description?.match(MENTION) ?? []).map((m) => this.c.mention(m).slice(1)),
            ),
          ),
        }),
        g.id,
        { description: g.description },
        undefined,
        goal.voice.author,
      );
      this.#set(g.id, 'description', texts.description);
    }
  }

  /** A goal no record of which says its area: one of the areas the organisation's teams have, by its id. */
  #anyArea(id: string): Area {
    const teams = [...this.c.org.teams].sort((a, b) => (this.c.id(a.id) < this.c.id(b.id) ? -1 : 1));
    const team = teams[this.c.seed('any-area', id) % Math.max(1, teams.length)];
    return team ? this.c.teamArea(team.id) : this.c.person(this.c.org.me.id).area;
  }

  #writeUpdates(): void {
    const goals = new Map(this.c.org.goals.map((g) => [g.id.toLowerCase(), g]));
    const byGoal = new Map<string, ApiSchema<'GoalUpdate'>[]>();
    for (const u of this.c.org.goalUpdates) {
      const list = byGoal.get(u.goal.id.toLowerCase()) ?? [];
      list.push(u);
      byGoal.set(u.goal.id.toLowerCase(), list);
    }
    const today = this.c.org.source.readAt.slice(0, 10);
    const blocked = this.#blockedDays();
    for (const [goalId, list] of this.#inNewIdOrder([...byGoal], ([id]) => id)) {
      const updates = byInstantThenId(
        list,
        (u) => u.created_at,
        (u) => this.c.id(u.id),
      );
      const record = goals.get(goalId);
      const goal = this.#goals.get(goalId)!;
      const ended = record?.end_date !== null && record?.end_date !== undefined && record.end_date < today;
      const beats = arcOf(updates, ended, record?.archived ?? false);
      const titles = new Set<string>();
      // LW4: no bullet line twice within a goal: a draw repeating one counts as a draw with a run of the source.
      const bullets = new Set<string>();
      const bulletsOf = (body: string | null): string[] =>
        (body ?? '')
          .split('\n')
          .filter((line) => /^\s*[-*] /.test(line))
          .map((line) => line.replace(/^\s*[-*] /, '').trim());
      const repeated = (texts: { body: string | null }): number => {
        const lines = bulletsOf(texts.body);
        return lines.filter((line, k) => bullets.has(line) || lines.indexOf(line) !== k).length;
      };
      // LW3: how many of the goal's updates before told a risk of pace (updateStory's `calms`: its next in turn).
      let calms = 0;
      updates.forEach((u, k) => {
        const author = this.c.person(u.person.id).username;
        // LW3: at risk on a day its author's check-in tells no blocker, a slip of pace, as a generated update is
        // (day-draws.ts' dayBlocked): "our vendor hasn't come back …" beside that day's check-in of none was.
        const calm =
          snapConfidence(u.confidence) < 90 &&
          beats[k] !== 'abandoned' &&
          !blocked.has(this.#dayOf(u.person.id, u.created_at));
        const figures = {
          ordinal: k + 1,
          previousProgress: k ? updates[k - 1]!.progress : null,
          progress: u.progress,
          confidence: u.confidence,
        };
        const cadence = record?.update_cadence ?? 'weekly';
        const period = cadence === 'monthly' ? 'month' : cadence === 'biweekly' ? 'sprint' : 'week';
        const facts = { cadence, endDate: record?.end_date ?? null, author, period, calm, calms };
        if (calm) calms++;
        const { texts } = this.#drawn(
          (draw) => {
            const story = updateStory(goal, beats[k]!, figures, facts, `${this.c.id(u.id)}#${draw}`);
            // A headline is not padded with sentences: a short one takes a few words more (LW4: never twice a goal's).
            const headline = (text: string): string => titled(padded(text, u.title.length), u.title.length);
            let title = headline(story.title);
            if (titles.has(title)) title = headline(`${story.title} (update ${k + 1})`);
            return { title, body: this.#fit(u.body, story.body) };
          },
          u.id,
          { title: u.title, body: u.body },
          repeated,
          author,
        );
        titles.add(texts.title);
        for (const line of bulletsOf(texts.body)) bullets.add(line);
        this.#set(u.id, 'title', texts.title);
        this.#set(u.id, 'body', texts.body);
        const beat: Beat = beats[k]!;
        // LW5: as a generated update's (discussion-targets.ts, updateTone): a kickoff is cheered on, a recovery
        // back On track is glad of, neither praised as a milestone.
        const tone: Tone =
          beat === 'milestone' || beat === 'done'
            ? 'good'
            : beat === 'recovery' && u.confidence >= 90
              ? 'recovered'
              : u.confidence < 75 || beat === 'missed' || beat === 'abandoned'
                ? 'trouble'
                : beat === 'kickoff'
                  ? 'start'
                  : 'neutral';
        this.#updateTones.set(u.id.toLowerCase(), {
          tone,
          about: goal.subject.component,
          author: u.person.id.toLowerCase(),
          voice: { ...goal.voice, author, style: this.#styles.get(author) },
        });
      });
    }
  }

  /** LW3: the days (`person date`, the check-in's own date) each author's check-in raised the blockers flag. */
  #blockedDays(): Set<string> {
    const days = this.c.org.checkIns.filter((c) => c.blocked && c.completed_at !== null && !c.absent);
    return new Set(days.map((c) => `${c.person.id.toLowerCase()} ${c.date}`));
  }

  /** `person date` of an instant in that person's zone: the day of theirs an update was posted on. */
  #dayOf(personId: string, at: string): string {
    const id = personId.toLowerCase();
    const zone = [this.c.org.me, ...this.c.org.people].find((p) => p.id.toLowerCase() === id)?.time_zone ?? 'UTC';
    return `${id} ${dateInZone(Math.floor(Date.parse(at) / 1000), zone)}`;
  }

  #writeCheckIns(): void {
    const byPerson = new Map<string, ApiSchema<'CheckIn'>[]>();
    for (const ci of this.c.org.checkIns) {
      const list = byPerson.get(ci.person.id.toLowerCase()) ?? [];
      list.push(ci);
      byPerson.set(ci.person.id.toLowerCase(), list);
    }
    // A person's home team (the wire lists it first), whose check-ins are one thread.
    const homes = new Map(
      [...this.c.org.people, this.c.org.me].map((p) => [p.id.toLowerCase(), p.teams[0]?.id.toLowerCase()]),
    );
    for (const [personId, list] of this.#inNewIdOrder([...byPerson], ([id]) => id)) {
      const person = this.c.person(personId);
      const home = homes.get(personId);
      const own = this.#voice(person.area, person.username, 'person', personId);
      // LW3: a check-in filed only under another team of theirs (on its own days: CI1) tells that team's work and
      // follows up their last of that team (checkInThread), as the generator writes a guest's.
      const lasts = new Map<string | undefined, CheckInKey | null>();
      for (const ci of byInstantThenId(
        list,
        (c) => c.date,
        (c) => this.c.id(c.id),
      )) {
        const id = this.c.id(ci.id);
        const teams = ci.teams.map((t) => t.id.toLowerCase());
        const thread = home === undefined || teams.includes(home) ? home : teams[0];
        const voice =
          thread === home ? own : this.#voice(this.c.teamArea(thread!), person.username, 'person', personId);
        const facts = { previousCompleted: ci.previous_completed, blocked: ci.blocked, mood: ci.mood };
        const follows = lasts.get(thread) ?? null;
        const keyOf = (draw: number): CheckInKey => ({ id: draw ? `${id}#${draw}` : id, date: ci.date });
        const { texts, draw } = this.#drawn(
          (d) => {
            const story = checkInStory(voice, keyOf(d), follows, facts);
            return {
              previous: this.#fit(ci.previous, story.previous),
              intentions: this.#fit(ci.intentions, story.intentions),
              blockers: this.#fit(ci.blockers, story.blockers),
            };
          },
          ci.id,
          { previous: ci.previous, intentions: ci.intentions, blockers: ci.blockers },
          undefined,
          person.username,
        );
        this.#set(ci.id, 'previous', texts.previous);
        this.#set(ci.id, 'intentions', texts.intentions);
        this.#set(ci.id, 'blockers', texts.blockers);
        const filled = ci.completed_at !== null && !ci.absent;
        const key = keyOf(draw);
        if (filled && ci.intentions) lasts.set(thread, key);
        this.#checkInTones.set(ci.id.toLowerCase(), {
          tone: facts.blocked || ci.previous_completed === false ? 'trouble' : 'neutral',
          about: filled ? checkInComponent(voice, key) : null,
          author: personId,
          voice,
        });
      }
    }
  }

  #writeComments(): void {
    for (const comment of this.#inNewIdOrder(this.c.org.comments, (c) => c.id)) {
      const on =
        comment.resource.type === 'goal-update'
          ? this.#updateTones.get(comment.resource.id.toLowerCase())
          : this.#checkInTones.get(comment.resource.id.toLowerCase());
      const commenter = this.c.person(comment.person.id);
      const voice: Voice = on
        ? { ...on.voice, author: commenter.username, style: this.#styles.get(commenter.username) }
        : this.#voice(commenter.area, commenter.username, 'comment', comment.id);
      const reply = on?.author === comment.person.id.toLowerCase();
      const skeleton = skeletonOf(comment.body, this.c.mention);
      const leading = skeleton.find((l) => l !== null)?.lead.match(MENTION)?.[0] ?? null;
      const first = comment.body.match(MENTION)?.[0];
      const to = leading || !first ? null : this.c.mention(first);
      const { texts } = this.#drawn(
        (draw) => ({
          body: this.#fit(
            comment.body,
            commentStory(
              voice,
              on?.tone ?? 'neutral',
              on?.about ?? null,
              to,
              reply,
              `${this.c.id(comment.id)}#${draw}`,
              // The room its words are laid in: the source's @mentions are laid apart (the skeleton's), so a reply
              // drawn to the whole body's length was cut to its room ("worth bringing the log @nonyeka").
              comment.body.replace(MENTION, '').length,
              (text) => this.c.hits(text) === 0,
            ),
          ),
        }),
        comment.id,
        { body: comment.body },
        undefined,
        commenter.username,
      );
      this.#set(comment.id, 'body', texts.body);
    }
  }

  #writeEchoAnswers(prompts: (questionId: string) => string): void {
    for (const answer of this.c.org.echoAnswers) {
      const prompt = prompts(answer.question.id);
      const voiceOf = (signer: string | null): Voice => {
        const area = signer ? this.c.voiceOfUsername(signer.slice(1)) : null;
        return this.#voice(area ?? this.#anyArea(answer.id), signer?.slice(1) ?? '', 'signer', signer ?? answer.id);
      };
      const { texts } = this.#drawn(
        (draw) => ({
          body: this.#fit(
            answer.body,
            echoAnswerStory(prompt, voiceOf, `${this.c.id(answer.id)}#${draw}`, this.c.teamNames),
          ),
        }),
        answer.id,
        { body: answer.body },
      );
      this.#set(answer.id, 'body', texts.body);
    }
  }
}

/**
 * Each line's @mentions put at its start, after its list marker ("- @jguo: keep an eye on …"), the words around them
 * closed up: what a cut from the line's end leaves whole.
 * @example mentionsFirst('- Really nice write-up, @nonyeka!') // '- @nonyeka: Really nice write-up!'
 */
export function mentionsFirst(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const found = line.match(MENTION);
      if (!found) return line;
      const [, prefix = '', rest = ''] = /^(\s*(?:[-*] |\d+\. |> )?)(.*)$/s.exec(line) ?? [];
      const words = rest
        .replace(
          new RegExp(`(?:,?\\s*(?:cc\\s+)?)(?:${found.map((m) => m.replace(/[.]/g, '\\.')).join('|')})\\b`, 'g'),
          '',
        )
        .replace(/^\s*[,:]\s*/, '')
        .replace(/\s+([,.!?;:])/g, '$1')
        .trim();
      return `${prefix}${found.join(' ')}: ${words}`;
    })
    .join('\n');
}
