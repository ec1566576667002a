// LW9: an imported world reads like a generated one. An organisation of standin (seed 7) read in process, with a
// sentence, a name and an id planted in its texts, anonymised and built into a world that a second standin serves:
// the story measure's figures that an import can hold (fixtures/story-measure.ts) hold on it as they do on a
// generated world, within the facts the import keeps (progress, confidence and end dates are the source's), and
// the leak scan finds nothing of the source, the planted pieces least of all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contradictingArcs,
  crossPersonSentences,
  followOnPairs,
  onTrackPastEnd,
  repeatsWithinGoals,
  type StoryRecords,
} from '../fixtures/story-measure.js';
import { risksBesideUnblockedDays } from '../fixtures/story-contradictions.js';
import { createMock, type Mock } from '../src/http/app.js';
import { anonymised } from '../src/import/anonymise.js';
import { importedStateText } from '../src/import/import-state.js';
import { leakScan } from '../src/import/leak-scan.js';
import { orgRecords } from '../src/import/org-records.js';
import { mentionsFirst, type RandomWords } from '../src/import/story-rewrite.js';
import type { SourceOrg } from '../src/import/source-org.js';
import { storyRecordsOf } from '../src/runtime/story-records.js';
import { loadSpecChecks } from '../src/spec/compiled-spec.js';
import { NOW } from './support/harness.js';
import { orgInProcess } from './support/org-in-process.js';

const SINCE = '2026-10-21';
const SALT = 'the salt of test/import-story';
const PLANTED_SENTENCE = 'Quarterly zephyr reconciliation unblocked the marmalade pipeline';

let source: SourceOrg;
let sourceRecords: StoryRecords;
let imported: StoryRecords;
let outText: string;
let randomWords: RandomWords;
let planted: { name: string; id: string };
let served: Mock;

beforeAll(async () => {
  // The reader checks every record against the spec's checks, which a built package loads on demand.
  await loadSpecChecks();
  const organisation = createMock({ seed: 7, now: NOW });
  const read = await orgInProcess(organisation, SINCE);
  sourceRecords = storyRecordsOf(organisation.world);
  organisation.close();
  // Planted: a sentence of nobody's, a colleague's name and a goal's id, in a check-in and an update of the source.
  const person = read.people.find((p) => p.kind === 'human' && p.id !== read.me.id)!;
  planted = { name: person.name, id: read.goals[0]!.id };
  const checkIn = read.checkIns.find((c) => c.previous)!;
  checkIn.previous = `${checkIn.previous}\n- ${PLANTED_SENTENCE} with ${person.name} (${planted.id})`;
  const update = read.goalUpdates[0]!;
  update.body = `${update.body}\n\n${PLANTED_SENTENCE}.`;
  source = read;
  const { org: out, randomWords: drawn } = anonymised(source, { salt: SALT, appUrl: 'https://app.standin.test' });
  randomWords = drawn;
  outText = JSON.stringify(out);
  served = createMock({ seed: 1 });
  const put = await served.app.request('/__mock/state', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: importedStateText(orgRecords(out, SALT).contents),
  });
  if (put.status !== 200) throw new Error(await put.text());
  imported = storyRecordsOf(served.world);
});
afterAll(() => served?.close());

describe('an imported world (LW9)', () => {
  it('tells each goal an arc its figures agree with (LW1)', () => {
    const arcs = contradictingArcs(imported);
    expect(arcs.of).toBeGreaterThan(10);
    expect(arcs.examples).toEqual([]);
    expect(arcs.count).toBe(0);
  });

  it('has every update say where its goal stands, as its confidence and progress say (LW1)', () => {
    // The title and the first paragraph, where the measure reads a status (story-measure.ts, statedStatuses).
    const STATUS: Record<number, RegExp> = { 90: /\bon track\b/i, 60: /\bat risk\b/i, 30: /\boff track\b/i };
    const wrong = imported.goalUpdates.filter((u) => {
      const lead = `${u.title}\n${u.body.split('\n\n')[0] ?? ''}`;
      // Done, in the words a person's habits say it with (voice-habits.ts: "Done", "Finished", "Complete", "All done").
      return u.progress === 100 ? !/\b(?:done|finished|complete)\b/i.test(lead) : !STATUS[u.confidence]?.test(lead);
    });
    expect(imported.goalUpdates.length).toBeGreaterThan(50);
    expect(wrong.map((u) => `${u.progress}% ${u.confidence}: ${u.title} / ${u.body.split('\n')[0]}`)).toEqual([]);
  });

  it('has no goal On track below 100% past its end the source did not have (LW1, the figures are kept)', () => {
    expect(onTrackPastEnd(imported).count).toBeLessThanOrEqual(onTrackPastEnd(sourceRecords).count);
  });

  it("tells an update's risk as a slip of pace on a day its author's check-in raised no blocker (LW3)", () => {
    // The source's own (seed 7) hold it; an import read its updates as blockers whatever that day's check-in said:
    // 2 of 4 such updates told "our vendor hasn't come back …" beside a check-in of none.
    const beside = risksBesideUnblockedDays(imported);
    expect(beside.of).toBeGreaterThan(0);
    expect(beside.examples).toEqual([]);
  });

  it("follows each person's check-ins on from their last plan in at least 8 of 10 pairs (LW3)", () => {
    const pairs = followOnPairs(imported);
    expect(pairs.of).toBeGreaterThan(50);
    expect(pairs.count / pairs.of!, pairs.examples.join('\n')).toBeGreaterThanOrEqual(0.8);
  });

  it('repeats no update title and no bullet line within a goal (LW4)', () => {
    const [titles, lines] = repeatsWithinGoals(imported);
    expect(titles.of).toBeGreaterThan(10);
    expect([titles.examples, lines.examples]).toEqual([[], []]);
  });

  it('gives two people the same sentence hardly ever: each writes in their own habits, a repeat is drawn again (LW4)', () => {
    // A standin source is written by the very engine that rewrites it: nearly every draw holds runs of it, and the
    // words the leak repair says otherwise can meet another person's (each text starts a word's swaps at a place
    // of its own). Left: about 1 in 1,000 (2 of 2,538 at seed 7; 3 of 2,448 when the repair drew words at random;
    // 250 of 2,146 before each person had their own habits and a repeat was drawn again; 5 of 2,707 since guests'
    // check-ins tell their other team's work, with eight draws of a text; 5 of 2,796 on 2026-12-07, 6 of 2,769 once a
    // backlog's triage had its day and a finished project was told no more: a text the import cuts back to its bare
    // words, "Thanks @someone, will do for the alerting rules.", now and then meets another's; 7 of 2,788 with the
    // world's texts of a twenty-third session, ten draws a text instead of eight leaving the same 7: such a reply
    // has nothing left to draw otherwise).
    const shared = crossPersonSentences(imported);
    expect(shared.of).toBeGreaterThan(1000);
    expect(shared.count / shared.of!, shared.examples.join('\n')).toBeLessThanOrEqual(0.003);
  });

  it('breaks the runs of the source in its texts by saying words otherwise, hardly ever by a word drawn at random', () => {
    // A source standin made holds nearly every run of four words a draw of the engine's has: a word of each is said
    // otherwise (leak-dodge.ts), a filler put in or a sentence of a line of several taken out, and a word drawn at
    // random from the vocabulary, the last resort, reads as word salad ("I'd education an eye on this Scanning app
    // error rates"). 819 at seed 7 when the repair drew one wherever a text's first two fillers and its words'
    // swaps were spent; 348 with the draw needing fewest kept; 0 with the engine's own frequent words given swaps.
    expect(randomWords.count, randomWords.examples.join('\n')).toBeLessThanOrEqual(5);
  });

  it('tells of a word drawn at random by the word and its line of the output, never the word of the source it replaced', () => {
    // The summary, printed and handed on, names the drawn word, not the one it replaced, which made a run of the
    // source's or was a source name. Words drawn at random are the last resort, so the first of a few salts that
    // draws one is read (docs/import.md's figures salt drew a technology's name in a status line until the world's
    // texts of 2026-12-07 left it none to draw).
    let drawn: RandomWords | undefined;
    for (const salt of ['figures salt', 'salt 1', 'salt 2', 'salt 3', 'salt 4', 'salt 5']) {
      drawn = anonymised(source, { salt, appUrl: 'https://app.standin.test' }).randomWords;
      if (drawn.examples.length > 0) break;
    }
    expect(drawn?.examples.length).toBeGreaterThan(0);
    if (drawn === undefined) return;
    for (const example of drawn.examples) expect(example).toMatch(/^[\p{L}\p{N}]+: "/u);
    expect(leakScan(source, JSON.stringify(drawn))).toEqual([]);
  });

  it('leaves nothing of the source: the leak scan finds nothing, the planted sentence, name and id least of all', () => {
    expect(leakScan(source, outText)).toEqual([]);
    expect(outText).not.toContain('zephyr');
    expect(outText).not.toContain('marmalade');
    expect(outText).not.toContain(planted.name);
    expect(outText).not.toContain(planted.id);
  });
});

describe('mentionsFirst (a text cut back keeps its mentions, LW9)', () => {
  it.each([
    ['- Really nice write-up, @nonyeka!', '- @nonyeka: Really nice write-up!'],
    [
      '- Keep an eye on the error rates when mobile-app#1339 is deployed cc @jguo',
      '- @jguo: Keep an eye on the error rates when mobile-app#1339 is deployed',
    ],
    ['Solid week for the upgrade, @dhernandez 🙏', '@dhernandez: Solid week for the upgrade 🙏'],
    ['No mention here.', 'No mention here.'],
  ])('%s', (line, first) => {
    expect(mentionsFirst(line)).toBe(first);
  });
});
