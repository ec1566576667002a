// The entry of `npm run explore:figure` (explore-figure.ts): runs the figure and prints it. Flags: --seed N,
// --budgets 500,2000,10000, --healthy-seeds N, --healthy-requests N, --only "part of a name" (repeatable),
// --kinds sequence,domain.
import { parseArgs } from 'node:util';
import { DEFAULT_SETTINGS, exploreFigure } from './explore-figure.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    budgets: { type: 'string' },
    'healthy-seeds': { type: 'string' },
    'healthy-requests': { type: 'string' },
    only: { type: 'string', multiple: true },
    kinds: { type: 'string' },
  },
});
const number = (text: string | undefined, fallback: number) => (text === undefined ? fallback : Number(text));
const text = await exploreFigure(
  {
    ...DEFAULT_SETTINGS,
    seed: number(values.seed, DEFAULT_SETTINGS.seed),
    budgets: values.budgets?.split(',').map(Number) ?? DEFAULT_SETTINGS.budgets,
    healthySeeds: number(values['healthy-seeds'], DEFAULT_SETTINGS.healthySeeds),
    healthyRequests: number(values['healthy-requests'], DEFAULT_SETTINGS.healthyRequests),
    only: values.only ?? [],
    kinds: values.kinds?.split(',') ?? [],
  },
  (line) => process.stderr.write(`${line}\n`),
);
process.stdout.write(`${text}\n`);
