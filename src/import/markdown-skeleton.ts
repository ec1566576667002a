// Owns the Markdown skeleton of an imported text and the fitting of a story into it (LW9): a source text's lines
// (their list markers, headings and quotes, its blank lines), the bold spans and @mentions of each line, and how
// long each line is; and a text written anew by the story engine laid into that skeleton line by line, the
// story's blocks (paragraphs and lists) into the source's blocks, its items into list lines, its sentences into
// paragraph lines, the whole kept within a quarter of the source's length. What is fitted is the story's; of the
// source only its shape and its mentions (mapped) are kept, never a word.

/** A line's Markdown prefix: indentation, list marker, heading or quote; kept as written. */
const LINE_PREFIX = /^(\s*(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+|>\s*)*)/;
const LIST_PREFIX = /^\s*(?:[-*+]|\d+[.)])\s/;
/** An @mention as the anonymiser finds them (anonymise.ts' TOKENS). */
const MENTION = /(?<![\p{L}\p{N}_@])@[\p{L}\p{N}_.-]*[\p{L}\p{N}_]/gu;
/**
 * What may stand before a line's first word ("**@ana**: ", "@ben, ") or after its last (" — **@ana**") without
 * being a word: mentions, emphasis marks, and the punctuation that joins them; a sentence's own stop is the body's.
 */
const DECOR = (joins: string): string => String.raw`(?:\s|\*\*|__|[*_~]|@[\p{L}\p{N}_.-]*[\p{L}\p{N}_]|[${joins}])*`;
const LEADING = new RegExp(`^${DECOR(':,\u2014\u2013-')}`, 'u');
/**
 * The decorations after a line's last word, matched on the line reversed from its start: `DECOR(…)$` tried from
 * every position took time growing with the square of the line (16,000 spaces then a word: 0.3 s; a source's
 * line of 65,536 about 5 s). Reversed, a mention reads as its name's last character, name characters, then "@".
 */
const TRAILING_REVERSED = /^(?:\s|\*\*|__|[*_~]|[\p{L}\p{N}_][\p{L}\p{N}_.-]*@|[\u2014\u2013-])*/u;

/** What TRAILING_REVERSED finds at the end of `text`, in reading order. */
export function trailingDecor(text: string): string {
  const reversed = [...text].reverse().join('');
  return [...(TRAILING_REVERSED.exec(reversed)?.[0] ?? '')].reverse().join('');
}

/** One non-blank line of a source text: what of it is kept (prefix, decorations, mentions) and what is rewritten. */
interface SkeletonLine {
  /** The list marker, heading or quote, as written. */
  prefix: string;
  item: boolean;
  /** What stands before the first word and after the last (a signature "**@ana**: ", a closing "!"), as written. */
  lead: string;
  trail: string;
  /** How many bold spans the words between hold, and the @mentions among them, in order. */
  bolds: number;
  mentions: string[];
  /** How long the words between are: what the story's line is fitted to. */
  length: number;
}

/** A text's lines: a SkeletonLine, or null for a blank line. */
type Skeleton = Array<SkeletonLine | null>;

/**
 * The skeleton of `text`: each line's prefix, decorations, bold spans and mentions (through `mapMention`: the
 * source's usernames are never kept); blank lines as null.
 * @example skeletonOf('**Done**\n- Shipped it') // [{ prefix: '', lead: '**', trail: '**', … }, { prefix: '- ', item: true, … }]
 */
export function skeletonOf(text: string, mapMention: (mention: string) => string = (m) => m): Skeleton {
  const mapped = (fragment: string): string => fragment.replace(MENTION, mapMention);
  return text.split('\n').map((raw) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return null;
    const prefix = LINE_PREFIX.exec(line)?.[1] ?? '';
    const rest = line.slice(prefix.length);
    let lead = LEADING.exec(rest)?.[0] ?? '';
    // A bold span opened before the first word ("**Status:** …") is the words': the lead keeps whole spans only.
    if ((lead.match(/\*\*/g) ?? []).length % 2) lead = lead.slice(0, lead.lastIndexOf('**'));
    const afterLead = rest.slice(lead.length);
    let trail = trailingDecor(afterLead);
    if ((trail.match(/\*\*/g) ?? []).length % 2) trail = trail.slice(trail.indexOf('**') + 2);
    const body = afterLead.slice(0, afterLead.length - trail.length);
    return {
      prefix,
      item: LIST_PREFIX.test(prefix),
      lead: mapped(lead),
      trail: mapped(trail),
      bolds: Math.floor((body.match(/\*\*/g) ?? []).length / 2),
      mentions: (body.match(MENTION) ?? []).map(mapMention),
      length: body.length,
    };
  });
}

/** One line the story tells: an item of a list, or a sentence or heading of a paragraph. */
export interface StoryLine {
  text: string;
  item: boolean;
}

/** What the story engine wrote for a text: its blocks (lines between blank lines), and more when a skeleton wants it. */
export interface StoryText {
  blocks: StoryLine[][];
  /**
   * Another item for block `block`'s list (the k-th asked), or another sentence (a paragraph's), for `line` of the
   * skeleton (whose signature, an Echo answer's "**@ana**: ", says whose voice it is in).
   */
  more: (item: boolean, block: number, k: number, line: SkeletonLine) => string;
}

/** A source block: its lines' indexes in the skeleton. */
function blocksOf(skeleton: Skeleton): number[][] {
  const blocks: number[][] = [];
  let open: number[] | null = null;
  skeleton.forEach((line, index) => {
    if (line === null) open = null;
    else {
      if (!open) blocks.push((open = []));
      open.push(index);
    }
  });
  return blocks;
}

/** A line of the story with the marks the engine put in it taken out: the skeleton's own are put back. */
function plain(text: string): string {
  return text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * `text` with `count` bold spans on its words (the source line's count): a label ("Status:") first, else whole
 * words spread over the line. Mentions are never bolded inside: a span is words only.
 */
function withBolds(text: string, count: number): string {
  if (count === 0) return text;
  const label = /^([^:@`]{1,40}?):\s/.exec(text);
  if (count === 1 && label) return `**${label[1]}:**${text.slice(label[0].length - 1)}`;
  const words = text.split(' ');
  const candidates = words
    .map((word, k) => ({ word, k }))
    .filter(({ word }) => /^[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]$/u.test(word));
  if (candidates.length === 0) return `**${text}**`;
  const chosen = new Set<number>();
  for (let b = 0; b < Math.min(count, candidates.length); b++)
    chosen.add(candidates[Math.floor(((b + 0.5) * candidates.length) / count) % candidates.length]!.k);
  const bolded = words.map((word, k) => (chosen.has(k) ? `**${word}**` : word)).join(' ');
  // More spans than the line has words: one more wraps the whole line.
  return chosen.size < count ? `**${bolded}**` : bolded;
}

/** `text` with `mentions` said in it: kept where the story said them already, else copied in at its end ("cc @ana"). */
function withMentions(text: string, mentions: readonly string[]): string {
  const said = text.match(MENTION) ?? [];
  if (said.length === mentions.length && said.every((m, k) => m === mentions[k])) return text;
  const bare = text
    .replace(MENTION, '')
    .replace(/\s+([,.;:!?)])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  if (mentions.length === 0) return bare;
  return `${bare} cc ${mentions.join(', ')}`;
}

/** What joins words (spaces, commas, colons, an opened parenthesis, dashes), never a line's last character. */
const JOINS = new Set([...' \t\n\r\u00a0,;:(\u2014\u2013-']);

/**
 * `text` without the joins after its last word, walked back from its end (a pattern anchored at the end would
 * be tried from every position).
 * @example withoutTrailingJoins('the build cache, and') // 'the build cache, and'; ('the cache — ') // 'the cache'
 */
export function withoutTrailingJoins(text: string): string {
  let end = text.length;
  while (end > 0 && JOINS.has(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** The first words of `text` that fit in `room` characters, ending on a word of its own. */
function cutToWords(text: string, room: number): string {
  if (text.length <= room) return text;
  const words: string[] = [];
  let length = 0;
  for (const word of text.split(' ')) {
    if (length + word.length + (words.length ? 1 : 0) > room) break;
    length += word.length + (words.length ? 1 : 0);
    words.push(word);
  }
  while (words.length > 1 && /^(the|a|an|of|to|in|on|for|and|or|with|from|at|by|is|are|once|as)$/i.test(words.at(-1)!))
    words.pop();
  const cut = withoutTrailingJoins(words.join(' '));
  // A code span or a parenthesis cut open is closed again: the skeleton's marks are the source's alone.
  const ticks = (cut.match(/`/g) ?? []).length % 2 ? '`' : '';
  const parens = (cut.match(/\(/g) ?? []).length > (cut.match(/\)/g) ?? []).length ? ')' : '';
  return cut + ticks + parens;
}

/**
 * `text` (a fitted text the anonymiser then repaired) cut back, its longest lines first, to `most` characters,
 * while `clean` still holds; as it was when it cannot be.
 * @example cutBack('- a long line\n- b', 10, () => true)
 */
export function cutBack(text: string, most: number, clean: (text: string) => boolean): string {
  const lines = text.split('\n');
  for (let round = 0; round < lines.length * 2 && lines.join('\n').length > most; round++) {
    const at = lines.reduce((best, line, k) => (line.length > lines[best]!.length ? k : best), 0);
    const line = lines[at]!;
    const prefix = LINE_PREFIX.exec(line)?.[1] ?? '';
    const over = lines.join('\n').length - most;
    const cut = cutToWords(line.slice(prefix.length), Math.max(8, line.length - prefix.length - over));
    if (cut.length >= line.length - prefix.length) break;
    const tried = [...lines];
    tried[at] = prefix + cut;
    if (!clean(tried.join('\n')) || (line.match(/\*\*/g) ?? []).length !== (cut.match(/\*\*/g) ?? []).length) break;
    lines[at] = prefix + cut;
  }
  return lines.join('\n');
}

interface Placed {
  line: SkeletonLine;
  body: string;
  block: number;
}

/**
 * The story laid into the skeleton: each source block takes a story block in order (the first the first; the
 * story's last ones when it has more than the source), each list line an item, each paragraph line a sentence,
 * more asked of the story where the source has more; lines too short for their place take a sentence more, and
 * the whole is cut back or filled up to within a quarter of the source's length.
 * @example fitStory(skeletonOf('- a\n- b'), { blocks: [[{ text: 'Shipped it', item: true }]], more: () => 'Next' })
 */
export function fitStory(skeleton: Skeleton, story: StoryText): string {
  const sourceBlocks = blocksOf(skeleton);
  const storyBlocks = story.blocks.filter((b) => b.length > 0);
  // Each source block takes the story's next block of its kind (a list, or a paragraph), story blocks of the other
  // kind passed over while the story has blocks to spare; the first block is the story's first when alike (a
  // status, a greeting). A story with fewer blocks than the source leaves the rest to `more`.
  const kindOf = (lines: ReadonlyArray<{ item: boolean }>): boolean => lines.some((l) => l.item);
  const chosen: Array<number | null> = [];
  let next = 0;
  sourceBlocks.forEach((indexes, k) => {
    const want = kindOf(indexes.map((i) => skeleton[i]!));
    const spare = storyBlocks.length - next - (sourceBlocks.length - k);
    let at = next;
    for (let skip = 0; skip <= spare && at < storyBlocks.length && kindOf(storyBlocks[at]!) !== want; skip++) at++;
    if (at >= storyBlocks.length || kindOf(storyBlocks[at]!) !== want) at = next;
    chosen.push(at < storyBlocks.length ? at : null);
    next = at + 1;
  });
  const placed = new Map<number, Placed>();
  let asked = 0;
  sourceBlocks.forEach((indexes, k) => {
    const lines = chosen[k] === null ? [] : storyBlocks[chosen[k]!]!;
    const items = lines.filter((l) => l.item).map((l) => l.text);
    const sentences = lines.filter((l) => !l.item).map((l) => l.text);
    // A block of the story that is all list (or all paragraph) gives its lines to either kind of source line.
    const pool = (item: boolean): string[] =>
      (item ? items : sentences).length ? (item ? items : sentences) : item ? sentences : items;
    const block = chosen[k] ?? storyBlocks.length + k;
    for (const index of indexes) {
      const line = skeleton[index]!;
      const from = pool(line.item);
      const body = from.length ? from.shift()! : story.more(line.item, block, asked++, line);
      placed.set(index, { line, body: plain(body), block });
    }
  });
  fitLengths([...placed.values()], story, () => asked++);
  return skeleton
    .map((line, index) => {
      if (line === null) return '';
      const { body } = placed.get(index)!;
      const written = withBolds(withMentions(body, line.mentions), line.bolds);
      // A line of decorations only (a lone mention) keeps them and nothing more.
      return line.length === 0
        ? `${line.prefix}${line.lead}${line.trail}`
        : `${line.prefix}${line.lead}${written}${line.trail}`;
    })
    .join('\n');
}

/** How long a placed line comes out: its body, and its mentions named at its end when the story did not say them. */
function lengthOf(p: Placed): number {
  if (p.line.length === 0) return 0;
  const said = p.body.match(MENTION) ?? [];
  const named = said.length === p.line.mentions.length && said.every((m, k) => m === p.line.mentions[k]);
  return p.body.length + (named || p.line.mentions.length === 0 ? 0 : p.line.mentions.join(', ').length + 4);
}

/** Fills up and cuts back the placed lines so that their words come within about a sixth of the source's. */
function fitLengths(placed: Placed[], story: StoryText, next: () => number): void {
  const target = placed.reduce((sum, p) => sum + p.line.length, 0);
  const total = () => placed.reduce((sum, p) => sum + lengthOf(p), 0);
  const room = (p: Placed) => p.body.length - lengthOf(p) + p.line.length;
  // A line well short of its place takes a sentence more; a line far past it is cut back to about its place.
  for (const p of placed) {
    if (p.line.length === 0) continue;
    if (lengthOf(p) > p.line.length * 1.5 + 12) p.body = cutToWords(p.body, Math.max(12, room(p) * 1.15));
    for (let more = 0; more < 8 && lengthOf(p) < p.line.length * 0.6 - 8; more++) {
      const sentence = plain(story.more(false, p.block, next(), p.line));
      if (!sentence) break;
      p.body = `${p.body.replace(/[.!?]?$/, '.')} ${sentence}`;
    }
  }
  // The whole: the lines furthest past their place are cut back first, the furthest short filled first.
  // A line is cut back to no less than 70% of its place (a bullet of one word reads as nothing).
  for (let round = 0; round < placed.length * 2 && total() > target * 1.15 + 4; round++) {
    const cuttable = placed.filter((p) => p.line.length > 0 && lengthOf(p) > p.line.length * 0.7 + 4);
    if (cuttable.length === 0) break;
    const longest = cuttable.reduce((a, b) => (lengthOf(b) - b.line.length > lengthOf(a) - a.line.length ? b : a));
    const over = total() - target * 1.05;
    const floor = longest.body.length - lengthOf(longest) + longest.line.length * 0.7;
    const cut = cutToWords(longest.body, Math.max(8, floor, longest.body.length - over));
    if (cut.length >= longest.body.length) break;
    longest.body = cut;
  }
  // Filled up a sentence at a time, each to the line furthest short of its place; lengths kept as they grow, so a
  // source text of 300,000 characters is filled in one pass (a sentence at a time, its pieces joined once).
  const lines = placed.filter((p) => p.line.length > 0);
  const lengths = new Map(lines.map((p) => [p, lengthOf(p)]));
  const added = new Map<Placed, string[]>();
  let sum = total();
  for (let round = 0; lines.length && round < lines.length * 4 + target / 20 && sum < target * 0.85 - 4; round++) {
    const shortest = lines.reduce((a, b) =>
      b.line.length - lengths.get(b)! > a.line.length - lengths.get(a)! ? b : a,
    );
    // A sentence that fits whole, of a few asked; only then one cut at a word ("Get the iOS." reads as nothing).
    const room = Math.max(8, target * 1.05 - sum - 2);
    const asked = [0, 1, 2].map(() => plain(story.more(false, shortest.block, next(), shortest.line)));
    const whole = asked.find((x) => x.length <= room);
    const sentence = whole ?? cutToWords(asked[0]!, room);
    if (!sentence) break;
    const list = added.get(shortest) ?? [];
    list.push(sentence);
    added.set(shortest, list);
    lengths.set(shortest, lengths.get(shortest)! + sentence.length + 2);
    sum += sentence.length + 2;
  }
  for (const [p, sentences] of added)
    p.body = `${p.body.replace(/[.!?]?$/, '.')} ${sentences.map((x) => x.replace(/[.!?]+$/, '')).join('. ')}.`;
}
