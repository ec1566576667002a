// Calendar arithmetic: G3 calendar dates and instants, CI1 zone dates, EC2 wall-clock instants across DST.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateInZone,
  dayNumber,
  formattedParts,
  formatInstant,
  instantAt,
  isCalendarDate,
  mondayIndex,
  mondayWeek,
  weekdayOf,
  zonedParts,
  zonedPartsFromParts,
} from './calendar.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('calendar', () => {
  it('G3 formats instants without fractions and recognises real calendar dates only', () => {
    expect(formatInstant(at('2026-11-20T15:00:00.999Z'))).toBe('2026-11-20T15:00:00Z');
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', '20261120', '2026-11-20T00:00:00Z']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it('weekdays and day arithmetic agree with the calendar', () => {
    expect(weekdayOf('2026-11-20')).toBe('friday');
    expect(weekdayOf('1969-12-31')).toBe('wednesday');
    // Monday 0 … Sunday 6, before 1970 too: each day of a week around day 0 as weekdayOf names it.
    const order = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    for (const date of ['1969-12-29', '1970-01-01', '1970-01-04', '2026-11-16', '2026-11-20', '2026-11-22'])
      expect(order[mondayIndex(dayNumber(date))], date).toBe(weekdayOf(date));
    // One week number from a Monday to its Sunday, the next from the next Monday.
    const week = (date: string) => mondayWeek(dayNumber(date));
    expect(['2026-11-16', '2026-11-20', '2026-11-22'].map(week)).toEqual(Array(3).fill(week('2026-11-16')));
    expect([week('2026-11-15'), week('2026-11-23')]).toEqual([week('2026-11-16') - 1, week('2026-11-16') + 1]);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it("CI1 a person's today is the clock's date in their zone", () => {
    const now = at('2026-11-20T15:00:00Z');
    expect(dateInZone(now, 'Asia/Tokyo')).toBe('2026-11-21');
    expect(dateInZone(now, 'America/Los_Angeles')).toBe('2026-11-20');
    expect(dateInZone(at('2026-11-20T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-21');
  });

  it('EC2 wall-clock instants follow daylight saving time', () => {
    // New York: UTC-4 until 1 November 2026, UTC-5 after.
    expect(instantAt('2026-10-26', '09:00', 'America/New_York')).toBe(at('2026-10-26T13:00:00Z'));
    expect(instantAt('2026-11-02', '09:00', 'America/New_York')).toBe(at('2026-11-02T14:00:00Z'));
    expect(instantAt('2026-07-01', '00:00', 'Asia/Tokyo')).toBe(at('2026-06-30T15:00:00Z'));
  });

  it('EC2 a skipped wall time moves forward by the gap; a repeated one takes its first occurrence', () => {
    // 2027-03-14 02:00 EST jumps to 03:00 EDT: 02:30 does not exist and becomes 03:30 EDT.
    expect(instantAt('2027-03-14', '02:30', 'America/New_York')).toBe(at('2027-03-14T07:30:00Z'));
    // 2026-11-01 01:30 happens in EDT and again in EST: the first is 05:30Z.
    expect(instantAt('2026-11-01', '01:30', 'America/New_York')).toBe(at('2026-11-01T05:30:00Z'));
    expect(instantAt('2026-03-29', '02:30', 'Europe/Berlin')).toBe(at('2026-03-29T01:30:00Z'));
  });

  it.each([
    // The day's offset changes at 02:00: a wall time after it takes the day's new offset, not the old one.
    ['after the spring-forward, the new offset', '2027-03-14', '09:00', 'America/New_York', '2027-03-14T13:00:00Z'],
    ['after the fall-back, the new offset', '2026-11-01', '09:00', 'America/New_York', '2026-11-01T14:00:00Z'],
    ['before the fall-back, the old one', '2026-11-01', '00:30', 'America/New_York', '2026-11-01T04:30:00Z'],
    ['a zone half an hour off the hour', '2026-11-23', '09:00', 'Asia/Kolkata', '2026-11-23T03:30:00Z'],
    ['a zone three quarters off', '2026-11-23', '09:00', 'Asia/Kathmandu', '2026-11-23T03:15:00Z'],
    // Liberia kept Monrovia's mean time, 44 minutes 30 seconds behind UTC, until 1972: an offset's seconds count.
    ['a zone whose offset has seconds', '1970-06-01', '09:00', 'Africa/Monrovia', '1970-06-01T09:44:30Z'],
  ])('EC2 %s', (_, date, time, zone, instant) => {
    expect(instantAt(date, time, zone)).toBe(at(instant));
  });

  it("reads a zone's wall clock from the formatter's parts as from its text (another engine's fallback)", () => {
    for (const [iso, zone, date, hour, minute] of [
      ['2026-11-20T15:00:00Z', 'Asia/Tokyo', '2026-11-21', 0, 0],
      ['2026-11-20T23:45:30Z', 'Asia/Kolkata', '2026-11-21', 5, 15],
      ['2026-03-01T04:59:59Z', 'America/New_York', '2026-02-28', 23, 59],
    ] as const) {
      expect(zonedPartsFromParts(at(iso), zone)).toEqual({
        date,
        hour,
        minute,
        second: Number(iso.slice(17, 19)),
      });
    }
  });

  it("reads a zone's wall clock from the day's offset as ICU reads it from the instant, on days of change too", () => {
    // Every 97 minutes and 13 seconds for two years: all hours, minutes and seconds, and every transition's day
    // (New York's, Berlin's, Adelaide's half hours, Chatham's 45 minutes, Lord Howe's half-hour change).
    const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Adelaide', 'Pacific/Chatham', 'Australia/Lord_Howe'];
    let compared = 0;
    for (const zone of zones) {
      for (let t = at('2026-01-01T00:00:00Z'); t < at('2028-01-01T00:00:00Z'); t += 97 * 60 + 13) {
        expect(zonedParts(t, zone)).toEqual(formattedParts(t, zone));
        compared++;
      }
      // Around each change, second by second: the last wall time before it and the first after.
      for (const iso of [
        '2026-03-08T07:00:00Z',
        '2026-11-01T06:00:00Z',
        '2026-03-29T01:00:00Z',
        '2026-04-04T16:30:00Z',
      ]) {
        for (let t = at(iso) - 2; t <= at(iso) + 2; t++) expect(zonedParts(t, zone)).toEqual(formattedParts(t, zone));
      }
    }
    expect(compared).toBeGreaterThan(50_000);
    // Before 1972, Monrovia's offset had seconds.
    const monrovia = at('1970-06-01T12:34:56Z');
    expect(zonedParts(monrovia, 'Africa/Monrovia')).toEqual(formattedParts(monrovia, 'Africa/Monrovia'));
  });

  it("reads a week's offset from its two ends as each day of it reads its own, in zones of many changes", () => {
    // Casablanca's Ramadan hours (a month apart), Gaza's, Moscow's, São Paulo's, Lord Howe's, Troll's two hours: no
    // zone changes and changes back within a week (a scan of every zone ICU knows, 1900-2100, found none).
    const zones = ['Africa/Casablanca', 'Asia/Gaza', 'Europe/Moscow', 'America/Sao_Paulo', 'Australia/Lord_Howe'];
    for (const zone of [...zones, 'Antarctica/Troll']) {
      for (let t = at('1990-01-01T12:00:00Z'); t < at('2030-01-01T00:00:00Z'); t += 86_400 + 3_607) {
        expect(zonedParts(t, zone)).toEqual(formattedParts(t, zone));
      }
    }
  });
});
