// Issue 37's figure for a tool users would pick instead of the kit: Portman (@apideck/portman) generates a
// Postman collection with contract and variation tests from spec/openapi.yaml, newman runs it against every
// broken server of the self-tests (broken-variants.ts, sequence-variants.ts) served over real HTTP, and a
// variant counts as caught when an assertion fails that passes on the sound mock.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SET_UP_VARIANTS, VARIANTS, type Variant } from './broken-variants.js';
import { serveVariant } from './served-variant.js';
import { DOMAIN_VARIANTS, SEQUENCE_VARIANTS } from './sequence-variants.js';

/** The Portman the figure was measured with; installed on demand, never a dependency of the project. */
const PORTMAN_VERSION = '1.33.0';
/** Portman 1.33.0's dist requires tslib but lists it only among its devDependencies: installed beside it. */
const TSLIB_VERSION = '2.9.1';
const KINDS: ReadonlyArray<Variant['kind']> = ['schema', 'status', 'behaviour', 'sequence', 'domain'];
/** The project's root: above contract-tests/ in the sources (vitest), above dist/ once built. */
const ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../../' : '../../', import.meta.url));

/** Where Portman is installed: `STANDIN_PORTMAN_CACHE`, else ~/.cache/standin/portman-<version>. */
export function defaultPortmanCache(): string {
  return process.env.STANDIN_PORTMAN_CACHE ?? join(homedir(), '.cache', 'standin', `portman-${PORTMAN_VERSION}`);
}

/**
 * Installs Portman (137 MB with newman, about a minute) into `cache` unless that version is already there, the
 * way .ci/run installs Node 24: `npm i --no-save --prefix`, outside the project's dependencies.
 * @example installPortman(defaultPortmanCache())
 */
function installPortman(cache: string, log: (line: string) => void = () => {}): void {
  const manifest = join(cache, 'node_modules', '@apideck', 'portman', 'package.json');
  const installed = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === PORTMAN_VERSION;
  if (installed && existsSync(join(cache, 'node_modules', 'tslib'))) return;
  log(`installing @apideck/portman@${PORTMAN_VERSION} into ${cache}`);
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--silent',
      '--prefix',
      cache,
      `@apideck/portman@${PORTMAN_VERSION}`,
      `tslib@${TSLIB_VERSION}`,
    ],
    { stdio: 'inherit' },
  );
}

/** A Postman collection, as newman takes it (its JSON; the figure only passes it on). */
type Collection = Record<string, unknown>;

/** The figure's Portman config: contract tests, variation tests, and what a user configures to get real ids. */
export const PORTMAN_CONFIG = join(ROOT, 'contract-tests', 'self-test', 'portman-config.json');

/**
 * Portman's collection of spec/openapi.yaml with a Portman config: generated once per run, since Portman fills
 * the values it does not get from an overwrite with random examples.
 */
function generateCollection(cache: string, config: string): Collection {
  const work = mkdtempSync(join(tmpdir(), 'standin-portman-'));
  try {
    const output = join(work, 'collection.json');
    // Portman writes a tmp/ folder into its working directory: a temporary one, not the project.
    execFileSync(
      process.execPath,
      [
        join(cache, 'node_modules', '@apideck', 'portman', 'bin', 'portman'),
        '--local',
        join(ROOT, 'spec', 'openapi.yaml'),
        '--portmanConfigFile',
        config,
        '--baseUrl',
        '{{baseUrl}}',
        '--output',
        output,
      ],
      { cwd: work, stdio: 'ignore' },
    );
    return JSON.parse(readFileSync(output, 'utf8')) as Collection;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** One failure newman reports: a failed assertion, or an error of a script or of the request itself. */
interface NewmanFailure {
  error: { name: string; message: string; test?: string };
  source?: { name?: string };
}
type Newman = {
  run(
    options: Record<string, unknown>,
    done: (error: Error | null, summary: { run: { failures: NewmanFailure[]; stats: any } }) => void,
  ): void;
};

/** newman from Portman's install (Portman depends on it); loaded by path, so the project never imports it. */
function loadNewman(cache: string): Newman {
  return createRequire(join(cache, 'package.json'))('newman') as Newman;
}

/** What one newman run gave: its failures, keyed `request name | assertion` (or the error's name), and its size. */
interface RunResult {
  failures: string[];
  requests: number;
  assertions: number;
}

/** The key of a failure: stable across runs (an assertion's name, never a message that holds ids). */
export function failureKey(failure: NewmanFailure): string {
  const what = failure.error.test ?? failure.error.name;
  return `${failure.source?.name ?? '(collection)'} | ${what}`;
}

/** Runs the collection once against a served variant (null: the sound mock). */
async function runCollection(newman: Newman, collection: Collection, variant: Variant | null): Promise<RunResult> {
  const served = await serveVariant(variant);
  try {
    const summary = await new Promise<{ run: { failures: NewmanFailure[]; stats: any } }>((resolve, reject) =>
      newman.run(
        {
          collection,
          reporters: [],
          // What a user hands newman: where the API is and a token (MK1's), and the activity hook's account.
          envVar: [
            { key: 'baseUrl', value: `${served.root}/api/v2` },
            { key: 'serviceRoot', value: served.root },
            { key: 'bearerToken', value: served.token },
            { key: 'hookAccountId', value: served.hook.accountId },
            { key: 'hookToken', value: served.hook.token },
          ],
          timeoutRequest: 10_000,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    return {
      failures: [...new Set(summary.run.failures.map(failureKey))].sort(),
      requests: summary.run.stats.requests.total,
      assertions: summary.run.stats.assertions.total,
    };
  } finally {
    await served.close();
  }
}

/**
 * A variant is caught only by failures the sound mock does not also give: those are the tool's false alarms.
 * @example caughtBy(['a | x'], ['a | x', 'b | y']) // ['b | y']
 */
export function caughtBy(soundFailures: readonly string[], variantFailures: readonly string[]): string[] {
  const alarms = new Set(soundFailures);
  return variantFailures.filter((failure) => !alarms.has(failure));
}

/** One variant's row of the figure. */
interface PortmanRow {
  kind: Variant['kind'];
  name: string;
  /** The failures that pass on the sound mock (none: not caught). */
  caught: string[];
}

const share = (n: number, of: number) => `${n}/${of} ${Math.round((100 * n) / of)}%`;

/**
 * Per kind, the variants Portman+newman caught.
 * @example portmanTable([{ kind: 'schema', name: 'x', caught: ['a | b'] }])
 */
export function portmanTable(rows: readonly PortmanRow[]): string {
  const lines = [`${'kind'.padEnd(10)} | variants | ${'portman+newman'.padStart(14)}`];
  for (const kind of [...KINDS, 'all' as const]) {
    const of = rows.filter((r) => kind === 'all' || r.kind === kind);
    if (of.length === 0) continue;
    const caught = of.filter((r) => r.caught.length > 0).length;
    lines.push(`${kind.padEnd(10)} | ${String(of.length).padStart(8)} | ${share(caught, of.length).padStart(14)}`);
  }
  return lines.join('\n');
}

interface PortmanSettings {
  cache: string;
  /** The Portman config file (PORTMAN_CONFIG; Portman's own default config shows what it does untuned). */
  config: string;
  /** Only the variants whose name holds one of these (all when empty). */
  only: string[];
  /** Only the variants of these kinds (all when empty). */
  kinds: string[];
}

/**
 * Installs Portman if needed, generates its collection, runs it on the sound mock, then on every variant, and
 * answers the figure's text; `log` hears progress (one line per variant).
 * @example const text = await portmanFigure({ cache: defaultPortmanCache(), config: PORTMAN_CONFIG, only: [], kinds: [] })
 */
export async function portmanFigure(
  settings: PortmanSettings,
  log: (line: string) => void = () => {},
): Promise<string> {
  const started = performance.now();
  installPortman(settings.cache, log);
  const collection = generateCollection(settings.cache, settings.config);
  const newman = loadNewman(settings.cache);
  const sound = await runCollection(newman, collection, null);
  log(`sound mock: ${sound.requests} requests, ${sound.assertions} assertions, ${sound.failures.length} failures`);

  const variants = [...VARIANTS, ...SET_UP_VARIANTS, ...SEQUENCE_VARIANTS, ...DOMAIN_VARIANTS]
    .filter((v) => settings.only.length === 0 || settings.only.some((part) => v.name.includes(part)))
    .filter((v) => settings.kinds.length === 0 || settings.kinds.includes(v.kind));
  const rows: PortmanRow[] = [];
  for (const variant of variants) {
    const caught = caughtBy(sound.failures, (await runCollection(newman, collection, variant)).failures);
    rows.push({ kind: variant.kind, name: variant.name, caught });
    log(
      `${variant.kind.padEnd(9)} ${caught.length > 0 ? `caught (${caught.length}: ${caught.slice(0, 2).join('; ')})` : 'missed'}: ${variant.name}`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  return [
    `Portman ${PORTMAN_VERSION} + newman, config ${settings.config}: ${sound.requests} ` +
      `requests and ${sound.assertions} assertions a run.`,
    `Sound mock: ${sound.failures.length} failing assertions (false alarms, not counted against any variant)` +
      (sound.failures.length > 0 ? ':' : '.'),
    ...sound.failures.map((failure) => `  ${failure}`),
    '',
    portmanTable(rows),
    '',
    'Missed:',
    ...rows.filter((r) => r.caught.length === 0).map((r) => `  ${r.kind.padEnd(9)} ${r.name}`),
    `Run time: ${seconds.toFixed(0)} s.`,
  ].join('\n');
}
