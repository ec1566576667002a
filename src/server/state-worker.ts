// standin serve's state worker: a worker thread started for one PUT /__mock/state and ended after it, so that
// what reading a large state costs (its parsed value, a generated base to check it on) goes with it. It parses
// the body as the main thread streams it in (streamed-json.ts: never its whole text or bytes), checks it as the
// request path would (readRequestInput, then rebuildState: its problems are word for word an in-process
// restore's), and sends either the problem or what the checked world is made of, in batches
// (state-worker-protocol.ts). A body that is not JSON is answered at its first byte, not once it all came.
import { parentPort, workerData } from 'node:worker_threads';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { PortableWriter } from '../../fixtures/portable-records.js';
import { DomainError } from '../domain/domain-error.js';
import { CONTENTS_KINDS, RECORD_KINDS, type ContentsKind } from '../domain/record-kinds.js';
import { WorldBase, type WorldContents } from '../domain/world-base.js';
import type { Change } from '../domain/table.js';
import type { WorldChanges } from '../domain/world.js';
import { Presenter } from '../http/present.js';
import { worldVerifier } from '../http/verify-world.js';
import { domainProblem } from '../http/problem.js';
import { isJsonContentType, readRequestInput } from '../http/request-input.js';
import { MAX_JSON_DEPTH } from '../http/request-body.js';
import { newTranscript } from '../http/transcript.js';
import { rebuildState, type BaseSource } from '../runtime/state-rebuild.js';
import { getCompiledControlSpec, loadSpecChecks } from '../spec/compiled-spec.js';
import { StreamedJson } from './streamed-json.js';
import {
  BATCH_RECORDS,
  BATCHES_AHEAD,
  type FromWorker,
  type ToWorker,
  type WorkerSettings,
} from './state-worker-protocol.js';

const port = parentPort!;
const settings = workerData as WorkerSettings;
const isJson = isJsonContentType(settings.contentType);
/** The body parsed as it comes; null once it gave up (or for a body that is not JSON). */
let streamed: StreamedJson | null = isJson ? new StreamedJson(MAX_JSON_DEPTH) : null;
/**
 * The body as it came, deflated block by block (a JSON state to about a tenth), for what the streamed parse gives
 * up on: malformed JSON and the rest are answered from the text as the request path answers them, word for word.
 * Not the bytes themselves: with the parsed records beside them, they took a 100 MiB state over four times its
 * size. Null once answered early.
 */
let kept: Buffer[] | null = [];
/** The batches still to send, once the main thread asked for them. */
let outbox: Iterator<FromWorker> | null = null;
let checked: { contents: WorldContents; changes: WorldChanges } | null = null;

const post = (message: FromWorker) => port.postMessage(message);

// The request's checks and the world's (verify-world.ts) are of those loaded on demand (spec-source.ts). The port
// holds what the main thread sends until it is listened to.
await loadSpecChecks();

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'chunk': {
      const bytes = new Uint8Array(message.bytes, 0, message.length);
      if (kept && !isJson && startsText(bytes)) {
        // Not JSON, and not blank: the 415 an in-process restore gives, now rather than after the whole body.
        kept = null;
        void notJson().then(post);
      }
      kept?.push(deflateRawSync(bytes, { level: 1 }));
      if (streamed && !streamed.feed(bytes)) streamed = null;
      port.postMessage({ type: 'block', bytes: message.bytes } satisfies FromWorker, [message.bytes]);
      break;
    }
    case 'end':
      // A failure here is a bug: it ends the worker with an error, which the main thread answers with a 500.
      if (kept) void check().then(post);
      break;
    case 'send': {
      // What the batches hold is all this worker keeps from here: the bases it generated are let go of.
      const { contents, changes } = checked!;
      checked = null;
      generated.clear();
      outbox = batches(message.base ? contents : null, changes);
      for (let i = 0; i < BATCHES_AHEAD; i++) sendNext();
      break;
    }
    case 'next':
      sendNext();
      break;
  }
});

function sendNext(): void {
  const next = outbox?.next();
  if (next && !next.done) post(next.value);
}

/** The generated bases the state was checked on, with what they were generated from (sent when needed). */
const generated = new Map<WorldBase, WorldContents>();
const generate: BaseSource = (seed, size, generatedAt) => {
  const contents = generateWorld({ seed, size, now: generatedAt, tokenKey: settings.tokenKey });
  const base = new WorldBase(contents, worldWriter, 'generated');
  generated.set(base, contents);
  return base;
};

async function answer(response: Response): Promise<FromWorker> {
  return { type: 'answer', status: response.status, headers: [...response.headers], body: await response.text() };
}

/** Whether the body's first byte that is not blank is here, and plain text: known not to be blank (G1). */
let blank = true;
function startsText(bytes: Uint8Array): boolean {
  if (!blank) return false;
  for (const byte of bytes) {
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
    blank = false;
    // A byte of a longer character may be a blank of Unicode's (String.prototype.trim's): judged on the text.
    return byte < 0x80;
  }
  return false;
}

const putState = () => getCompiledControlSpec().operations.find((o) => o.operationId === 'putState')!;
const headers = (): Record<string, string> =>
  settings.contentType === null ? {} : { 'content-type': settings.contentType };

/** The 415 of a body that is not JSON, as readRequestInput words it (its text does not matter, only that it is one). */
async function notJson(): Promise<FromWorker> {
  const request = new Request('http://standin/__mock/state', { method: 'PUT', headers: headers(), body: '-' });
  const refused = await readRequestInput(putState(), request, {}, { strict: false }, newTranscript());
  if (!(refused instanceof Response)) throw new Error('standin: a body that is not JSON was taken as a state');
  return answer(refused);
}

async function check(): Promise<FromWorker> {
  const parsed = streamed?.finish() ?? null;
  // Parsed as it came, the copy is not needed; else the text is read from it as the request path reads it.
  const ahead = parsed ? { parsed: parsed.value } : Buffer.concat(kept!.map((piece) => inflateRawSync(piece)));
  kept = null;
  streamed = null;
  const request = new Request('http://standin/__mock/state', { method: 'PUT', headers: headers() });
  const input = await readRequestInput(
    putState(),
    request,
    {},
    { strict: false, maxBytes: settings.maxBytes },
    newTranscript(),
    ahead,
  );
  if (input instanceof Response) return answer(input);
  let rebuilt;
  try {
    rebuilt = rebuildState(input.body, worldVerifier(new Presenter(settings.appUrl)), generate);
  } catch (error) {
    if (error instanceof DomainError) return answer(domainProblem(null, error));
    throw error;
  }
  const { world } = rebuilt;
  const { base } = world;
  // As of the worker's catch-up: the main thread's world then has at most seconds to catch up.
  const changes = world.changes();
  checked = { contents: rebuilt.imported ?? generated.get(base)!, changes };
  return {
    type: 'checked',
    base: {
      origin: base.origin,
      seed: base.seed,
      size: base.size,
      generatedAt: base.generatedAt,
      historyStart: base.historyStart,
      defaultPersonId: base.defaultPersonId,
      ...(checked.contents.counters ? { counters: checked.contents.counters } : {}),
    },
    now: changes.now,
    frozen: changes.frozen,
    counters: changes.counters,
  };
}

/**
 * The items a batch at a time, each batch let go of here as it is taken: the main thread holds them from then on,
 * and this copy is the collector's whenever it runs, rather than the worker's heap growing for what it sends.
 */
function* slices<T>(items: T[]): Generator<T[]> {
  const held: Array<T | undefined> = items;
  for (let at = 0; at < items.length; at += BATCH_RECORDS) {
    const batch = items.slice(at, at + BATCH_RECORDS);
    held.fill(undefined, at, at + BATCH_RECORDS);
    yield batch;
  }
}

/** The base's records when asked for (`contents`), then the world's changes, then done. */
function* batches(contents: WorldContents | null, changes: WorldChanges): Generator<FromWorker> {
  const writer = new PortableWriter();
  // The lists alone, so that the batches are their only holder.
  const lists = CONTENTS_KINDS.map((collection): [ContentsKind, unknown[]] => [
    collection,
    [...(contents?.[collection] ?? [])],
  ]);
  contents = null;
  for (const [collection, list] of lists) {
    for (const records of slices(list)) {
      const items = writer.records(records);
      yield { type: 'base', collection, items, voices: writer.newVoices() };
    }
  }
  for (const table of RECORD_KINDS) {
    for (const list of slices<Change<unknown>>(changes.tables[table])) {
      const items = writer.records(list.map((change) => change.record));
      yield { type: 'changes', table, ids: list.map((change) => change.id), items, voices: writer.newVoices() };
    }
  }
  yield { type: 'done' };
}
