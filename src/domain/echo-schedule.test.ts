// EC2: when an Echo is next answered: biweekly counts Monday-based weeks from the week it was created in.
import { describe, expect, it } from 'vitest';
import { answerTitle, nextAnswerAt } from './echo-schedule.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('nextAnswerAt (EC2)', () => {
  it.each([
    // Created on a Sunday: the Monday after is in the next Monday-based week (odd), so the first slot is the
    // Monday a week later; weeks counted from Sunday would have put both in one week and answered at once.
    ['a Sunday', '2026-11-22T10:00:00Z', '2026-11-30T16:00:00Z'],
    ['a Saturday', '2026-11-21T10:00:00Z', '2026-11-30T16:00:00Z'],
    ['a Monday, after its slot', '2026-11-16T17:00:00Z', '2026-11-30T16:00:00Z'],
    ['a Monday, before its slot', '2026-11-16T09:00:00Z', '2026-11-16T16:00:00Z'],
  ])('biweekly on Mondays, created on %s', (_, created, next) => {
    const schedule = {
      answerFrequency: 'biweekly',
      answerDay: 'monday',
      answerTime: '16:00',
      answerTimeZone: 'UTC',
      createdAt: at(created),
    } as const;
    expect(new Date(nextAnswerAt(schedule, at(created)) * 1000).toISOString()).toBe(next.replace('Z', '.000Z'));
  });
});

describe('answerTitle (EC4)', () => {
  it("writes the day as en-US's Intl does in the echo's zone, across days, months, years and zones", () => {
    const zones = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata'];
    for (const timeZone of zones) {
      const format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
      for (let t = at('2024-01-01T00:00:00Z'); t < at('2029-01-01T00:00:00Z'); t += 86_400 + 3_607) {
        const parts = Object.fromEntries(format.formatToParts(new Date(t * 1000)).map((p) => [p.type, p.value]));
        expect(answerTitle('Weekly ship recap', t, timeZone)).toBe(
          `Weekly ship recap for ${parts.weekday} ${parts.month} ${parts.day}`,
        );
      }
    }
  });
});
