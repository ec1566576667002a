// The mutation figure's script (explore-figure.ts, `npm run explore:figure`) prints its table: here with a small
// budget on two broken servers, one the per-rule checks miss and one they catch, and a short sound-mock run.
import { expect, it } from 'vitest';
import { DEFAULT_SETTINGS, exploreFigure } from './explore-figure.js';

it('prints per kind the share each mode detects, both together, and the repros’ size', async () => {
  const text = await exploreFigure({
    ...DEFAULT_SETTINGS,
    budgets: [500],
    only: ["a goal's ETag stays the one of its first read", 'a goal without updates has confidence 90, not 100'],
    healthySeeds: 1,
    healthyRequests: 200,
  });
  const row = (kind: string) =>
    text
      .split('\n')
      .find((line) => line.startsWith(`${kind} `))!
      .split('|')
      .map((cell) => cell.trim());
  expect(text).toContain(
    'kind       | variants |  per-rule |   explore 500 |   both (500) | repro steps | repro requests',
  );
  // The ETag one shows only over a sequence: the explorer catches it, the per-rule checks do not.
  expect(row('sequence').slice(1, 5)).toEqual(['1', '0/1 0%', '1/1 100%', '1/1 100%']);
  expect(row('domain').slice(1, 5)).toEqual(['1', '1/1 100%', '1/1 100%', '1/1 100%']);
  expect(row('all').slice(1, 5)).toEqual(['2', '1/2 50%', '2/2 100%', '2/2 100%']);
  expect(text).toMatch(/Sound mock: 0 explorer failures over 1 seeds × 200 requests/);
}, 120_000);
