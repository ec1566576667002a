// CI operations → domain calls.
import { getCheckIn, listCheckIns, updateCheckIn } from '../../domain/check-ins.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const checkInHandlers: OperationHandlers = {
  listCheckIns: ({ world, query, page }) => ok(listCheckIns(world, query, page)),
  getCheckIn: ({ world, actor, params }) => ok(getCheckIn(world, actor, params.id)),
  updateCheckIn: ({ world, actor, params, body }) => ok(updateCheckIn(world, actor, params.id, body)),
};
