// WH2–WH5 one world's outbox on its own, against a real node:http receiver on port 0: what each delivery and
// subscription costs in bytes, the statuses a delivery takes (WH5), retries and what waits behind them (WH4), the
// bounds of the queue and of the list at their edges, the receiver's answer as kept, and what close() leaves.
// Waits are on the outbox's own onSettled, never on time.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DomainError } from '../domain/domain-error.js';
import { WebhookOutbox, type DeliveryStatus, type DeliveryView, type EventHeader } from './webhook-outbox.js';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings.js';

/** A secret of 32 bytes of 7: 50 characters. */
const SECRET = 'whsec_' + Buffer.alloc(32, 7).toString('base64');

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const thing of open.splice(0)) await thing.close();
});

interface Asked {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers its `index`th request: a status and body, after an optional wait. */
type Answer = { status?: number; body?: string | Buffer; hold?: Promise<void> };

/** A real receiver: records each request and answers it as `answer` says (204 by default). */
async function receiver(answer: (index: number, res: ServerResponse) => Answer = () => ({})) {
  const asked: Asked[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const index = asked.push({ headers: req.headers, body }) - 1;
      const { status = 204, body: text, hold } = answer(index, res);
      void Promise.resolve(hold).then(() => res.writeHead(status).end(text));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, asked };
}

/** A url where nothing listens: a closed server's port. */
async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/hooks`;
}

/** A promise and the function that settles it: a receiver held until the test says so. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** An outbox on the default settings but `settings`, and every status it told of, in order. */
function outboxOf(settings: Partial<WebhookSettings> = {}) {
  const moves: Array<[string, DeliveryStatus]> = [];
  let told = 0;
  const outbox = new WebhookOutbox(
    42,
    { ...DEFAULT_WEBHOOK_SETTINGS, ...settings },
    (id, status) => moves.push([id, status]),
    () => told++,
  );
  open.push(outbox);
  return { outbox, moves, subscriptionsTold: () => told };
}

/** The `n`th event (a goal update of `goalId`) and its body, whose length is `size` characters. */
function event(n: number, goalId: string | null = 'goal-a', size = 100): [EventHeader, string] {
  const header: EventHeader = { id: `event-${n}`, type: 'goal-update.created', createdAt: 1_763_650_800 + n, goalId };
  const start = JSON.stringify({ id: header.id, n, pad: '' });
  return [header, `${start.slice(0, -2)}${'x'.repeat(size - start.length)}"}`];
}

/** What one delivery of a body of `size` characters costs before any attempt. */
const deliveryBytes = (size: number) => 400 + size * 2;

/** Resolves once the deliveries (oldest first) satisfy `done`, then a turn later (the outbox has moved on). */
async function until(outbox: WebhookOutbox, done: (deliveries: DeliveryView[]) => boolean): Promise<DeliveryView[]> {
  const listed = () => outbox.deliveries({ per_page: 100 }).reverse();
  if (!done(listed()))
    await new Promise<void>((resolve) => {
      outbox.onSettled = () => {
        if (!done(listed())) return;
        outbox.onSettled = null;
        resolve();
      };
    });
  await new Promise((resolve) => setImmediate(resolve));
  return listed();
}

const statuses = (deliveries: DeliveryView[]) => deliveries.map((d) => d.status);
const ended = (deliveries: DeliveryView[]) => deliveries.every((d) => d.status !== 'pending' && d.status !== 'sending');

/** One event sent to `url` by an outbox of its own, once its delivery has ended. */
async function deliverOne(url: string, settings: Partial<WebhookSettings> = {}): Promise<DeliveryView> {
  const { outbox } = outboxOf(settings);
  outbox.subscribe({ url });
  outbox.publish(...event(1));
  const [delivery] = await until(outbox, ended);
  return delivery!;
}

describe('WH3 WH5 an attempt as the receiver sees it and as the list keeps it', () => {
  it('WH3 POSTs the body with its content type, user agent and a signature Standard Webhooks verifies', async () => {
    const { url, asked } = await receiver(() => ({ status: 200, body: 'thanks' }));
    const { outbox } = outboxOf();
    outbox.subscribe({ url, secret: SECRET });
    const [header, body] = event(1);
    const before = Date.now();
    outbox.publish(header, body);
    const [delivery] = await until(outbox, ended);
    const after = Date.now();
    const { headers } = asked[0]!;
    expect([asked[0]!.body, headers['content-type'], headers['user-agent'], headers['webhook-id']]).toEqual([
      body,
      'application/json',
      'standin-webhooks',
      'event-1',
    ]);
    expect(() => new Webhook(SECRET).verify(body, headers as Record<string, string>)).not.toThrow();
    const timestamp = Number(headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(timestamp).toBeLessThanOrEqual(Math.floor(after / 1000));
    const [attempt] = delivery!.attempts;
    expect({ ...attempt, duration_ms: 0 }).toEqual({
      attempted_at: new Date(timestamp * 1000).toISOString().slice(0, 19) + 'Z',
      url,
      status: 200,
      duration_ms: 0,
      response: 'thanks',
      error: null,
    });
    expect(attempt!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(attempt!.duration_ms).toBeLessThanOrEqual(after - before);
  });

  it.each([
    [200, 'succeeded'],
    [204, 'succeeded'],
    [299, 'succeeded'],
    [300, 'failed'],
    [404, 'failed'],
    [500, 'failed'],
  ] as const)('WH4 an answer %i is %s', async (status, expected) => {
    const { url } = await receiver(() => ({ status }));
    const delivery = await deliverOne(url, { retryDelaysMs: [] });
    expect([delivery.status, delivery.attempts.map((a) => a.status)]).toEqual([expected, [status]]);
  });

  it('WH5 an answer that ends in the middle of a character keeps what came, the broken end as U+FFFD', async () => {
    const { url } = await receiver(() => ({ status: 200, body: Buffer.from([0x6f, 0x6b, 0xe2, 0x82]) }));
    const delivery = await deliverOne(url);
    expect(delivery.attempts[0]!.response).toBe('ok\uFFFD');
  });

  it('WH5 a character split between two chunks of the answer is kept whole', async () => {
    const { url } = await receiver((_index, res) => {
      // 'é' is 0xc3 0xa9: its first byte goes alone, the rest a moment later (a chunk of its own, as a rule).
      res.writeHead(200).write(Buffer.from([0xc3]));
      setTimeout(() => res.end(Buffer.from([0xa9, 0x21])), 50);
      return { hold: new Promise(() => undefined) };
    });
    const delivery = await deliverOne(url);
    expect(delivery.attempts[0]!.response).toBe('é!');
  });

  it('WH5 the cap of 4,096 characters holds for a broken character just past it', async () => {
    const bytes = Buffer.concat([Buffer.from('y'.repeat(4096)), Buffer.from([0xe2, 0x82])]);
    const { url } = await receiver(() => ({ status: 200, body: bytes }));
    const delivery = await deliverOne(url);
    expect(delivery.attempts[0]!.response).toBe('y'.repeat(4096));
  });

  it('WH5 past 4,096 characters the mock reads no more of an answer: it hangs up on the receiver', async () => {
    const hungUp = gate();
    const { url } = await receiver((_index, res) => {
      res.on('close', hungUp.open);
      // Far more than the socket's buffers hold: without the mock hanging up, the receiver would still be writing.
      res.writeHead(200).write('y'.repeat(16 * 2 ** 20));
      return { hold: new Promise(() => undefined) };
    });
    const delivery = await deliverOne(url);
    expect([delivery.status, delivery.attempts[0]!.response]).toEqual(['succeeded', 'y'.repeat(4096)]);
    await hungUp.promise;
  });

  it('WH5 a refused connection is an attempt with no status and the reason, in words', async () => {
    const { outbox } = outboxOf({ retryDelaysMs: [] });
    outbox.subscribe({ url: await refusingUrl() });
    outbox.publish(...event(1));
    const [delivery] = await until(outbox, ended);
    expect(delivery!.attempts[0]).toMatchObject({
      status: null,
      response: null,
      error: 'fetch failed: ECONNREFUSED',
    });
    expect([delivery!.status, delivery!.note]).toEqual(['failed', 'failed after 1 attempts (WH4)']);
  });
});

describe('WH5 why an attempt got no answer, whatever shape the platform’s fetch gives the failure', () => {
  // Node's fetch always names a cause with a code (the test above); a browser's says "Failed to fetch" and no
  // more, and a cause may carry a message alone. fetch is the platform's here, stubbed for these shapes only.
  it.each([
    ['a browser’s network error', new TypeError('Failed to fetch'), 'Failed to fetch'],
    [
      'a cause with a message and no code',
      new TypeError('fetch failed', { cause: new Error('bad port') }),
      'fetch failed: bad port',
    ],
    ['something thrown that is not an Error', 'refused', 'refused'],
  ])('WH5 %s', async (_shape, thrown, expected) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case is a failure that is not an Error
    vi.stubGlobal('fetch', () => Promise.reject(thrown));
    try {
      const { outbox } = outboxOf({ retryDelaysMs: [] });
      outbox.subscribe({ url: 'http://127.0.0.1:9/hooks' });
      outbox.publish(...event(1));
      const [delivery] = await until(outbox, ended);
      expect(delivery!.attempts.map((a) => [a.status, a.response, a.error])).toEqual([[null, null, expected]]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('WH5 what a subscription and a delivery cost', () => {
  it('WH5 bytes: a subscription’s url and secret, each delivery’s body, each attempt and its answer or error', async () => {
    const { url } = await receiver(() => ({ status: 200, body: 'ok' }));
    const refused = await refusingUrl();
    const { outbox } = outboxOf({ retryDelaysMs: [] });
    expect(outbox.bytes).toBe(0);
    const subscription = outbox.subscribe({ url, secret: SECRET });
    const subscriptionBytes = 300 + (url.length + SECRET.length) * 2;
    expect(outbox.bytes).toBe(subscriptionBytes);
    outbox.publish(...event(1, 'goal-a', 300));
    expect(outbox.bytes).toBe(subscriptionBytes + deliveryBytes(300));
    await until(outbox, ended);
    const answered = deliveryBytes(300) + 200 + 'ok'.length * 2;
    expect(outbox.bytes).toBe(subscriptionBytes + answered);
    outbox.update(subscription.id, { url: refused });
    outbox.publish(...event(2, 'goal-a', 300));
    await until(outbox, (d) => d.length === 2 && ended(d));
    const refusedBytes = deliveryBytes(300) + 200 + 'fetch failed: ECONNREFUSED'.length * 2;
    const listBytes = answered + refusedBytes;
    expect(outbox.bytes).toBe(300 + (refused.length + SECRET.length) * 2 + listBytes);
    // The deliveries stay listed (and counted) once their subscription is gone.
    outbox.unsubscribe(subscription.id);
    expect(outbox.bytes).toBe(listBytes);
  });
});

describe('WH4 retries and what waits behind them', () => {
  it('WH5 a delivery tells each status it takes: pending, sending, pending for its retry, sending, succeeded', async () => {
    const { url, asked } = await receiver((index) => ({ status: index === 0 ? 500 : 200 }));
    const { outbox, moves } = outboxOf({ retryDelaysMs: [5] });
    const settledAs: DeliveryStatus[] = [];
    const succeeded = new Promise<void>((resolve) => {
      outbox.onSettled = (_id, status) => {
        settledAs.push(status);
        if (status === 'succeeded') resolve();
      };
    });
    outbox.subscribe({ url });
    outbox.publish(...event(1));
    await succeeded;
    const [{ id }] = outbox.deliveries({}) as [DeliveryView];
    expect(moves).toEqual(['pending', 'sending', 'pending', 'sending', 'succeeded'].map((status) => [id, status]));
    expect(settledAs).toEqual(['pending', 'succeeded']);
    expect(asked).toHaveLength(2);
  });

  it('WH4 a delivery waiting for its retry says when, holds back the later ones, and is not tried early', async () => {
    const { url, asked } = await receiver(() => ({ status: 503 }));
    const { outbox, moves } = outboxOf({ retryDelaysMs: [60_000] });
    outbox.subscribe({ url });
    outbox.publish(...event(1));
    const failedAt = Date.now();
    const [waiting] = await until(outbox, (d) => d[0]!.attempts.length === 1);
    const next = Date.parse(waiting!.next_attempt_at!);
    expect(next).toBeGreaterThanOrEqual(failedAt + 59_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 61_000);
    const told = moves.length;
    outbox.publish(...event(2));
    // A write, a withheld goal, a dropped delivery: none of them sends the waiting one before its time.
    outbox.withhold('goal-b', 'no such goal waits');
    const listed = outbox.deliveries({}).reverse();
    expect(moves.slice(told)).toEqual([[listed[1]!.id, 'pending']]);
    expect(statuses(listed)).toEqual(['pending', 'pending']);
    expect(asked).toHaveLength(1);
  });

  it('WH4 WH5 a delivery waiting for its retry is dropped first when the queue is full; the next goes at once', async () => {
    const { url, asked } = await receiver((index) => ({ status: index === 0 ? 500 : 200 }));
    const { outbox } = outboxOf({ retryDelaysMs: [60_000], maxQueueEntries: 1 });
    outbox.subscribe({ url });
    outbox.publish(...event(1));
    await until(outbox, (d) => d[0]!.attempts.length === 1);
    outbox.publish(...event(2));
    const listed = await until(outbox, (d) => d.length === 2 && ended(d));
    expect(listed.map((d) => [d.event_id, d.status, d.note, d.next_attempt_at])).toEqual([
      ['event-1', 'dropped', 'dropped, oldest first: the queue holds at most 1 deliveries (WH5)', null],
      ['event-2', 'succeeded', null, null],
    ]);
    expect(asked.map((a) => a.headers['webhook-id'])).toEqual(['event-1', 'event-2']);
  });
});

describe('WH5 the queue’s and the list’s bounds, at their edges', () => {
  /**
   * One delivery ended (it no longer counts), one held in flight, two published behind it: the statuses and notes
   * of the three once all ended, and how many requests were made.
   */
  async function behindOneHeld(settings: Partial<WebhookSettings>) {
    const held = gate();
    const { url, asked } = await receiver((index) => ({ status: 200, hold: index === 1 ? held.promise : undefined }));
    const { outbox } = outboxOf(settings);
    outbox.subscribe({ url });
    outbox.publish(...event(0, 'goal-a', 500));
    await until(outbox, ended);
    for (const n of [1, 2, 3]) outbox.publish(...event(n, 'goal-a', 500));
    held.open();
    const listed = (await until(outbox, ended)).slice(1);
    return { ended: listed.map((d) => [d.status, d.note]), asked: asked.length };
  }

  const sent = ['succeeded', null];
  it.each([
    ['3 entries hold three waiting', { maxQueueEntries: 3 }, [sent, sent, sent], 4],
    [
      '2 entries drop the oldest pending',
      { maxQueueEntries: 2 },
      [sent, ['dropped', 'dropped, oldest first: the queue holds at most 2 deliveries (WH5)'], sent],
      3,
    ],
    ['3 deliveries’ bytes hold three', { maxQueueBytes: 3 * deliveryBytes(500) }, [sent, sent, sent], 4],
    [
      '3 entries and a byte less than 3 deliveries drop one, for the bytes',
      { maxQueueEntries: 3, maxQueueBytes: 3 * deliveryBytes(500) - 1 },
      [
        sent,
        ['dropped', `dropped, oldest first: the queue holds at most ${3 * deliveryBytes(500) - 1} bytes (WH5)`],
        sent,
      ],
      3,
    ],
  ] as const)('WH5 a queue of %s', async (_what, settings, expected, requests) => {
    expect(await behindOneHeld(settings)).toEqual({ ended: expected, asked: requests });
  });

  it('WH5 an attempt’s answer counts against the queue while its delivery waits for a retry', async () => {
    const attempt = 200 + 50 * 2;
    for (const [slack, expected] of [
      [0, ['pending', 'pending']],
      [-1, ['dropped', 'succeeded']],
    ] as const) {
      const { url } = await receiver((index) => ({ status: index === 0 ? 500 : 200, body: 'z'.repeat(50) }));
      const { outbox } = outboxOf({ retryDelaysMs: [60_000], maxQueueBytes: 2 * deliveryBytes(500) + attempt + slack });
      outbox.subscribe({ url });
      outbox.publish(...event(1, 'goal-a', 500));
      await until(outbox, (d) => d[0]!.attempts.length === 1);
      outbox.publish(...event(2, 'goal-a', 500));
      expect(
        statuses(await until(outbox, (d) => d.length === 2 && d[1]!.status !== 'sending')),
        `slack ${slack}`,
      ).toEqual(expected);
      outbox.close();
    }
  });

  it('WH5 the list keeps its newest deliveries: ended ones go first, oldest first, waiting ones stay', async () => {
    const gates = [gate(), gate(), gate()];
    const { url } = await receiver((index) => ({ status: 200, hold: gates[index]?.promise }));
    const { outbox } = outboxOf({ maxListEntries: 2 });
    outbox.subscribe({ url });
    for (const n of [1, 2, 3]) outbox.publish(...event(n));
    // All three wait (one in flight): none of them goes, over the bound or not.
    expect(outbox.deliveries({}).map((d) => d.event_id)).toEqual(['event-3', 'event-2', 'event-1']);
    gates[0]!.open();
    await until(outbox, (d) => d[0]!.status === 'succeeded');
    expect(outbox.deliveries({}).map((d) => [d.event_id, d.status])).toEqual([
      ['event-3', 'pending'],
      ['event-2', 'sending'],
    ]);
    gates[1]!.open();
    gates[2]!.open();
    await until(outbox, (d) => d.length === 2 && ended(d));
    expect(outbox.deliveries({}).map((d) => d.event_id)).toEqual(['event-3', 'event-2']);
    // One over the bound lets the oldest ended one go, and that one alone.
    outbox.publish(...event(4));
    expect(outbox.deliveries({}).map((d) => d.event_id)).toEqual(['event-4', 'event-3']);
  });

  it('WH5 the list bounded in bytes lets as many of its oldest ended deliveries go as make room', async () => {
    const { url } = await receiver(() => ({ status: 204 }));
    // An ended delivery of a 500-character body holds as much as a waiting one of 600 characters.
    const each = deliveryBytes(500) + 200;
    expect(deliveryBytes(600)).toBe(each);
    const { outbox } = outboxOf({ maxListBytes: 2 * each });
    const subscription = outbox.subscribe({ url });
    for (const n of [1, 2]) {
      outbox.publish(...event(n, 'goal-a', 500));
      await until(outbox, ended);
    }
    outbox.publish(...event(3, 'goal-a', 600));
    // Exactly one delivery's bytes over: the oldest goes, the next stays.
    expect(outbox.deliveries({}).map((d) => d.event_id)).toEqual(['event-3', 'event-2']);
    await until(outbox, ended);
    expect(outbox.deliveries({}).map((d) => d.event_id)).toEqual(['event-3']);
    outbox.unsubscribe(subscription.id);
    expect(outbox.bytes).toBe(deliveryBytes(600) + 200);
  });
});

describe('WH2 subscriptions', () => {
  it('WH2 events are asked for once each; a change of url keeps them, a change of events keeps the url', () => {
    const { outbox, subscriptionsTold } = outboxOf();
    const made = outbox.subscribe({
      url: 'https://example.com/hooks',
      secret: SECRET,
      events: ['comment.created', 'comment.created', 'check-in.completed'],
    });
    expect(subscriptionsTold()).toBe(1);
    expect(made).toEqual({
      // MK3: seed 42's first subscription, run after run.
      id: '7a959098-0004-4f41-93c4-ac3316566234',
      url: 'https://example.com/hooks',
      events: ['comment.created', 'check-in.completed'],
      secret: SECRET,
    });
    expect([outbox.wants('comment.created'), outbox.wants('goal-update.created')]).toEqual([true, false]);
    const moved = outbox.update(made.id, { url: 'http://127.0.0.1:1/elsewhere' });
    expect(moved).toEqual({ ...made, url: 'http://127.0.0.1:1/elsewhere' });
    const narrowed = outbox.update(made.id, { events: ['echo-answer.published', 'echo-answer.published'] });
    expect(narrowed).toEqual({ ...moved, events: ['echo-answer.published'] });
    expect(outbox.subscriptions()).toEqual([narrowed]);
    // What a caller is given is a copy: changing it changes nothing in the outbox.
    narrowed.events.push('comment.created');
    outbox.subscriptions()[0]!.events.push('comment.created');
    expect(outbox.subscription(made.id).events).toEqual(['echo-answer.published']);
    outbox.unsubscribe(made.id);
    expect([subscriptionsTold(), outbox.subscriptionCount]).toEqual([2, 0]);
  });

  it('WH2 a change of a subscription that does not exist: not found, saying where they are listed', () => {
    const { outbox } = outboxOf();
    expect(() => outbox.update('nope', { events: ['comment.created'] })).toThrow(
      'There is no webhook subscription nope (WH2); GET /__mock/webhooks lists them.',
    );
  });

  it.each([
    ['a password without a user name', 'http://:secret@127.0.0.1:1/x', /user name or password/],
    ['a user name alone', 'http://someone@127.0.0.1:1/x', /user name or password/],
    ['a websocket url', 'ws://127.0.0.1:1/x', /must be http or https, not ws:/],
  ])('WH2 a url with %s is refused, naming url', (_what, url, message) => {
    const { outbox, subscriptionsTold } = outboxOf();
    let error: DomainError | undefined;
    try {
      outbox.subscribe({ url });
    } catch (thrown) {
      error = thrown as DomainError;
    }
    expect(error?.errors.map((e) => e.name)).toEqual(['url']);
    expect(error?.message).toMatch(message);
    expect([outbox.subscriptionCount, subscriptionsTold()]).toEqual([0, 0]);
  });

  it('WH2 a change of url sends what still waits to the new url; the attempt under way goes where it is listed', async () => {
    const held = gate();
    const first = await receiver(() => ({ status: 500, hold: held.promise }));
    const second = await receiver(() => ({ status: 200 }));
    const { outbox } = outboxOf({ retryDelaysMs: [5] });
    const subscription = outbox.subscribe({ url: first.url });
    outbox.publish(...event(1));
    // Changed on the turn the attempt began, while it is being signed: that attempt still goes to the first url.
    outbox.update(subscription.id, { url: second.url });
    while (first.asked.length === 0) await new Promise((resolve) => setImmediate(resolve));
    held.open();
    const [delivery] = await until(outbox, ended);
    expect(delivery!.attempts.map((a) => [a.url, a.status])).toEqual([
      [first.url, 500],
      [second.url, 200],
    ]);
    expect([first.asked.length, second.asked.length]).toEqual([1, 1]);
  });
});

describe('WH5 GO7 the list, redeliver and withhold', () => {
  it('WH5 the list is newest first and one subscription’s alone when asked', async () => {
    const { url } = await receiver();
    const { outbox } = outboxOf();
    const one = outbox.subscribe({ url });
    const two = outbox.subscribe({ url, events: ['goal-update.created'] });
    outbox.publish(...event(1));
    const [header, body] = event(2);
    outbox.publish({ ...header, type: 'comment.created' }, body);
    await until(outbox, (d) => d.length === 3 && ended(d));
    const rows = (query: { subscription_id?: string }) =>
      outbox.deliveries(query).map((d) => [d.subscription_id, d.event_id]);
    expect(rows({})).toEqual([
      [one.id, 'event-2'],
      [two.id, 'event-1'],
      [one.id, 'event-1'],
    ]);
    expect(rows({ subscription_id: two.id })).toEqual([[two.id, 'event-1']]);
    expect(rows({ subscription_id: one.id })).toEqual([
      [one.id, 'event-2'],
      [one.id, 'event-1'],
    ]);
  });

  it('WH5 GO7 redeliver asks whether the goal is withheld; an event about no goal is sent again whatever it says', async () => {
    const { url, asked } = await receiver();
    const { outbox } = outboxOf();
    outbox.subscribe({ url });
    outbox.publish(...event(1, 'goal-a'));
    outbox.publish(...event(2, null));
    const [aboutGoal, aboutNone] = await until(outbox, (d) => d.length === 2 && ended(d));
    const asks: string[] = [];
    const withheld = (goalId: string) => {
      asks.push(goalId);
      return true;
    };
    expect(() => outbox.redeliver(aboutGoal!.id, withheld)).toThrow(/about goal goal-a, which is private now/);
    const again = outbox.redeliver(aboutNone!.id, withheld);
    expect(asks).toEqual(['goal-a']);
    expect(again).toMatchObject({ event_id: 'event-2', redelivery_of: aboutNone!.id, status: 'sending' });
    expect(again.id).not.toBe(aboutNone!.id);
    await until(outbox, (d) => d.length === 3 && ended(d));
    expect(asked.map((a) => a.headers['webhook-id'])).toEqual(['event-1', 'event-2', 'event-2']);
  });

  it('MK3 a delivery’s id is its subscription’s and its event’s, whatever was delivered before it', async () => {
    const { url } = await receiver();
    /** Two subscriptions of seed 42 and two events in `order`: each delivery's id by its subscription and event. */
    const idsOf = async (order: number[]) => {
      const { outbox } = outboxOf();
      outbox.subscribe({ url });
      outbox.subscribe({ url });
      for (const n of order) outbox.publish(...event(n));
      const listed = await until(outbox, (d) => d.length === 4 && ended(d));
      return new Map(listed.map((d) => [`${d.subscription_id} ${d.event_id}`, d.id]));
    };
    const [one, two] = [await idsOf([1, 2]), await idsOf([2, 1])];
    expect(one.size).toBe(4);
    expect(new Set(one.values()).size).toBe(4);
    expect(two).toEqual(one);
    // Seed 42's first subscription's delivery of event-1, run after run.
    expect(one.get('7a959098-0004-4f41-93c4-ac3316566234 event-1')).toBe('b82abb4d-6a3d-466d-a1b0-54a318547e8f');
  });

  it('WH5 redeliver once the subscription is gone: a conflict, saying how to subscribe again', async () => {
    const { url } = await receiver();
    const { outbox } = outboxOf();
    const subscription = outbox.subscribe({ url });
    outbox.publish(...event(1));
    const [delivery] = await until(outbox, ended);
    outbox.unsubscribe(subscription.id);
    expect(() => outbox.redeliver(delivery!.id, () => false)).toThrow(
      `Delivery ${delivery!.id}'s subscription ${subscription.id} was deleted (WH5); subscribe again with POST /__mock/webhooks.`,
    );
  });

  it('WH5 redeliver of an unknown delivery: not found, saying where they are listed', () => {
    const { outbox } = outboxOf();
    expect(() => outbox.redeliver('nope', () => false)).toThrow(
      'There is no delivery nope (WH5); GET /__mock/webhooks/deliveries lists them (the oldest finished ones go once the list is full).',
    );
  });

  it('GO7 withhold cancels the waiting deliveries about one goal, the one in flight too; the next goes at once', async () => {
    const held = gate();
    const { url, asked } = await receiver((index) => ({ status: 200, hold: index === 0 ? held.promise : undefined }));
    const { outbox } = outboxOf();
    outbox.subscribe({ url });
    outbox.publish(...event(1, 'goal-a'));
    outbox.publish(...event(2, 'goal-b'));
    outbox.publish(...event(3, 'goal-a'));
    while (asked.length === 0) await new Promise((resolve) => setImmediate(resolve));
    outbox.withhold('goal-a', 'withheld: goal goal-a became private (GO7)');
    const listed = await until(outbox, ended);
    expect(listed.map((d) => [d.event_id, d.status, d.note])).toEqual([
      ['event-1', 'cancelled', 'withheld: goal goal-a became private (GO7)'],
      ['event-2', 'succeeded', null],
      ['event-3', 'cancelled', 'withheld: goal goal-a became private (GO7)'],
    ]);
    expect(asked.map((a) => a.headers['webhook-id'])).toEqual(['event-1', 'event-2']);
    held.open();
  });
});

describe('WH4 timers and close', () => {
  /** The timers that would keep this process alive (an unref'd timer is not among them). */
  const keptAlive = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

  it('WH4 an attempt’s timeout does not keep the process alive (nor does a retry’s wait: the same timers)', () => {
    const { outbox } = outboxOf({ timeoutMs: 60_000 });
    outbox.subscribe({ url: 'http://127.0.0.1:9/hooks' });
    // Measured on one turn, in which the attempt starts its timer and nothing else starts or ends one.
    const before = keptAlive();
    outbox.publish(...event(1));
    expect([outbox.deliveries({})[0]!.status, keptAlive()]).toEqual(['sending', before]);
  });

  it('WH4 after close() nothing is sent: a later event stays pending, and no timer is left', async () => {
    const { url, asked } = await receiver(() => ({ status: 500 }));
    const { outbox, moves } = outboxOf({ retryDelaysMs: [60_000] });
    outbox.subscribe({ url });
    outbox.publish(...event(1));
    await until(outbox, (d) => d[0]!.attempts.length === 1);
    outbox.close();
    const told = moves.length;
    outbox.publish(...event(2));
    const [first, second] = outbox.deliveries({}).reverse();
    expect(moves.slice(told)).toEqual([[second!.id, 'pending']]);
    expect([first!.status, first!.note, first!.next_attempt_at]).toEqual(['cancelled', 'the mock closed', null]);
    expect(asked).toHaveLength(1);
  });
});
