// CI operations → domain calls, rendered.
import { findCheckIn, listCheckIns, updateCheckIn } from '../../domain/check-ins.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const checkInHandlers: OperationHandlers = {
  listCheckIns: ({ world, query, page, render }) =>
    ok(listCheckIns(world, query, page).map((c) => render.checkIn(world, c))),
  getCheckIn: ({ world, actor, params, render }) => ok(render.checkIn(world, findCheckIn(world, actor, params.id))),
  updateCheckIn: ({ world, actor, params, body, render }) =>
    ok(render.checkIn(world, updateCheckIn(world, actor, params.id, body))),
};
