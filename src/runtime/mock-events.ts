// The runtime's lifecycle events: what happens to a mock, for whatever watches it — a request started and
// ended (with its bodies and problem), a record changed, the clock moved, a session made or dropped, a world
// reset or restored, a webhook delivery's status moved. The journal, the state file, local persistence, the
// webhooks and the dashboard subscribe; the proxy plugs in the same way. MSW's life-cycle events
// (`request:start`, `request:end`) are the model: listeners run in order, synchronously, on the turn the event
// happens, so one that must act before the answer goes back (a save) can; a listener that throws is reported
// and never fails the request.
import type { RecordKind } from '../domain/record-kinds.js';
import type { World } from '../domain/world.js';
import type { DecidedBy } from './decided-by.js';
import type { DeliveryStatus } from './webhook-outbox.js';

/** Which part of the server a request went to. */
export type RequestArea = 'api' | 'controls' | 'other';

/** Who made a request, as the journal keeps it: the person's id and name (never the token). */
export interface RequestPerson {
  id: string;
  name: string;
}

interface RequestStart {
  /** Increasing by one with each request this mock sees. */
  id: number;
  area: RequestArea;
  method: string;
  /** The path and query, as sent. */
  path: string;
  /** The X-Mock-Session it named (MK5), or null for the shared world. */
  session: string | null;
}

export interface RequestEnd extends RequestStart {
  status: number;
  /** From the request's arrival to its answer, delays and faults included (MK6), in milliseconds. */
  duration_ms: number;
  /** The person its token named (G9) or any-token mode chose (MK7); null when the answer came first. */
  person: RequestPerson | null;
  /** The body as the mock read it; null when none was read. */
  request_body: string | null;
  /** The JSON text the mock answered with (a problem's too: its errors[] name the fields); null for none. */
  response_body: string | null;
  /** The override rule that answered instead of the world, if one did. */
  override: string | null;
  /** The dashboard's own read (GET /__mock/read), outside rate limits, faults and overrides. */
  own_read: boolean;
  /** G7, the default mode: the body's fields the operation ignored (its first IGNORED_LISTED), or null for none. */
  ignored_fields: IgnoredField[] | null;
  /** MCP3: the MCP tool whose call this API request was, or null for a client's own request. */
  mcp_tool: string | null;
  /** MCP6: who decided the answer instead of the operation (an override, a fault, a limit, a rule), or null. */
  decided_by: DecidedBy | null;
}

/** A body field an operation ignored (G7), and the writable field one or two edits away, when one is. */
export interface IgnoredField {
  /** As sent, clipped. */
  name: string;
  suggestion?: string;
}

/** Where a world lives: the shared one (session null) or a session's (MK5). */
interface WorldEvent {
  session: string | null;
  world: World;
}

export interface MockEventMap {
  'request:start': RequestStart;
  'request:end': RequestEnd;
  /**
   * A record of `kind` was put or deleted in a world (its table now holds the record in force, or none);
   * `previous` is the record in force before, or undefined for a new one (webhooks tell a check-in just
   * completed from one edited, WH2).
   */
  'record:changed': WorldEvent & { kind: RecordKind; id: string; previous: unknown };
  /** MK4: a world's clock was set, advanced, frozen or resumed (a reset's new clock comes with world:replaced). */
  'clock:moved': WorldEvent;
  /** MK5: a session was made on its first request. */
  'session:created': { session: string };
  /** MK5: a session was dropped, by DELETE /__mock/sessions/{name} or for being idle. */
  'session:dropped': { session: string; reason: 'deleted' | 'idle' };
  /** MK2: a world was replaced whole, by a reset, a restored state or a snapshot. */
  'world:replaced': WorldEvent & { cause: 'reset' | 'restore' | 'snapshot' };
  /**
   * WH5: a world's webhook delivery was made (pending), went out (sending), waits for its next attempt
   * (pending) or ended (succeeded, failed, dropped, cancelled). Told after the turn that caused it, or when a
   * receiver answered: deliveries never run on the request's turn (WH4).
   */
  'delivery:changed': { session: string | null; id: string; status: DeliveryStatus };
}

export type MockEventType = keyof MockEventMap;
export type MockListener<T extends MockEventType> = (event: MockEventMap[T]) => void;

/**
 * @example
 * const stop = mock.events.on('request:end', (e) => console.log(e.method, e.path, e.status));
 * stop(); // no longer called
 */
export class MockEvents {
  readonly #listeners: { [T in MockEventType]?: Array<MockListener<T>> } = {};

  /** Calls `listener` with every event of `type` from now on, until the function it returns is called. */
  on<T extends MockEventType>(type: T, listener: MockListener<T>): () => void {
    // A new array each time: an emit in progress goes on over the listeners it started with.
    const listeners = [...(this.#listeners[type] ?? []), listener] as Array<MockListener<T>>;
    (this.#listeners as Record<T, Array<MockListener<T>>>)[type] = listeners;
    return () => {
      const now = this.#listeners[type];
      // Stryker disable next-line ArrayDeclaration: on() has just set the type's list, and nothing removes it; the fallback is for the types.
      (this.#listeners as Record<T, Array<MockListener<T>>>)[type] = (now ?? []).filter((l) => l !== listener);
    };
  }

  /** Whether anything listens to `type`: an event nobody hears need not be built (the request path asks). */
  heard(type: MockEventType): boolean {
    return this.listenerCount(type) > 0;
  }

  /** How many listen to `type` now (a watcher that went away must leave none behind). */
  listenerCount(type: MockEventType): number {
    return this.#listeners[type]?.length ?? 0;
  }

  emit<T extends MockEventType>(type: T, event: MockEventMap[T]): void {
    const listeners = this.#listeners[type];
    if (!listeners) return;
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // A watcher's bug is its own: the world and the request it watched go on.
        console.error(`standin: a ${type} listener failed:`, error);
      }
    }
  }
}
