// LW3, LW6: nobody posts a goal update on a day their check-in says they are sick ("Mostly in bed; no work on the
// service mesh from me" beside "Back on track at last … Pushed through platform-core#557919" the same day, a fresh
// reader of seed 42): an update due then goes to their next working day, the history's as the clock's.
import { describe, expect, it } from 'vitest';
import { dateInZone } from '../src/domain/calendar.js';
import type { EpochSeconds, Uuid } from '../src/domain/records.js';
import { control, Harness } from './support/harness.js';

/** Whether the person's check-in of the day `at` falls on in their zone says they are sick. */
function sickAt(h: Harness, personId: Uuid, at: EpochSeconds): boolean {
  const { store } = h.world;
  const person = store.people.get(personId);
  return person !== undefined && store.checkInOf(personId, dateInZone(at, person.timeZone))?.mood === 'sick';
}

describe('LW3 LW6 no goal update on its author’s sick day', () => {
  it('over seeds 1–20, neither the history nor a week the clock adds has one', { timeout: 300_000 }, async () => {
    // Before the rule: 20 of 2,886 + 111 (19 of the history's, 1 of the week's). Comments and reactions are not held
    // to it yet: 169 fall on their writer's sick day (143 of the history's, 26 of the week's), nor Echo answers.
    const found: string[] = [];
    let [history, week] = [0, 0];
    for (let seed = 1; seed <= 20; seed++) {
      const h = new Harness({ seed });
      const { store } = h.world;
      const before = new Set(store.goalUpdates.keys());
      await control(h, 'POST', '/clock/advance', { days: 7 });
      for (const u of store.goalUpdates.values()) {
        if (before.has(u.id)) history++;
        else week++;
        if (sickAt(h, u.personId, u.createdAt))
          found.push(
            `seed ${seed} ${before.has(u.id) ? 'history' : 'week'} @${store.people.get(u.personId)?.username}: ${u.id} on ${u.createdAt}`,
          );
      }
      h.mock.close();
    }
    expect(history).toBeGreaterThan(2000);
    expect(week).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
