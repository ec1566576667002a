// `standin import`: the command over importOrganisation (src/import/import-organisation.ts), which reads an
// organisation through the API with a read-only token (or from a proxy's HAR capture), anonymises it with a salt,
// builds a world of it and writes the state file that `standin serve --state FILE` serves — but only once a scan
// of that file finds nothing of the source in it. This owns the flags and their refusals, the salt file, the
// progress line and the summary printed. Exit 0 when written, 1 when the scan found something (nothing written), 2
// when there was nothing to write (the reason in one line; a read stopped by --max-requests, its budget
// (--max-records, --max-bytes) or an error resumes from its cache next time).
import { join } from 'node:path';
import { DEFAULT_APP_URL, isAppUrl } from '../http/present.js';
import { argsOrExit, commandOptions } from './option-errors.js';
import { isLoopbackUrlHost as isLoopback } from '../server/host-check.js';
import type { ImportSummary } from '../import/import-types.js';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_RECORDS, MAX_ANSWER_BYTES } from '../import/read-budget.js';
import { DEFAULT_CACHE_DIR } from '../import/read-cache.js';
import { byteSize } from './byte-size.js';

const IMPORT_USAGE = `Usage: standin import --base-url URL --token T --out FILE [options]
       standin import --from-har FILE --out FILE [options]

Reads an organisation through its API with a read-only token — me, people, teams, goals and their updates,
check-ins and activities since a date, echoes and their answers, and with --comments the comments and
reactions — paced by its rate limits, anonymises it (keyed ids, names from standin's own list, every text
replaced by generated text of its kind, urls to --app-url) and writes a world that standin serve --state FILE
serves. Before writing, a scan looks for every source id, name, username, email and every run of four words of
source text in the output: if it finds any, nothing is written.
  --base-url URL     the API's base, e.g. https://api.example.com/api/v2 (https, or http on this machine)
  --token T          a read-only token (STANDIN_IMPORT_TOKEN); sent to that origin only, never stored
  --from-har FILE    read a standin proxy --har capture instead of the API
  --out FILE         the state file to write
  --salt-file F      the salt of the keyed ids (default .standin-import/salt, made if missing); the same salt
                     and source write the same bytes; keep it private: it links the world back to the source
  --since DATE       the first date of check-ins and activities (default: the 30 days up to the newest record
                     the organisation shows, whatever the source's clock says)
  --comments         also read the comments and reactions of every check-in and goal update read
  --max-requests N   stop after N requests; what was read is cached, and the next run goes on from there
  --max-records N    end the read once its answers hold more than N records (default ${DEFAULT_MAX_RECORDS})
  --max-bytes SIZE   end the read once its answers pass SIZE, e.g. 2GiB (default ${DEFAULT_MAX_BYTES / 2 ** 20}MiB); either
                     way what was read is cached, and a run with a larger budget goes on from there; one
                     answer over ${MAX_ANSWER_BYTES / 2 ** 20}MiB ends the read whatever the budget (no page of the API nears it)
  --cache DIR        where what was read is cached (default .standin-import)
  --app-url URL      the base of the world's url fields (default ${DEFAULT_APP_URL})
  -h, --help         show this help
Exit codes: 0 written, 1 the scan found the source in the output (nothing written), 2 nothing written (why).`;

/** A mistake on the command line: answered with a pointer to --help. */
class ImportUsageError extends Error {}

interface ImportArgs {
  baseUrl: string | undefined;
  token: string | undefined;
  fromHar: string | undefined;
  out: string;
  saltFile: string;
  since: string | undefined;
  comments: boolean;
  maxRequests: number | undefined;
  /** --max-records and --max-bytes, when given (read-budget.ts's defaults otherwise). */
  maxRecords: number | undefined;
  maxBytes: number | undefined;
  cacheDir: string;
  appUrl: string;
}

/**
 * @example readImportArgs(['--base-url', 'https://api.example.com/api/v2', '--token', 't', '--out', 'org.json'])
 */
function readImportArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ImportArgs | 'help' {
  const known = {
    'base-url': { type: 'string' },
    token: { type: 'string' },
    'from-har': { type: 'string' },
    out: { type: 'string' },
    'salt-file': { type: 'string' },
    since: { type: 'string' },
    comments: { type: 'boolean' },
    'max-requests': { type: 'string' },
    'max-records': { type: 'string' },
    'max-bytes': { type: 'string' },
    cache: { type: 'string' },
    'app-url': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const { values } = commandOptions(argv, known, (message) => new ImportUsageError(message));
  if (values.help) return 'help';
  const fromHar = values['from-har'];
  const baseUrl = values['base-url'];
  if (fromHar !== undefined && baseUrl !== undefined)
    throw new ImportUsageError('give --base-url (read the API) or --from-har (read a capture), not both');
  if (fromHar === undefined && baseUrl === undefined)
    throw new ImportUsageError(
      'give the organisation to read: --base-url https://api.example.com/api/v2 --token T, or --from-har FILE',
    );
  const token = values.token ?? env.STANDIN_IMPORT_TOKEN;
  if (baseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new ImportUsageError(`--base-url must be a URL such as https://api.example.com/api/v2, got "${baseUrl}"`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
      throw new ImportUsageError(
        `--base-url ${url.origin} would carry the token unencrypted: use its https URL (only loopback addresses may be http)`,
      );
    if (url.username || url.password)
      throw new ImportUsageError('--base-url must not carry credentials: give the token with --token');
    if (!token) throw new ImportUsageError('give a read-only token with --token (or STANDIN_IMPORT_TOKEN)');
  }
  if (!values.out) throw new ImportUsageError('give the state file to write: --out FILE');
  const since = values.since;
  if (since !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(since))))
    throw new ImportUsageError(`--since must be a date such as 2026-10-01, got "${since}"`);
  // A date to come reads no check-in and no activity: an empty world, said nowhere, if it were let through.
  if (since !== undefined && since > new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))
    throw new ImportUsageError(`--since ${since} is in the future: give the first date whose check-ins to read`);
  const max = wholeNumber('--max-requests', values['max-requests']);
  const maxRecords = wholeNumber('--max-records', values['max-records']);
  const maxBytesText = values['max-bytes'];
  const maxBytes = maxBytesText === undefined ? undefined : byteSize(maxBytesText);
  if (maxBytes === null || maxBytes === 0)
    throw new ImportUsageError(`--max-bytes must be a size such as 512MiB or 2GiB, got "${maxBytesText}"`);
  const appUrl = (values['app-url'] ?? DEFAULT_APP_URL).replace(/\/+$/, '');
  if (!isAppUrl(appUrl)) throw new ImportUsageError(`--app-url must be an http(s) URL, got "${appUrl}"`);
  const cacheDir = values.cache ?? DEFAULT_CACHE_DIR;
  return {
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    token,
    fromHar,
    out: values.out,
    saltFile: values['salt-file'] ?? join(cacheDir, 'salt'),
    since,
    comments: values.comments ?? false,
    maxRequests: max,
    maxRecords,
    maxBytes,
    cacheDir,
    appUrl,
  };
}

/** A count flag's value: a whole number of at least 1, or undefined when not given. */
function wholeNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new ImportUsageError(`${flag} must be a whole number of at least 1, got "${text}"`);
  return Number(text);
}

/** Where the command writes: the process's streams in use, a test's strings in a test. */
export interface ImportIo {
  stdout(text: string): void;
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  /** Test hooks for the reader's pacing (a fake clock). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What was read and built, as the summary's lines say it (before the leak scan's verdict). */
function summaryLines(args: ImportArgs, summary: ImportSummary, windowRead: string | null): string[] {
  const { read, counts } = summary;
  const readLine =
    read.from === 'har'
      ? `read ${args.fromHar}${read.gaps.length > 0 ? `; the capture lacks ${plural(read.gaps.length, 'answer')} (${read.gaps[0]}${read.gaps.length > 1 ? ', …' : ''}): what they hold is not in the world` : ''}`
      : `read ${args.baseUrl}: ${plural(read.requests, 'request')}, ${read.cached} answered from ${args.cacheDir}, ${plural(read.rateLimited, 'rate-limited answer')}, ${Math.round(read.waitingMs / 1000)} s waiting`;
  const shown = [
    `${counts.people} people`,
    plural(counts.teams, 'team'),
    plural(counts.goals, 'goal'),
    plural(counts.goalUpdates, 'goal update'),
    `${plural(counts.checkIns, 'check-in')} since ${summary.window.since}`,
    `${counts.echoQuestions} echo${counts.echoQuestions === 1 ? '' : 'es'}`,
    plural(counts.echoAnswers, 'answer'),
    plural(counts.activities, 'activity').replace('activitys', 'activities'),
    ...(args.comments ? [plural(counts.comments, 'comment'), plural(counts.reactions, 'reaction')] : []),
  ];
  const left = Object.entries(summary.leftOut).map(([kind, n]) => `${n} ${kind}`);
  const random = summary.randomWords;
  return [
    `standin import: ${readLine}`,
    `  ${shown.join(', ')}`,
    // The default window's end, and the world's clock: the same instant unless a record of the window is newer.
    ...(windowRead ? [`  ${windowRead}; the world's clock is frozen at ${summary.clock}`] : []),
    ...(left.length > 0 ? [`  left out, as what they belong to was not read: ${left.join(', ')}`] : []),
    // LW9: words the repair drew at random read as word salad; said, with the first of them, when there are any.
    ...(random.count > 0
      ? [
          `  ${plural(random.count, 'word')} of the story's texts drawn at random to break a run of the source's, such as ${random.examples[0]!.split(':')[0]}`,
        ]
      : []),
  ];
}

/**
 * Runs the import and resolves with the exit code.
 * @example process.exitCode = await runImport(process.argv.slice(3), io)
 */
export async function runImport(argv: string[], io: ImportIo): Promise<number> {
  const args = argsOrExit('import', () => readImportArgs(argv), ImportUsageError, IMPORT_USAGE, {
    stdout: (text) => io.stdout(text),
    stderr: (text) => io.stderr.write(text),
  });
  if (typeof args === 'number') return args;
  const [{ importOrganisation, MAX_LEAKS }, { saltFromFile }, { ProgressWriter }, { windowLine, windowSummary }] =
    await Promise.all([
      import('../import/import-organisation.js'),
      import('../import/salt-file.js'),
      import('../import/progress-bar.js'),
      import('../import/read-window.js'),
    ]);
  const { fromHar, baseUrl, token } = args;
  try {
    const salt = saltFromFile(args.saltFile, (file) =>
      io.stderr.write(
        `standin import: made a new salt in ${file}; keep it private, and keep it to import again alike\n`,
      ),
    );
    const started = Date.now();
    const bar = new ProgressWriter(io.stderr, io.now ? { now: io.now } : {});
    let last: Parameters<typeof bar.update>[0] | undefined;
    const result = await importOrganisation({
      ...(fromHar !== undefined ? { fromHar } : { baseUrl, token }),
      out: args.out,
      salt,
      comments: args.comments,
      budget: { records: args.maxRecords ?? DEFAULT_MAX_RECORDS, bytes: args.maxBytes ?? DEFAULT_MAX_BYTES },
      cacheDir: args.cacheDir,
      appUrl: args.appUrl,
      ...(args.since ? { since: args.since } : {}),
      ...(args.maxRequests ? { maxRequests: args.maxRequests } : {}),
      ...(io.sleep ? { sleep: io.sleep } : {}),
      ...(io.now ? { now: io.now } : {}),
      onProgress: (progress) => {
        last = progress;
        bar.update(progress);
      },
      onWindow: (window) => {
        const line = windowLine(window);
        if (line) bar.note(`standin import: ${line}`);
      },
      onRead: () => {
        if (last) bar.finish(last);
      },
      onBuilt: (summary) => io.stdout([...summaryLines(args, summary, windowSummary(summary.window)), ''].join('\n')),
    });
    if (result.written === null) {
      const { leaks } = result;
      io.stdout(
        [
          `leak scan: ${leaks.length >= MAX_LEAKS ? 'at least ' : ''}${plural(leaks.length, 'piece')} of the source in the output; nothing was written:`,
          ...leaks
            .slice(0, 10)
            .map((leak) => `  ${leak.kind} ${JSON.stringify(leak.source)} at ${leak.offset}: …${leak.snippet}…`),
          '',
        ].join('\n'),
      );
      return 1;
    }
    io.stdout(
      [
        'leak scan: no source id, name, username, email or run of four words of source text in the output',
        `wrote ${args.out} (${Math.round(result.bytes / 1024)} KiB in ${Math.round((Date.now() - started) / 100) / 10} s): standin serve --state ${args.out}`,
        `  you are ${result.you.name} (@${result.you.username}); token ${result.you.tokens.readWrite}`,
        ...(fromHar === undefined
          ? [
              `  ${args.cacheDir}/reads.jsonl keeps what was read, the source's own data (a new run goes on from it): remove it when done`,
            ]
          : []),
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    const { message, code } = error as Error & { code?: string };
    const why =
      code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR'
        ? `${message.replace(/^\w+: /, '')}: check the path exists and is readable or writable`
        : message;
    // One line, named once: some messages name the command themselves.
    io.stderr.write(`standin import: ${why.split('\n')[0]!.replace(/^standin import:? /, '')}\n`);
    return 2;
  }
}
