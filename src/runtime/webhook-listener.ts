// WH3–WH4: a mock's record changes turned into webhook events for its worlds' outboxes, each turn's sent after
// it in the order of their instants. Loaded with the outbox (webhooks.ts' load), by the first webhook control, and
// listening only while some world has a subscription, so that a mock without webhooks pays nothing on its writes
// and a page that never subscribes never fetches it.
import { formatInstant } from '../domain/calendar.js';
import type { Publication } from '../domain/publications.js';
import { goalWithheld, webhookEventId, webhookEventOf, type WebhookEvent } from '../domain/webhook-events.js';
import type { World } from '../domain/world.js';
import type { MockEvents } from './mock-events.js';
import type { WebhookOutbox } from './webhook-outbox.js';

/** WH3: a published record as its GET gives it to an administrator, as JSON text (the front's presenter). */
export type PublishedRecordText = (world: World, publication: Publication) => string;

/** An event seen during the current turn, waiting to be sent once the turn is over. */
interface Seen {
  session: string | null;
  world: World;
  event: WebhookEvent;
}

/**
 * Listens to `events`' record changes for the outboxes of `outboxes` (by session, null for the shared world), and
 * publishes each turn's events after it; the function it returns stops listening.
 * @example const stop = listenForWebhooks(events, outboxes, present); … stop()
 */
export function listenForWebhooks(
  events: MockEvents,
  outboxes: ReadonlyMap<string | null, WebhookOutbox>,
  present: PublishedRecordText,
): () => void {
  let seen: Seen[] = [];
  /** WH4: the turn's events, in the order of their instants (a stable sort keeps a turn's order within one). */
  const send = (): void => {
    const turn = seen.sort((a, b) => a.event.createdAt - b.event.createdAt);
    seen = [];
    for (const { session, world, event } of turn) {
      const outbox = outboxes.get(session);
      if (!outbox) continue;
      const data = present(world, event.publication);
      const id = webhookEventId(world.seed, event.type, event.createdAt, data);
      const envelope = JSON.stringify({ id, type: event.type, created_at: formatInstant(event.createdAt) });
      const header = { id, type: event.type, createdAt: event.createdAt, goalId: event.goalId };
      outbox.publish(header, `${envelope.slice(0, -1)},"data":${data}}`);
    }
  };
  return events.on('record:changed', ({ session, world, kind, id, previous }) => {
    const outbox = outboxes.get(session);
    // A world without subscriptions asks for no event (`wants`) and has nothing waiting to withhold.
    if (!outbox) return;
    // GO7: a goal made private (or deleted) takes back what still waits about it.
    if (kind === 'goals' && goalWithheld(world.store, id))
      return outbox.withhold(id, `withheld: goal ${id} became private (GO7)`);
    const event = webhookEventOf(world.store, kind, id, previous);
    if (!event || !outbox.wants(event.type)) return;
    // The record is read now (records never change in place); it is presented and sent after this turn.
    // Stryker disable next-line ConditionalExpression: a second send in the same turn finds `seen` empty and sends nothing
    if (seen.length === 0) queueMicrotask(send);
    seen.push({ session, world, event });
  });
}
