// CI operations → domain calls, presented.
import { findCheckIn, listCheckIns, updateCheckIn } from '../../domain/check-ins.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const checkInHandlers: OperationHandlers = {
  listCheckIns: ({ world, query, page, present }) =>
    ok(listCheckIns(world, query, page).map((c) => present.checkIn(world, c))),
  getCheckIn: ({ world, actor, params, present }) => ok(present.checkIn(world, findCheckIn(world, actor, params.id))),
  updateCheckIn: ({ world, actor, params, body, present }) =>
    ok(present.checkIn(world, updateCheckIn(world, actor, params.id, body))),
};
