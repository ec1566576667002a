// CI operations → domain calls, rendered.
import { findCheckIn, listCheckIns, updateCheckIn } from '../../domain/check-ins.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const checkInHandlers = {
  listCheckIns: ({ world, actor, query, page, render }) =>
    ok(listCheckIns(world, query, page).map((c) => render.record('checkIns', world, c, actor))),
  getCheckIn: ({ world, actor, params, render }) =>
    ok(render.record('checkIns', world, findCheckIn(world, actor, params.id), actor)),
  updateCheckIn: ({ world, actor, params, body, render }) =>
    ok(render.record('checkIns', world, updateCheckIn(world, actor, params.id, body), actor)),
} satisfies Partial<OperationHandlers>;
