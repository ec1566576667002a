// WH2–WH4 across a mock's worlds: each world (the shared one, each session's, MK5) has its own outbox, fed by
// the runtime's record:changed events (webhook-listener.ts, listening only while some world has a subscription, so
// a mock without webhooks pays nothing on its writes). The events of one turn — a request's writes, or a clock move that
// publishes a week of Echo answers — are sent after it, in the order of their instants (WH4). A reset stops
// what the world still owed (its subscriptions stay, as its fault profile and snapshots do); a dropped session
// takes its outbox along; close() stops everything.
import { loadOnce } from '../spec/load-once.js';
import type { MockEvents } from './mock-events.js';
import type { listenForWebhooks, PublishedRecordText } from './webhook-listener.js';
import type { WebhookOutbox } from './webhook-outbox.js';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings.js';

/**
 * The outbox's class, once its module is loaded: by the first webhook control, not at start, so that a page that
 * never subscribes never fetches it (test/page-weight.test.ts). Without a subscription no event needs it. A module
 * is loaded once per process or page, so this is too, for every mock in it.
 */
let Outbox: typeof WebhookOutbox | null = null;
/** What turns record changes into events for the outboxes (webhook-listener.ts), loaded with the outbox. */
let listen: typeof listenForWebhooks | null = null;
const loadOutbox = loadOnce(() =>
  Promise.all([import('./webhook-outbox.js'), import('./webhook-listener.js')]).then(([outbox, listener]) => {
    Outbox = outbox.WebhookOutbox;
    listen = listener.listenForWebhooks;
  }),
);

/**
 * @example
 * const webhooks = new Webhooks(events, 42, present);
 * webhooks.outbox(null).subscribe({ url: 'http://127.0.0.1:8080/hooks' });
 */
export class Webhooks {
  readonly #events: MockEvents;
  readonly #seed: number;
  readonly #present: PublishedRecordText;
  readonly #settings: WebhookSettings;
  readonly #outboxes = new Map<string | null, WebhookOutbox>();
  #stopListening: (() => void) | null = null;

  constructor(events: MockEvents, seed: number, present: PublishedRecordText, settings: Partial<WebhookSettings> = {}) {
    this.#events = events;
    this.#seed = seed;
    this.#present = present;
    this.#settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...settings };
    events.on('world:replaced', ({ session, cause }) => {
      this.#outboxes.get(session)?.cancelWaiting(`the world was replaced (${cause}) before it was sent`);
    });
    events.on('session:dropped', ({ session }) => {
      this.#outboxes.get(session)?.close();
      this.#outboxes.delete(session);
      this.#listen();
    });
  }

  /** The bytes every outbox's deliveries hold. */
  get bytes(): number {
    let bytes = 0;
    for (const outbox of this.#outboxes.values()) bytes += outbox.bytes;
    return bytes;
  }

  /**
   * Loads the outbox's module (webhook-outbox.ts) and the listener's (webhook-listener.ts) once; again after a failed
   * load (a page that could not fetch them).
   * @example await webhooks.load(); webhooks.outbox(null).subscriptions()
   */
  load(): Promise<void> {
    return loadOutbox();
  }

  /** The outbox of the shared world (`null`) or of a session, made on first use, once `load` has resolved. */
  outbox(session: string | null): WebhookOutbox {
    let outbox = this.#outboxes.get(session);
    if (!outbox) {
      const WebhookOutbox = Outbox;
      if (!WebhookOutbox) throw new Error('standin: the webhook outbox is not loaded yet: await webhooks.load() first');
      // WH5: each status a delivery takes, told to whoever listens (the event feed: the dashboard's panel).
      const events = this.#events;
      outbox = new WebhookOutbox(
        this.#seed,
        this.#settings,
        (id, status) => events.emit('delivery:changed', { session, id, status }),
        // WH2: record changes are listened to from a world's first subscription, and no longer after the last.
        () => this.#listen(),
      );
      this.#outboxes.set(session, outbox);
    }
    return outbox;
  }

  /**
   * Listens to record changes while some world has a subscription: told by an outbox whose subscriptions changed. An
   * outbox is made once the listener is loaded (load), so without it there is nothing to listen for.
   */
  #listen(): void {
    const wanted = [...this.#outboxes.values()].some((outbox) => outbox.subscriptionCount > 0);
    if (wanted && !this.#stopListening && listen) {
      this.#stopListening = listen(this.#events, this.#outboxes, this.#present);
    } else if (!wanted && this.#stopListening) {
      this.#stopListening();
      this.#stopListening = null;
    }
  }

  /** Nothing more is sent, no timer is left (the mock closed). */
  close(): void {
    for (const outbox of this.#outboxes.values()) outbox.close();
    this.#outboxes.clear();
    this.#listen();
  }
}
