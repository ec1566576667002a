// Issue 37's mutation figure: how much of each kind of broken server (broken-variants.ts, sequence-variants.ts)
// the per-rule checks catch alone, the explorer catches alone at growing budgets, and both together, with the
// size of the explorer's shrunk repros; and the explorer's false alarms on the sound mock over many seeds.
import { createMock } from '../../src/index.js';
import { ALL_GROUPS } from '../checks/index.js';
import { CheckingClient } from '../kit/checking-client.js';
import { Coverage } from '../kit/coverage.js';
import { runChecks } from '../kit/runner.js';
import { explore, type ExploreResult } from '../explore/explore-run.js';
import { brokenFetch, SET_UP_VARIANTS, VARIANTS, type Variant } from './broken-variants.js';
import { DOMAIN_VARIANTS, SEQUENCE_VARIANTS } from './sequence-variants.js';

const ROOT_URL = 'http://standin.test';
const BASE_URL = `${ROOT_URL}/api/v2`;
/** The self-tests' frozen clock: every run of the figure sees the same world. */
const NOW = '2026-11-20T15:00:00Z';
const KINDS: ReadonlyArray<Variant['kind']> = ['schema', 'status', 'behaviour', 'sequence', 'domain'];

export interface FigureSettings {
  /** The explorer's budgets in requests, ascending (default 500, 2,000, 10,000). */
  budgets: number[];
  /** The explorer's seed for every variant (default 1). */
  seed: number;
  /** The sound mock's false-alarm run: this many seeds (1, 2, …) of `healthyRequests` each. */
  healthySeeds: number;
  healthyRequests: number;
  /** Only the variants whose name holds one of these (all when empty). */
  only: string[];
  /** At most this many variants (the test's tiny run). */
  limit: number;
  /** Only the variants of these kinds (all when empty). */
  kinds: string[];
}

export const DEFAULT_SETTINGS: FigureSettings = {
  budgets: [500, 2000, 10_000],
  seed: 1,
  healthySeeds: 20,
  healthyRequests: 10_000,
  only: [],
  limit: Infinity,
  kinds: [],
};

/** What one variant gave. */
interface VariantRow {
  variant: Variant;
  /** Rules of the per-rule checks that failed (none: not caught). */
  perRule: string[];
  /** The smallest budget at which the explorer found it, or null. */
  foundAt: number | null;
  finding: ExploreResult['finding'];
  /** Why the explorer stopped before its first sequence (its GET /me broken), if it did. */
  setUp?: string;
}

async function tokenOf(mock: ReturnType<typeof createMock>): Promise<string> {
  const tokens = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  return tokens[0]!.read_write;
}

/** What sees a run's requests on their way to the mock (mutant-probe.ts fingerprints them); by default nothing. */
export type FetchWrap = (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
const unwrapped: FetchWrap = (fetch) => fetch;

/** Every check of today's kit, one rule at a time, as self-test.test.ts runs them (modifyExisting too). */
export async function perRuleFailures(variant: Variant | null, wrap: FetchWrap = unwrapped): Promise<string[]> {
  const mock = createMock({ now: NOW });
  const report = await runChecks(ALL_GROUPS, {
    baseUrl: BASE_URL,
    token: await tokenOf(mock),
    modifyExisting: true,
    fetch: wrap(brokenFetch(mock, variant)),
  });
  return [...new Set(report.results.filter((r) => r.outcome === 'failed').map((r) => r.rule))];
}

/** One exploration against a fresh mock, broken by `variant` (null: sound); `readOnly` as --read-only explores. */
export async function exploreOnce(
  variant: Variant | null,
  seed: number,
  requests: number,
  { wrap = unwrapped, readOnly = false }: { wrap?: FetchWrap; readOnly?: boolean } = {},
): Promise<ExploreResult> {
  const mock = createMock({ now: NOW });
  const fetch = wrap(brokenFetch(mock, variant));
  const client = new CheckingClient({ baseUrl: BASE_URL, fetch }, await tokenOf(mock), new Coverage());
  const me = (await client.expect<{ id: string; username: string }>(200, 'GET', '/me')).body;
  // WH1's hook, as a standin session of the run's own gives it (GET /__mock/world).
  const world = (await (await mock.app.request('/__mock/world')).json()) as { activity_hook: { path: string } };
  const hook = {
    client: new CheckingClient({ baseUrl: ROOT_URL, fetch }, null, new Coverage()),
    path: world.activity_hook.path,
  };
  // A fresh mock is a world of the run's own: its check-ins may be PATCHed, as in a standin session (checkIns).
  return explore(
    { client, me: me.id, username: me.username, hook, title: (word) => `[standin-contract] figure ${word}` },
    { seed, requests, checkIns: !readOnly, readOnly },
  );
}

/**
 * The explorer at growing budgets. The same seed draws the same sequences whatever the budget, and a budget is
 * only checked between sequences, so a larger budget runs every sequence a smaller one ran, first: a variant
 * found at one budget is found at every larger one, and only a miss is run again with the next.
 */
export async function exploreRow(
  variant: Variant | null,
  settings: Pick<FigureSettings, 'budgets' | 'seed'>,
  wrap: FetchWrap = unwrapped,
): Promise<Pick<VariantRow, 'foundAt' | 'finding' | 'setUp'>> {
  for (const budget of settings.budgets) {
    let result: ExploreResult;
    try {
      result = await exploreOnce(variant, settings.seed, budget, { wrap });
    } catch (error) {
      // The explorer asks GET /me who it acts as: a server that breaks it stops the exploration at its start,
      // caught (as the kit's run would fail), with no sequence to shrink.
      return { foundAt: settings.budgets[0]!, finding: null, setUp: String(error).split('\n')[0]! };
    }
    if (result.finding) return { foundAt: budget, finding: result.finding };
  }
  return { foundAt: null, finding: null };
}

function allVariants(): Variant[] {
  return [...VARIANTS, ...SET_UP_VARIANTS, ...SEQUENCE_VARIANTS, ...DOMAIN_VARIANTS];
}

export const share = (n: number, of: number) =>
  of === 0 ? '-' : `${n}/${of} ${Math.round((100 * n) / of)}%`.padStart(9);

export function median(values: number[]): string {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return String(value);
}

/** The table: per kind, the share each mode detects and both together, and the shrunk repros' median size. */
function figureTable(rows: VariantRow[], settings: FigureSettings): string {
  const budgets = settings.budgets;
  const header = [
    'kind'.padEnd(10),
    'variants',
    'per-rule'.padStart(9),
    ...budgets.map((b) => `explore ${b}`.padStart(13)),
    `both (${budgets.at(-1)})`.padStart(12),
    'repro steps',
    'repro requests',
  ];
  const lines = [header.join(' | ')];
  for (const kind of [...KINDS, 'all' as const]) {
    const of = rows.filter((r) => kind === 'all' || r.variant.kind === kind);
    if (of.length === 0) continue;
    const found = of.filter((r) => r.finding);
    lines.push(
      [
        kind.padEnd(10),
        String(of.length).padStart(8),
        share(of.filter((r) => r.perRule.length > 0).length, of.length),
        ...budgets.map((b) =>
          share(of.filter((r) => r.foundAt !== null && r.foundAt <= b).length, of.length).padStart(13),
        ),
        share(of.filter((r) => r.perRule.length > 0 || r.foundAt !== null).length, of.length).padStart(12),
        median(found.map((r) => r.finding!.steps.length)).padStart(11),
        median(found.map((r) => r.finding!.requests.length)).padStart(14),
      ].join(' | '),
    );
  }
  return lines.join('\n');
}

/** The variants each mode missed, and sequence variants the per-rule checks caught (not sequence-only then). */
function notes(rows: VariantRow[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    if (r.setUp) out.push(`explorer stopped at its set-up, counted caught, no repro (${r.setUp}): ${r.variant.name}`);
    if (r.foundAt === null && (r.variant.kind === 'sequence' || r.variant.kind === 'domain'))
      out.push(`explorer missed (${r.variant.kind}): ${r.variant.name}`);
    if (r.variant.kind === 'sequence' && r.perRule.length > 0)
      out.push(`per-rule checks caught a sequence variant (${r.perRule.join(', ')}): ${r.variant.name}`);
    if (
      r.finding &&
      !r.variant.expectedRules.includes(r.finding.rule) &&
      (r.variant.kind === 'sequence' || r.variant.kind === 'domain')
    )
      out.push(`explorer caught under ${r.finding.rule}, not ${r.variant.expectedRules.join('/')}: ${r.variant.name}`);
  }
  return out;
}

/**
 * Runs the figure and answers its text; `log` hears progress (one line per variant).
 * @example const text = await exploreFigure({ ...DEFAULT_SETTINGS, budgets: [200], healthySeeds: 1 })
 */
export async function exploreFigure(settings: FigureSettings, log: (line: string) => void = () => {}): Promise<string> {
  const started = performance.now();
  const variants = allVariants()
    .filter((v) => settings.only.length === 0 || settings.only.some((part) => v.name.includes(part)))
    .filter((v) => settings.kinds.length === 0 || settings.kinds.includes(v.kind))
    .slice(0, settings.limit);
  const rows: VariantRow[] = [];
  for (const variant of variants) {
    const perRule = await perRuleFailures(variant);
    const row = { variant, perRule, ...(await exploreRow(variant, settings)) };
    rows.push(row);
    log(
      `${variant.kind.padEnd(9)} per-rule ${perRule.length > 0 ? perRule.join(',') : '-'}; explore ${row.foundAt === null ? 'missed' : row.setUp ? `stopped at set-up: ${row.setUp.slice(0, 80)}` : `${row.finding!.rule} at ${row.foundAt}, ${row.finding!.steps.length} steps, ${row.finding!.requests.length} requests`}: ${variant.name}`,
    );
  }
  const variantsSeconds = (performance.now() - started) / 1000;

  const healthyStarted = performance.now();
  const alarms: string[] = [];
  let healthyRequests = 0;
  for (let seed = 1; seed <= settings.healthySeeds; seed++) {
    const result = await exploreOnce(null, seed, settings.healthyRequests);
    healthyRequests += result.requests;
    if (result.finding) alarms.push(`seed ${seed}: ${result.finding.rule} ${result.finding.message.split('\n')[0]}`);
    log(`sound mock, seed ${seed}: ${result.requests} requests, ${result.finding ? 'a FAILURE' : 'no failure'}`);
  }
  const healthySeconds = (performance.now() - healthyStarted) / 1000;

  return [
    `Variants: ${rows.length}; explorer seed ${settings.seed}, budgets ${settings.budgets.join(', ')} requests ` +
      `(a variant found at a budget is found at every larger one: the same seed runs the same sequences first).`,
    '',
    figureTable(rows, settings),
    '',
    ...notes(rows),
    `Sound mock: ${alarms.length} explorer failures over ${settings.healthySeeds} seeds × ${settings.healthyRequests} ` +
      `requests (${healthyRequests} requests sent).`,
    ...alarms,
    `Run time: variants ${variantsSeconds.toFixed(0)} s, sound mock ${healthySeconds.toFixed(0)} s.`,
  ].join('\n');
}
