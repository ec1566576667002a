// PT1, PT2 operations → domain calls, rendered.
import { getPerson, getTeam, listPeople, listTeams } from '../../domain/people.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const peopleHandlers: OperationHandlers = {
  // PT1: `GET /me` is the token's person.
  getMe: ({ world, actor, render }) => ok(render.person(world, actor)),
  listPeople: ({ world, page, render }) => ok(listPeople(world, page).map((p) => render.person(world, p))),
  getPerson: ({ world, params, render }) => ok(render.person(world, getPerson(world, params.id))),
  listTeams: ({ world, page, render }) => ok(listTeams(world, page).map((t) => render.team(t))),
  getTeam: ({ world, params, render }) => ok(render.teamDetail(world, getTeam(world, params.id))),
};
