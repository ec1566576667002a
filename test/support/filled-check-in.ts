// Filled check-ins built by hand, for the story measures' unit tests (fixtures/story-*.test.ts): only the fields a
// measure reads vary; the rest is a check-in filled in at `at`, of no team, with no plan nor blocker. And a world
// of one person's such check-ins, as the measures read a world.
import type { CheckIn, EpochSeconds, IsoDate, Person, Uuid } from '../../src/domain/records.js';
import type { StoryRecords } from '../../fixtures/story-measure.js';

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

/**
 * A world of `person` alone and one filled check-in per `previous`, on the date `dateOf` gives its index.
 * @example checkInWorld(DANA, NOW, ['- Ran 4 …'], () => '2026-05-27').checkIns.length // 1
 */
export function checkInWorld(
  person: Person,
  now: EpochSeconds,
  previous: readonly string[],
  dateOf: (k: number) => IsoDate,
): StoryRecords {
  const checkIns = previous.map((text, k) =>
    filledCheckIn({ id: `c-${k}`, personId: person.id, date: dateOf(k), previous: text, at: now }),
  );
  const none = { teams: [], goals: [], goalUpdates: [], comments: [], echoAnswers: [] };
  return { now, defaultPersonId: person.id, people: [person], checkIns, ...none };
}

/**
 * A world of `person` alone and one check-in a line, each line its `previous` as a bullet, all of 2026-05-27: what the
 * measures of a line (story-kinds.ts, story-moves.ts) read.
 * @example lineWorld(DANA, NOW, ['Moved the DNS records of the config service to Terraform Cloud']).checkIns.length // 1
 */
export function lineWorld(person: Person, now: EpochSeconds, lines: readonly string[]): StoryRecords {
  return checkInWorld(
    person,
    now,
    lines.map((line) => `- ${line}`),
    () => '2026-05-27',
  );
}
