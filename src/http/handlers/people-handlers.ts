// PT1, PT2 operations → domain calls, rendered.
import { getPerson, getTeam, listPeople, listTeams } from '../../domain/people.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const peopleHandlers = {
  // PT1: `GET /me` is the token's person.
  getMe: ({ world, actor, render }) => ok(render.record('people', world, actor, actor)),
  listPeople: ({ world, actor, page, render }) =>
    ok(listPeople(world, page).map((p) => render.record('people', world, p, actor))),
  getPerson: ({ world, actor, params, render }) =>
    ok(render.record('people', world, getPerson(world, params.id), actor)),
  listTeams: ({ world, page, render }) => ok(listTeams(world, page).map((t) => render.team(t))),
  getTeam: ({ world, actor, params, render }) => ok(render.record('teams', world, getTeam(world, params.id), actor)),
} satisfies Partial<OperationHandlers>;
