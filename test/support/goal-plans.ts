// The goal plans of a small world (fixtures/goals.ts' buildGoals) with what they are made from: what tests of a goal's
// drawn outcome, reason or archiving read, before its updates are written.
import { companyFor } from '../../fixtures/company.js';
import { buildGoals, type GoalPlan } from '../../fixtures/goals.js';
import { buildPeople } from '../../fixtures/people.js';
import { buildTeam } from '../../fixtures/teams.js';
import { Voices } from '../../fixtures/voices.js';
import { WORLD_COUNTS } from '../../fixtures/world-size.js';
import { drain } from '../../src/domain/slices.js';
import type { EpochSeconds } from '../../src/domain/records.js';

/** The plans of the small world of `seed` at `now`, as generateWorld draws them. */
export function smallGoalPlans(seed: number, now: EpochSeconds): GoalPlan[] {
  const counts = WORLD_COUNTS.small;
  const profiles = Array.from({ length: counts.teams }, (_, index) => buildTeam(seed, index));
  const people = drain(
    buildPeople(seed, counts.people, profiles, companyFor(seed), now, counts.historyDays, undefined),
  );
  const voices = new Voices(seed, people, profiles);
  const teams = profiles.map((profile) => profile.team);
  return drain(buildGoals(seed, counts.goals, people, teams, voices, now));
}
