// GET /__mock/events: the runtime's event feed (src/runtime/event-feed.ts) as Server-Sent Events, what a
// browser's EventSource reads: the dashboard follows a world with it instead of polling. The stream takes a
// line only once the client has read the one before (the writer's promise), so the lines a slow client has not
// read wait in its subscription's queue, which the feed holds to a byte bound.
import { streamSSE } from 'hono/streaming';
import { EventFeed } from '../runtime/event-feed.js';
import type { MockRuntime } from '../runtime/mock-runtime.js';
import type { Exchange, Finish } from './steps.js';
import { problemResponse } from './problem.js';
import type { RequestInput } from './request-input.js';

/** How long an EventSource waits before it connects again once its stream broke off. */
const RETRY_MS = 2000;

/** What a mock's feed is made of. */
type FeedMaker = Pick<MockRuntime, 'feed' | 'events' | 'journal' | 'kindName'>;

/**
 * The mock's event feed, made the first time it is asked for (by its first stream).
 * @example feedOf(mock).subscribe(null)
 */
export function feedOf(mock: FeedMaker): EventFeed {
  return (mock.feed ??= new EventFeed(mock.events, mock.journal, { kindName: mock.kindName }));
}

/**
 * The end of GET /__mock/events' pipeline: the stream of the world `?session=` names (the shared one without
 * it), or 429 when the feed has all the subscribers it takes. The mock's feed is made by its first stream.
 * @example [readInput(op, { strict: true }), answerWith('streamEvents', eventStream(mock))]
 */
export function eventStream(mock: FeedMaker): Finish {
  return ({ c, transcript }: Exchange, { query }: RequestInput): Response => {
    const feed = feedOf(mock);
    const session = typeof query.session === 'string' ? query.session : null;
    const subscription = feed.subscribe(session);
    if (!subscription) {
      return problemResponse(
        transcript,
        429,
        'too-many-streams',
        `This server already streams its events to ${feed.maxSubscribers} clients, the most it does at once; close one (a dashboard tab) or read GET /__mock/requests instead.`,
        undefined,
        { 'retry-after': '5' },
      );
    }
    return streamSSE(c, async (stream) => {
      // The client went away: the feed stops writing to it at once, and its lines go.
      stream.onAbort(() => subscription.close());
      // Something at once, so that the answer's head goes out now (a client sees the stream open), telling an
      // EventSource to wait RETRY_MS before it connects again.
      await stream.write(`retry: ${RETRY_MS}\n\n`);
      for (let line = await subscription.next(); line && !stream.aborted; line = await subscription.next()) {
        await stream.writeSSE(line);
      }
      subscription.close();
    });
  };
}
