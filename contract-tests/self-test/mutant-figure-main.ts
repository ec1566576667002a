// The entry of `npm run explore:mutants` (mutant-figure.ts): draws mutants of src/domain, serves each through
// Stryker's command runner, prints the figure. Flags: --nodes N (default 30), --draw-seed N (default 1),
// --seed N (the explorer's, default 1), --budgets 500,2000,10000, --concurrency N (default 2).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PROBE_SETTINGS } from './mutant-probe.js';
import {
  domainMutants,
  drawMutants,
  mutantTable,
  mutatePatterns,
  readRows,
  runServedMutants,
} from './mutant-figure.js';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '30' },
    'draw-seed': { type: 'string', default: '1' },
    seed: { type: 'string', default: String(PROBE_SETTINGS.seed) },
    budgets: { type: 'string', default: PROBE_SETTINGS.budgets.join(',') },
    concurrency: { type: 'string', default: '2' },
  },
});
const settings = {
  nodes: Number(values.nodes),
  drawSeed: Number(values['draw-seed']),
  concurrency: Number(values.concurrency),
  probe: { ...PROBE_SETTINGS, seed: Number(values.seed), budgets: values.budgets.split(',').map(Number) },
};
const root = process.cwd();
const drawn = drawMutants(await domainMutants(root), settings.nodes, settings.drawSeed);
mkdirSync('reports/mutation', { recursive: true });
const rowsFile = resolve('reports/mutation/served-rows.ndjson');
const results = await runServedMutants(mutatePatterns(drawn), rowsFile, settings);
process.stdout.write(`${mutantTable(results, readRows(rowsFile), settings)}\n`);
