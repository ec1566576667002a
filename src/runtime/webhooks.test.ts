// WH2: the outboxes say themselves when their subscriptions change: record changes are listened to while some
// world has a subscription, and not otherwise, with no caller left to remind them (issue 34, point 2). WH4: a
// turn's events go out after it, in the order of their instants; worlds without an outbox, or whose outbox went
// within the turn, are passed over without a failure.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateWorld, worldWriter } from '../../fixtures/index.js';
import { Clock } from '../domain/clock.js';
import type { GoalUpdate } from '../domain/records.js';
import { goalWithheld } from '../domain/webhook-events.js';
import { WorldBase } from '../domain/world-base.js';
import { World } from '../domain/world.js';
import { MockEvents } from './mock-events.js';
import type { PublishedRecordText } from './webhook-listener.js';
import { Webhooks } from './webhooks.js';

/** Nothing listens there: an attempt is refused at once (and none is made before the turn ends). */
const URL = 'http://127.0.0.1:9/hooks';
const NOW = '2026-11-20T15:00:00Z';

const world = new World(
  new WorldBase(generateWorld({ seed: 42, size: 'small', now: Date.parse(NOW) / 1000 }), worldWriter, 'generated'),
  { clock: new Clock({ now: NOW }) },
);
/** Two published goal updates of public goals, the older first. */
const [older, newer] = [...world.store.goalUpdates.values()]
  .filter((update) => !goalWithheld(world.store, update.goalId))
  .sort((a, b) => a.createdAt - b.createdAt)
  .slice(-2) as [GoalUpdate, GoalUpdate];

/** The presenter, saying which record it was asked for (and how often it was). */
function presenter(): { present: PublishedRecordText; presented: string[] } {
  const presented: string[] = [];
  return {
    presented,
    present: (_world, publication) => {
      presented.push(publication.record.id);
      return JSON.stringify({ id: publication.record.id });
    },
  };
}

const closing: Webhooks[] = [];
afterEach(() => {
  for (const webhooks of closing.splice(0)) webhooks.close();
  vi.restoreAllMocks();
});

/** Webhooks over their own events, a presenter that records what it was asked for, and what a listener threw. */
function webhooksOf() {
  const events = new MockEvents();
  const { present, presented } = presenter();
  const webhooks = new Webhooks(events, 42, present, { retryDelaysMs: [] });
  closing.push(webhooks);
  const failures = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const changed = (session: string | null, update: GoalUpdate) =>
    events.emit('record:changed', { session, world, kind: 'goalUpdates', id: update.id, previous: undefined });
  return { events, webhooks, presented, failures, changed };
}

/** The turn's events are sent once it is over. */
const turnOver = () => new Promise((resolve) => setImmediate(resolve));

/** The records an outbox's deliveries are about, oldest first. */
const deliveredRecords = (webhooks: Webhooks, session: string | null) =>
  webhooks
    .outbox(session)
    .deliveries({})
    .reverse()
    .map((d) => (d.payload as { data: { id: string } }).data.id);

describe('Webhooks: the outbox’s module, loaded on first use', () => {
  it('makes no outbox before load() resolved, and one after (the page does not fetch it at start)', async () => {
    // A module of its own: the loaded class is the module's, and another test of this worker may have loaded it.
    vi.resetModules();
    const fresh = await import('./webhooks.js');
    const webhooks = new fresh.Webhooks(new MockEvents(), 42, presenter().present);
    expect(() => webhooks.outbox(null)).toThrow(/not loaded yet/);
    await webhooks.load();
    expect(webhooks.outbox(null).subscriptionCount).toBe(0);
  });
});

describe('Webhooks: listening follows the subscriptions', () => {
  beforeAll(() => new Webhooks(new MockEvents(), 42, presenter().present).load());
  it('listens to record:changed from the first subscription of any world until the last is gone', () => {
    const events = new MockEvents();
    const webhooks = new Webhooks(events, 42, () => '{}');
    expect(events.listenerCount('record:changed')).toBe(0);
    const shared = webhooks.outbox(null).subscribe({ url: URL });
    expect(events.listenerCount('record:changed')).toBe(1);
    const session = webhooks.outbox('s1').subscribe({ url: URL });
    expect(events.listenerCount('record:changed')).toBe(1);
    webhooks.outbox(null).unsubscribe(shared.id);
    expect(events.listenerCount('record:changed')).toBe(1);
    webhooks.outbox('s1').unsubscribe(session.id);
    expect(events.listenerCount('record:changed')).toBe(0);
  });

  it('stops listening when the session holding the last subscription is dropped, or the mock closes', () => {
    const events = new MockEvents();
    const webhooks = new Webhooks(events, 42, () => '{}');
    webhooks.outbox('s1').subscribe({ url: URL });
    events.emit('session:dropped', { session: 's1', reason: 'idle' });
    expect(events.listenerCount('record:changed')).toBe(0);
    webhooks.outbox(null).subscribe({ url: URL });
    webhooks.close();
    expect(events.listenerCount('record:changed')).toBe(0);
  });

  it('does not listen for a subscription it refused', () => {
    const events = new MockEvents();
    const webhooks = new Webhooks(events, 42, () => '{}');
    expect(() => webhooks.outbox(null).subscribe({ url: URL, secret: 'whsec_short' })).toThrow(/whsec_/);
    expect(events.listenerCount('record:changed')).toBe(0);
  });
});

describe('Webhooks: a turn’s events', () => {
  beforeAll(() => new Webhooks(new MockEvents(), 42, presenter().present).load());
  it('WH4 are sent after the turn, in the order of their instants, whatever order they came in', async () => {
    const { webhooks, changed, presented, failures } = webhooksOf();
    webhooks.outbox(null).subscribe({ url: URL });
    changed(null, newer);
    changed(null, older);
    expect(presented).toEqual([]);
    await turnOver();
    expect(deliveredRecords(webhooks, null)).toEqual([older.id, newer.id]);
    expect(failures).not.toHaveBeenCalled();
  });

  it('WH2 are not presented for a world whose subscriptions do not ask for them', async () => {
    const { webhooks, changed, presented } = webhooksOf();
    webhooks.outbox(null).subscribe({ url: URL, events: ['comment.created'] });
    changed(null, older);
    await turnOver();
    expect([presented, deliveredRecords(webhooks, null)]).toEqual([[], []]);
  });

  it('MK5 a world with no outbox, or whose session went within the turn, is passed over without a failure', async () => {
    const { events, webhooks, changed, presented, failures } = webhooksOf();
    webhooks.outbox(null).subscribe({ url: URL });
    const doomed = webhooks.outbox('doomed');
    doomed.subscribe({ url: URL });
    changed('elsewhere', older);
    events.emit('world:replaced', { session: 'elsewhere', world, cause: 'reset' });
    events.emit('session:dropped', { session: 'elsewhere', reason: 'idle' });
    changed('doomed', older);
    events.emit('session:dropped', { session: 'doomed', reason: 'deleted' });
    changed(null, newer);
    await turnOver();
    expect(failures).not.toHaveBeenCalled();
    expect([presented, deliveredRecords(webhooks, null), doomed.deliveries({})]).toEqual([[newer.id], [newer.id], []]);
  });

  it('WH4 every outbox takes the settings given (here: no retries), the defaults for the rest', async () => {
    const { webhooks, changed } = webhooksOf();
    const outbox = webhooks.outbox('s1');
    outbox.subscribe({ url: URL });
    const settled = new Promise<void>((resolve) => (outbox.onSettled = () => resolve()));
    changed('s1', older);
    await settled;
    expect(outbox.deliveries({}).map((d) => [d.status, d.note, d.attempts.length])).toEqual([
      ['failed', 'failed after 1 attempts (WH4)', 1],
    ]);
  });

  it('WH5 the bytes are every outbox’s', () => {
    const { webhooks } = webhooksOf();
    webhooks.outbox(null).subscribe({ url: URL });
    webhooks.outbox('s1').subscribe({ url: URL });
    expect(webhooks.bytes).toBe(webhooks.outbox(null).bytes + webhooks.outbox('s1').bytes);
    expect(webhooks.outbox('s1').bytes).toBeGreaterThan(0);
  });
});
