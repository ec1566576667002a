// Outbound webhooks against a real node:http receiver on port 0: every delivery's signature verified with the
// standardwebhooks package (WH3) and every payload validated against the spec's `webhooks:` schemas (WH6); the
// four events (WH2), GO7, retries on the injectable schedule and the real one as data (WH4), ordering per
// subscription and time travel in instant order, a slow receiver never holding the API, the bounded queue,
// redeliver (WH5), reset and close stopping deliveries, sessions' own subscriptions. Waits are on events.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { dateInZone } from '../src/domain/calendar.js';
import type { Person } from '../src/domain/records.js';
import { rewriteRefs } from '../src/spec/compile-spec.js';
import { getCompiledControlSpec, getCompiledSpec } from '../src/spec/compiled-spec.js';
import { runtimeValidators } from '../src/spec/runtime-validators.js';
import { feedOf } from '../src/http/event-stream.js';
import type { DeliveryStatus } from '../src/runtime/webhook-outbox.js';
import { DEFAULT_WEBHOOK_SETTINGS, WEBHOOK_RETRY_DELAYS_MS } from '../src/runtime/webhook-settings.js';
import { control, Harness } from './support/harness.js';

const spec = getCompiledSpec();
const { source } = runtimeValidators(spec.document);
const webhooksSpec = (spec.document as { webhooks?: Record<string, { post: { requestBody: any } }> }).webhooks!;
/** WH6: each event's payload validator, compiled from the spec's `webhooks:`. */
const payloadValidators = new Map(
  Object.entries(webhooksSpec).map(([type, item]) => [
    type,
    source(type, rewriteRefs(item.post.requestBody.content['application/json'].schema)),
  ]),
);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  payload: { id: string; type: string; created_at: string; data: { id: string; [field: string]: unknown } };
}

/** What the receiver answers a request with: a status, after an optional wait. */
type Answer = { status: number; hold?: Promise<void> };

/** A real receiver: verifies every signature and payload, records what came, answers as told. */
class Receiver {
  readonly received: Received[] = [];
  /** Problems found with a request (a bad signature, a payload off the spec): the test asserts none. */
  readonly problems: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  answer: (index: number) => Answer = () => ({ status: 204 });
  #verifier: Webhook | null = null;
  #waiters: Array<{ count: number; resolve: () => void }> = [];
  readonly #server: Server;

  constructor() {
    this.#server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => void this.#take(req.headers, body, res));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hooks`;
  }

  /** The subscription's secret: every request from now on is verified with it. */
  set secret(secret: string) {
    this.#verifier = new Webhook(secret);
  }

  /** Resolves once `count` requests have come. */
  async count(count: number): Promise<Received[]> {
    if (this.received.length < count) await new Promise<void>((resolve) => this.#waiters.push({ count, resolve }));
    return this.received;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #take(headers: IncomingHttpHeaders, body: string, res: import('node:http').ServerResponse): Promise<void> {
    const index = this.received.length;
    const payload = JSON.parse(body) as Received['payload'];
    try {
      this.#verifier!.verify(body, headers as Record<string, string>);
    } catch (error) {
      this.problems.push(`request ${index}: WH3 signature: ${(error as Error).message}`);
    }
    const validate = payloadValidators.get(payload.type);
    if (!validate) this.problems.push(`request ${index}: WH6 no webhooks: entry for ${payload.type}`);
    else if (!validate(payload)) this.problems.push(`request ${index}: WH6 ${JSON.stringify(validate.errors)}`);
    if (headers['webhook-id'] !== payload.id) this.problems.push(`request ${index}: webhook-id is not the body's id`);
    this.received.push({ headers, body, payload });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    for (const waiter of this.#waiters.filter((w) => this.received.length >= w.count)) waiter.resolve();
    this.#waiters = this.#waiters.filter((w) => this.received.length < w.count);
    const { status, hold } = this.answer(index);
    await hold;
    this.inFlight--;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${index}`);
  }
}

/** A promise and the function that settles it: a receiver held until the test says so. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const thing of open.splice(0)) await thing.close();
});

/** A mock with a receiver subscribed to the shared world (or a session's). */
async function setUp(options: ConstructorParameters<typeof Harness>[0] = {}, events?: string[], session?: string) {
  const h = new Harness(options);
  const receiver = new Receiver();
  open.push(receiver, { close: () => h.mock.close() });
  const url = await receiver.listen();
  const headers: Record<string, string> = session ? { 'x-mock-session': session } : {};
  const made = await control(h, 'POST', '/webhooks', { url, ...(events ? { events } : {}) }, headers);
  expect(made.status).toBe(201);
  receiver.secret = made.body.secret;
  return { h, receiver, subscription: made.body as { id: string; secret: string; url: string } };
}

/** Resolves once the shared world's deliveries satisfy `done` (told on every status change, never polled). */
function settled(h: Harness, done: (statuses: DeliveryStatus[]) => boolean, session: string | null = null) {
  const outbox = h.mock.webhooks.outbox(session);
  const statuses = () => outbox.deliveries({ per_page: 50 }).map((d) => d.status);
  return new Promise<void>((resolve) => {
    if (done(statuses())) return resolve();
    outbox.onSettled = () => {
      if (done(statuses())) {
        outbox.onSettled = null;
        resolve();
      }
    };
  });
}

/** A person whose check-in of their today is open (CI1), and that check-in. */
function openCheckIn(h: Harness): { person: Person; id: string } {
  for (const person of h.world.store.peopleInOrder) {
    const checkIn = h.world.store.checkInOf(person.id, dateInZone(h.world.now(), person.timeZone));
    if (checkIn && checkIn.completedAt === null) return { person, id: checkIn.id };
  }
  throw new Error('no open check-in today');
}

/** A goal of the default person that is not private. */
function publicGoalId(h: Harness): string {
  const me = h.person();
  const goal = [...h.world.store.goals.values()].find((g) => !g.private && !g.archived && g.ownerId === me.id);
  return goal!.id;
}

describe('WH2 WH3 WH6 the four events, signed and as the spec describes them', () => {
  it('WH2 (prod) check-in.completed once, on the first answers; an edit sends nothing', async () => {
    const { h, receiver } = await setUp({}, ['check-in.completed', 'goal-update.created']);
    const { person, id } = openCheckIn(h);
    const token = h.tokenOf(person);
    expect((await h.patch(`/api/v2/check-ins/${id}`, { intentions: 'Ship it' }, { token })).status).toBe(200);
    expect((await h.patch(`/api/v2/check-ins/${id}`, { intentions: 'Ship it today' }, { token })).status).toBe(200);
    // A later event as a fence: deliveries are in order, so anything the edit sent would come before it.
    expect((await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 40 })).status).toBe(201);
    const [first, second] = await receiver.count(2);
    expect(receiver.problems).toEqual([]);
    expect(first!.payload.type).toBe('check-in.completed');
    const asGet = await h.get(`/api/v2/check-ins/${id}`, { token });
    // The record as it was completed (the later edit is not in it) and the mock clock's instant.
    expect(first!.payload.data).toEqual({ ...asGet.body, intentions: 'Ship it' });
    expect(first!.payload.created_at).toBe(asGet.body.completed_at);
    expect(second!.payload.type).toBe('goal-update.created');
    expect(receiver.received).toHaveLength(2);
  });

  it('WH2 WH3 goal-update.created, comment.created and echo-answer.published carry the record as its GET gives it', async () => {
    const { h, receiver } = await setUp();
    // The week's deliveries are the client's writes and EC4's answers alone: LW6's people would add theirs.
    await h.simulate('none');
    const update = (await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 55, body: 'Halfway' }))
      .body;
    const { id: checkInId } = openCheckIn(h);
    const comment = (await h.post(`/api/v2/check-ins/${checkInId}/comments`, { body: 'Nice' })).body;
    await control(h, 'POST', '/clock/advance', { days: 7 });
    const answers = [...h.world.store.echoAnswers.values()].filter(
      (a) => a.publishedAt > Date.parse('2026-11-20T15:00:00Z') / 1000,
    );
    expect(answers.length).toBeGreaterThan(0);
    const received = await receiver.count(2 + answers.length);
    expect(receiver.problems).toEqual([]);
    expect(received.map((r) => r.payload.type)).toEqual([
      'goal-update.created',
      'comment.created',
      ...answers.map(() => 'echo-answer.published'),
    ]);
    expect(received[0]!.payload.data).toEqual((await h.get(`/api/v2/goal-updates/${update.id}`)).body);
    expect(received[0]!.payload.created_at).toBe(update.created_at);
    expect(received[1]!.payload.data).toEqual(comment);
    const firstAnswer = received[2]!.payload;
    expect(firstAnswer.data).toEqual((await h.get(`/api/v2/echo/answers/${firstAnswer.data.id}`)).body);
    expect(firstAnswer.created_at).toBe(firstAnswer.data.published_at);
  });

  it('MK3 WH3 the payload is the same for the same seed, clock and writes; webhook-timestamp is real time', async () => {
    const bodies: string[] = [];
    for (let run = 0; run < 2; run++) {
      const { h, receiver } = await setUp();
      expect((await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 12 })).status).toBe(201);
      const [one] = await receiver.count(1);
      bodies.push(one!.body);
      const timestamp = Number(one!.headers['webhook-timestamp']);
      // standardwebhooks accepted it within its 5 minutes of the receiver's clock; the mock's clock is 2026-11-20.
      expect(receiver.problems).toEqual([]);
      expect(timestamp).not.toBe(Date.parse('2026-11-20T15:00:00Z') / 1000);
    }
    expect(bodies[1]).toBe(bodies[0]);
  });

  it('GO7 WH3 a private goal’s update and the comments on it are never delivered', async () => {
    const { h, receiver } = await setUp();
    const goal = (await h.post('/api/v2/goals', { title: 'Quiet plan', private: true })).body;
    const hidden = (await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { progress: 10 })).body;
    expect((await h.post(`/api/v2/goal-updates/${hidden.id}/comments`, { body: 'psst' })).status).toBe(201);
    const seen = (await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 20 })).body;
    const [first] = await receiver.count(1);
    expect(first!.payload.data.id).toBe(seen.id);
    expect(receiver.problems).toEqual([]);
    const listed = await control(h, 'GET', '/webhooks/deliveries');
    expect(listed.body.map((d: { payload: Received['payload'] }) => d.payload.data.id)).toEqual([seen.id]);
  });
});

describe('GO7 WH3 a goal made private after its update was published', () => {
  it('GO7 WH5 what still waits about it is withheld, and its deliveries are not sent again', async () => {
    const { h, receiver } = await setUp({ webhooks: { retryDelaysMs: [60_000] } }, [
      'goal-update.created',
      'comment.created',
    ]);
    receiver.answer = (i) => ({ status: i === 0 ? 500 : 204 });
    const goalId = publicGoalId(h);
    const update = await h.post(`/api/v2/goals/${goalId}/goal-updates`, { progress: 17 });
    await settled(h, (s) => s[0] === 'pending');
    // Another goal's update goes on as before.
    const other = [...h.world.store.goals.values()].find((g) => !g.private && g.id !== goalId)!;
    expect((await h.patch(`/api/v2/goals/${goalId}`, { private: true })).status).toBe(200);
    const [withheld] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    expect(withheld).toMatchObject({ status: 'cancelled', next_attempt_at: null });
    expect(withheld.note).toBe(`withheld: goal ${goalId} became private (GO7)`);
    const again = await control(h, 'POST', `/webhooks/deliveries/${withheld.id}/redeliver`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(
      `Delivery ${withheld.id} is about goal ${goalId}, which is private now or deleted: nothing about it is sent (GO7).`,
    );
    expect(update.status).toBe(201);
    await h.post(
      `/api/v2/goals/${other.id}/goal-updates`,
      { progress: 18 },
      { token: h.tokenOf(h.world.store.people.get(other.ownerId)!) },
    );
    const received = await receiver.count(2);
    expect(received.map((r) => r.payload.data.progress)).toEqual([17, 18]);
  });
});

describe('WH4 order, time travel and a slow receiver', () => {
  it('WH4 a clock move delivers every Echo answer it publishes in the order of their instants, one at a time', async () => {
    const { h, receiver } = await setUp({}, ['echo-answer.published']);
    const before = new Set(h.world.store.echoAnswers.values());
    await control(h, 'POST', '/clock/advance', { days: 21 });
    const published = [...h.world.store.echoAnswers.values()].filter((a) => !before.has(a));
    expect(published.length).toBeGreaterThan(3);
    const received = await receiver.count(published.length);
    expect(receiver.problems).toEqual([]);
    const instants = published.map((a) => a.publishedAt).sort((a, b) => a - b);
    expect(received.map((r) => Date.parse(r.payload.created_at) / 1000)).toEqual(instants);
    expect(receiver.maxInFlight).toBe(1);
  });

  it('WH4 the API answers before a slow receiver does: delivery never blocks the request that caused it', async () => {
    const { h, receiver } = await setUp();
    const order: string[] = [];
    const held = gate();
    receiver.answer = () => ({ status: 200, hold: held.promise });
    const answered = h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 30 }).then((res) => {
      order.push(`api ${res.status}`);
    });
    // The receiver answers only once the API has: a delivery the request waited for would never end.
    await answered;
    await receiver.count(1);
    order.push('receiver got it');
    held.open();
    await settled(h, (s) => s[0] === 'succeeded');
    expect(order).toEqual(['api 201', 'receiver got it']);
  });
});

describe('WH4 retries', () => {
  it('WH4 the schedule: 1 s, 5 s, 30 s, 2 min and 10 min of real time, 10 s to answer', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([1_000, 5_000, 30_000, 120_000, 600_000]);
    expect(DEFAULT_WEBHOOK_SETTINGS.retryDelaysMs).toBe(WEBHOOK_RETRY_DELAYS_MS);
    expect(DEFAULT_WEBHOOK_SETTINGS.timeoutMs).toBe(10_000);
  });

  it('WH4 WH5 a failing receiver is tried again with the same webhook-id until it answers 2xx; later events wait', async () => {
    const { h, receiver } = await setUp({ webhooks: { retryDelaysMs: [5, 10, 15] } });
    receiver.answer = (i) => ({ status: i < 2 ? 500 : 200 });
    const goalId = publicGoalId(h);
    await h.post(`/api/v2/goals/${goalId}/goal-updates`, { progress: 31 });
    await h.post(`/api/v2/goals/${goalId}/goal-updates`, { progress: 32 });
    const received = await receiver.count(4);
    expect(receiver.problems).toEqual([]);
    expect(received.map((r) => r.payload.data.progress)).toEqual([31, 31, 31, 32]);
    expect(new Set(received.slice(0, 3).map((r) => r.headers['webhook-id'])).size).toBe(1);
    await settled(h, (s) => s.every((x) => x === 'succeeded'));
    const [second, first] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    expect(first.attempts.map((a: { status: number }) => a.status)).toEqual([500, 500, 200]);
    expect(first.attempts[0].response).toBe('answer 0');
    expect(second.attempts.map((a: { status: number }) => a.status)).toEqual([200]);
  });

  it('WH4 past the last delay a delivery is failed; a refused connection is an attempt with its error', async () => {
    const { h, receiver, subscription } = await setUp({ webhooks: { retryDelaysMs: [5, 5] } });
    await receiver.close();
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 33 });
    await settled(h, (s) => s[0] === 'failed');
    const [delivery] = (await control(h, 'GET', `/webhooks/deliveries?subscription_id=${subscription.id}`)).body;
    expect(delivery.attempts).toHaveLength(3);
    expect(delivery.attempts[0]).toMatchObject({ status: null, response: null });
    expect(delivery.attempts[0].error).toMatch(/ECONNREFUSED/);
    expect(delivery.note).toBe('failed after 3 attempts (WH4)');
    expect(delivery.next_attempt_at).toBeNull();
  });

  it('WH4 a receiver that does not answer within the timeout failed that attempt', async () => {
    const { h, receiver } = await setUp({ webhooks: { retryDelaysMs: [], timeoutMs: 50 } });
    const held = gate();
    receiver.answer = () => ({ status: 200, hold: held.promise });
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 34 });
    await settled(h, (s) => s[0] === 'failed');
    held.open();
    const [delivery] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    expect(delivery.attempts[0].error).toBe('no answer within 0.05 s (WH4)');
  });
});

describe('WH5 the deliveries list, the bounded queue and redeliver', () => {
  it('WH5 past the queue’s bound the oldest waiting delivery is dropped and listed as dropped', async () => {
    const { h, receiver } = await setUp({ webhooks: { maxQueueEntries: 2 } });
    const held = gate();
    receiver.answer = (i) => ({ status: 200, hold: i === 0 ? held.promise : undefined });
    const goalId = publicGoalId(h);
    await h.post(`/api/v2/goals/${goalId}/goal-updates`, { progress: 41 });
    await receiver.count(1);
    for (const progress of [42, 43, 44]) await h.post(`/api/v2/goals/${goalId}/goal-updates`, { progress });
    held.open();
    await settled(h, (s) => !s.includes('pending') && !s.includes('sending'));
    const listed = (await control(h, 'GET', '/webhooks/deliveries')).body as Array<{
      status: string;
      note: string | null;
      payload: Received['payload'];
    }>;
    expect(listed.map((d) => [d.payload.data.progress, d.status])).toEqual([
      [44, 'succeeded'],
      [43, 'dropped'],
      [42, 'dropped'],
      [41, 'succeeded'],
    ]);
    expect(listed[1]!.note).toBe('dropped, oldest first: the queue holds at most 2 deliveries (WH5)');
    expect(receiver.received.map((r) => r.payload.data.progress)).toEqual([41, 44]);
  });

  it('WH5 a queue bounded in bytes drops the same way', async () => {
    const { h, receiver } = await setUp({ webhooks: { maxQueueBytes: 9_000 } });
    const held = gate();
    receiver.answer = (i) => ({ status: 200, hold: i === 0 ? held.promise : undefined });
    const goalId = publicGoalId(h);
    await h.post(`/api/v2/goals/${goalId}/goal-updates`, { progress: 51, body: 'x'.repeat(1000) });
    await receiver.count(1);
    // Each delivery holds about 3,800 bytes: the second waits beside the one in flight, the third drops it.
    await h.post(`/api/v2/goals/${goalId}/goal-updates`, { progress: 52, body: 'y'.repeat(1000) });
    await h.post(`/api/v2/goals/${goalId}/goal-updates`, { progress: 53, body: 'z'.repeat(1000) });
    held.open();
    await settled(h, (s) => !s.includes('pending') && !s.includes('sending'));
    const listed = (await control(h, 'GET', '/webhooks/deliveries')).body;
    expect(listed.map((d: { status: string }) => d.status)).toEqual(['succeeded', 'dropped', 'succeeded']);
    expect(listed[1].note).toBe('dropped, oldest first: the queue holds at most 9000 bytes (WH5)');
    expect(receiver.received.map((r) => r.payload.data.progress)).toEqual([51, 53]);
  });

  it('WH5 redeliver sends the same webhook-id and body again as a new delivery', async () => {
    const { h, receiver } = await setUp();
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 61 });
    await receiver.count(1);
    await settled(h, (s) => s[0] === 'succeeded');
    const [first] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    const again = await control(h, 'POST', `/webhooks/deliveries/${first.id}/redeliver`);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ redelivery_of: first.id, event_id: first.event_id, attempts: [] });
    const [one, two] = await receiver.count(2);
    expect(receiver.problems).toEqual([]);
    expect(two!.headers['webhook-id']).toBe(one!.headers['webhook-id']);
    expect(two!.body).toBe(one!.body);
  });

  it('WH5 each status a delivery takes is a `delivery` line of the event feed (GET /__mock/events), its own world only', async () => {
    const { h, receiver } = await setUp();
    /** Every line a feed subscriber of `session`'s world is given, read as they come until it is closed. */
    const follow = (session: string | null) => {
      const subscription = feedOf(h.mock).subscribe(session)!;
      const lines: Array<{ event: string; data: unknown }> = [];
      void (async () => {
        for (let line = await subscription.next(); line; line = await subscription.next())
          lines.push({ event: line.event, data: JSON.parse(line.data) });
      })();
      open.push(subscription);
      return lines;
    };
    const shared = follow(null);
    const elsewhere = follow('elsewhere');
    const deliveryLines = () => shared.filter((line) => line.event === 'delivery').map((line) => line.data);
    /** The lines are given as the statuses change: once the outbox says so, a turn later they are all read. */
    const settledAndRead = async (done: (statuses: DeliveryStatus[]) => boolean) => {
      await settled(h, done);
      await new Promise((resolve) => setImmediate(resolve));
    };
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 71 });
    await settledAndRead((s) => s[0] === 'succeeded');
    const [first] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    const statuses = (id: string) =>
      ['pending', 'sending', 'succeeded'].map((status) => ({ session: null, id, status }));
    expect(deliveryLines()).toEqual(statuses(first.id));
    const again = await control(h, 'POST', `/webhooks/deliveries/${first.id}/redeliver`);
    await settledAndRead((s) => s.length === 2 && s[0] === 'succeeded');
    expect(deliveryLines()).toEqual([...statuses(first.id), ...statuses(again.body.id)]);
    await receiver.count(2);
    // A session's subscriber is told of none of the shared world's deliveries.
    expect(elsewhere.filter((line) => line.event === 'delivery')).toEqual([]);
  });
});

describe('WH2 subscriptions through /__mock/webhooks', () => {
  // OpenAPI matches the concrete /webhooks/deliveries before /webhooks/{id}: so do the router and the spec's
  // lookup (the fuzzer holds every answer to the operation the lookup names).
  it.each([
    ['DELETE', '/webhooks/deliveries', 405, undefined],
    ['PATCH', '/webhooks/deliveries', 405, undefined],
    ['GET', '/webhooks/deliveries', 200, 'listWebhookDeliveries'],
    ['DELETE', '/webhooks/00000000-0000-4000-8000-000000000000', 404, 'deleteWebhook'],
  ])('G8 %s %s answers %i, as the operation the spec matches (%s) documents', async (method, path, status, id) => {
    const answer = await new Harness().mock.app.request(`/__mock${path}`, { method });
    expect(answer.status).toBe(status);
    if (status === 405) expect(answer.headers.get('allow')).toBe('GET');
    expect(getCompiledControlSpec().findOperation(method, path)?.operationId).toBe(id);
  });

  it.each([
    ['a url that is not http', { url: 'ftp://example.com/x' }, 'url'],
    ['a url that does not parse', { url: 'http://' }, 'url'],
    ['an unknown event', { url: 'http://127.0.0.1:1/x', events: ['goal.deleted'] }, 'events'],
    ['a secret of 3 bytes', { url: 'http://127.0.0.1:1/x', secret: 'whsec_AAAA' }, 'secret'],
    ['a secret without whsec_', { url: 'http://127.0.0.1:1/x', secret: 'c2VjcmV0' }, 'secret'],
  ])('WH2 422 for %s, naming the field', async (_what, body, field) => {
    const h = new Harness();
    const res = await control(h, 'POST', '/webhooks', body);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { name: string }) => e.name.replace(/\[.*$/, ''))).toContain(field);
  });

  it('WH2 list, get, change and delete; deleting cancels what it owed; unknown ids 404', async () => {
    const { h, receiver, subscription } = await setUp({ webhooks: { retryDelaysMs: [60_000] } });
    receiver.answer = () => ({ status: 500 });
    const given = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const second = await control(h, 'POST', '/webhooks', {
      url: subscription.url,
      secret: given,
      events: ['comment.created'],
    });
    expect(second.body.secret).toBe(given);
    expect((await control(h, 'GET', '/webhooks')).body.map((s: { id: string }) => s.id)).toEqual([
      subscription.id,
      second.body.id,
    ]);
    const changed = await control(h, 'PATCH', `/webhooks/${second.body.id}`, { events: ['check-in.completed'] });
    expect(changed.body).toEqual({ ...second.body, events: ['check-in.completed'] });
    expect((await control(h, 'GET', `/webhooks/${second.body.id}`)).body).toEqual(changed.body);
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 71 });
    await settled(h, (s) => s.length === 1 && s[0] === 'pending');
    expect((await control(h, 'DELETE', `/webhooks/${subscription.id}`)).status).toBe(204);
    const [delivery] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    expect(delivery).toMatchObject({
      status: 'cancelled',
      note: 'its subscription was deleted',
      next_attempt_at: null,
    });
    const again = await control(h, 'POST', `/webhooks/deliveries/${delivery.id}/redeliver`);
    expect(again.status).toBe(409);
    for (const [method, path] of [
      ['GET', `/webhooks/${subscription.id}`],
      ['DELETE', `/webhooks/${subscription.id}`],
      ['POST', `/webhooks/deliveries/${subscription.id}/redeliver`],
    ] as const)
      expect((await control(h, method, path)).status, `${method} ${path}`).toBe(404);
  });

  it('G13 the controls’ guard covers webhooks: without the control token, 401', async () => {
    const h = new Harness({ controlToken: 'sesame-control-token' });
    expect((await control(h, 'GET', '/webhooks')).status).toBe(401);
    expect((await control(h, 'POST', '/webhooks', { url: 'http://127.0.0.1:1/x' })).status).toBe(401);
    const allowed = await control(h, 'GET', '/webhooks', undefined, { authorization: 'Bearer sesame-control-token' });
    expect(allowed).toEqual({ status: 200, body: [] });
  });

  it('MK5 WH2 a session’s subscriptions get its own world’s events only', async () => {
    const { h, receiver } = await setUp({}, undefined, 'worker-1');
    const shared = new Receiver();
    open.push(shared);
    const made = await control(h, 'POST', '/webhooks', { url: await shared.listen() });
    shared.secret = made.body.secret;
    const goalId = publicGoalId(h);
    await h.post(
      `/api/v2/goals/${goalId}/goal-updates`,
      { progress: 81 },
      { headers: { 'x-mock-session': 'worker-1' } },
    );
    await h.post(`/api/v2/goals/${goalId}/goal-updates`, { progress: 82 });
    const [inSession] = await receiver.count(1);
    const [inShared] = await shared.count(1);
    expect([inSession!.payload.data.progress, inShared!.payload.data.progress]).toEqual([81, 82]);
    expect(receiver.problems.concat(shared.problems)).toEqual([]);
    expect((await control(h, 'DELETE', '/sessions/worker-1')).status).toBe(204);
    expect((await control(h, 'GET', '/webhooks', undefined, { 'x-mock-session': 'worker-1' })).body).toEqual([]);
  });
});

describe('WH4 reset and close stop deliveries', () => {
  it('MK2 WH4 a reset cancels what was owed (no retry timer left) and keeps the subscription', async () => {
    const { h, receiver } = await setUp({ webhooks: { retryDelaysMs: [60_000] } });
    receiver.answer = (i) => ({ status: i === 0 ? 500 : 200 });
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 91 });
    await settled(h, (s) => s[0] === 'pending');
    expect((await control(h, 'GET', '/webhooks/deliveries')).body[0].next_attempt_at).not.toBeNull();
    await control(h, 'POST', '/reset', {});
    const [cancelled] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', next_attempt_at: null });
    expect(cancelled.note).toBe('the world was replaced (reset) before it was sent');
    // Had the first delivery kept its retry, this one would wait a minute behind it.
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 92 });
    const received = await receiver.count(2);
    expect(received.map((r) => r.payload.data.progress)).toEqual([91, 92]);
  });

  it('WH4 close() stops every delivery and timer', async () => {
    const { h, receiver } = await setUp({ webhooks: { retryDelaysMs: [60_000] } });
    receiver.answer = () => ({ status: 503 });
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 93 });
    await settled(h, (s) => s[0] === 'pending');
    const outbox = h.mock.webhooks.outbox(null);
    h.mock.close();
    expect(outbox.deliveries({}).map((d) => [d.status, d.note])).toEqual([['cancelled', 'the mock closed']]);
  });
});

/** V8's full garbage collection, switched on at run time (vitest gives no --expose-gc). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** A receiver that answers as a hostile or broken one would: `handle` writes whatever it likes. */
async function rawReceiver(handle: (res: import('node:http').ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handle(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** A mock subscribed to `url` for goal updates, and one goal update posted. */
async function oneDelivery(url: string, webhooks: NonNullable<ConstructorParameters<typeof Harness>[0]>['webhooks']) {
  const h = new Harness({ webhooks });
  open.push({ close: () => h.mock.close() });
  expect((await control(h, 'POST', '/webhooks', { url, events: ['goal-update.created'] })).status).toBe(201);
  expect((await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 12 })).status).toBe(201);
  return h;
}

describe('WH4 WH5 hostile receivers: the mock stays bounded and says what happened', () => {
  it('WH4 a 2xx whose body does not end within the timeout failed that attempt, garbage collection or not', async () => {
    const url = await rawReceiver((res) => res.writeHead(200, { 'content-type': 'text/plain' }).write('partial'));
    const h = await oneDelivery(url, { retryDelaysMs: [], timeoutMs: 500 });
    // Node's AbortSignal.any lets a collected AbortSignal.timeout never fire (nodejs/node#57736): while the body
    // is awaited, collect garbage until the attempt ends. With such a signal it never would.
    let ended = false;
    void settled(h, (s) => s[0] === 'failed' || s[0] === 'succeeded').then(() => (ended = true));
    while (!ended) {
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const [delivery] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    // Failed, not succeeded, though the receiver's status was 200: the attempt keeps it (null only on a machine
    // so loaded that the head took longer than the timeout, which fails the same way).
    expect([delivery.status, delivery.attempts[0].error]).toEqual(['failed', 'no answer within 0.5 s (WH4)']);
    expect([200, null]).toContain(delivery.attempts[0].status);
  });

  it('WH5 a huge answer is read up to 4,096 characters only, and the list keeps that much', async () => {
    const url = await rawReceiver((res) => res.writeHead(200).end('y'.repeat(4 * 2 ** 20)));
    const h = await oneDelivery(url, { retryDelaysMs: [] });
    await settled(h, (s) => s[0] === 'succeeded' || s[0] === 'failed');
    const [delivery] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts[0].response).toBe('y'.repeat(4096));
    expect(h.mock.webhooks.bytes).toBeLessThan(20_000);
  });

  it('WH4 a redirect is not followed (the mock POSTs only where the subscription says): a failed attempt', async () => {
    let elsewhere = 0;
    const target = await rawReceiver((res) => {
      elsewhere++;
      res.writeHead(204).end();
    });
    const url = await rawReceiver((res) => res.writeHead(307, { location: target }).end());
    const h = await oneDelivery(url, { retryDelaysMs: [] });
    await settled(h, (s) => s[0] === 'failed' || s[0] === 'succeeded');
    const [delivery] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    expect([delivery.status, delivery.attempts[0].status, elsewhere]).toEqual(['failed', 307, 0]);
  });

  it('MK2 WH4 a reset while an attempt is in flight aborts it: cancelled, no attempt listed, nothing retried', async () => {
    let asked = 0;
    const url = await rawReceiver(() => void asked++); // never answers
    const h = await oneDelivery(url, { retryDelaysMs: [5] });
    await settled(h, (s) => s[0] === 'sending');
    while (asked === 0) await new Promise((resolve) => setImmediate(resolve));
    expect((await control(h, 'POST', '/reset', {})).status).toBe(200);
    const [delivery] = (await control(h, 'GET', '/webhooks/deliveries')).body;
    expect(delivery).toMatchObject({ status: 'cancelled', attempts: [], next_attempt_at: null });
    expect(delivery.note).toBe('the world was replaced (reset) before it was sent');
  });
});

describe('MK5 WH4 a session dropped while its delivery is in flight', () => {
  it('MK5 WH4 deleting the session aborts the request in flight and leaves no outbox behind', async () => {
    let aborted: () => void;
    const abortSeen = new Promise<void>((resolve) => (aborted = resolve));
    let asked = 0;
    const server = createServer((req, res) => {
      asked++;
      res.on('close', () => aborted()); // never answered: closed only when the mock gives up
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    open.push({
      close: () => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      },
    });
    const h = new Harness({ webhooks: { timeoutMs: 600_000 } });
    open.push({ close: () => h.mock.close() });
    const session = { 'x-mock-session': 'doomed' };
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    expect((await control(h, 'POST', '/webhooks', { url }, session)).status).toBe(201);
    const goal = publicGoalId(h);
    await h.post(`/api/v2/goals/${goal}/goal-updates`, { progress: 5 }, { headers: session });
    const outbox = h.mock.webhooks.outbox('doomed');
    await settled(h, (s) => s[0] === 'sending', 'doomed');
    while (asked === 0) await new Promise((resolve) => setImmediate(resolve));
    expect((await control(h, 'DELETE', '/sessions/doomed')).status).toBe(204);
    await abortSeen; // the receiver saw the mock hang up: no socket is left to a dropped session
    expect(outbox.deliveries({}).map((d) => d.status)).toEqual(['cancelled']);
    expect(outbox.subscriptionCount).toBe(1);
    expect(h.mock.webhooks.outbox('doomed')).not.toBe(outbox);
  });
});

describe('WH2 hostile callers of /__mock/webhooks', () => {
  it.each([
    ['a page of another origin', { origin: 'https://evil.example' }],
    [
      'a page of another origin, as a simple text/plain POST',
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
    ],
    ['a form or script of another site (no Origin)', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }],
    ['a sandboxed page (Origin: null)', { origin: 'null' }],
  ])('G13 %s cannot subscribe the mock to an internal address (403, nothing subscribed)', async (_who, headers) => {
    const h = new Harness();
    const res = await h.mock.app.request('/__mock/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ url: 'http://10.0.0.1/admin' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(h.mock.webhooks.outbox(null).subscriptionCount).toBe(0);
  });

  it('WH2 a url with a user or password is refused when subscribing (fetch never sends one): 422 naming url', async () => {
    const h = new Harness();
    for (const url of ['http://user:pass@127.0.0.1:1/x', 'http://user@127.0.0.1:1/x']) {
      const res = await control(h, 'POST', '/webhooks', { url });
      expect(res.status, url).toBe(422);
      expect(res.body.errors[0].name).toBe('url');
      expect(res.body.errors[0].message).toMatch(/user name or password/);
    }
    const made = await control(h, 'POST', '/webhooks', { url: 'http://127.0.0.1:1/x' });
    const changed = await control(h, 'PATCH', `/webhooks/${made.body.id}`, { url: 'https://a:b@example.com/' });
    expect(changed.status).toBe(422);
  });

  it('WH2 a world holds at most 16 subscriptions: the 17th gets 409 saying so; deleting one makes room', async () => {
    const h = new Harness();
    const url = `http://127.0.0.1:1/${'x'.repeat(1900)}`;
    const made = [];
    for (let i = 0; i < 16; i++) made.push(await control(h, 'POST', '/webhooks', { url }));
    expect(made.map((m) => m.status)).toEqual(Array(16).fill(201));
    const refused = await control(h, 'POST', '/webhooks', { url });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/at most 16 subscriptions \(WH2\).*DELETE \/__mock\/webhooks\/\{id\}/);
    expect((await control(h, 'GET', '/webhooks')).body).toHaveLength(16);
    // The subscriptions count against the memory budget, as the deliveries do.
    expect(h.mock.webhooks.bytes).toBeGreaterThan(16 * 1900);
    expect((await control(h, 'DELETE', `/webhooks/${made[0]!.body.id}`)).status).toBe(204);
    expect((await control(h, 'POST', '/webhooks', { url })).status).toBe(201);
  });
});

describe('MK3 WH3 ids whatever the order of requests, and never one id for two messages', () => {
  /** A goal update and a comment, posted in `order`, delivered: each delivery's id by its event's id. */
  async function idsOf(order: Array<'update' | 'comment'>) {
    const { h, receiver } = await setUp({}, ['goal-update.created', 'comment.created']);
    const { id: checkInId } = openCheckIn(h);
    const writes = {
      update: () => h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 21 }),
      comment: () => h.post(`/api/v2/check-ins/${checkInId}/comments`, { body: 'Order does not matter.' }),
    };
    for (const write of order) expect((await writes[write]()).status).toBe(201);
    await receiver.count(2);
    await settled(h, (s) => s.length === 2 && s.every((x) => x === 'succeeded'));
    const listed = (await control(h, 'GET', '/webhooks/deliveries')).body as Array<{ id: string; event_id: string }>;
    return new Map(listed.map((d) => [d.event_id, d.id]));
  }

  it('MK3 the delivery of an event to a subscription has the same id whichever request came first', async () => {
    const [one, two] = [await idsOf(['update', 'comment']), await idsOf(['comment', 'update'])];
    expect([...one.keys()].sort()).toEqual([...two.keys()].sort());
    for (const [event, delivery] of one) expect(two.get(event), event).toBe(delivery);
  });

  it('WH3 after a reset, a new message never reuses the webhook-id of an older, different one', async () => {
    const { h, receiver } = await setUp({}, ['goal-update.created']);
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 91 });
    await settled(h, (s) => s[0] === 'succeeded');
    await control(h, 'POST', '/reset', {});
    await h.post(`/api/v2/goals/${publicGoalId(h)}/goal-updates`, { progress: 92 });
    const [first, second] = await receiver.count(2);
    expect(first!.payload.data.id).toBe(second!.payload.data.id); // the same record id: same seed, same step (MK3)
    expect(second!.body).not.toBe(first!.body);
    expect(second!.headers['webhook-id']).not.toBe(first!.headers['webhook-id']);
    await settled(h, (s) => s.every((x) => x === 'succeeded'));
    const ids = (await control(h, 'GET', '/webhooks/deliveries')).body.map((d: { id: string }) => d.id);
    expect(new Set(ids).size).toBe(2);
  });
});
