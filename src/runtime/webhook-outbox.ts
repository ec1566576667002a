// WH2–WH5: one world's outbound webhooks — its subscriptions (at most 16), the deliveries they are owed and every
// attempt.
// Deliveries go out after the request that caused them answered, one in flight per subscription and in order
// (WH4); a failed attempt (non-2xx, refused, over the timeout) is tried again after each delay of the schedule,
// then marked failed. The queue is bounded in bytes and entries: past either bound its oldest waiting delivery
// is dropped and stays listed as dropped (WH5); the list itself is bounded too, finished deliveries go first.
// Timers never keep a process alive, and close() stops them and aborts what is in flight.
import { formatInstant } from '../domain/calendar.js';
import { DomainError } from '../domain/domain-error.js';
import { stableUuid } from '../domain/entropy.js';
import { pageOf, paginate } from '../domain/pagination.js';
import type { WebhookEvent, WebhookEventType } from '../domain/webhook-events.js';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhook-events.js';
import type { ApiSchema } from '../types/wire.js';
import { newSecret, secretKey, signature } from './webhook-signing.js';
import type { WebhookSettings } from './webhook-settings.js';

/**
 * WH2: the most subscriptions a world holds. Each is one delivery in flight at a time and a copy of every event it
 * asks for, so their number bounds the sockets and the queue's work; 16 is more than a frontend and its tests use.
 */
const MAX_SUBSCRIPTIONS = 16;

/** WH5: the most characters of a receiver's answer an attempt keeps. */
const MAX_RESPONSE_CHARS = 4_096;

/** WH2: a subscription as the controls show it. */
export interface WebhookSubscription {
  id: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
}

export type DeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed' | 'dropped' | 'cancelled';

/** WH5: one attempt, as GET /__mock/webhooks/deliveries lists it. */
interface DeliveryAttempt {
  attempted_at: string;
  url: string;
  /** The receiver's status, or null when it never answered (refused, timed out). */
  status: number | null;
  duration_ms: number;
  /** The receiver's answer, cut to 4,096 characters; null when it never answered. */
  response: string | null;
  /** Why the attempt got no whole answer (refused, timed out, a body still coming at the timeout), else null. */
  error: string | null;
}

/**
 * WH3: what a delivery sends: the event's id (its `webhook-id`), its type and the mock clock's instant of it; and
 * the goal whose privacy covers it (GO7).
 */
export type EventHeader = Pick<WebhookEvent, 'type' | 'createdAt' | 'goalId'> & { readonly id: string };

interface Delivery {
  readonly id: string;
  readonly subscriptionId: string;
  readonly event: EventHeader;
  /** The JSON text POSTed, the same on every attempt and redelivery (WH3). */
  readonly body: string;
  readonly redeliveryOf: string | null;
  status: DeliveryStatus;
  readonly attempts: DeliveryAttempt[];
  /** Epoch milliseconds of the next attempt while one waits for its time. */
  nextAttemptAt: number | null;
  note: string | null;
  bytes: number;
}

/** What a delivery costs beyond its texts: its object, the attempts' objects and the strings' headers. */
const DELIVERY_BYTES = 400;
const ATTEMPT_BYTES = 200;
/** What a subscription costs beyond its url and secret: its object, its events and its key. */
const SUBSCRIPTION_BYTES = 300;

function isWaiting(delivery: Delivery): boolean {
  return delivery.status === 'pending' || delivery.status === 'sending';
}

/** Starts a timer, in Node or a browser; a Node timer is unref'd so that it never keeps the process alive. */
function startTimer(ms: number, run: () => void): ReturnType<typeof setTimeout> {
  const timer = setTimeout(run, ms);
  // Stryker disable next-line OptionalChaining: a Node timer always has unref (a browser's setTimeout gives a number, which has none)
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/** The receiver's answer, read only up to `max` characters (a huge answer costs nothing beyond them). */
async function readCapped(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // Stryker disable next-line EqualityOperator: at exactly `max` characters, reading on and cutting at `max` keeps the same text
  while (text.length <= max) {
    const { done, value } = await reader.read();
    // The decoder's end (a character cut short) may be one more: the cap holds for it too.
    if (done) return (text + decoder.decode()).slice(0, max);
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text.slice(0, max);
}

/** WH5: why an attempt got no answer, in words (the receiver refused, was not found, or took too long). */
function failureText(error: unknown, timeoutMs: number): string {
  const { name, message, cause } = error as {
    name?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s (WH4)`;
  const reason = cause?.code ?? cause?.message;
  return reason ? `${message ?? String(error)}: ${reason}` : (message ?? String(error));
}

/**
 * One world's subscriptions and deliveries (the shared world's, or a session's: MK5).
 * @example const outbox = new WebhookOutbox(42, DEFAULT_WEBHOOK_SETTINGS, told, listen); outbox.subscribe({ url }).secret // 'whsec_…'
 */
export class WebhookOutbox {
  readonly #seed: number;
  readonly #settings: WebhookSettings;
  readonly #subscriptions = new Map<string, WebhookSubscription & { key: Uint8Array<ArrayBuffer> }>();
  /** Every listed delivery, oldest first. */
  #deliveries: Delivery[] = [];
  /** Per subscription, its waiting deliveries in order: the first is in flight or waits for its next attempt. */
  readonly #queues = new Map<string, Delivery[]>();
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #inFlight = new Map<string, AbortController>();
  #made = { subscriptions: 0 };
  #listBytes = 0;
  #waitingBytes = 0;
  #waiting = 0;
  #closed = false;
  /** Told when a delivery ends or waits for its next attempt (tests wait on it, not on time). */
  onSettled: ((id: string, status: DeliveryStatus) => void) | null = null;
  /** Told of every status a delivery takes, its first (pending) included: mock.events' delivery:changed. */
  readonly #moved: (id: string, status: DeliveryStatus) => void;

  /** Told once a subscription was made or deleted (the mock's webhooks listen to record changes while any exist). */
  readonly #subscriptionsChanged: () => void;

  constructor(
    seed: number,
    settings: WebhookSettings,
    moved: (id: string, status: DeliveryStatus) => void,
    subscriptionsChanged: () => void,
  ) {
    this.#seed = seed;
    this.#settings = settings;
    this.#moved = moved;
    this.#subscriptionsChanged = subscriptionsChanged;
  }

  /** The bytes its subscriptions and deliveries hold (they count against the mock's memory budget). */
  get bytes(): number {
    let bytes = this.#listBytes;
    for (const { url, secret } of this.#subscriptions.values())
      bytes += SUBSCRIPTION_BYTES + (url.length + secret.length) * 2;
    return bytes;
  }

  get subscriptionCount(): number {
    return this.#subscriptions.size;
  }

  /** Whether a subscription asks for events of `type`. */
  wants(type: WebhookEventType): boolean {
    for (const subscription of this.#subscriptions.values()) if (subscription.events.includes(type)) return true;
    return false;
  }

  /** WH2: the subscriptions, oldest first. */
  subscriptions(): WebhookSubscription[] {
    return [...this.#subscriptions.values()].map(({ key: _key, ...shown }) => ({
      ...shown,
      events: [...shown.events],
    }));
  }

  subscription(id: string): WebhookSubscription {
    const found = this.#subscriptions.get(id);
    if (!found) throw this.#noSubscription(id);
    const { key: _key, ...shown } = found;
    return { ...shown, events: [...shown.events] };
  }

  /** WH2: a new subscription; its secret is made here unless given (`whsec_` + base64). */
  subscribe(input: { url: string; events?: WebhookEventType[]; secret?: string }): WebhookSubscription {
    if (this.#subscriptions.size >= MAX_SUBSCRIPTIONS)
      throw new DomainError(
        'conflict',
        `This world holds at most ${MAX_SUBSCRIPTIONS} subscriptions (WH2); delete one first (DELETE /__mock/webhooks/{id}, GET /__mock/webhooks lists them).`,
      );
    const secret = input.secret ?? newSecret();
    const key = secretKey(secret);
    if (!key)
      throw DomainError.field('body', 'secret', 'must be whsec_ followed by the base64 of 24 to 64 bytes (WH3).');
    const id = stableUuid(this.#seed, 'webhook-subscription', ++this.#made.subscriptions);
    const events = [...new Set(input.events ?? WEBHOOK_EVENT_TYPES)];
    this.#subscriptions.set(id, { id, url: checkedUrl(input.url), events, secret, key });
    this.#subscriptionsChanged();
    return this.subscription(id);
  }

  /** WH2: changes a subscription's url or events; waiting deliveries go to the new url. */
  update(id: string, change: { url?: string; events?: WebhookEventType[] }): WebhookSubscription {
    const found = this.#subscriptions.get(id);
    if (!found) throw this.#noSubscription(id);
    if (change.url !== undefined) found.url = checkedUrl(change.url);
    if (change.events !== undefined) found.events = [...new Set(change.events)];
    return this.subscription(id);
  }

  /** WH2: removes a subscription; what it still owed is cancelled (and stays listed). */
  unsubscribe(id: string): void {
    if (!this.#subscriptions.delete(id)) throw this.#noSubscription(id);
    for (const delivery of this.#queues.get(id) ?? [])
      this.#finish(delivery, 'cancelled', 'its subscription was deleted');
    this.#queues.delete(id);
    this.#subscriptionsChanged();
  }

  /** WH3: owes `event` (its JSON text `body`) to every subscription that asks for its type. */
  publish(event: EventHeader, body: string): void {
    for (const subscription of this.#subscriptions.values()) {
      if (subscription.events.includes(event.type)) this.#enqueue(subscription.id, event, body, null);
    }
  }

  /**
   * GO7: a goal no organisation-wide view sees any more: every delivery still waiting about it is cancelled
   * (and stays listed, saying why).
   */
  withhold(goalId: string, why: string): void {
    for (const [subscriptionId, queue] of this.#queues) {
      const kept = queue.filter((delivery) => delivery.event.goalId !== goalId);
      for (const delivery of queue) if (delivery.event.goalId === goalId) this.#finish(delivery, 'cancelled', why);
      this.#queues.set(subscriptionId, kept);
      this.#pump(subscriptionId);
    }
  }

  /**
   * WH5: sends a delivery's event again to its subscription, as a new delivery with the same webhook-id; not
   * when `withheld` says its goal is private now (GO7).
   */
  redeliver(id: string, withheld: (goalId: string) => boolean): DeliveryView {
    const original = this.#deliveries.find((delivery) => delivery.id === id);
    if (!original)
      throw new DomainError(
        'not-found',
        `There is no delivery ${id} (WH5); GET /__mock/webhooks/deliveries lists them (the oldest finished ones go once the list is full).`,
      );
    if (!this.#subscriptions.has(original.subscriptionId))
      throw new DomainError(
        'conflict',
        `Delivery ${id}'s subscription ${original.subscriptionId} was deleted (WH5); subscribe again with POST /__mock/webhooks.`,
      );
    const { goalId } = original.event;
    if (goalId !== null && withheld(goalId))
      throw new DomainError(
        'conflict',
        `Delivery ${id} is about goal ${goalId}, which is private now or deleted: nothing about it is sent (GO7).`,
      );
    return view(this.#enqueue(original.subscriptionId, original.event, original.body, original.id));
  }

  /** WH5: every listed delivery, newest first, a page at a time (G4). */
  deliveries(query: { page?: number; per_page?: number; subscription_id?: string }): DeliveryView[] {
    const listed = [...this.#deliveries].reverse();
    const chosen = query.subscription_id ? listed.filter((d) => d.subscriptionId === query.subscription_id) : listed;
    return paginate(chosen, pageOf(query)).map(view);
  }

  /** Stops every timer and aborts what is in flight: waiting deliveries are cancelled with `why` (a reset). */
  cancelWaiting(why: string): void {
    for (const queue of this.#queues.values()) for (const delivery of queue) this.#finish(delivery, 'cancelled', why);
    this.#queues.clear();
  }

  /** The mock closed or the world went: nothing more is sent, no timer is left. */
  close(): void {
    this.#closed = true;
    this.cancelWaiting('the mock closed');
  }

  #noSubscription(id: string): DomainError {
    return new DomainError(
      'not-found',
      `There is no webhook subscription ${id} (WH2); GET /__mock/webhooks lists them.`,
    );
  }

  /**
   * MK3: a delivery's id, a function of its subscription, its event and how many deliveries of that event to that
   * subscription are listed before it (redeliveries): the same whatever the order of the requests that made other
   * events, and never the id of another listed delivery.
   */
  #deliveryId(subscriptionId: string, eventId: string): string {
    let before = 0;
    for (const delivery of this.#deliveries)
      // Stryker disable next-line UpdateOperator: counting down gives ids as distinct and as stable (-1, -2, … instead of 1, 2, …)
      if (delivery.subscriptionId === subscriptionId && delivery.event.id === eventId) before++;
    return stableUuid(this.#seed, 'webhook-delivery', subscriptionId, eventId, before);
  }

  #enqueue(subscriptionId: string, event: EventHeader, body: string, redeliveryOf: string | null): Delivery {
    const delivery: Delivery = {
      id: this.#deliveryId(subscriptionId, event.id),
      subscriptionId,
      event: { id: event.id, type: event.type, createdAt: event.createdAt, goalId: event.goalId },
      body,
      redeliveryOf,
      status: 'pending',
      attempts: [],
      nextAttemptAt: null,
      note: null,
      bytes: DELIVERY_BYTES + body.length * 2,
    };
    this.#makeRoom(delivery.bytes);
    this.#deliveries.push(delivery);
    this.#listBytes += delivery.bytes;
    this.#waitingBytes += delivery.bytes;
    this.#waiting++;
    const queue = this.#queues.get(subscriptionId) ?? [];
    this.#queues.set(subscriptionId, queue);
    queue.push(delivery);
    this.#trimList();
    this.#moved(delivery.id, 'pending');
    this.#pump(subscriptionId);
    return delivery;
  }

  /** WH5: drops the oldest waiting deliveries (not one in flight) until `bytes` more fit the queue. */
  #makeRoom(bytes: number): void {
    const { maxQueueBytes, maxQueueEntries } = this.#settings;
    for (const delivery of this.#deliveries) {
      if (this.#waiting + 1 <= maxQueueEntries && this.#waitingBytes + bytes <= maxQueueBytes) return;
      if (delivery.status !== 'pending') continue;
      const why = this.#waiting + 1 > maxQueueEntries ? `${maxQueueEntries} deliveries` : `${maxQueueBytes} bytes`;
      this.#finish(delivery, 'dropped', `dropped, oldest first: the queue holds at most ${why} (WH5)`);
      const queue = this.#queues.get(delivery.subscriptionId)!;
      queue.splice(queue.indexOf(delivery), 1);
      this.#pump(delivery.subscriptionId);
    }
  }

  /** Keeps the list within its bounds: finished deliveries go, oldest first. */
  #trimList(): void {
    const { maxListBytes, maxListEntries } = this.#settings;
    const kept: Delivery[] = [];
    let over = this.#deliveries.length - maxListEntries;
    let overBytes = this.#listBytes - maxListBytes;
    for (const delivery of this.#deliveries) {
      if ((over > 0 || overBytes > 0) && !isWaiting(delivery)) {
        over--;
        overBytes -= delivery.bytes;
        this.#listBytes -= delivery.bytes;
      } else kept.push(delivery);
    }
    this.#deliveries = kept;
  }

  /**
   * Ends a waiting delivery (every caller's is one: the queues hold only waiting ones, and an attempt ends its own
   * only while it is still sending): it leaves the queue's counts; its timer and any attempt in flight stop.
   */
  #finish(delivery: Delivery, status: DeliveryStatus, note: string | null): void {
    clearTimeout(this.#timers.get(delivery.id));
    this.#timers.delete(delivery.id);
    this.#inFlight.get(delivery.id)?.abort();
    this.#inFlight.delete(delivery.id);
    delivery.status = status;
    delivery.nextAttemptAt = null;
    delivery.note = note;
    this.#waiting--;
    this.#waitingBytes -= delivery.bytes;
    this.#moved(delivery.id, status);
    this.onSettled?.(delivery.id, status);
  }

  /** WH4: sends the subscription's first waiting delivery, unless one is in flight or waits for its time. */
  #pump(subscriptionId: string): void {
    // Every pump is of a subscription whose queue exists: those of a deleted one or a reset world ended their timers.
    const head = this.#queues.get(subscriptionId)![0];
    if (this.#closed || !head || head.status !== 'pending' || this.#timers.has(head.id)) return;
    const subscription = this.#subscriptions.get(subscriptionId)!;
    head.status = 'sending';
    this.#moved(head.id, 'sending');
    void this.#attempt(head, subscription);
  }

  async #attempt(delivery: Delivery, subscription: { url: string; key: Uint8Array<ArrayBuffer> }): Promise<void> {
    const controller = new AbortController();
    this.#inFlight.set(delivery.id, controller);
    const { timeoutMs } = this.#settings;
    // The url of this attempt, read once: a PATCH while it is being signed changes the next attempt's, not this one's.
    const { url } = subscription;
    const started = Date.now();
    // WH4: the timeout is a timer of ours that aborts the controller, which #inFlight holds: Node lets an
    // AbortSignal.timeout inside AbortSignal.any be collected and never fire (nodejs/node#57736), and a body
    // still coming would then hold the subscription's queue for good. Its name is all failureText reads.
    const timer = startTimer(timeoutMs, () => controller.abort(new DOMException(undefined, 'TimeoutError')));
    let succeeded = false;
    const attempt: DeliveryAttempt = {
      attempted_at: formatInstant(Math.floor(started / 1000)),
      url,
      status: null,
      duration_ms: 0,
      response: null,
      error: null,
    };
    try {
      // WH3: the timestamp is real time, which a receiver checks against its own clock.
      const timestamp = Math.floor(started / 1000);
      const signed = await signature(subscription.key, delivery.event.id, timestamp, delivery.body);
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'standin-webhooks',
          'webhook-id': delivery.event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signed,
        },
        body: delivery.body,
        redirect: 'manual',
        signal: controller.signal,
      });
      attempt.status = answer.status;
      attempt.response = await readCapped(answer, MAX_RESPONSE_CHARS);
      // WH4: a 2xx counts once its whole answer came within the timeout (a body still coming then is a failure).
      succeeded = answer.ok;
    } catch (error) {
      attempt.error = failureText(error, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
    attempt.duration_ms = Date.now() - started;
    // A reset, a deleted subscription or the mock's close ended the delivery meanwhile: nothing more to do.
    if (delivery.status !== 'sending') return;
    this.#inFlight.delete(delivery.id);
    delivery.attempts.push(attempt);
    const added = ATTEMPT_BYTES + (attempt.response?.length ?? 0) * 2 + (attempt.error?.length ?? 0) * 2;
    delivery.bytes += added;
    this.#listBytes += added;
    this.#waitingBytes += added;
    const delay = this.#settings.retryDelaysMs[delivery.attempts.length - 1];
    if (succeeded || delay === undefined) {
      this.#finish(
        delivery,
        succeeded ? 'succeeded' : 'failed',
        succeeded ? null : `failed after ${delivery.attempts.length} attempts (WH4)`,
      );
      // It heads its subscription's queue: the queue's first is the one sent, and a deleted subscription ended it.
      this.#queues.get(delivery.subscriptionId)!.shift();
      this.#trimList();
      this.#pump(delivery.subscriptionId);
      return;
    }
    // WH4: the same delivery is tried again after its delay; later deliveries of the subscription wait for it.
    delivery.status = 'pending';
    delivery.nextAttemptAt = Date.now() + delay;
    this.#timers.set(
      delivery.id,
      startTimer(delay, () => {
        this.#timers.delete(delivery.id);
        this.#pump(delivery.subscriptionId);
      }),
    );
    this.#moved(delivery.id, 'pending');
    this.onSettled?.(delivery.id, 'pending');
  }
}

/** WH2: a receiver's url: absolute, http or https (any host: the controls' caller names it, README says so). */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw DomainError.field(
      'body',
      'url',
      'must be an absolute http or https URL, e.g. http://127.0.0.1:8080/hooks (WH2).',
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw DomainError.field('body', 'url', `must be http or https, not ${parsed.protocol} (WH2).`);
  // fetch refuses a URL with credentials: every attempt would fail; say so now, where the URL is given.
  if (parsed.username || parsed.password)
    throw DomainError.field(
      'body',
      'url',
      'must not carry a user name or password (fetch sends none); check the signature instead (WH2, WH3).',
    );
  return url;
}

/** WH5: a delivery as GET /__mock/webhooks/deliveries lists it. */
export interface DeliveryView {
  id: string;
  subscription_id: string;
  event_id: string;
  type: WebhookEventType;
  created_at: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  next_attempt_at: string | null;
  note: string | null;
  redelivery_of: string | null;
  /** WH6: the body POSTed, one of the spec's `webhooks:` payloads. */
  payload: ApiSchema<
    'CheckInCompletedEvent' | 'GoalUpdateCreatedEvent' | 'CommentCreatedEvent' | 'EchoAnswerPublishedEvent'
  >;
}

function view(delivery: Delivery): DeliveryView {
  return {
    id: delivery.id,
    subscription_id: delivery.subscriptionId,
    event_id: delivery.event.id,
    type: delivery.event.type,
    created_at: formatInstant(delivery.event.createdAt),
    status: delivery.status,
    attempts: delivery.attempts.map((attempt) => ({ ...attempt })),
    next_attempt_at: delivery.nextAttemptAt === null ? null : formatInstant(Math.ceil(delivery.nextAttemptAt / 1000)),
    note: delivery.note,
    redelivery_of: delivery.redeliveryOf,
    // The text this outbox wrote from a presented record and its envelope: one of the payloads.
    payload: JSON.parse(delivery.body) as DeliveryView['payload'],
  };
}
