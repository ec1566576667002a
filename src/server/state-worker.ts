// standin serve's state worker: a worker thread started for one PUT /__mock/state and ended after it, so that
// what reading a large state costs (its bytes, text, parsed value, a generated base to check it on) goes with
// it. It reads the body the main thread streams in, parses and checks it as the request path would
// (readRequestInput, then rebuildState: its problems are word for word an in-process restore's), and sends
// either the problem or what the checked world is made of, in batches (state-worker-protocol.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { echoAnswerBody, generateWorld } from '../../fixtures/index.js';
import { PortableWriter } from '../../fixtures/portable-records.js';
import { DomainError } from '../domain/domain-error.js';
import { CONTENTS_KINDS, RECORD_KINDS } from '../domain/record-kinds.js';
import { WorldBase, type WorldContents } from '../domain/world-base.js';
import type { Change } from '../domain/table.js';
import type { WorldChanges } from '../domain/world.js';
import { Presenter } from '../http/present.js';
import { worldVerifier } from '../http/verify-world.js';
import { domainProblem } from '../http/problem.js';
import { readRequestInput } from '../http/request-input.js';
import { newTranscript } from '../http/transcript.js';
import { rebuildState, type BaseSource } from '../runtime/state-rebuild.js';
import { getCompiledControlSpec } from '../spec/compiled-spec.js';
import { BodyBytes } from './body-bytes.js';
import {
  BATCH_RECORDS,
  BATCHES_AHEAD,
  type FromWorker,
  type ToWorker,
  type WorkerSettings,
} from './state-worker-protocol.js';

const port = parentPort!;
const settings = workerData as WorkerSettings;
const body = new BodyBytes(settings.length);
/** The batches still to send, once the main thread asked for them. */
let outbox: Iterator<FromWorker> | null = null;
let checked: { contents: WorldContents; changes: WorldChanges } | null = null;

const post = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'chunk':
      body.add(new Uint8Array(message.bytes, 0, message.length));
      port.postMessage({ type: 'block', bytes: message.bytes } satisfies FromWorker, [message.bytes]);
      break;
    case 'end':
      // A failure here is a bug: it ends the worker with an error, which the main thread answers with a 500.
      void check().then(post);
      break;
    case 'send':
      outbox = batches(checked!, message.base);
      for (let i = 0; i < BATCHES_AHEAD; i++) sendNext();
      break;
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
  const base = new WorldBase(contents, echoAnswerBody, 'generated');
  generated.set(base, contents);
  return base;
};

async function answer(response: Response): Promise<FromWorker> {
  return { type: 'answer', status: response.status, headers: [...response.headers], body: await response.text() };
}

async function check(): Promise<FromWorker> {
  const op = getCompiledControlSpec().operations.find((o) => o.operationId === 'putState')!;
  const request = new Request('http://standin/__mock/state', {
    method: 'PUT',
    headers: settings.contentType === null ? {} : { 'content-type': settings.contentType },
    body: body.bytes(),
  });
  const input = await readRequestInput(
    op,
    request,
    {},
    { strict: false, maxBytes: settings.maxBytes },
    newTranscript(),
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

function* slices<T>(items: readonly T[]): Generator<T[]> {
  for (let at = 0; at < items.length; at += BATCH_RECORDS) yield items.slice(at, at + BATCH_RECORDS);
}

/** The base's records when asked for, then the world's changes, then done. */
function* batches(
  { contents, changes }: { contents: WorldContents; changes: WorldChanges },
  withBase: boolean,
): Generator<FromWorker> {
  const writer = new PortableWriter();
  if (withBase) {
    for (const collection of CONTENTS_KINDS) {
      for (const records of slices<unknown>(contents[collection] ?? [])) {
        const items = writer.records(records);
        yield { type: 'base', collection, items, voices: writer.newVoices() };
      }
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
