// CI operations → domain calls.
import { getCheckIn, listCheckIns, updateCheckIn, type CheckInFilters, type CheckInPatch } from '../../domain/check-ins.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const checkInHandlers: OperationHandlers = {
  listCheckIns: ({ world, query, page }) => ok(listCheckIns(world, query as CheckInFilters, page)),
  getCheckIn: ({ world, actor, params }) => ok(getCheckIn(world, actor, params.id)),
  updateCheckIn: ({ world, actor, params, body }) => ok(updateCheckIn(world, actor, params.id, body as CheckInPatch)),
};
