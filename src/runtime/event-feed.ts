// The runtime's lifecycle events as a feed for watchers outside the process (GET /__mock/events: the
// dashboard): each subscriber follows one world, the shared one or a session's, and the sessions' comings and
// goings, as lines of JSON. An event is written out once, whoever listens, and queued per subscriber within a
// byte bound: a subscriber that does not take its lines as fast as they come is ended with a last line saying
// why, and costs nothing more from then on. Subscribers are capped in number, and the feed listens to the
// events only while someone subscribes, so that without one it costs the request path nothing.
import { textBytes } from '../domain/approx-bytes.js';
import type { RecordKind } from '../domain/record-kinds.js';
import type { MockEventMap, MockEvents, MockEventType } from './mock-events.js';
import type { RequestJournal } from './request-journal.js';
import { clockView } from './time-travel.js';

/** What one subscriber's lines may hold while they wait to be taken, in bytes. */
export const FEED_QUEUE_BYTES = 256 * 1024;
/** The most subscribers at once. */
export const MAX_FEED_SUBSCRIBERS = 16;

/** The names of the lines (spec/control.yaml's GET /events), each with its JSON `data`. */
export type FeedEvent = 'request' | 'record' | 'clock' | 'world' | 'session' | 'delivery' | 'dropped';

export interface FeedLine {
  event: FeedEvent;
  /** Increasing by one with each line the feed writes. */
  id: string;
  /** One line of JSON. */
  data: string;
}

/** What a line costs in a queue beside its text: the object and its fields. */
const LINE_BYTES = 96;

export interface FeedOptions {
  /** The name a record kind goes by on the wire (GET /__mock/world's counts): the feed's lines use it. */
  kindName: (kind: RecordKind) => string;
  maxSubscribers?: number;
  queueBytes?: number;
}

/**
 * @example
 * const subscription = feed.subscribe(null); // the shared world; null when the feed is full
 * for (let line = await subscription.next(); line; line = await subscription.next()) send(line);
 */
export class EventFeed {
  readonly #subscribers = new Set<FeedSubscription>();
  readonly #events: MockEvents;
  readonly #journal: RequestJournal;
  readonly #kindName: (kind: RecordKind) => string;
  readonly maxSubscribers: number;
  readonly queueBytes: number;
  #stopListening: (() => void) | null = null;
  #lastId = 0;

  constructor(events: MockEvents, journal: RequestJournal, options: FeedOptions) {
    this.#events = events;
    this.#journal = journal;
    this.#kindName = options.kindName;
    this.maxSubscribers = options.maxSubscribers ?? MAX_FEED_SUBSCRIBERS;
    this.queueBytes = options.queueBytes ?? FEED_QUEUE_BYTES;
  }

  /** How many subscribers are open. */
  get size(): number {
    return this.#subscribers.size;
  }

  /**
   * A subscription to the lines of `session`'s world (null: the shared world's) from now on, or null when
   * `maxSubscribers` are open already.
   */
  subscribe(session: string | null): FeedSubscription | null {
    if (this.#subscribers.size >= this.maxSubscribers) return null;
    const subscription = new FeedSubscription(session, this.queueBytes, () => this.#leave(subscription));
    this.#subscribers.add(subscription);
    if (!this.#stopListening) this.#stopListening = this.#listen();
    return subscription;
  }

  #leave(subscription: FeedSubscription): void {
    this.#subscribers.delete(subscription);
    if (this.#subscribers.size === 0 && this.#stopListening) {
      this.#stopListening();
      this.#stopListening = null;
    }
  }

  /** Listens to what the lines tell; the function returned stops it. */
  #listen(): () => void {
    const on = <T extends MockEventType>(type: T, listener: (event: MockEventMap[T]) => void) =>
      this.#events.on(type, listener);
    const stops = [
      // The journal listened first (createRuntime), so its entry for this request is its latest.
      on('request:end', (end) => {
        if (end.area !== 'api' || !this.#followed(end.session)) return;
        const entry = this.#journal.latest();
        if (entry) this.#publish(end.session, 'request', entry);
      }),
      on('record:changed', ({ session, kind, id }) => {
        if (this.#followed(session)) this.#publish(session, 'record', { session, kind: this.#kindName(kind), id });
      }),
      on('clock:moved', ({ session, world }) => {
        if (this.#followed(session)) this.#publish(session, 'clock', { session, ...clockView(world) });
      }),
      on('world:replaced', ({ session, world, cause }) => {
        if (this.#followed(session))
          this.#publish(session, 'world', { session, cause, seed: world.seed, size: world.size });
      }),
      on('delivery:changed', ({ session, id, status }) => {
        if (this.#followed(session)) this.#publish(session, 'delivery', { session, id, status });
      }),
      on('session:created', ({ session }) =>
        this.#publish(undefined, 'session', { session, change: 'created', reason: null }),
      ),
      on('session:dropped', ({ session, reason }) =>
        this.#publish(undefined, 'session', { session, change: 'dropped', reason }),
      ),
    ];
    return () => stops.forEach((stop) => stop());
  }

  /** Whether a subscriber follows the world of `session`: nothing is written out for no one. */
  #followed(session: string | null): boolean {
    for (const subscriber of this.#subscribers) if (subscriber.session === session) return true;
    return false;
  }

  /** One line to the subscribers of `session`'s world (undefined: to every subscriber). */
  #publish(session: string | null | undefined, event: FeedEvent, data: unknown): void {
    const line: FeedLine = { event, id: String(++this.#lastId), data: JSON.stringify(data) };
    const bytes = LINE_BYTES + textBytes(line.data);
    // A copy: a subscriber dropped on this line leaves the set meanwhile.
    for (const subscriber of [...this.#subscribers])
      if (session === undefined || subscriber.session === session) subscriber.offer(line, bytes);
  }
}

/** One subscriber's lines, taken in order by its reader; ended by close(), or by the feed when it fell behind. */
export class FeedSubscription {
  /** Lines waiting to be taken, with what each costs (a few hundred at most: the byte bound holds them). */
  readonly #queue: Array<{ line: FeedLine; bytes: number }> = [];
  readonly #maxBytes: number;
  readonly #leave: () => void;
  #bytes = 0;
  #ended = false;
  #wake: ((line: FeedLine | null) => void) | null = null;

  constructor(
    /** The session whose world it follows, or null for the shared world. */
    readonly session: string | null,
    maxBytes: number,
    leave: () => void,
  ) {
    this.#maxBytes = maxBytes;
    this.#leave = leave;
  }

  /** The next line, once there is one; null once the subscription ended and its last line was taken. */
  next(): Promise<FeedLine | null> {
    const line = this.#take();
    if (line || this.#ended) return Promise.resolve(line);
    return new Promise((resolve) => (this.#wake = resolve));
  }

  /** Ends the subscription (its reader went away): its lines are forgotten, and the feed no longer writes to it. */
  close(): void {
    this.#queue.length = this.#bytes = 0;
    this.#end();
  }

  /**
   * The feed's: queues a line of `bytes`; over the bound, the subscription ends with a last line saying why.
   * @example subscription.offer({ event: 'clock', id: '7', data }, 120)
   */
  offer(line: FeedLine, bytes: number): void {
    if (this.#ended) return;
    if (this.#wake) {
      const wake = this.#wake;
      this.#wake = null;
      wake(line);
      return;
    }
    if (this.#bytes + bytes > this.#maxBytes) {
      this.#queue.length = this.#bytes = 0;
      const reason = `This stream's reader did not take its events as fast as they came: more than ${Math.round(this.#maxBytes / 1024)} KiB of them waited unsent. Read the world again, then open the stream again.`;
      this.#queue.push({ line: { event: 'dropped', id: line.id, data: JSON.stringify({ reason }) }, bytes: 0 });
      this.#end();
      return;
    }
    this.#queue.push({ line, bytes });
    this.#bytes += bytes;
  }

  #take(): FeedLine | null {
    const queued = this.#queue.shift();
    if (!queued) return null;
    this.#bytes -= queued.bytes;
    return queued.line;
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#leave();
    if (this.#wake) {
      const wake = this.#wake;
      this.#wake = null;
      wake(this.#take());
    }
  }
}
