// Counts one figure of the story measure, LW4's sentences written by two people, on any world, and prints every
// sentence that misses with its two authors: the full `world:report` reads every figure and took 22 min on the
// large world. Run after a build: node scripts/shared-sentences.mjs [--seed N] [--size small|large] [--now ISO]
import { parseArgs } from 'node:util';
import { createMock } from '../dist/src/http/app.js';
import { storyRecordsOf } from '../dist/src/runtime/story-records.js';
import { sharedSentences } from '../dist/fixtures/story-measure.js';

const { values } = parseArgs({
  options: { seed: { type: 'string' }, size: { type: 'string' }, now: { type: 'string' } },
});
const started = performance.now();
const mock = createMock({
  seed: Number(values.seed ?? 42),
  size: values.size ?? 'small',
  now: values.now ?? '2026-11-20T09:00:00Z',
});
try {
  const records = storyRecordsOf(mock.world);
  const read = performance.now();
  const { shared, distinct } = sharedSentences(records);
  const usernames = new Map(records.people.map((p) => [p.id, p.username]));
  for (const [sentence, who] of shared)
    console.log(`"${sentence}" by ${who.map((id) => `@${usernames.get(id)}`).join(', ')}`);
  console.log(
    `LW4 sentences written by two people: ${shared.length} of ${distinct}` +
      ` (records read in ${((read - started) / 1000).toFixed(0)} s, counted in ${((performance.now() - read) / 1000).toFixed(0)} s)`,
  );
} finally {
  mock.close();
}
