// EC2 and EC4: when an echo's next answer is due, and the title of the answer published then.
import { addDays, dateInZone, dayNumber, instantAt, weekdayOf } from './calendar.js';
import type { EchoQuestion, EpochSeconds, IsoDate } from './records.js';

type Schedule = Pick<EchoQuestion, 'answerFrequency' | 'answerDay' | 'answerTime' | 'answerTimeZone' | 'createdAt'>;

/** Monday-based week number of a date (1970-01-01 was a Thursday). */
function weekNumber(date: IsoDate): number {
  return Math.floor((dayNumber(date) + 3) / 7);
}

function fitsSchedule(schedule: Schedule, date: IsoDate): boolean {
  switch (schedule.answerFrequency) {
    case 'daily':
      return true;
    case 'weekly':
      return weekdayOf(date) === schedule.answerDay;
    case 'biweekly': {
      const created = dateInZone(schedule.createdAt, schedule.answerTimeZone);
      // Stryker disable next-line ArithmeticOperator: a + b and a - b are even together; the difference is what is meant.
      return weekdayOf(date) === schedule.answerDay && (weekNumber(date) - weekNumber(created)) % 2 === 0;
    }
    case 'monthly':
      return weekdayOf(date) === schedule.answerDay && Number(date.slice(8)) <= 7;
  }
}

/**
 * EC2: the first instant strictly after `after` at `answer_time` in `answer_time_zone` that fits the schedule:
 * daily any day; weekly on `answer_day`; biweekly on `answer_day` an even number of weeks after the creation
 * week; monthly on the first `answer_day` of a month.
 * @example nextAnswerAt(question, now)
 */
export function nextAnswerAt(schedule: Schedule, after: EpochSeconds): EpochSeconds {
  // Start a day early: the wall-clock date in the zone may lag the UTC date.
  let date = addDays(dateInZone(after, schedule.answerTimeZone), -1);
  for (let i = 0; i < 80; i++, date = addDays(date, 1)) {
    if (!fitsSchedule(schedule, date)) continue;
    const instant = instantAt(date, schedule.answerTime, schedule.answerTimeZone);
    if (instant > after) return instant;
  }
  // Stryker disable next-line StringLiteral: unreachable: the spec admits no schedule without a slot in 80 days (monthly is the longest gap, 62 days); the text is for a bug's report.
  throw new Error(`EC2: no slot within 80 days for schedule ${JSON.stringify(schedule)}`);
}

/** en-US's short weekdays, Sunday first, and months, as ICU writes them (the test holds them to `Intl`'s). */
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * EC4 (prod example "Weekly ship recap for Tue Apr 28"): `<title> for <Ddd Mmm D>` in the echo's zone. The date is
 * the zone's (dateInZone) written in en-US's short names: an en-US formatter per zone and an array of parts a title
 * were about 1% of `createMock` small's call in a fresh process (every answer published at start is titled).
 */
export function answerTitle(questionTitle: string, publishedAt: EpochSeconds, timeZone: string): string {
  const date = dateInZone(publishedAt, timeZone);
  const day = dayNumber(date);
  const weekday = WEEKDAY_NAMES[(((day + 4) % 7) + 7) % 7]!;
  return `${questionTitle} for ${weekday} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]!} ${Number(date.slice(8, 10))}`;
}
