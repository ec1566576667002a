// LW6: the agenda is a pure function of the seed, the record and the day: habits in their window, one update
// slot per cadence period, responses after their record, and the queue's one order.
import { describe, expect, it } from 'vitest';
import { cadenceAfter } from './action-items.js';
import { addDays, dayNumber, instantAt, weekdayOf } from './calendar.js';
import {
  beforeDaysAway,
  checkInHabit,
  checkInTime,
  closingDate,
  dayFacts,
  duringWorkingDays,
  duringWorkingHours,
  goalSlot,
  goalUpdateTime,
  responseTimes,
  routineCommented,
  workingSlotDays,
} from './life-agenda.js';
import { compareTimed, TimedQueue, type Timed } from './timed-queue.js';

const MIDNIGHT = 1_795_000_000;
const ids = Array.from({ length: 400 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('check-in habits (LW6)', () => {
  it('keeps each person to a usual time between 08:30 and 10:30, a few days late or missed', () => {
    const minutes = ids.map((id) => checkInHabit(42, { id, kind: 'human' }).minute);
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(8 * 60 + 30);
    expect(Math.max(...minutes)).toBeLessThanOrEqual(10 * 60 + 30);
    const habit = checkInHabit(42, { id: ids[0]!, kind: 'human' });
    const times = ids.map((day) => checkInTime(42, habit, day, MIDNIGHT));
    const onTime = times.filter((t) => t !== null && Math.abs(t - MIDNIGHT - habit.minute * 60) <= 21 * 60);
    const missed = times.filter((t) => t === null);
    expect(onTime.length / ids.length).toBeGreaterThan(0.8);
    expect(missed.length / ids.length).toBeLessThan(0.06);
    expect(checkInTime(42, habit, ids[7]!, MIDNIGHT)).toBe(times[7]);
  });

  it("keeps an agent to its routine's minute: within two minutes every day, never late, never missed (PT1)", () => {
    const habit = checkInHabit(42, { id: ids[0]!, kind: 'agent' });
    expect(habit.minute).toBe(checkInHabit(42, { id: ids[0]!, kind: 'human' }).minute);
    const offsets = ids.map((day) => checkInTime(42, habit, day, MIDNIGHT)! - MIDNIGHT - habit.minute * 60);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(-2 * 60);
    expect(Math.max(...offsets)).toBeLessThan(3 * 60);
  });
});

describe('goal update slots (LW6)', () => {
  const days = Array.from({ length: 84 }, (_, i) => addDays('2026-11-02', i));
  const due = (cadence: 'weekly' | 'biweekly' | 'monthly', id: string) =>
    days.filter((date) => goalUpdateTime(goalSlot(42, id), cadence, date, MIDNIGHT) !== null);

  it.each([
    ['weekly', 12],
    ['biweekly', 6],
  ] as const)('a %s goal is due once a period: %i times in 12 weeks', (cadence, count) => {
    for (const id of ids.slice(0, 50)) expect(due(cadence, id)).toHaveLength(count);
  });

  it("posts at the slot's minute and a second of the day's, not on the minute every time", () => {
    const seconds = ids.slice(0, 50).flatMap((id) =>
      due('weekly', id).map((date) => {
        const at = goalUpdateTime(goalSlot(42, id), 'weekly', date, MIDNIGHT)!;
        expect(Math.floor((at - MIDNIGHT) / 60)).toBe(goalSlot(42, id).minute);
        return (at - MIDNIGHT) % 60;
      }),
    );
    expect(seconds.filter((s) => s === 0).length / seconds.length).toBeLessThan(0.05);
    expect(new Set(seconds).size).toBe(60);
  });

  it('a monthly goal is due every fourth week on its weekday: 3 times in 12 weeks, never twice in a month', () => {
    for (const id of ids.slice(0, 50)) {
      const dates = due('monthly', id);
      expect(dates).toHaveLength(3);
      expect(new Set(dates.map(weekdayOf)).size).toBe(1);
    }
  });

  it.each(['weekly', 'biweekly'] as const)(
    "a %s goal's first slot after its anchor is the day AI3 says its update is due, or the Monday after a weekend's",
    (cadence) => {
      for (const anchor of Array.from({ length: 62 }, (_, i) => addDays('2026-12-01', i))) {
        const slot = goalSlot(42, ids[1]!, anchor);
        // From three days on: the Monday right after a weekend anchor is the anchor's own slot.
        let date = addDays(anchor, 3);
        while (goalUpdateTime(slot, cadence, date, MIDNIGHT) === null) date = addDays(date, 1);
        const due = cadenceAfter(anchor, cadence);
        const weekend = { saturday: 2, sunday: 1 }[weekdayOf(due) as 'saturday' | 'sunday'] ?? 0;
        expect(date, `${cadence} from ${anchor}`).toBe(addDays(due, weekend));
        expect(slot.minute).toBe(goalSlot(42, ids[1]!).minute);
      }
    },
  );

  it("a monthly goal's first slot after its anchor is four weeks on, its weekday's, none to three days before AI3's due day", () => {
    // Anchors over two months, the 29th to 31st included (a month shorter than the anchor's day: its last day).
    for (const anchor of Array.from({ length: 62 }, (_, i) => addDays('2026-12-01', i))) {
      const slot = goalSlot(42, ids[1]!, anchor);
      let date = addDays(anchor, 3);
      while (goalUpdateTime(slot, 'monthly', date, MIDNIGHT) === null) date = addDays(date, 1);
      const weekend = { saturday: 2, sunday: 1 }[weekdayOf(anchor) as 'saturday' | 'sunday'] ?? 0;
      expect(date, `monthly from ${anchor}`).toBe(addDays(anchor, 28 + weekend));
      const due = cadenceAfter(anchor, 'monthly');
      if (!weekend) expect(dayNumber(due) - dayNumber(date), `monthly from ${anchor}`).toBeLessThanOrEqual(3);
      if (!weekend) expect(date <= due).toBe(true);
    }
  });

  it('posts between 10:00 and 17:00 on a weekday', () => {
    const slot = goalSlot(42, ids[3]!);
    const [date] = due('weekly', ids[3]!);
    const at = goalUpdateTime(slot, 'weekly', date!, MIDNIGHT)!;
    expect(Math.floor((at - MIDNIGHT) / 60)).toBe(slot.minute);
    expect(slot.minute).toBeGreaterThanOrEqual(600);
    expect(slot.minute).toBeLessThanOrEqual(1020);
  });
});

describe('responses (LW6)', () => {
  it('come after their record, comments in turn, the same for the same record', () => {
    const all = ids.map((id) => responseTimes(42, 'goal-update', id, MIDNIGHT, false));
    for (const { comments, reactions } of all) {
      for (const t of [...comments, ...reactions]) expect(t).toBeGreaterThan(MIDNIGHT);
      expect([...comments].sort((a, b) => a - b)).toEqual(comments);
    }
    const commented = all.filter((r) => r.comments.length > 0).length / ids.length;
    expect(commented).toBeGreaterThan(0.5);
    expect(commented).toBeLessThan(0.7);
    // LW5: a goal slipping or done draws teammates in.
    const notable = ids.filter((id) => responseTimes(42, 'goal-update', id, MIDNIGHT, true).comments.length > 0);
    expect(notable.length / ids.length).toBeGreaterThan(0.7);
    expect(responseTimes(42, 'goal-update', ids[5]!, MIDNIGHT, false)).toEqual(all[5]);
  });
});

describe('the working week of goal updates (LW1, LW6)', () => {
  it.each([
    ['a Tuesday is its own', '2026-11-24', ['2026-11-24']],
    ['a Monday takes the weekend before', '2026-11-23', ['2026-11-23', '2026-11-22', '2026-11-21']],
    ['a Saturday has none', '2026-11-21', []],
  ])('%s', (_, date, days) => {
    expect(workingSlotDays(date)).toEqual(days.map(dayFacts));
  });

  it.each([
    ['a Thursday', '2026-11-26', '2026-11-26'],
    ['a Saturday', '2026-11-28', '2026-11-27'],
    ['a Sunday', '2026-11-29', '2026-11-27'],
  ])('closes a goal ending on %s on its last working day', (_, end, closing) => {
    expect(closingDate(end)).toBe(closing);
  });
});

describe('responses in the working day (LW6)', () => {
  const berlin = (date: string, time: string) => instantAt(date, time, 'Europe/Berlin');
  it.each([
    ['a Tuesday 10:00 stays', berlin('2026-11-24', '10:00'), berlin('2026-11-24', '10:00')],
    // The hour of the morning by the minute of the day it fell on (MORNING_HOURS): 07:15 is minute 435, its fifth.
    ['a Tuesday 07:15 waits for 10:15', berlin('2026-11-24', '07:15'), berlin('2026-11-24', '10:15')],
    ["a Tuesday 20:30 waits for Wednesday's 08:30", berlin('2026-11-24', '20:30'), berlin('2026-11-25', '08:30')],
    ["a Friday 19:05 waits for Monday's 10:05", berlin('2026-11-27', '19:05'), berlin('2026-11-30', '10:05')],
    ["a Saturday noon waits for Monday's 08:00", berlin('2026-11-28', '12:00'), berlin('2026-11-30', '08:00')],
    ["a Sunday 06:48 waits for Monday's 12:48", berlin('2026-11-29', '06:48'), berlin('2026-11-30', '12:48')],
    ["a Tuesday 23:51 waits for Wednesday's 08:51", berlin('2026-11-24', '23:51'), berlin('2026-11-25', '08:51')],
    ['a Tuesday 07:15:42 keeps its seconds', berlin('2026-11-24', '07:15') + 42, berlin('2026-11-24', '10:15') + 42],
  ])('%s, Berlin time', (_, at, expected) => {
    expect(duringWorkingHours(at, 'Europe/Berlin')).toBe(expected);
  });
});

describe('days away (LW6)', () => {
  const newYork = (date: string, time: string) => instantAt(date, time, 'America/New_York');
  // Thanksgiving and its Friday, then a sick Monday.
  const away = [
    { start: '2026-11-26', end: '2026-11-27', recordedAt: 0 },
    { start: '2026-11-30', end: '2026-11-30', recordedAt: 0 },
  ];
  it.each([
    ['a Wednesday before stays', newYork('2026-11-25', '14:10') + 7, newYork('2026-11-25', '14:10') + 7],
    [
      "Thanksgiving's 14:10 goes back to Wednesday's",
      newYork('2026-11-26', '14:10') + 7,
      newYork('2026-11-25', '14:10') + 7,
    ],
    [
      "the sick Monday's 09:00 goes back past the weekend and holidays",
      newYork('2026-11-30', '09:00'),
      newYork('2026-11-25', '09:00'),
    ],
  ])('beforeDaysAway: %s', (_, at, expected) => {
    expect(beforeDaysAway(at, 'America/New_York', away)).toBe(expected);
  });
  it("duringWorkingDays: Thanksgiving's noon waits for Tuesday, the first day back", () => {
    expect(duringWorkingDays(newYork('2026-11-26', '12:00'), 'America/New_York', away)).toBe(
      newYork('2026-12-01', '12:00'),
    );
  });
});

describe('routine comments (LW6)', () => {
  it('come evenly spread: any 10 routine updates in a row have 5 to 7 commented, wherever the run starts', () => {
    const commented = Array.from({ length: 400 }, (_, k) => routineCommented(42, k));
    for (let k = 0; k + 10 <= commented.length; k++) {
      const inRun = commented.slice(k, k + 10).filter(Boolean).length;
      expect(inRun, `updates ${k} to ${k + 9}`).toBeGreaterThanOrEqual(5);
      expect(inRun, `updates ${k} to ${k + 9}`).toBeLessThanOrEqual(7);
    }
    expect(Array.from({ length: 10 }, (_, k) => routineCommented(7, k))).not.toEqual(commented.slice(0, 10));
  });

  it('answer the first routine update of every seed (a week may post only one)', () => {
    const unanswered = Array.from({ length: 50 }, (_, i) => i + 1).filter((seed) => !routineCommented(seed, 0));
    expect(unanswered).toEqual([]);
  });
});

describe('TimedQueue', () => {
  it('gives its items by instant, then kind, then key, whatever the order they came in', () => {
    const items: Timed[] = [];
    for (let i = 0; i < 300; i++) items.push({ at: (i * 7919) % 37, order: i % 3, key: String((i * 31) % 11) });
    const queue = new TimedQueue<Timed>();
    for (const item of items) queue.push(item);
    const out: Timed[] = [];
    while (queue.size > 0) out.push(queue.pop()!);
    expect(out).toEqual([...items].sort(compareTimed));
    expect(queue.pop()).toBeUndefined();
  });
});
