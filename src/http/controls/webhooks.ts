// WH2–WH5 under /__mock/webhooks: the request's world's subscriptions (MK5: a session's own) and their
// deliveries; the runtime listens to record changes while any exist (webhooks.ts), of its own accord.
import { goalWithheld } from '../../domain/webhook-events.js';
import { created, noContent, ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const webhookControls = {
  listWebhooks: ({ mock, slot }) => ok(mock.webhooks.outbox(slot.name).subscriptions()),
  createWebhook: ({ mock, slot }, { body }) => created(mock.webhooks.outbox(slot.name).subscribe(body)),
  getWebhook: ({ mock, slot }, { params }) => ok(mock.webhooks.outbox(slot.name).subscription(params.id)),
  updateWebhook: ({ mock, slot }, { params, body }) => ok(mock.webhooks.outbox(slot.name).update(params.id, body)),
  deleteWebhook: ({ mock, slot }, { params }) => {
    mock.webhooks.outbox(slot.name).unsubscribe(params.id);
    return noContent();
  },
  // WH5
  listWebhookDeliveries: ({ mock, slot }, { query }) => ok(mock.webhooks.outbox(slot.name).deliveries(query)),
  redeliverWebhook: ({ mock, slot, world }, { params }) =>
    created(mock.webhooks.outbox(slot.name).redeliver(params.id, (goalId) => goalWithheld(world.store, goalId))),
} satisfies Partial<ControlHandlers>;
