// PT1, PT2 operations → domain calls, presented.
import { getPerson, getTeam, listPeople, listTeams } from '../../domain/people.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const peopleHandlers: OperationHandlers = {
  // PT1: `GET /me` is the token's person.
  getMe: ({ world, actor, present }) => ok(present.person(world, actor)),
  listPeople: ({ world, page, present }) => ok(listPeople(world, page).map((p) => present.person(world, p))),
  getPerson: ({ world, params, present }) => ok(present.person(world, getPerson(world, params.id))),
  listTeams: ({ world, page, present }) => ok(listTeams(world, page).map((t) => present.team(t))),
  getTeam: ({ world, params, present }) => ok(present.teamDetail(world, getTeam(world, params.id))),
};
