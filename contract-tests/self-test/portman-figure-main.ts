// The entry of `npm run explore:portman` (portman-figure.ts): installs Portman into its cache if needed, runs
// the figure and prints it. Flags: --cache DIR (default ~/.cache/standin/portman-<version>, or
// STANDIN_PORTMAN_CACHE), --config FILE (default portman-config.json), --only "part of a name" (repeatable),
// --kinds schema,status.
import { parseArgs } from 'node:util';
import { defaultPortmanCache, PORTMAN_CONFIG, portmanFigure } from './portman-figure.js';

const { values } = parseArgs({
  options: {
    cache: { type: 'string' },
    config: { type: 'string' },
    only: { type: 'string', multiple: true },
    kinds: { type: 'string' },
  },
});
const text = await portmanFigure(
  {
    cache: values.cache ?? defaultPortmanCache(),
    config: values.config ?? PORTMAN_CONFIG,
    only: values.only ?? [],
    kinds: values.kinds?.split(',') ?? [],
  },
  (line) => process.stderr.write(`${line}\n`),
);
process.stdout.write(`${text}\n`);
