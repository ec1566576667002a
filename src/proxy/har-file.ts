// Owns the HAR 1.2 file `standin proxy --har` writes: one entry per exchange, bodies included, appended as each
// exchange ends, so that the file is whole JSON after every entry (each append writes the entry and the closing
// brackets over the last closing brackets) and a proxy stopped any way leaves a file a HAR viewer opens. Writes
// go one at a time, in order; a failed write is said once and ends the file's writing, never the proxy.
import { mkdir, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { realTarget, Replacement } from '../files/replace-file.js';

/** One HAR 1.2 entry (http://www.softwareishard.com/blog/har-12-spec/), with standin's findings as `_standin`. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: Array<{ name: string; value: string }>;
    queryString: Array<{ name: string; value: string }>;
    cookies: [];
    headersSize: -1;
    bodySize: number;
    postData?: { mimeType: string; text: string; comment?: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: Array<{ name: string; value: string }>;
    cookies: [];
    content: { size: number; mimeType: string; text?: string; encoding?: 'base64'; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
  _standin?: unknown;
}

const CLOSE = ']}}\n';

/**
 * The most entry text waiting to be written: past it (a disk slower than the traffic), an entry goes without its
 * bodies, with a comment saying so, rather than grow the queue without end.
 */
export const HAR_BACKLOG_BYTES = 32 * 2 ** 20;

/** An entry whose bodies are left out, saying why. */
function withoutBodies(entry: HarEntry): HarEntry {
  const note = `left out: the HAR file's writes fell behind (over ${HAR_BACKLOG_BYTES / 2 ** 20} MiB waiting)`;
  const { text: _request, ...postData } = entry.request.postData ?? { mimeType: '', text: '' };
  const { text: _response, encoding: _encoding, ...content } = entry.response.content;
  return {
    ...entry,
    request: {
      ...entry.request,
      ...(entry.request.postData ? { postData: { ...postData, text: '', comment: note } } : {}),
    },
    response: { ...entry.response, content: { ...content, comment: note } },
  };
}

export class HarFile {
  #handle: FileHandle;
  /** Where the closing brackets start: the next entry is written there. */
  #end: number;
  #entries = 0;
  #queue: Promise<void> = Promise.resolve();
  #failed: Error | null = null;
  /** Characters of the entries queued and not yet written. */
  #waiting = 0;

  private constructor(
    readonly path: string,
    handle: FileHandle,
    end: number,
    private readonly onFailure: (error: Error) => void,
  ) {
    this.#handle = handle;
    this.#end = end;
  }

  /**
   * Puts a new file with an empty log in the place of whatever `path` named (its folder made if need be), and
   * keeps writing to that file: created exclusively beside it and renamed there (writeFileWhole's way), never
   * opened through a link planted at the path. It holds the traffic's bodies: its owner's alone when new.
   * @example const har = await HarFile.create('capture.har', '0.1.0', (e) => console.error(e.message))
   */
  static async create(path: string, version: string, onFailure: (error: Error) => void): Promise<HarFile> {
    await mkdir(dirname(resolve(path)), { recursive: true });
    const next = await Replacement.create(await realTarget(path));
    const head = `{"log":{"version":"1.2","creator":{"name":"standin proxy","version":${JSON.stringify(version)}},"pages":[],"entries":[\n`;
    try {
      await next.handle.write(head + CLOSE, 0);
      return new HarFile(path, await next.place(), Buffer.byteLength(head), onFailure);
    } catch (error) {
      await next.discard();
      throw error;
    }
  }

  /** How many entries the file holds (once the writes queued have ended). */
  get entries(): number {
    return this.#entries;
  }

  /** Queues one entry; resolves once it is in the file (or the file has failed). */
  append(entry: HarEntry): Promise<void> {
    let json = JSON.stringify(entry);
    if (this.#waiting + json.length > HAR_BACKLOG_BYTES) json = JSON.stringify(withoutBodies(entry));
    this.#waiting += json.length;
    const write = async () => {
      this.#waiting -= json.length;
      if (this.#failed) return;
      const text = `${this.#entries === 0 ? '' : ',\n'}${json}\n`;
      try {
        await this.#handle.write(text + CLOSE, this.#end);
        this.#end += Buffer.byteLength(text);
        this.#entries++;
      } catch (error) {
        this.#failed = error as Error;
        this.onFailure(error as Error);
      }
    };
    this.#queue = this.#queue.then(write);
    return this.#queue;
  }

  /** Waits for the writes queued, and closes the file. */
  async close(): Promise<void> {
    await this.#queue;
    await this.#handle.close().catch(() => undefined);
  }
}
