// MockEvents on its own: a stop ends one listener and no other, and `heard` (what the request path asks before
// it builds an event) is true exactly while something listens. test/mock-events.test.ts has the events a mock tells.
import { describe, expect, it } from 'vitest';
import { MockEvents } from './mock-events.js';

describe('MockEvents: on, stop, heard', () => {
  it('stops only the listener whose stop was called; the others of its type still hear', () => {
    const events = new MockEvents();
    const heard: string[] = [];
    const stopA = events.on('session:dropped', (e) => heard.push(`a ${e.session}`));
    events.on('session:dropped', (e) => heard.push(`b ${e.session}`));
    stopA();
    events.emit('session:dropped', { session: 's1', reason: 'deleted' });
    expect(heard).toEqual(['b s1']);
  });

  it('is heard while a listener listens, and not before nor after', () => {
    const events = new MockEvents();
    expect(events.heard('session:dropped')).toBe(false);
    const stop = events.on('session:dropped', () => undefined);
    expect([events.heard('session:dropped'), events.heard('request:end')]).toEqual([true, false]);
    stop();
    expect(events.heard('session:dropped')).toBe(false);
  });
});
