// What the clock adds (LW6, LW7) over the small worlds of seeds 1-20: each advanced 7 days from the same instant,
// each figure of fixtures/story-motion.ts held to its threshold (npm run world:report -- --advance 7d prints the
// same figures for one seed).
import { describe, expect, it } from 'vitest';
import { measureMotion } from '../fixtures/story-motion.js';
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
      for (const f of measureMotion(before, storyRecordsOf(mock.world)))
        if (!f.met) missed.push(`seed ${seed}: ${f.rule} ${f.name}: ${f.count} of ${f.of}: ${f.examples[0] ?? ''}`);
      mock.close();
    }
    expect(missed).toEqual([]);
  }, 120_000);
});
