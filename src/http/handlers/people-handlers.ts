// PT1, PT2 operations → domain calls.
import { getMe, getPerson, getTeam, listPeople, listTeams } from '../../domain/people.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const peopleHandlers: OperationHandlers = {
  getMe: ({ world, actor }) => ok(getMe(world, actor)),
  listPeople: ({ world, page }) => ok(listPeople(world, page)),
  getPerson: ({ world, params }) => ok(getPerson(world, params.id)),
  listTeams: ({ world, page }) => ok(listTeams(world, page)),
  getTeam: ({ world, params }) => ok(getTeam(world, params.id)),
};
