// PT1, PT2: the authenticated person, people and teams.
import { DomainError } from './domain-error.js';
import { paginate, type Page } from './pagination.js';
import type { Person, Uuid } from './records.js';
import type { World } from './world.js';

/** PT1: `GET /me` is the token's person. */
export function getMe(world: World, actor: Person) {
  return world.present.person(actor);
}

/** PT2: order name, then id. */
export function listPeople(world: World, page: Page) {
  return paginate(world.store.peopleInOrder, page).map((p) => world.present.person(p));
}

export function getPerson(world: World, id: Uuid) {
  const person = world.store.people.get(id);
  if (!person) throw DomainError.notFound('person', id);
  return world.present.person(person);
}

/** PT2: order name, then id; teams carry their check-in days. */
export function listTeams(world: World, page: Page) {
  return paginate(world.store.teamsInOrder, page).map((t) => world.present.team(t));
}

/** PT2: one team adds its people. */
export function getTeam(world: World, id: Uuid) {
  const team = world.store.teams.get(id);
  if (!team) throw DomainError.notFound('team', id);
  return world.present.teamDetail(team);
}
