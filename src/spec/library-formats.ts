// The two string formats the specs take from ajv-formats (`date-time`, `email`), in Node and in a page alike:
// ajv-formats 3.0.1's full definitions of these two, as its formats module writes them, without the module's
// twenty-odd others (its URI and IPv6 patterns among them), which were some 2 kB gzipped of what a page loads before
// its first answer (test/page-weight.test.ts) and, in Node, a CommonJS module to resolve, lex and compile at start
// (with ajv's ucs2length, some 7 ms of a fresh process's `import('standin')`). library-formats.test.ts holds the two
// equal to the library's, input for input.
import type { Format } from 'ajv';

/** RFC 3339 §5.6 full-date: a day the calendar has, leap years by Appendix C. */
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function fullDate(text: string): boolean {
  const matches = DATE.exec(text);
  if (!matches) return false;
  const [year, month, day] = [+matches[1]!, +matches[2]!, +matches[3]!];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]!);
}

/** RFC 3339 §5.6 full-time, its offset required; a leap second only at 23:59 UTC. */
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
function fullTime(text: string): boolean {
  const matches = TIME.exec(text);
  if (!matches) return false;
  const [hour, minute, second] = [+matches[1]!, +matches[2]!, +matches[3]!];
  const sign = matches[5] === '-' ? -1 : 1;
  const [zoneHour, zoneMinute] = [+(matches[6] ?? 0), +(matches[7] ?? 0)];
  if (zoneHour > 23 || zoneMinute > 59 || !matches[4]) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  const utcMinute = minute - zoneMinute * sign;
  const utcHour = hour - zoneHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/** RFC 3339 `date-time` (a time zone required), as ajv-formats' full format checks it. */
export const DATE_TIME: Format = {
  validate: (text: string) => {
    const parts = text.split(/t|\s/i);
    return parts.length === 2 && fullDate(parts[0]!) && fullTime(parts[1]!);
  },
};
/** `email`, as ajv-formats' full format checks it. */
export const EMAIL: Format =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
