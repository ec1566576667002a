// Owns the other ways of saying a word that the anonymiser tries first when a text the story engine wrote holds a
// run of four words of the source (LW9): a source standin made holds the engine's own sentences, and a word said
// otherwise ("landed" for "merged", "this" for "the") breaks the run and keeps the sentence's sense, where a word
// drawn at random from the vocabulary does not. Each word's swaps are tried in turn (a swap of a word followed by
// another, "an eye", before the word's own); a run with no word to swap takes a filler ("also", "still") inside it,
// which breaks it and leaves the sense; past both, a sentence of a line of several goes, and only then is a word
// drawn (anonymise.ts counts those: LW9's word salad).
import type { EntityRandom } from '../domain/entropy.js';
// Never the words a status is stated in ("on track", "at risk", "off track", LW1), which the story measure reads,
// nor a period ("week", "sprint"), which a headline and its status line name alike.
const SWAPS: Readonly<Record<string, readonly string[]>> = {
  the: ['this', 'our'],
  a: ['one'],
  merged: ['landed', 'got in'],
  shipped: ['released', 'rolled out'],
  fixed: ['sorted out', 'repaired'],
  ran: ['held', 'did'],
  wrote: ['drafted', 'put together'],
  reviewed: ['went over', 'read through'],
  added: ['put in', 'wired in'],
  started: ['began', 'kicked off'],
  finished: ['wrapped up', 'completed'],
  waiting: ['still waiting', 'holding'],
  planned: ['expected', 'hoped'],
  meetings: ['calls', 'syncs'],
  afternoon: ['day', 'morning'],
  bigger: ['larger', 'harder'],
  priorities: ['plans', 'goals'],
  changed: ['shifted', 'moved'],
  pulled: ['dragged', 'drawn'],
  planning: ['replanning', 'the roadmap'],
  team: ['squad', 'group'],
  customers: ['clients', 'users'],
  users: ['customers', 'people'],
  issues: ['problems', 'bugs'],
  review: ['look', 'check'],
  help: ['a hand', 'support'],
  progress: ['headway', 'movement'],
  steady: ['solid', 'good'],
  good: ['great', 'solid'],
  great: ['good', 'nice'],
  done: ['finished', 'complete'],
  today: ['this morning', 'now'],
  first: ['initial', 'earliest'],
  new: ['fresh', 'updated'],
  need: ['want', 'could use'],
  work: ['effort', 'job'],
  watch: ['monitor', 'track'],
  deployed: ['live', 'out'],
  ping: ['message', 'nudge'],
  happy: ['glad', 'keen'],
  bring: ['take', 'raise'],
  time: ['room', 'space'],
  blocker: ['snag', 'holdup'],
  blocked: ['stuck', 'held up'],
  slipped: ['slid', 'fell behind'],
  mostly: ['largely', 'chiefly'],
  half: ['partly', 'some'],
  still: ['yet', 'even now'],
  because: ['since', 'as'],
  once: ['when', 'after'],
  behind: ['after', 'under'],
  next: ['later', 'upcoming'],
  results: ['numbers', 'outcome'],
  numbers: ['figures', 'data'],
  sessions: ['rounds', 'tests'],
  findings: ['learnings', 'notes'],
  feedback: ['comments', 'input'],
  target: ['goal', 'aim'],
  tests: ['checks', 'specs'],
  rollout: ['release', 'launch'],
  release: ['rollout', 'launch'],
  launch: ['release', 'debut'],
  update: ['report', 'note'],
  last: ['previous', 'prior'],
  more: ['extra', 'further'],
  fewer: ['less', 'under'],
  open: ['unresolved', 'pending'],
  bugs: ['defects', 'issues'],
  key: ['main', 'core'],
  working: ['teaming up', 'pairing'],
  with: ['alongside', 'together with'],
  tracked: ['followed', 'logged'],
  doing: ['taking on', 'pursuing'],
  this: ['the', 'that'],
  // LW9: the engine's own words that the repair drew at random most often on a source standin made (seed 7 small,
  // counted over an import: "keep" became "education"), each said so that its sentences still read.
  android: ['mobile', 'phone'],
  notifications: ['alerts', 'messages'],
  offline: ['local', 'background'],
  metrics: ['numbers', 'stats'],
  metric: ['figure', 'measure'],
  'flag it': ['raise', 'mention'],
  escalating: ['raising it', 'flagging it'],
  was: ['had been', 'still was'],
  meant: ['planned', 'intended'],
  wanted: ['hoped', 'meant'],
  comments: ['notes', 'remarks'],
  backlog: ['queue', 'bug list'],
  against: ['for', 'versus'],
  through: ['over', 'along'],
  states: ['screens', 'views'],
  cases: ['scenarios', 'paths'],
  said: ['promised', 'told them'],
  promised: ['said', 'agreed'],
  rescheduled: ['moved', 'pushed back'],
  messages: ['notes', 'pings'],
  direction: ['approach', 'plan'],
  timeouts: ['stalls', 'hangs'],
  regression: ['breakage', 'slip'],
  plan: ['aim', 'intent'],
  pagination: ['paging', 'page loading'],
  monitor: ['watch', 'follow'],
  designs: ['mockups', 'screens'],
  chase: ['push', 'follow up'],
  prototype: ['mockup', 'draft'],
  mocks: ['mockups', 'drafts'],
  nastiest: ['worst', 'ugliest'],
  component: ['UI', 'widget'],
  condition: ['bug', 'issue'],
  harness: ['rig', 'setup'],
  launched: ['released', 'rolled out'],
  flows: ['journeys', 'paths'],
  'timing out': ['flaking'],
  fast: ['quick', 'swift'],
  pair: ['team up', 'work'],
  decision: ['call', 'answer'],
  answered: ['took', 'handled'],
  welcome: ['appreciated', 'wanted'],
  signed: ['checked', 'ticked'],
  request: ['ticket', 'ask'],
  // With the word after: "keep an eye on" is kept "a close eye on", "going to" is "about to", "got going on" is
  // "got started on".
  'an eye': ['a close', 'a careful'],
  'pick up': ['take', 'open'],
  'track this': ['watch', 'follow'],
  'track the': ['watch', 'follow'],
  'edge cases': ['corner', 'tricky'],
  'it stands': ['this one', 'the work'],
  'move on': ['get on', 'go on'],
  'ran into': ['hit', 'came up against'],
  people: ['folks', 'the team'],
  'going to': ['about', 'set'],
  'going on': ['started', 'moving'],
  'error rates': ['failure', 'crash'],
  'look at': ['glance', 'peek'],
  'chase down': ['hunt', 'run'],
};

/**
 * The other ways of saying `word` (case aside), in the order they are tried; none for a word not in the list.
 * @example swapsOf('Merged') // ['landed', 'got in']
 */
export function swapsOf(word: string, next?: string): readonly string[] {
  const said = SWAPS[word.toLowerCase()] ?? [];
  return next === undefined ? said : [...(SWAPS[`${word} ${next}`.toLowerCase()] ?? []), ...said];
}

/** Words that fit before most words of a sentence and change little of it. */
const FILLERS = ['also', 'still', 'now', 'again', 'just'] as const;

/**
 * A filler to put inside a run of the source, drawn from `random`.
 * @example fillerFor(random) // 'also'
 */
export function fillerFor(random: EntityRandom): string {
  return random.pick(FILLERS);
}
