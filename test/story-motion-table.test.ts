// What the clock adds (LW6, LW7) over the small worlds of seeds 1-20: each advanced 7 days from the same instant,
// each figure of fixtures/story-motion.ts held to its threshold, and of story-times.ts and story-agents.ts after it (npm run world:report -- --advance 7d prints the
// same figures for one seed).
import { describe, expect, it } from 'vitest';
import { agentConversations } from '../fixtures/story-agents.js';
import { onTrackPastEnd, repeatedCommentsInAWeek } from '../fixtures/story-measure.js';
import { measureMotion } from '../fixtures/story-motion.js';
import { measureTimes } from '../fixtures/story-times.js';
import { createMock } from '../src/http/app.js';
import { storyRecordsOf } from '../src/runtime/story-records.js';

const NOW = '2026-11-20T09:00:00Z';

describe('the figures of a week the clock adds, seeds 1-20 (small)', () => {
  it('LW6 due check-ins filled, due updates posted, new updates commented; LW7 the default person waits', async () => {
    const missed: string[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const mock = createMock({ seed, size: 'small', now: NOW });
      const before = storyRecordsOf(mock.world);
      const advanced = await mock.app.request('/__mock/clock/advance', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ days: 7 }),
      });
      expect(advanced.status).toBe(200);
      const after = storyRecordsOf(mock.world);
      // What the week added keeps to the clock and the calendar (LW6, LW1: a goal ending in it is closed, but the
      // default person's, whose updates are the user's to post: LW7), leaves agents to their routine (PT1), and
      // says no comment twice in a week (LW4).
      const others = { ...after, goals: after.goals.filter((g) => g.ownerId !== after.defaultPersonId) };
      const kept = [
        ...measureTimes(after),
        onTrackPastEnd(others),
        agentConversations(after),
        repeatedCommentsInAWeek(after),
      ];
      for (const f of [...measureMotion(before, after), ...kept])
        if (!f.met) missed.push(`seed ${seed}: ${f.rule} ${f.name}: ${f.count} of ${f.of}: ${f.examples[0] ?? ''}`);
      mock.close();
    }
    expect(missed).toEqual([]);
  }, 120_000);

  it('LW1, LW6 two months the clock adds keep to the calendar: goals done at 100% On track, closed as they end; LW4 no comment twice a week', async () => {
    const missed: string[] = [];
    for (const seed of [1, 2, 3]) {
      const mock = createMock({ seed, size: 'small', now: NOW });
      await mock.app.request('/__mock/clock/advance', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ days: 60 }),
      });
      const after = storyRecordsOf(mock.world);
      const others = { ...after, goals: after.goals.filter((g) => g.ownerId !== after.defaultPersonId) };
      const kept = [...measureTimes(after), onTrackPastEnd(others), agentConversations(after)];
      for (const f of [...kept, repeatedCommentsInAWeek(after)])
        if (!f.met) missed.push(`seed ${seed}: ${f.rule} ${f.name}: ${f.count} of ${f.of}: ${f.examples[0] ?? ''}`);
      mock.close();
    }
    expect(missed).toEqual([]);
  }, 120_000);
});
