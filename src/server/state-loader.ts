// standin serve's PUT /__mock/state, off the request path (MockOptions.stateLoader): the body streamed to a
// worker thread as it arrives (never decoded here), parsed and checked there (state-worker.ts), and the checked
// world's records taken back in batches and built here a slice at a time, each far below the 100 ms in which
// other clients must be answered meanwhile. The worker is ended after each restore, refused or applied, so the
// memory reading a state took goes with it.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { worldWriter } from '../../fixtures/index.js';
import { PortableReader } from '../../fixtures/portable-records.js';
import { Clock } from '../domain/clock.js';
import { CONTENTS_KINDS, RECORD_KINDS, type ContentsKind } from '../domain/record-kinds.js';
import type { Change } from '../domain/table.js';
import { WorldBase, type ContentsRecords, type WorldContents } from '../domain/world-base.js';
import { World, type WorldChanges } from '../domain/world.js';
import type { StateBases, StateLoad, StateLoader } from '../http/mock.js';
import { problemResponse } from '../http/problem.js';
import { jsonResponse } from '../http/transcript.js';
import { chunksWithin, TOO_LARGE } from '../http/request-body.js';
import { incompleteBody } from '../http/request-input.js';
import { inTurns } from '../runtime/in-turns.js';
import { EMBEDDED, embeddedText, IN_BINARY } from '../spec/embedded-assets.js';
import type { BaseFrame, FromWorker, ToWorker, WorkerSettings } from './state-worker-protocol.js';

/** The body goes to the worker in blocks of this size, this many of them in use at once. */
const BLOCK_BYTES = 1024 * 1024;
const BLOCKS = 4;

/** The binary's worker as a URL, made on the first restore (some MB of text) and kept. */
let embeddedWorker: URL | undefined;

/**
 * From the TypeScript sources (the tests), the worker is the built one: npm test builds before it runs them. The
 * single-file binary has no file of it: it starts the worker from its embedded bundle, as a data: URL module.
 */
function workerSource(): URL {
  if (IN_BINARY)
    embeddedWorker ??= new URL(
      `data:text/javascript;base64,${Buffer.from(embeddedText(EMBEDDED.stateWorker)).toString('base64')}`,
    );
  if (embeddedWorker) return embeddedWorker;
  return import.meta.url.endsWith('.ts')
    ? new URL('../../dist/src/server/state-worker.js', import.meta.url)
    : new URL('./state-worker.js', import.meta.url);
}

/**
 * Whether this process was started as `node --input-type=module -e '…startServer…'`: a worker inherits the process's
 * Node options, and Node refuses --input-type for a worker whose module is a file ("--input-type can only be used
 * with string input"), so every restore answered 500. Such a process starts the worker from a line of code that
 * imports the module; passing the options less --input-type instead is refused for others a worker may not take
 * (--expose-gc).
 */
const INPUT_TYPE_GIVEN = process.execArgv.some((arg) => arg.startsWith('--input-type'));

type Send = (message: ToWorker, transfer?: ArrayBuffer[]) => void;

/** The worker's messages, one at a time; its failure or an early exit rejects. */
class Inbox {
  readonly #queue: FromWorker[] = [];
  #waiting: { resolve: (message: FromWorker) => void; reject: (error: Error) => void } | null = null;
  #failure: Error | null = null;

  constructor(worker: Worker) {
    worker.on('message', (message: FromWorker) => {
      if (this.#waiting) this.#settle().resolve(message);
      else this.#queue.push(message);
    });
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`standin: the state worker stopped (exit code ${code})`)));
  }

  next(): Promise<FromWorker> {
    const queued = this.#queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => (this.#waiting = { resolve, reject }));
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    if (this.#waiting) this.#settle().reject(this.#failure);
  }

  #settle() {
    const waiting = this.#waiting!;
    this.#waiting = null;
    return waiting;
  }
}

/**
 * Sends the body to the worker: the problem as soon as it is past `maxBytes` or broke off (G8), or
 * as soon as the worker answered it (not JSON), else null once it is all sent. It is copied as it arrives into a
 * few blocks that go to the worker and come back to be filled again: the body is never this thread's memory at
 * once, and nothing of it is allocated here, so the collector, which counts memory outside the heap too, has no
 * reason to collect the world's heap meanwhile.
 */
async function sendBody(
  { request, maxBytes, tooLarge, transcript }: StateLoad,
  inbox: Inbox,
  send: Send,
): Promise<Response | FromWorker | null> {
  const free = Array.from({ length: BLOCKS }, () => new ArrayBuffer(BLOCK_BYTES));
  let block = new Uint8Array(0);
  let filled = 0;
  const flush = () => {
    if (filled > 0) send({ type: 'chunk', bytes: block.buffer, length: filled }, [block.buffer]);
    block = new Uint8Array(0);
    filled = 0;
  };
  /** The next block to fill, or the worker's answer when it gave one before the body's end. */
  const nextBlock = async (): Promise<FromWorker | null> => {
    if (free.length === 0) {
      const message = await inbox.next();
      if (message.type !== 'block') return message;
      free.push(message.bytes);
    }
    block = new Uint8Array(free.pop()!);
    return null;
  };
  if (request.body) {
    try {
      for await (const value of chunksWithin(request.body, maxBytes)) {
        if (value === TOO_LARGE) return tooLarge();
        for (let at = 0; at < value.byteLength;) {
          if (filled === block.length) {
            flush();
            const early = await nextBlock();
            if (early) return early;
          }
          const taken = Math.min(value.byteLength - at, block.length - filled);
          block.set(value.subarray(at, at + taken), filled);
          filled += taken;
          at += taken;
        }
      }
    } catch {
      // The client went away, or the server cut a body that took too long (its 408 went out already).
      return incompleteBody(transcript);
    }
  }
  flush();
  send({ type: 'end' });
  return null;
}

/** The worker's verdict, once it gave back the blocks still on their way. */
async function verdictOf(inbox: Inbox): Promise<FromWorker> {
  for (;;) {
    const message = await inbox.next();
    if (message.type !== 'block') return message;
  }
}

/** The checked world's records, taken from the worker batch by batch: the base's too unless `base` is known. */
async function takeRecords(inbox: Inbox, send: Send, withBase: boolean) {
  const reader = new PortableReader();
  const contents: Partial<Record<keyof WorldContents, unknown[]>> = {};
  const tables = Object.fromEntries(RECORD_KINDS.map((name) => [name, [] as Array<Change<unknown>>]));
  send({ type: 'send', base: withBase });
  for (;;) {
    const message = await inbox.next();
    if (message.type === 'done') return { contents, tables: tables as WorldChanges['tables'] };
    if (message.type !== 'base' && message.type !== 'changes')
      throw new Error(`standin: the state worker sent ${message.type} among its records`);
    // One batch per turn of the event loop: a port delivers all it has queued in one turn, so the next batch
    // is asked for only once other requests had theirs.
    await nextTurn();
    send({ type: 'next' });
    reader.addVoices(message.voices);
    const records = reader.records(message.items);
    if (message.type === 'base') (contents[message.collection] ??= []).push(...records);
    else {
      const { ids } = message;
      tables[message.table]!.push(...records.map((record, i) => ({ id: ids[i]!, record })));
    }
  }
}

function contentsOf(frame: BaseFrame, records: Partial<Record<keyof WorldContents, unknown[]>>): WorldContents {
  const { seed, size, generatedAt, historyStart, defaultPersonId, counters } = frame;
  const lists: Partial<Record<ContentsKind, readonly unknown[]>> = {};
  for (const kind of CONTENTS_KINDS) lists[kind] = records[kind] ?? [];
  return {
    seed,
    size,
    generatedAt,
    historyStart,
    defaultPersonId,
    ...(counters ? { counters } : {}),
    ...(lists as ContentsRecords),
  };
}

/** The world the worker checked, built here a slice at a time over a base this server holds, or one it sent. */
async function build(
  inbox: Inbox,
  send: Send,
  worlds: StateBases,
  checked: FromWorker,
  release: () => Promise<number>,
) {
  if (checked.type !== 'checked') throw new Error(`standin: the state worker sent ${checked.type}, not its verdict`);
  const { base: frame, now, frozen, counters } = checked;
  const known = frame.origin === 'generated' ? worlds.knownBase(frame.seed, frame.size, frame.generatedAt) : undefined;
  const { contents, tables } = await takeRecords(inbox, send, known === undefined);
  // The worker is done: it ends (and its memory goes) while the world is built here.
  void release();
  let base = known;
  if (!base) {
    base = await inTurns(WorldBase.build(contentsOf(frame, contents), worldWriter, frame.origin));
    if (base.origin === 'generated') worlds.keep(base);
  }
  const clock = Clock.restored(now, frozen);
  return inTurns(World.build(base, { clock }, { now, frozen, counters, tables }));
}

/**
 * The state loader of standin serve: a worker thread per PUT /__mock/state.
 * @example createMock({ ...options, stateLoader: workerStateLoader() })
 */
export function workerStateLoader(): StateLoader {
  return async (load) => {
    const { request, worlds, appUrl, maxBytes } = load;
    // Declared too large: refused from the headers, before a worker is started or a byte is read.
    const declared = request.headers.get('content-length');
    if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) return load.tooLarge();
    const settings: WorkerSettings = {
      contentType: request.headers.get('content-type'),
      appUrl,
      maxBytes,
      // MK1: a base the worker generates keys its people's tokens as this server does.
      tokenKey: worlds.tokenKey,
    };
    // A young generation of 16 MiB: what the worker makes mostly lives on (the parsed state), and since Node 24 a
    // worker's nursery grows to 128 MiB on a large machine, which took a 100 MiB restore over four times its size.
    const options = { workerData: settings, resourceLimits: { maxYoungGenerationSizeMb: 16 } };
    const worker = INPUT_TYPE_GIVEN
      ? new Worker(`import(${JSON.stringify(workerSource().href)});`, { ...options, eval: true })
      : new Worker(workerSource(), options);
    const inbox = new Inbox(worker);
    const send: Send = (message, transfer = []) => worker.postMessage(message, transfer);
    let ended: Promise<number> | null = null;
    const release = () => (ended ??= worker.terminate());
    try {
      const refused = await sendBody(load, inbox, send);
      if (refused instanceof Response) return refused;
      const verdict = refused ?? (await verdictOf(inbox));
      if (verdict.type === 'answer') {
        // Answered before the body's end: the rest is not read, and the connection cannot be used again.
        const headers = refused ? [...verdict.headers, ['connection', 'close'] as [string, string]] : verdict.headers;
        return jsonResponse(load.transcript, verdict.body, { status: verdict.status, headers });
      }
      return await build(inbox, send, worlds, verdict, release);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY') throw error;
      return problemResponse(
        load.transcript,
        413,
        'body-too-large',
        "The state is too large to check within this server's memory (G8); send a smaller one.",
      );
    } finally {
      // Answered only once the worker has ended: by then what reading the state took is given back.
      await release();
    }
  };
}
