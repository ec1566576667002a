// WH4's retry delays and the bounds of a world's webhook queue and list: what a mock is started with, apart from
// the outbox (webhook-outbox.ts), which a page loads only when a control first asks for a world's webhooks.

/** WH4: after a failed attempt, the next comes this long after it (real time): 1 s, 5 s, 30 s, 2 min, 10 min. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000];

export interface WebhookSettings {
  /** WH4: the delays between attempts; a delivery is tried once more than it has delays. */
  retryDelaysMs: readonly number[];
  /** WH4: an attempt not answered within this many milliseconds failed. Default 10 s. */
  timeoutMs: number;
  /** The most bytes and deliveries waiting to be sent, per world; past them the oldest waiting one is dropped. */
  maxQueueBytes: number;
  maxQueueEntries: number;
  /** The most bytes and deliveries listed per world (waiting ones included); finished ones go first. */
  maxListBytes: number;
  maxListEntries: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: Readonly<WebhookSettings> = {
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  timeoutMs: 10_000,
  maxQueueBytes: 4 * 2 ** 20,
  maxQueueEntries: 500,
  maxListBytes: 8 * 2 ** 20,
  maxListEntries: 1_000,
};
