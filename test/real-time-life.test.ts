// LW6 on real time (src/runtime/real-time-life.ts): a world on a running clock lives as the clock passes, with no
// request to read it. A person's Monday check-in (CI1) is made at their local midnight: the clock is set running a
// second before it, and the record, its event and its instant come by themselves.
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, instantAt } from '../src/domain/calendar.js';
import { createMock, type Mock } from '../src/http/app.js';
import { OptionError } from '../src/http/option-rules.js';
import type { CheckIn } from '../src/domain/records.js';

const mocks: Mock[] = [];
afterEach(() => {
  for (const mock of mocks.splice(0)) mock.close();
});

/** The default person's id, and the instant of their next Monday's midnight after the mock's now. */
function mondayMidnightOf(mock: Mock): { personId: string; midnight: number } {
  const person = mock.world.store.people.get(mock.world.defaultPersonId)!;
  // 2026-11-20 is a Friday: the Monday after it.
  return { personId: person.id, midnight: instantAt(addDays('2026-11-20', 3), '00:00', person.timeZone) };
}

describe('a server’s world on real time (LW6)', () => {
  it('makes the Monday check-in at its midnight with no request, in the shared world and a session’s: the record, its event, at the simulated instant', async () => {
    const mock = createMock({ seed: 42, now: '2026-11-20T15:00:00Z', catchUpEveryMs: 100 });
    mocks.push(mock);
    const { personId, midnight } = mondayMidnightOf(mock);
    // The shared world and a session's (MK5), each with its clock set running two seconds before the midnight.
    for (const session of [null, 'demo']) {
      const set = await mock.app.request('/__mock/clock', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(session ? { 'x-mock-session': session } : {}) },
        body: JSON.stringify({
          now: new Date((midnight - 2) * 1000).toISOString().replace('.000Z', 'Z'),
          frozen: false,
        }),
      });
      expect(set.status).toBe(200);
    }
    const made = new Map<string | null, CheckIn>();
    const both = new Promise<void>((resolve) =>
      mock.events.on('record:changed', ({ kind, id, world, session }) => {
        const record = kind === 'checkIns' ? world.store.checkIns.get(id) : undefined;
        if (record?.personId === personId) made.set(session, record);
        if (made.size === 2) resolve();
      }),
    );
    // No request from here on: only the ticks can make them.
    await both;
    for (const checkIn of made.values()) {
      expect(checkIn.date).toBe('2026-11-23');
      expect(checkIn.updatedAt).toBe(midnight);
    }
    // Two seconds of the clock and a tick: the limit only ends a run whose ticks never come.
  }, 120_000);

  it('refuses a period too short to be free, naming the option and the fix', () => {
    expect(() => createMock({ catchUpEveryMs: 5 })).toThrow(OptionError);
    expect(() => createMock({ catchUpEveryMs: 5 })).toThrow(
      'createMock: catchUpEveryMs must be 0 (the worlds catch up at requests only) or a whole number of milliseconds from 100 to 86400000, e.g. catchUpEveryMs: 10000, got 5',
    );
  });
});
