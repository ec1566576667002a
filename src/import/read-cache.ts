// Owns standin import's cache on disk of what it read: each successful GET's path and query → the body as text
// (and the answer's Date), one JSON line each in `<cache dir>/reads.jsonl`, so that a read stopped any way (its
// request budget spent, Ctrl-C, kill -9) goes on where it stopped and asks the source nothing twice.
//
// Bounded by the organisation's size: one line per GET the read makes, which is one per page of each list (50
// records) and one per team, goal, Echo question (and with comments two per check-in and goal update), each
// holding one answer's body. It holds what the API answered and its URLs, never the token (sent in a header
// the cache never sees), and it is read whole when opened: standin's large world (6,000 people) read with its
// comments over a month is about 210 MB; the read's budget (read-budget.ts) keeps a cache under what one string
// holds.
import { constants } from 'node:buffer';
import { appendFile, mkdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the cache is by default, beside the import's salt (salt-file.ts): a folder of its owner's alone. */
export const DEFAULT_CACHE_DIR = '.standin-import';

/** One cached answer: its body and its Date header (the source's clock, for the default `since`). */
export interface CachedRead {
  text: string;
  date: string | null;
}

/** The first line: which source the reads came from, so a cache is never answered for another. */
interface Header {
  standin_import_reads: 1;
  source: string;
}

interface Line {
  path: string;
  text: string;
  date: string | null;
}

export const CACHE_FILE = 'reads.jsonl';

/** A cache that cannot be used: made for another source, or damaged. The message says what to do. */
export class ReadCacheError extends Error {
  override name = 'ReadCacheError';
}

/**
 * The source as the cache compares it: scheme and host in lower case, no trailing slash.
 * @example sourceKey('HTTPS://API.example.com/api/v2/') // 'https://api.example.com/api/v2'
 */
function sourceKey(baseUrl: string): string {
  try {
    return new URL(baseUrl).toString().replace(/\/+$/, '');
  } catch {
    return baseUrl.replace(/\/+$/, '');
  }
}

/**
 * Canonical path and query, so that a URL written two ways is one cache entry (and one HAR lookup).
 * @example canonicalPath('/goals?per_page=50&page=1') // '/goals?per_page=50&page=1'
 */
export function canonicalPath(pathAndQuery: string): string {
  const question = pathAndQuery.indexOf('?');
  if (question === -1) return pathAndQuery;
  const query = new URLSearchParams(pathAndQuery.slice(question + 1)).toString();
  return query === '' ? pathAndQuery.slice(0, question) : `${pathAndQuery.slice(0, question)}?${query}`;
}

export class ReadCache {
  readonly #reads: Map<string, CachedRead>;

  private constructor(
    readonly file: string,
    readonly source: string,
    reads: Map<string, CachedRead>,
  ) {
    this.#reads = reads;
  }

  /**
   * Opens the cache in `dir` (created if need be) for `baseUrl`: loads what an earlier run read from the same
   * source, drops a last line torn by a kill, and refuses a cache made for another source.
   * @example const cache = await ReadCache.open('.standin-import', 'https://api.example.com/api/v2')
   */
  static async open(dir: string, baseUrl: string): Promise<ReadCache> {
    const source = sourceKey(baseUrl);
    const file = join(dir, CACHE_FILE);
    // What is read is the organisation's own data, names and texts: the folder and the file are their owner's alone.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Read whole as one string: past what one holds (V8: 2^29 - 24 characters) V8's own error said nothing of
    // the file. A read within its default budget (read-budget.ts) leaves a cache well under it.
    const size = (await stat(file).catch(() => null))?.size ?? 0;
    if (size > constants.MAX_STRING_LENGTH)
      throw new ReadCacheError(
        `${file} is ${Math.round(size / 2 ** 20)} MiB, more than standin import reads back of a cache (${Math.round(constants.MAX_STRING_LENGTH / 2 ** 20)} MiB, what one string holds): delete it to read from the start, with a smaller --max-bytes`,
      );
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    // A kill during an append leaves a last line without its newline: it is dropped, and cut off the file so
    // that the next append starts a line of its own.
    const whole = text.slice(0, text.lastIndexOf('\n') + 1);
    if (whole.length < text.length) await truncate(file, Buffer.byteLength(whole));
    const lines = whole.split('\n').slice(0, -1);
    if (lines.length === 0) {
      const header: Header = { standin_import_reads: 1, source };
      await writeFile(file, `${JSON.stringify(header)}\n`, { mode: 0o600 });
      return new ReadCache(file, source, new Map());
    }
    const header = parsed(lines[0]!) as Partial<Header> | null;
    if (header?.standin_import_reads !== 1 || typeof header.source !== 'string')
      throw new ReadCacheError(`${file} is not standin import's cache: give another cache directory, or delete it`);
    if (header.source !== source)
      throw new ReadCacheError(
        `${file} holds reads of ${header.source}, not ${source}: give another cache directory, or delete it to read ${source} from the start`,
      );
    const reads = new Map<string, CachedRead>();
    lines.slice(1).forEach((line, i) => {
      const entry = parsed(line) as Partial<Line> | null;
      if (typeof entry?.path !== 'string' || typeof entry.text !== 'string')
        throw new ReadCacheError(`line ${i + 2} of ${file} is damaged: delete ${file} to read from the start`);
      reads.set(entry.path, { text: entry.text, date: typeof entry.date === 'string' ? entry.date : null });
    });
    return new ReadCache(file, source, reads);
  }

  /** How many reads the cache holds. */
  get size(): number {
    return this.#reads.size;
  }

  /** What an earlier GET of this path and query answered, if it is cached. */
  get(path: string): CachedRead | undefined {
    return this.#reads.get(canonicalPath(path));
  }

  /**
   * Keeps a successful GET's answer: one line, written with one append, so a kill leaves at worst a torn last
   * line (dropped on the next open).
   * @example await cache.put('/people?page=1&per_page=50', { text: '[]', date: null })
   */
  async put(path: string, read: CachedRead): Promise<void> {
    const key = canonicalPath(path);
    const line: Line = { path: key, text: read.text, date: read.date };
    await appendFile(this.file, `${JSON.stringify(line)}\n`);
    this.#reads.set(key, read);
  }
}

function parsed(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return null;
  }
}
