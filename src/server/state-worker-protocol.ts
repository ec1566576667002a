// The messages between standin serve's main thread and its state worker (state-loader.ts, state-worker.ts).
// The main thread streams the body in, in a few blocks the worker gives back to be filled again; the worker
// answers with a problem or with what the checked world is made of, then sends its records in batches, a few
// ahead of what the main thread has taken (bounded memory between the two, never the whole world in one
// message, which would be decoded on the main thread in one go).
import type { PortableRecord } from '../../fixtures/portable-records.js';
import type { Voice } from '../../fixtures/voices.js';
import type { ContentsKind, RecordKind } from '../domain/record-kinds.js';
import type { StoreCounters } from '../domain/store.js';
import type { WorldSize } from '../domain/world-base.js';

/** Records per batch: decoding one on the main thread takes a few milliseconds. */
export const BATCH_RECORDS = 1000;
/** Batches the worker sends ahead of the main thread's acknowledgements. */
export const BATCHES_AHEAD = 4;

export interface WorkerSettings {
  contentType: string | null;
  appUrl: string;
  maxBytes: number;
  /** The server's control token, when its people's tokens are keyed by it (fixtures/tokens.ts). */
  tokenKey: string | undefined;
}

export type ToWorker =
  /** A block of the body, moved there: its first `length` bytes are the body's next; the worker gives it back. */
  | { type: 'chunk'; bytes: ArrayBuffer; length: number }
  /** The body is all sent: check it. */
  | { type: 'end' }
  /** Send the records: the base's too when the main thread does not hold that base. */
  | { type: 'send'; base: boolean }
  /** One batch taken: send one more. */
  | { type: 'next' };

/** Everything of a base but its records (which follow as batches when the main thread needs them). */
export interface BaseFrame {
  origin: 'generated' | 'imported';
  seed: number;
  size: WorldSize;
  generatedAt: number;
  historyStart: string;
  defaultPersonId: string;
  counters?: StoreCounters;
}

export type FromWorker =
  /** A block of the body, copied and given back to be filled again. */
  | { type: 'block'; bytes: ArrayBuffer }
  /** The answer to the PUT, a problem: the state changes nothing. */
  | { type: 'answer'; status: number; headers: Array<[string, string]>; body: string }
  /** The state passed every check: its base, and its world's clock and counters as of the worker's catch-up. */
  | { type: 'checked'; base: BaseFrame; now: number; frozen: boolean; counters: StoreCounters }
  /** Records of the base's contents; `voices`: those these records use for the first time. */
  | { type: 'base'; collection: ContentsKind; items: PortableRecord[]; voices: Voice[] }
  /** Changes of the world over its base: a record put, or deleted (null). */
  | { type: 'changes'; table: RecordKind; ids: string[]; items: PortableRecord[]; voices: Voice[] }
  | { type: 'done' };
