// The command Stryker runs for each mutant of mutant-figure.ts (its command test runner, in its sandbox, where
// dist/ is built from the instrumented code): probes the mutant Stryker switched on through the environment and
// appends its row to the file STANDIN_MUTANT_ROWS names. Exit 1 when a mode caught it, so Stryker's own report
// counts it killed.
import { appendFileSync } from 'node:fs';
import { PROBE_SETTINGS, probeMutant } from './mutant-probe.js';

const out = process.env.STANDIN_MUTANT_ROWS;
if (!out) throw new Error('STANDIN_MUTANT_ROWS names no file: run this through `npm run explore:mutants`');
const settings = process.env.STANDIN_MUTANT_SETTINGS ? JSON.parse(process.env.STANDIN_MUTANT_SETTINGS) : PROBE_SETTINGS;
const row = await probeMutant(process.env.__STRYKER_ACTIVE_MUTANT__ ?? null, settings);
// One write of one line: the two workers' rows never interleave (O_APPEND).
appendFileSync(out, `${JSON.stringify(row)}\n`);
process.exitCode = row.broken || row.perRule.length > 0 || row.foundAt !== null ? 1 : 0;
