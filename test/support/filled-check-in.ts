// A filled check-in built by hand, for the story measures' unit tests (fixtures/story-*.test.ts): only the fields a
// measure reads vary; the rest is a check-in filled in at `at`, of no team, with no plan nor blocker.
import type { CheckIn, EpochSeconds, IsoDate, Uuid } from '../../src/domain/records.js';

/** @example filledCheckIn({ id: 'c-1', personId: 'p-dana', date: '2026-05-27', previous: '- Ran 4 …', at: NOW }) */
export function filledCheckIn({
  id,
  personId,
  date,
  previous,
  at,
}: {
  id: string;
  personId: Uuid;
  date: IsoDate;
  previous: string;
  at: EpochSeconds;
}): CheckIn {
  return {
    id,
    personId,
    date,
    teamIds: [],
    previous,
    intentions: null,
    blockers: null,
    mood: null,
    previousCompleted: null,
    absent: false,
    completedAt: at,
    updatedAt: at,
  };
}
