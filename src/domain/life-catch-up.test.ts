// LW6: the day an update already due when the world was made is caught up on (life.ts, catchUpDay): one to three
// days on, or before the owner's absence, today when its slot is still to come, else their first day back.
import { describe, expect, it } from 'vitest';
import { addDays, instantAt } from './calendar.js';
import { EntityRandom } from './entropy.js';
import { catchUpDay } from './life.js';
import type { Absence } from './records.js';

const TODAY = '2026-11-18'; // a Wednesday
const ZONE = 'America/New_York';
const MIDNIGHT = instantAt(TODAY, '00:00', ZONE);
const GOAL = '00000000-0000-4000-8000-000000000007';
const drawn = new EntityRandom(42, 'life-catch-up', GOAL).int(1, 3);

function caughtUpOn(absences: readonly Absence[], generatedAt = MIDNIGHT): string {
  return catchUpDay({ seed: 42, generatedAt }, GOAL, { timeZone: ZONE, absences }, TODAY);
}

const away = (start: string, end: string): Absence => ({ start, end, recordedAt: MIDNIGHT - 86_400 });

describe('LW6 an update due when the world was made', () => {
  it.each([
    ['in all week: the day drawn', [], MIDNIGHT, addDays(TODAY, drawn)],
    ['away on the day drawn only: the day before it', [away(addDays(TODAY, drawn), '2026-11-23')], MIDNIGHT, 'before'],
    [
      'away from tomorrow for a week: today, its slot still to come',
      [away('2026-11-19', '2026-11-25')],
      MIDNIGHT,
      TODAY,
    ],
    [
      'away from tomorrow, today’s slot gone by: the day drawn (posted on coming back)',
      [away('2026-11-19', '2026-11-25')],
      MIDNIGHT + 86_399,
      addDays(TODAY, drawn),
    ],
  ] as const)('%s', (_, absences, generatedAt, expected) => {
    // Saturday's and Sunday's updates are posted on the Monday (the 23rd), a day of the absence too.
    const before = drawn === 1 ? TODAY : addDays(TODAY, drawn - 1);
    expect(caughtUpOn(absences, generatedAt)).toBe(expected === 'before' ? before : expected);
  });
});
