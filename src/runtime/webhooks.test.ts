// WH2: the outboxes say themselves when their subscriptions change: record changes are listened to while some
// world has a subscription, and not otherwise, with no caller left to remind them (issue 34, point 2).
import { describe, expect, it } from 'vitest';
import { MockEvents } from './mock-events.js';
import { Webhooks } from './webhooks.js';

const URL = 'http://127.0.0.1:9/hooks';

describe('Webhooks: listening follows the subscriptions', () => {
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
