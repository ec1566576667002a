// The kit's day arithmetic: across months and years, weekdays as the API writes them, bad dates refused.
import { describe, expect, it } from 'vitest';
import { addDays, dateIn, epochDay, weekdayOf } from './dates.js';

describe('kit dates', () => {
  it('adds and subtracts days across a month and a year', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('names weekdays in lower case and refuses what is not a date', () => {
    expect(['2026-11-20', '2026-11-21', '2026-11-23'].map(weekdayOf)).toEqual(['friday', 'saturday', 'monday']);
    expect(() => weekdayOf('2026-13-45')).toThrow(/not a YYYY-MM-DD date/);
  });

  it('counts whole days from the epoch', () => {
    expect(epochDay('1970-01-08')).toBe(7);
    expect(epochDay(addDays('2026-11-20', 10)) - epochDay('2026-11-20')).toBe(10);
  });

  it.each([
    ['2026-11-20T23:30:00Z', 'Europe/Berlin', '2026-11-21'],
    ['2026-11-20T23:30:00Z', 'America/New_York', '2026-11-20'],
    [Date.parse('2026-11-20T15:00:00Z'), 'Asia/Tokyo', '2026-11-21'],
    [Date.parse('2026-11-20T15:00:00Z'), 'Pacific/Honolulu', '2026-11-20'],
  ])('reads %s in %s as the date %s', (instant, timeZone, date) => {
    expect(dateIn(instant, timeZone)).toBe(date);
  });
});
