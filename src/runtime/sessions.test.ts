// MK5 sessions: made on first use, capped, dropped when idle, listed least recently used first.
import { describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { Clock } from '../domain/clock.js';
import { WorldBase } from '../domain/world-base.js';
import { World } from '../domain/world.js';
import { RateLimiter } from './rate-limiter.js';
import { MockEvents } from './mock-events.js';
import { SessionError, Sessions, slotBytes, snapshotBytes, type WorldSlot } from './sessions.js';

const NOW = '2026-11-20T15:00:00Z';
const base = new WorldBase(
  generateWorld({ seed: 42, size: 'small', now: Date.parse(NOW) / 1000 }),
  worldWriter,
  'generated',
);

/** A session's slot as Worlds makes one: a layer over the base, with its own clock. */
function slot(name: string): WorldSlot {
  const world = new World(base, { clock: new Clock({ now: NOW }) });
  return { name, world, limiter: new RateLimiter(), snapshots: new Map(), faults: null };
}

describe('Sessions (MK5)', () => {
  it('makes a slot on first use and returns the same one after', () => {
    let made = 0;
    const sessions = new Sessions({
      make: (name) => {
        made++;
        return slot(name);
      },
      cap: 4,
      idleMs: 0,
    });
    const a = sessions.slotFor('a');
    expect(sessions.slotFor('a')).toBe(a);
    expect(sessions.slotFor('b')).not.toBe(a);
    expect(made).toBe(2);
  });

  it('refuses a bad name with 400 and one session over the cap with 429 naming the way out', () => {
    const sessions = new Sessions({ make: slot, cap: 2, idleMs: 0 });
    expect(() => sessions.slotFor('no spaces')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => sessions.slotFor('x'.repeat(65))).toThrow(SessionError);
    sessions.slotFor('a');
    sessions.slotFor('b');
    expect(() => sessions.slotFor('c')).toThrow(
      expect.objectContaining({ status: 429, message: expect.stringMatching(/DELETE \/__mock\/sessions/) }),
    );
    expect(sessions.drop('a')).toBe(true);
    expect(sessions.drop('a')).toBe(false);
    expect(() => sessions.slotFor('c')).not.toThrow();
  });

  it('drops sessions idle longer than the time to live, and lists the rest least recently used first', () => {
    let now = 1_000_000;
    const sessions = new Sessions({ make: slot, cap: 10, idleMs: 60_000, realTime: () => now });
    sessions.slotFor('early');
    now += 30_000;
    sessions.slotFor('late');
    now += 20_000;
    sessions.slotFor('early');
    expect(sessions.list().map((s) => s.name)).toEqual(['late', 'early']);
    now += 45_000;
    expect(sessions.list().map((s) => [s.name, s.requests])).toEqual([['early', 2]]);
    now += 60_000;
    expect(sessions.size).toBe(1);
    expect(sessions.list()).toEqual([]);
    expect(sessions.size).toBe(0);
  });

  it('names a bad name in the refusal, its first 80 characters only', () => {
    const sessions = new Sessions({ make: slot, cap: 2, idleMs: 0 });
    const name = `${'n'.repeat(79)}!${'m'.repeat(40)}`;
    let error: unknown;
    try {
      sessions.slotFor(name);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SessionError);
    expect(error).toMatchObject({
      name: 'SessionError',
      status: 400,
      message: `X-Mock-Session must be 1–64 letters, digits, dots, dashes or underscores (MK5); got "${'n'.repeat(79)}!".`,
    });
  });

  it('drops a session idle exactly the time to live, telling who and why; lists every slot by name', () => {
    let now = 5_000;
    const events = new MockEvents();
    const told: unknown[] = [];
    events.on('session:created', (e) => told.push(['created', e]));
    events.on('session:dropped', (e) => told.push(['dropped', e]));
    const sessions = new Sessions({ make: slot, cap: 10, idleMs: 1_000, events, realTime: () => now });
    const a = sessions.slotFor('a');
    now += 1;
    const b = sessions.slotFor('b');
    expect([...sessions.slots()]).toEqual([
      ['a', a],
      ['b', b],
    ]);
    now += 999;
    expect(sessions.list().map((s) => s.name)).toEqual(['b']);
    sessions.drop('b');
    expect(told).toEqual([
      ['created', { session: 'a' }],
      ['created', { session: 'b' }],
      ['dropped', { session: 'a', reason: 'idle' }],
      ['dropped', { session: 'b', reason: 'deleted' }],
    ]);
  });

  it("counts a snapshot's records only once the live layer no longer holds them", () => {
    const own = slot('own');
    const live = own.world.store.serial;
    const snapshot = { base, changes: own.world.changes(), bytes: 10 };
    own.snapshots.set('kept', { ...snapshot, recordsBytes: 1_000, layer: live });
    own.snapshots.set('reset', { ...snapshot, bytes: 20, recordsBytes: 3_000, layer: live + 1 });
    expect(snapshotBytes(own)).toBe(10 + 20 + 3_000);
    expect(slotBytes(own)).toBe(own.world.store.approxBytes + 3_030);
  });
});
