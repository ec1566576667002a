// Issue 37's Stryker figure: mutants of src/domain, drawn by a seed (not picked by hand), each served as the
// mock and met by the kit's two modes. Stryker's instrumenter lists every mutant; a seeded draw picks some; Stryker
// runs each drawn mutant and those at or inside its node (Stryker's ranges take whole nodes) with its command
// runner, which builds the instrumented project once and runs mutant-probe-main.js per mutant; the rows it
// appends say what each mode caught and fingerprint the answers of what nothing caught.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Mutant, MutantResult } from '@stryker-mutator/api/core';
import { Stryker } from '@stryker-mutator/core';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { median, share } from './explore-figure.js';
import type { MutantRow, ProbeSettings } from './mutant-probe.js';

export interface MutantFigureSettings {
  /** Nodes drawn (each brings the mutants Stryker makes at or inside it). */
  nodes: number;
  /** The draw's seed: the same seed draws the same nodes of the same code. */
  drawSeed: number;
  probe: ProbeSettings;
  /** Workers Stryker runs at once. */
  concurrency: number;
}

const QUIET = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => true,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
  trace() {},
  debug() {},
  info() {},
  warn: (message: string) => process.stderr.write(`${message}\n`),
  error: (message: string) => process.stderr.write(`${message}\n`),
  fatal: (message: string) => process.stderr.write(`${message}\n`),
};

/** Every mutant Stryker's instrumenter makes of src/domain (its tests left out), in file and source order. */
export async function domainMutants(root: string): Promise<readonly Mutant[]> {
  const names = readdirSync(join(root, 'src/domain'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort();
  const files = names.map((name) => ({
    name: `src/domain/${name}`,
    content: readFileSync(join(root, 'src/domain', name), 'utf8'),
    mutate: true as const,
  }));
  const result = await new Instrumenter(QUIET).instrument(files, {
    plugins: null,
    excludedMutations: [],
    ignorers: [],
  });
  return result.mutants;
}

/** mulberry32: a small seeded generator, so that a draw is the same on every machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` mutants drawn without replacement by `seed`, in the order drawn.
 * @example drawMutants(mutants, 30, 1).length // 30
 */
export function drawMutants(mutants: readonly Mutant[], count: number, seed: number): Mutant[] {
  const pool = [...mutants];
  const next = generator(seed);
  const drawn: Mutant[] = [];
  while (drawn.length < count && pool.length > 0) drawn.push(...pool.splice(Math.floor(next() * pool.length), 1));
  return drawn;
}

/**
 * Stryker's `mutate` patterns for the drawn mutants' nodes: `file:line:column-line:column`, lines counted from 1
 * (the instrumenter's from 0).
 * @example mutatePatterns([mutant]) // ['src/domain/goals.ts:41:9-41:30']
 */
export function mutatePatterns(drawn: readonly Mutant[]): string[] {
  const patterns = drawn.map(
    ({ fileName, location: { start, end } }) =>
      `${fileName}:${start.line + 1}:${start.column}-${end.line + 1}:${end.column}`,
  );
  return [...new Set(patterns)];
}

/** Runs Stryker's command runner over the patterns; each mutant's row lands in `rowsFile`. */
export async function runServedMutants(
  patterns: string[],
  rowsFile: string,
  settings: MutantFigureSettings,
): Promise<MutantResult[]> {
  rmSync(rowsFile, { force: true });
  process.env.STANDIN_MUTANT_ROWS = rowsFile;
  process.env.STANDIN_MUTANT_SETTINGS = JSON.stringify(settings.probe);
  const stryker = new Stryker({
    // Everything the project's own stryker.config.js (the vitest runner's mutation score) sets is overridden.
    testRunner: 'command',
    plugins: [],
    commandRunner: { command: 'node dist/contract-tests/self-test/mutant-probe-main.js' },
    buildCommand: 'npm run build --silent',
    mutate: patterns,
    coverageAnalysis: 'off',
    ignoreStatic: false,
    incremental: false,
    concurrency: settings.concurrency,
    // A sound probe takes about 20 s (per-rule checks, the explorer at 12,500 requests, a read-only exploration);
    // instrumented code is slower, and the box is shared.
    timeoutMS: 180_000,
    timeoutFactor: 2,
    reporters: ['progress-append-only', 'json'],
    jsonReporter: { fileName: 'reports/mutation/served.json' },
    tempDirName: 'reports/stryker-served-tmp',
    ignorePatterns: ['dist', 'reports', 'bench/results', '.examples', 'test/browser'],
    cleanTempDir: true,
    // The project's stryker.config.js is read too; its vitest options mean nothing to the command runner.
    warnings: { unknownOptions: false, preprocessorErrors: true, unserializableOptions: true, slow: true },
  });
  return stryker.runMutationTest();
}

/** The rows appended by the probes: the sound mock's (Stryker's dry run, no mutant) and each mutant's. */
export function readRows(rowsFile: string): MutantRow[] {
  return readFileSync(rowsFile, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as MutantRow);
}

interface Judged {
  result: MutantResult;
  row: MutantRow | undefined;
  outcome: 'broken' | 'unchanged' | 'changed';
}

function judge(results: readonly MutantResult[], rows: readonly MutantRow[], sound: string): Judged[] {
  const byId = new Map(rows.filter((row) => row.mutant !== null).map((row) => [row.mutant!, row]));
  return results
    .filter((result) => result.status !== 'Ignored' && result.status !== 'CompileError')
    .map((result) => {
      const row = byId.get(result.id);
      // A mutant that hangs the mock (Stryker's timeout) or stops it answering is caught by any client.
      if (!row || row.broken) return { result, row, outcome: 'broken' };
      const caught = row.perRule.length > 0 || row.foundAt !== null;
      return { result, row, outcome: caught || row.answers !== sound ? 'changed' : 'unchanged' };
    });
}

const where = ({ fileName, location, mutatorName, replacement }: MutantResult) =>
  `${relative(process.cwd(), fileName)}:${location.start.line} ${mutatorName} → ${replacement.replace(/\s+/g, ' ').slice(0, 60)}`;

/**
 * The figure's text: what the mutants did to the answers, and among those that changed one with the mock still
 * up, the share each mode caught.
 */
export function mutantTable(
  results: readonly MutantResult[],
  rows: readonly MutantRow[],
  settings: MutantFigureSettings,
): string {
  const soundRow = rows.find((row) => row.mutant === null);
  if (!soundRow?.answers) throw new Error('no sound row: Stryker’s dry run did not probe the unmutated mock');
  const judged = judge(results, rows, soundRow.answers);
  const changed = judged.filter((j) => j.outcome === 'changed');
  const budgets = settings.probe.budgets;
  const caughtBy = (j: Judged) => j.row!.perRule.length > 0 || j.row!.foundAt !== null;
  const lines = [
    `Stryker mutants of src/domain: ${judged.length} from ${settings.nodes} nodes drawn with seed ${settings.drawSeed}; ` +
      `explorer seed ${settings.probe.seed}, budgets ${budgets.join(', ')}.`,
    `  broke the mock (no start, no answer, or a hang): ${judged.filter((j) => j.outcome === 'broken').length}`,
    `  changed no answer the kit asked for (its answers as the sound mock's, byte for byte): ${judged.filter((j) => j.outcome === 'unchanged').length}`,
    `  changed an answer, the mock still up: ${changed.length}`,
    '',
    [
      'changed an answer',
      'per-rule'.padStart(9),
      ...budgets.map((b) => `explore ${b}`.padStart(13)),
      `both (${budgets.at(-1)})`.padStart(12),
      'repro steps',
      'repro requests',
    ].join(' | '),
    [
      String(changed.length).padStart(17),
      share(changed.filter((j) => j.row!.perRule.length > 0).length, changed.length),
      ...budgets.map((b) =>
        share(changed.filter((j) => j.row!.foundAt !== null && j.row!.foundAt <= b).length, changed.length).padStart(
          13,
        ),
      ),
      share(changed.filter(caughtBy).length, changed.length).padStart(12),
      median(changed.filter((j) => j.row!.steps !== null).map((j) => j.row!.steps!)).padStart(11),
      median(changed.filter((j) => j.row!.requests !== null).map((j) => j.row!.requests!)).padStart(14),
    ].join(' | '),
    '',
    ...changed
      .filter((j) => j.row!.foundAt === null)
      .map(
        (j) =>
          `explorer missed${j.row!.perRule.length ? ` (per-rule: ${j.row!.perRule.join(',')})` : ''}: ${where(j.result)}`,
      ),
    ...judged.filter((j) => j.outcome === 'unchanged').map((j) => `changed no answer: ${where(j.result)}`),
  ];
  return lines.join('\n');
}
