// The recent webhook deliveries (#webhooks): GET /__mock/webhooks/deliveries (WH5) of the world shown — each
// delivery's event, status, attempts and next retry — with a button that redelivers it (POST
// /__mock/webhooks/deliveries/{id}/redeliver), and how many subscriptions the world has (WH2).
import type { components } from '../../types/control.js';
import { act } from './actions.js';
import { emptyRow } from './digest-panel.js';
import { $, button, text } from './dom.js';
import { control } from './fetching.js';

type Schemas = components['schemas'];

/** How many deliveries the panel shows: the newest. */
const SHOWN = 10;

/**
 * Reads the world's subscriptions and newest deliveries and lists them.
 * @example await showDeliveries()
 */
export async function showDeliveries(): Promise<void> {
  const [subscriptions, deliveries] = await Promise.all([
    control<Schemas['WebhookSubscription'][]>('GET', '/webhooks'),
    control<Schemas['WebhookDelivery'][]>('GET', `/webhooks/deliveries?per_page=${SHOWN}`),
  ]);
  $('webhooks-subscriptions').textContent =
    subscriptions.length === 0
      ? 'No subscription: POST /__mock/webhooks with a url makes one (WH2).'
      : `${subscriptions.length} ${subscriptions.length === 1 ? 'subscription' : 'subscriptions'}: ${subscriptions.map((s) => s.url).join(', ')}`;
  $('webhooks')
    .querySelector('tbody')!
    .replaceChildren(
      ...(deliveries.length === 0 ? [emptyRow('No deliveries yet.', 5)] : []),
      ...deliveries.map((delivery) => {
        const row = document.createElement('tr');
        row.dataset.delivery = delivery.id;
        row.dataset.status = delivery.status;
        const redeliver = text('td', '');
        redeliver.append(
          button(
            'redeliver',
            () =>
              void act(`Redelivering ${delivery.type} ${delivery.event_id}.`, () =>
                control('POST', `/webhooks/deliveries/${delivery.id}/redeliver`),
              ),
          ),
        );
        row.append(
          text('td', delivery.type),
          text('td', delivery.note ? `${delivery.status}: ${delivery.note}` : delivery.status),
          text('td', String(delivery.attempts.length)),
          text('td', delivery.next_attempt_at ?? '—'),
          redeliver,
        );
        return row;
      }),
    );
}
