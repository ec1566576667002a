// LW6's cost: catching up a week of the large world, its team living (`simulate: others`), against the same
// week with the life off (`simulate: none`: new days' empty check-ins and Echo answers only), measured in the
// same run on the same base, alternating, so the machine's load weighs on both alike. Prints each round and
// the medians, and the load average to read them by. `npm run bench:living`.
import { loadavg } from 'node:os';
import { Clock } from '../src/domain/clock.js';
import type { SimulateMode } from '../src/domain/life-writer.js';
import { WorldBase } from '../src/domain/world-base.js';
import { World } from '../src/domain/world.js';
import { generateWorld, worldWriter } from '../fixtures/index.js';

const NOW = '2026-11-20T15:00:00Z';
const ROUNDS = 5;
const WEEK_MS = 7 * 86_400_000;

/** Milliseconds to catch a fresh world on `base` up a week, and what it changed. */
function week(base: WorldBase, simulate: SimulateMode): { ms: number; changed: number } {
  const clock = new Clock({ now: NOW });
  const world = new World(base, { clock, simulate });
  clock.advance(WEEK_MS);
  const started = performance.now();
  world.catchUp();
  const ms = performance.now() - started;
  return { ms, changed: world.store.changeCount };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const base = new WorldBase(
  generateWorld({ seed: 42, size: 'large', now: Date.parse(NOW) / 1000 }),
  worldWriter,
  'generated',
);
const times: Record<'none' | 'others', number[]> = { none: [], others: [] };
for (let round = 1; round <= ROUNDS; round++) {
  for (const simulate of ['none', 'others'] as const) {
    const { ms, changed } = week(base, simulate);
    times[simulate].push(ms);
    console.log(`round ${round} ${simulate.padEnd(6)} ${ms.toFixed(0).padStart(5)} ms  ${changed} records changed`);
  }
}
const [one] = loadavg();
console.log(
  `a week on large: others ${median(times.others).toFixed(0)} ms, none ${median(times.none).toFixed(0)} ms (medians of ${ROUNDS}; load ${one!.toFixed(2)})`,
);
