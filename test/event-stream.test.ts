// GET /__mock/events (spec/control.yaml's streamEvents): the runtime's events as Server-Sent Events, for one
// world — the shared one or a session's — in order, guarded like every control; a reader that falls behind is
// dropped with a last event saying why, the streams are capped, and a stream that ends leaves no listener.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FEED_QUEUE_BYTES, MAX_FEED_SUBSCRIBERS } from '../src/runtime/event-feed.js';
import type { MockEventType } from '../src/runtime/mock-events.js';
import { startServer, type RunningMock } from '../src/server/start-server.js';
import { Harness, control } from './support/harness.js';

interface Told {
  event: string;
  id: string;
  data: any;
}

/** Server-Sent Events out of a stream of text, each once its blank line has come. */
class EventReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';
  ended = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.getReader();
  }

  /** The next `count` events (fewer only if the stream ends first). */
  async take(count: number): Promise<Told[]> {
    const told: Told[] = [];
    while (told.length < count) {
      const end = this.#buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.#buffer.slice(0, end);
        // A block without data (the stream's first, `retry:`) is no event.
        if (block.includes('data: ')) told.push(parse(block));
        this.#buffer = this.#buffer.slice(end + 2);
        continue;
      }
      const { done, value } = await this.#reader.read();
      if (done) {
        this.ended = true;
        return told;
      }
      this.#buffer += this.#decoder.decode(value, { stream: true });
    }
    return told;
  }

  /** Every event to the stream's end. */
  rest(): Promise<Told[]> {
    return this.take(Infinity);
  }

  cancel(): Promise<void> {
    return this.#reader.cancel();
  }
}

function parse(block: string): Told {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    const colon = line.indexOf(': ');
    fields.set(line.slice(0, colon), line.slice(colon + 2));
  }
  return { event: fields.get('event')!, id: fields.get('id')!, data: JSON.parse(fields.get('data')!) };
}

/** Opens the stream through app.request. */
async function open(h: Harness, query = ''): Promise<EventReader> {
  const response = await h.mock.app.request(`/__mock/events${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  return new EventReader(response.body!);
}

const TYPES: MockEventType[] = ['request:end', 'record:changed', 'clock:moved', 'world:replaced', 'session:created'];
const listeners = (h: Harness) => TYPES.map((type) => h.mock.events.listenerCount(type));

describe('GET /__mock/events', () => {
  it("streams the shared world's events in order: requests as journal lines, records, the clock, a reset, sessions", async () => {
    const h = new Harness();
    // The hour the clock moves is the world's alone: LW6's people's writes in it would be streamed too.
    await h.simulate('none');
    const before = listeners(h);
    const stream = await open(h);
    const goal = h.world.store.goalsOfPerson(h.person().id)[0]!;
    const update = await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { title: 'Streamed' });
    await h.get('/api/v2/me', { headers: { 'x-mock-session': 'elsewhere' } });
    await control(h, 'POST', '/clock/advance', { hours: 1 });
    await control(h, 'POST', '/reset', {});
    await control(h, 'DELETE', '/sessions/elsewhere');
    const told = await stream.take(6);
    expect(told.map((e) => e.event)).toEqual(['record', 'request', 'session', 'clock', 'world', 'session']);
    // The write's record, in the shared world, under its wire name; then the journal's line for the request.
    expect(told[0]!.data).toEqual({ session: null, kind: 'goal_updates', id: update.body.id });
    const [journalLine] = (await control(h, 'GET', `/requests?limit=1&method=POST`)).body;
    expect(told[1]!.data).toEqual(journalLine);
    // The session's request is not the shared world's: only its coming and going is told.
    expect(told.slice(2).map((e) => e.data)).toEqual([
      { session: 'elsewhere', change: 'created', reason: null },
      { session: null, now: expect.any(String), frozen: true },
      { session: null, cause: 'reset', seed: h.mock.world.seed, size: 'small' },
      { session: 'elsewhere', change: 'dropped', reason: 'deleted' },
    ]);
    const ids = told.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await stream.cancel();
    expect(listeners(h)).toEqual(before);
    expect(h.mock.feed?.size ?? 0).toBe(0);
  });

  it("MK5: with ?session= it follows that session's world alone", async () => {
    const h = new Harness();
    // The session's hour is the clock's alone (a session simulates as the shared world does, LW7).
    await h.simulate('none');
    const stream = await open(h, '?session=mine');
    const goal = h.world.store.goalsOfPerson(h.person().id)[0]!;
    await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { title: 'Shared' });
    const mine = await h.post(
      `/api/v2/goals/${goal.id}/goal-updates`,
      { title: 'Mine' },
      { headers: { 'x-mock-session': 'mine' } },
    );
    await control(h, 'POST', '/clock/advance', { hours: 1 }, { 'x-mock-session': 'mine' });
    const told = await stream.take(4);
    expect(told.map((e) => [e.event, e.data.session])).toEqual([
      ['session', 'mine'],
      ['record', 'mine'],
      ['request', 'mine'],
      ['clock', 'mine'],
    ]);
    expect(told[1]!.data.id).toBe(mine.body.id);
    expect(told[2]!.data.response_body).toBe(JSON.stringify(mine.body));
    await stream.cancel();
  });

  it('MK5: a session name that is not one gets 422 naming session', async () => {
    const h = new Harness();
    const response = await h.mock.app.request('/__mock/events?session=no%20spaces');
    expect(response.status).toBe(422);
    expect((await response.json()).errors.map((e: { name: string }) => e.name)).toEqual(['session']);
    expect(h.mock.feed?.size ?? 0).toBe(0);
  });

  it(`drops a reader that falls over ${FEED_QUEUE_BYTES / 1024} KiB behind, with a last event saying why, and listens no more`, async () => {
    const h = new Harness();
    const before = listeners(h);
    const response = await h.mock.app.request('/__mock/events');
    const goal = h.world.store.goalsOfPerson(h.person().id)[0]!;
    // Each refused write is a journal line of some 4 KiB (its body, listed), and nobody reads the stream.
    const body = { title: 'x'.repeat(4000), confidence: 150 };
    const lines = Math.ceil((2 * FEED_QUEUE_BYTES) / 4096);
    for (let i = 0; i < lines; i++) await h.post(`/api/v2/goals/${goal.id}/goal-updates`, body);
    expect(h.mock.feed?.size ?? 0).toBe(0);
    expect(listeners(h)).toEqual(before);
    const told = await new EventReader(response.body!).rest();
    expect(told.length).toBeLessThan(lines);
    expect(told.slice(0, -1).every((e) => e.event === 'request')).toBe(true);
    expect(told.at(-1)).toMatchObject({ event: 'dropped', data: { reason: expect.stringContaining('256 KiB') } });
  });

  it(`takes at most ${MAX_FEED_SUBSCRIBERS} streams at once: one more gets 429, and a closed one makes room`, async () => {
    const h = new Harness();
    const streams = await Promise.all(Array.from({ length: MAX_FEED_SUBSCRIBERS }, () => open(h)));
    const refused = await h.mock.app.request('/__mock/events');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await refused.json()).detail).toContain(`${MAX_FEED_SUBSCRIBERS} clients`);
    await streams.pop()!.cancel();
    const again = await open(h);
    expect(h.mock.feed?.size ?? 0).toBe(MAX_FEED_SUBSCRIBERS);
    await Promise.all([...streams, again].map((stream) => stream.cancel()));
    expect(h.mock.feed?.size ?? 0).toBe(0);
  });

  it('G13 and the control token guard it as every control', async () => {
    const h = new Harness({ controlToken: 'secret-control' });
    expect((await h.mock.app.request('/__mock/events')).status).toBe(401);
    const foreign = await h.mock.app.request('/__mock/events', {
      headers: { origin: 'https://evil.example', authorization: 'Bearer secret-control' },
    });
    expect(foreign.status).toBe(403);
    const allowed = await h.mock.app.request('/__mock/events', { headers: { authorization: 'Bearer secret-control' } });
    expect(allowed.status).toBe(200);
    await allowed.body!.cancel();
    expect(h.mock.feed?.size ?? 0).toBe(0);
  });
});

describe('GET /__mock/events on a port', () => {
  let running: RunningMock | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  /** The stream over a real connection, with what it has sent so far. */
  function connect(url: string, headers: Record<string, string> = {}) {
    return new Promise<{ response: IncomingMessage; received: () => string; close: () => void }>((resolve, reject) => {
      const request = httpRequest(url, { headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        resolve({ response, received: () => text, close: () => request.destroy() });
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('streams a change made by another client, and a closed connection leaves no listener behind', async () => {
    running = await startServer({ port: 0, host: '127.0.0.1', now: '2026-11-20T09:00:00Z' });
    const { mock, baseUrl } = running;
    const before = TYPES.map((type) => mock.events.listenerCount(type));
    const origin = new URL(baseUrl).origin;
    const stream = await connect(`${origin}/__mock/events`);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream');
    await fetch(`${origin}/__mock/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"days":1}',
    });
    // A day's move publishes what fell due (records), then the clock.
    await expect.poll(stream.received).toMatch(/event: clock\ndata: \{"session":null,"now":"2026-11-21T09:00:00Z"/);
    expect(stream.received()).toMatch(/^retry: 2000\n\n/);
    stream.close();
    await expect.poll(() => mock.feed?.size ?? 0).toBe(0);
    expect(TYPES.map((type) => mock.events.listenerCount(type))).toEqual(before);
  });

  it('G13: a Host the server does not answer to gets 403, as on every path', async () => {
    running = await startServer({ port: 0, host: '127.0.0.1', now: '2026-11-20T09:00:00Z' });
    const stream = await connect(`${new URL(running.baseUrl).origin}/__mock/events`, { host: 'rebound.example' });
    expect(stream.response.statusCode).toBe(403);
    expect(running.mock.feed?.size ?? 0).toBe(0);
  });
});
