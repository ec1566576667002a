// Owns what the story engine (fixtures/) writes for an imported record (LW9): a goal's title and description from
// its team's discipline, its updates as the beats of an arc read off the imported progress and confidence, a
// person's check-ins in date order each following on from the last one's plan (LW3) and fitting its blockers flag
// and mood, comments in the tone of what they answer (LW5), Echo answers that answer their question. Each is told
// by the generator's own text functions, as a StoryText that markdown-skeleton.ts lays into the source's shape.
import { confidenceDescription, type SnappedConfidence, snapConfidence } from '../domain/confidence.js';
import type { IsoDate, UpdateCadence } from '../domain/records.js';
import { intentionsText, previousText, blockersText, type CheckInKey } from '../../fixtures/check-in-text.js';
import { RESPONSES, AUTHOR_REPLIES } from '../../fixtures/comments.js';
import type { Reply } from '../../fixtures/reply.js';
import type { Tone } from '../../fixtures/discussion-targets.js';
import type { Beat, GoalKind } from '../../fixtures/goal-arc.js';
import { goalDescription, goalTitle, type GoalLevel, type GoalSubject } from '../../fixtures/goal-text.js';
import { updateBody, updateTitle, type UpdateScript } from '../../fixtures/goal-update-text.js';
import { fakerFor } from '../../fixtures/seeded-faker.js';
import type { Voice } from '../../fixtures/voices.js';
import { blockerSentence, capitalize, doneItem, lessonItem, workItems } from '../../fixtures/work-items.js';
import type { StoryLine, StoryText } from './markdown-skeleton.js';

/**
 * A Markdown text of the engine's as a StoryText: its blocks and their lines, list items without their marker;
 * `more` tells more of the same voice when a skeleton wants it.
 */
function storyOf(markdown: string, more: StoryText['more']): StoryText {
  const blocks = markdown.split(/\n\s*\n/).map((block) =>
    block
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line): StoryLine => {
        const item = /^\s*[-*] /.test(line);
        return { text: item ? line.replace(/^\s*[-*] /, '') : line, item };
      }),
  );
  return { blocks, more };
}

/** More of what a voice does, when a skeleton has more lines than the engine's text: work done, next, a lesson. */
function moreOf(voice: Voice, key: string, component: string | undefined): StoryText['more'] {
  return (item, block, k) => {
    const f = fakerFor(voice.seed, 'imported-more', key, block, k);
    const [work] = workItems(f, voice, 1, 1, component, { once: false, serial: { at: (k % 9) + 1, of: 10 } });
    if (item) return block % 2 ? (work?.next ?? doneItem(f, voice)) : (work?.done ?? doneItem(f, voice));
    return `${k % 3 === 2 ? lessonItem(f, voice) : (work?.done ?? doneItem(f, voice))}.`;
  };
}

/** What an imported goal is about and how its updates are told: from a title the engine drew for its team. */
export interface GoalStory {
  title: string;
  subject: GoalSubject;
  kind: GoalKind;
  /** LW1: the key results drawn with the title, which its description names. */
  results: readonly string[];
  voice: Voice;
}

/**
 * LW1, LW9: a goal's title from its team's discipline (the voice's area): of a few draws, one not taken, holding
 * none of the source's words (`clean`), and the nearest to `length` (the source title's).
 * @example goalStory(voice, 1, 'g1', 40, taken, clean).title // 'Launch the dark mode v2'
 */
export function goalStory(
  voice: Voice,
  level: GoalLevel,
  key: string,
  length: number,
  taken: ReadonlySet<string>,
  clean: (text: string) => boolean,
): GoalStory {
  let best: { drawn: ReturnType<typeof goalTitle>; miss: number } | null = null;
  // Past 16 draws, a goal of the other level too (a team goal's title for a long source title, a person's for a
  // short one).
  for (let k = 0; k < 24; k++) {
    const at: GoalLevel = k < 16 ? level : level === 1 ? 2 : 1;
    const drawn = goalTitle(fakerFor(voice.seed, 'imported-goal', key, k), at, 0, voice, taken);
    const miss =
      Math.abs(drawn.title.length - length) / Math.max(length, 12) +
      (taken.has(drawn.title) ? 10 : 0) +
      (clean(drawn.title) ? 0 : 5);
    if (!best || miss < best.miss) best = { drawn, miss };
    if (miss < 0.1) break;
  }
  return { ...best!.drawn, voice };
}

/** A goal's description: why, key results about its subject, who (the owner and contributors as mentioned). */
export function goalDescriptionStory(goal: GoalStory, key: string, people: readonly string[]): StoryText {
  const [owner, ...contributors] = people;
  const voice = { ...goal.voice, author: owner ?? goal.voice.author };
  const text = goalDescription(fakerFor(voice.seed, 'imported-description', key), voice, contributors, goal.results, {
    kind: goal.kind,
    component: goal.subject.component,
  });
  // A description with nobody in it does not name an owner (the skeleton puts the source's mentions back).
  return storyOf(
    owner ? text : text.replace(/(?:- )?Owner: @\S*?\.\s*/, ''),
    moreOf(goal.voice, key, goal.subject.component ?? undefined),
  );
}

/** The figures one imported update posts. */
interface UpdateFigures {
  progress: number;
  confidence: number;
}

/**
 * LW1: the beats a goal's updates tell, read off their figures in created order: the first a kickoff, a drop of
 * confidence (or of progress) a setback, a rise back to On track a recovery, the first pass of half way at On
 * track a milestone, 100% done; the last, when the goal is archived short of 100% abandoned, and when its end has
 * passed Off track short of 100% missed. A beat that ends a goal is told once: a later one is progress.
 * @example arcOf([{ progress: 10, confidence: 90 }, { progress: 30, confidence: 60 }], false, false) // ['kickoff', 'setback']
 */
export function arcOf(updates: readonly UpdateFigures[], ended: boolean, archived: boolean): Beat[] {
  let passedHalf = false;
  let closed = false;
  return updates.map((update, k) => {
    const before = updates[k - 1];
    const confidence = snapConfidence(update.confidence);
    let beat: Beat = 'progress';
    if (update.progress >= 100) beat = closed ? 'progress' : 'done';
    else if (!before) beat = 'kickoff';
    else if (confidence < snapConfidence(before.confidence) || update.progress < before.progress) beat = 'setback';
    else if (confidence > snapConfidence(before.confidence) && confidence === 90) beat = 'recovery';
    else if (!passedHalf && update.progress >= 50 && confidence === 90) beat = 'milestone';
    // An archived goal's last update tells it stopped only at Off track: its figures are the source's, and "Stopping
    // work on …" at confidence 60 would contradict them (LW1).
    if (k === updates.length - 1 && update.progress < 100 && confidence === 30) {
      if (archived) beat = 'abandoned';
      else if (ended) beat = 'missed';
    }
    if (update.progress >= 50) passedHalf = true;
    if (beat === 'done') closed = true;
    return beat;
  });
}

/**
 * LW1: where the goal stands after an update, said in the import's own words (the engine's status line, with the
 * imported figures, is word for word the source's when standin made the source): its confidence's label, its
 * progress from the update before, why when it went down, and the end of a done, missed or abandoned goal.
 */
function statusLine(script: UpdateScript, period = 'update'): string {
  const { subject, previousProgress: from, progress: to, beat } = script;
  const label = confidenceDescription(script.confidence);
  if (beat === 'done')
    return `**Status:** Done: ${subject.phrase} reached 100%${from === null ? '' : ` from ${from}%`}.`;
  if (beat === 'missed')
    return `**Status:** Off track: ${subject.phrase} missed its end date at ${to}%; we set a new date at the next planning.`;
  if (beat === 'abandoned')
    return `**Status:** Off track and stopped: ${subject.phrase} ends at ${to}%, and the goal is archived.`;
  if (from === null) return `**Status:** ${label} for ${subject.phrase} from a start at ${to}%.`;
  if (to < from)
    return `**Status:** ${label} for ${subject.phrase}: down from ${from}% to ${to}% after a rework this ${period}.`;
  return `**Status:** ${label} for ${subject.phrase}, from ${from}% to ${to}% this ${period}.`;
}

/** The engine's body with its first line (its status line) said as `status` says it. */
function withStatus(body: string, status: string): string {
  const end = body.indexOf('\n');
  return end < 0 ? status : `${status}${body.slice(end)}`;
}

/** What an imported update tells: its title and body, told from the goal's story and the update's figures. */
export function updateStory(
  goal: GoalStory,
  beat: Beat,
  figures: { ordinal: number; previousProgress: number | null; progress: number; confidence: number },
  facts: {
    cadence: UpdateCadence;
    endDate: IsoDate | null;
    author: string;
    period?: string;
    /** LW3: posted on a day its author's check-in tells no blocker (a risk of pace), and the goal's such risks before. */
    calm?: boolean;
    calms?: number;
  },
  key: string,
): { script: UpdateScript; title: string; body: StoryText } {
  const confidence: SnappedConfidence = snapConfidence(figures.confidence);
  const script: UpdateScript = {
    voice: { ...goal.voice, author: facts.author },
    goalTitle: goal.title,
    subject: goal.subject,
    cadence: facts.cadence,
    ordinal: figures.ordinal,
    previousProgress: figures.previousProgress,
    progress: figures.progress,
    confidence,
    kind: goal.kind,
    beat,
    endDate: facts.endDate,
    ...(facts.calm && { calm: true, calms: facts.calms ?? 0 }),
  };
  const body = withStatus(updateBody(script, key), statusLine(script, facts.period));
  return {
    script,
    title: updateTitle(script),
    body: storyOf(body, moreOf(script.voice, key, goal.subject.component ?? undefined)),
  };
}

/** Moods that say a day went badly (CI8): their check-ins' plans slipped, whatever the flag left unsaid. */
const LOW_MOODS = new Set(['tired', 'disappointed', 'worried', 'annoyed', 'stressed', 'angry', 'sick', 'flustered']);

/** A check-in's facts its answers fit (CI3): whether the last plan got done, the blockers flag, the mood. */
interface CheckInFacts {
  previousCompleted: boolean | null;
  blocked: boolean;
  mood: string | null;
}

/**
 * LW3, LW9: a check-in's three answers in the person's voice: `previous` follows on from `last` (the plan of
 * their check-in before, by its key), telling it done, partly done or slipped as the facts say; `intentions`
 * plans the next step of its own work; `blockers` names a blocker when the flag is up.
 * @example checkInStory(voice, { id, date }, { id: lastId, date: lastDate }, facts).previous
 */
export function checkInStory(
  voice: Voice,
  key: CheckInKey,
  last: CheckInKey | null,
  facts: CheckInFacts,
): { previous: StoryText; intentions: StoryText; blockers: StoryText } {
  const completed = facts.previousCompleted ?? (facts.mood && LOW_MOODS.has(facts.mood) ? false : null);
  const more = moreOf(voice, key.id, undefined);
  // A blockers answer with the flag down (CI4) says there is nothing in the way.
  const blockers = facts.blocked ? blockersText(voice, key) : 'Nothing in the way right now.';
  return {
    previous: storyOf(previousText(voice, key, { follows: last, completed }), more),
    intentions: storyOf(intentionsText(voice, key), (_, block, k, line) => more(true, block * 2 + 1, k, line)),
    blockers: storyOf(blockers, more),
  };
}

/**
 * LW5: a comment in the tone of what it answers, about its subject, to its addressee (`to`, already in the
 * source's leading mention when there is one: the reply then leaves it out); `reply` when its author answers
 * back on their own record.
 * @example commentStory(voice, 'trouble', 'dark mode', null, false, 'c1', 48)
 */
export function commentStory(
  voice: Voice,
  tone: Tone,
  about: string | null,
  to: string | null,
  reply: boolean,
  key: string,
  length: number,
  clean: (text: string) => boolean = () => true,
): StoryText {
  const replies: readonly Reply[] = reply ? AUTHOR_REPLIES : RESPONSES[tone];
  const PLACEHOLDER = '@\u0001';
  // Of a few replies, the one nearest the source's length: a reply cut short reads as nothing. One that `clean`
  // refuses (it repeats a run of the source, as a generated world's own comment would) only when all are: its
  // repair redraws words and may cut the mention off ("Really just nice also write-up on …").
  let best = '';
  let bestClean = false;
  // Past six, a few more while the best a repair leaves alone is a third off its room: laid in it, a reply too long is
  // cut short ("worth bringing the log @nonyeka" for a comment of 49 characters).
  const fits = () => bestClean && Math.abs(best.length - length) <= length / 3;
  for (let k = 0; k < 12 && (k < 6 || !fits()); k++) {
    const f = fakerFor(voice.seed, 'imported-comment', key, k);
    const written = f.helpers
      .arrayElement(replies)(f, voice, to ?? PLACEHOLDER, about)
      .replace(/,?\s*@\u0001\s*([!?.]?)/g, '$1')
      .replace(/^\s*[,.]?\s*/, '');
    const isClean = clean(capitalize(written));
    const nearer = !best || Math.abs(written.length - length) < Math.abs(best.length - length);
    if ((isClean && !bestClean) || (isClean === bestClean && nearer)) [best, bestClean] = [written, isClean];
  }
  return storyOf(capitalize(best), moreOf(voice, key, about ?? undefined));
}

/** What an Echo question asks for, from its prompt (as echo-answer-body.ts reads it). */
function themeOf(prompt: string): 'shipped' | 'friction' | 'learned' {
  if (/slow|block|risk|stop/i.test(prompt)) return 'friction';
  if (/learn|customer/i.test(prompt)) return 'learned';
  return 'shipped';
}

const INTROS = {
  shipped: 'Here is what the team got out the door',
  friction: 'Here is what people ran into',
  learned: 'Here is what people took away',
} as const;

/**
 * LW5: an Echo answer that answers its question: each signed line the answer of its signer's voice (by the line's
 * mention), by the prompt's theme; a paragraph the digest's intro, a short one a team's name (`teams`, heading a
 * group of answers).
 * @example echoAnswerStory(prompt, (signer) => voice, 'a1', ['Design Core'])
 */
export function echoAnswerStory(
  prompt: string,
  voiceOf: (signer: string | null) => Voice,
  key: string,
  teams: readonly string[],
): StoryText {
  const theme = themeOf(prompt);
  const answer = (k: number, signer: string | null): string => {
    const voice = voiceOf(signer);
    const f = fakerFor(voice.seed, 'imported-echo', key, k);
    if (theme === 'friction') return blockerSentence(f, voice);
    if (theme === 'learned') return `${lessonItem(f, voice)}.`;
    return `${doneItem(f, voice)}.`;
  };
  return {
    blocks: [[{ text: `${INTROS[theme]}.`, item: false }]],
    more: (item, _block, k, line) => {
      const signer =
        /@[\p{L}\p{N}_.-]*[\p{L}\p{N}_]/u.exec(`${line.lead}${line.trail}`)?.[0] ?? line.mentions[0] ?? null;
      if (item || signer) return answer(k, signer);
      // A short paragraph with no signer heads a group of answers (a team's name, as the engine's layouts do).
      return line.length <= 30 && teams.length
        ? teams[k % teams.length]!
        : k > 0
          ? answer(k, null)
          : `${INTROS[theme]}.`;
    },
  };
}
