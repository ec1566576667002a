// Owns standin import as a library: an organisation read through its API (read-organisation.ts) or from a proxy's
// HAR capture (har-source.ts), anonymised with a salt, built into a world, scanned for anything of the source, and
// only when the scan finds nothing written whole (src/files/replace-file.ts) as the state file `standin serve
// --state FILE` serves. Its I/O comes in by injection (the fetch, the clock, the progress), so that the command
// (src/cli/import.ts) is a shell printing what this returns, and tests drive the real reader against an
// organisation answering in-process.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { writeFileWhole } from '../files/replace-file.js';
import { OptionError } from '../http/option-rules.js';
import { DEFAULT_APP_URL, isAppUrl } from '../http/present.js';
import { loadSpecChecks } from '../spec/compiled-spec.js';
import { anonymised } from './anonymise.js';
import { organisationFromHar } from './har-source.js';
import { importedStateText } from './import-state.js';
import { leakScan, type Leak } from './leak-scan.js';
import { orgRecords, type OrgRecords } from './org-records.js';
import type { ImportOptions, ImportRead, ImportResult, ImportSummary } from './import-types.js';
import type { ReadProgress } from './progress-bar.js';
import { DEFAULT_READ_BUDGET, type ReadBudget } from './read-budget.js';
import { DEFAULT_CACHE_DIR } from './read-cache.js';
import { isDate, readOrganisation } from './read-organisation.js';
import { instant } from './read-window.js';
import { MIN_SALT_BYTES } from './salt-file.js';
import { SOURCE_KINDS, type SourceKind, type SourceOrg } from './source-org.js';
import type { RandomWords } from './story-rewrite.js';

/** The most leaks the scan reports: past them, the output is the source's in so many places that more tell nothing. */
export const MAX_LEAKS = 50;

/** What the steps after reading make of an organisation. */
export interface ImportedWorld extends OrgRecords {
  /** The state document. */
  text: string;
  leaks: Leak[];
  /** LW9: the words of the story's texts drawn at random (anonymise.ts' last resort). */
  randomWords: RandomWords;
}

/**
 * Anonymises, builds and scans an organisation read: pure, the same salt and source giving the same text.
 * @example const { text, leaks } = importedWorld(source, { salt, appUrl: 'https://app.standin.test' })
 */
export function importedWorld(
  source: SourceOrg,
  options: { salt: string | Buffer; appUrl: string; maxLeaks?: number },
): ImportedWorld {
  const { org, randomWords } = anonymised(source, { salt: options.salt, appUrl: options.appUrl });
  const built = orgRecords(org, options.salt);
  const text = importedStateText(built.contents);
  return { ...built, text, leaks: leakScan(source, text, { maxLeaks: options.maxLeaks ?? MAX_LEAKS }), randomWords };
}

/** Refuses options no import can run with, naming the option (OptionError, as createMock's). */
function checkOptions(options: ImportOptions): void {
  const { baseUrl, token, fromHar } = options;
  if ((baseUrl === undefined) === (fromHar === undefined))
    throw new OptionError('baseUrl', 'give baseUrl (with a read-only token) to read the API, or fromHar, not both');
  if (baseUrl !== undefined) {
    if (!/^https?:\/\//i.test(baseUrl) || !URL.canParse(baseUrl))
      throw new OptionError('baseUrl', `baseUrl must be the API's URL, such as https://api.example.com/api/v2`);
    if (typeof token !== 'string' || token === '')
      throw new OptionError('token', 'give a read-only token of the organisation: token');
  }
  if (typeof options.out !== 'string' || options.out === '')
    throw new OptionError('out', 'give the state file to write: out');
  const { salt, since } = options;
  if (!(typeof salt === 'string' || salt instanceof Uint8Array) || Buffer.byteLength(salt) < MIN_SALT_BYTES)
    throw new OptionError(
      'salt',
      `salt must be ${MIN_SALT_BYTES} bytes or more (keep it private: it links the world back)`,
    );
  if (since !== undefined && !(typeof since === 'string' && isDate(since)))
    throw new OptionError('since', `since must be a date such as 2026-10-01 (G3), got ${JSON.stringify(since)}`);
  if (options.appUrl !== undefined && !isAppUrl(options.appUrl))
    throw new OptionError('appUrl', `appUrl must be an http(s) URL such as ${DEFAULT_APP_URL} (G10)`);
  for (const [name, value] of [
    ['maxRequests', options.maxRequests],
    ['budget.records', options.budget?.records],
    ['budget.bytes', options.budget?.bytes],
  ] as const)
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1))
      throw new OptionError(name, `${name} must be a whole number of at least 1, got ${String(value)}`);
}

/** Reads the organisation from the API or the capture, and says how. */
async function readSource(
  options: ImportOptions,
  budget: ReadBudget,
): Promise<{ source: SourceOrg; read: ImportRead }> {
  const since = options.since !== undefined ? { since: options.since } : {};
  if (options.fromHar !== undefined) {
    const { org, gaps } = organisationFromHar(await readFile(options.fromHar, 'utf8'), {
      label: basename(options.fromHar),
      comments: options.comments ?? false,
      budget,
      ...since,
      ...(options.now ? { now: options.now } : {}),
    });
    return { source: org, read: { from: 'har', gaps } };
  }
  let last: ReadProgress | undefined;
  const source = await readOrganisation({
    baseUrl: options.baseUrl!,
    token: options.token!,
    cacheDir: options.cacheDir ?? DEFAULT_CACHE_DIR,
    comments: options.comments ?? false,
    budget,
    ...since,
    ...(options.maxRequests !== undefined ? { maxRequests: options.maxRequests } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.now ? { now: options.now } : {}),
    onProgress: (progress) => {
      last = progress;
      options.onProgress?.(progress);
    },
    ...(options.onWindow ? { onWindow: options.onWindow } : {}),
  });
  const read = {
    from: 'api' as const,
    requests: last?.requests ?? 0,
    cached: last?.cached ?? 0,
    rateLimited: last?.rateLimited ?? 0,
    waitingMs: last?.waitingMs ?? 0,
  };
  return { source, read };
}

/**
 * Imports an organisation: read (from the API, paced by its rate limits and cached to go on from, or from a HAR
 * capture), anonymised with `salt`, built into a world and scanned; written to `out` only when the scan finds
 * nothing of the source in it (`written` null otherwise). A read stopped or refused throws, in one line.
 * @example
 * const result = await importOrganisation({ baseUrl: 'https://api.example.com/api/v2', token, salt, out: 'acme.json' })
 * if (result.written) console.log(`standin serve --state ${result.written}; token ${result.you.tokens.readWrite}`)
 */
export async function importOrganisation(options: ImportOptions): Promise<ImportResult> {
  checkOptions(options);
  // Each record read is checked against the spec's schemas (read-organisation.ts), loaded on demand (spec-source.ts).
  await loadSpecChecks();
  const budget = { ...DEFAULT_READ_BUDGET, ...options.budget };
  const { source, read } = await readSource(options, budget);
  options.onRead?.(read);
  // Bytes as given, whatever view of them: a Buffer of its own for the keyed hashes.
  const salt = typeof options.salt === 'string' ? options.salt : Buffer.from(options.salt);
  const world = importedWorld(source, { salt, appUrl: options.appUrl ?? DEFAULT_APP_URL });
  const { contents } = world;
  const me = contents.people.find((p) => p.id === contents.defaultPersonId)!;
  const summary: ImportSummary = {
    read,
    counts: Object.fromEntries(SOURCE_KINDS.map((kind) => [kind, contents[kind].length])) as Record<SourceKind, number>,
    leftOut: world.leftOut,
    window: source.source.window,
    clock: instant(contents.generatedAt * 1000),
    randomWords: world.randomWords,
    leaks: world.leaks,
    you: { id: me.id, name: me.name, username: me.username, tokens: { ...me.tokens } },
    bytes: Buffer.byteLength(world.text),
  };
  options.onBuilt?.(summary);
  if (world.leaks.length > 0) return { ...summary, written: null };
  // Written whole or not at all, readable by its owner only (it holds the people's tokens), never through a link
  // planted at a temporary name.
  await writeFileWhole(options.out, world.text, { mode: 0o600 });
  return { ...summary, written: options.out };
}
