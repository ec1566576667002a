// PT1, PT2: the authenticated person, people and teams.
import { DomainError } from './domain-error.js';
import { paginate, type Page } from './pagination.js';
import type { Person, Team, Uuid } from './records.js';
import type { World } from './world.js';

/** PT2: order name, then id. */
export function listPeople(world: World, page: Page): Person[] {
  return paginate(world.store.peopleInOrder, page);
}

export function getPerson(world: World, id: Uuid): Person {
  return DomainError.unlessFound(world.store.people.get(id), 'person', id);
}

/** PT2: order name, then id; teams carry their check-in days. */
export function listTeams(world: World, page: Page): Team[] {
  return paginate(world.store.teamsInOrder, page);
}

/** PT2: one team adds its people. */
export function getTeam(world: World, id: Uuid): Team {
  return DomainError.unlessFound(world.store.teams.get(id), 'team', id);
}
