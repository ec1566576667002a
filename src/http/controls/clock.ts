// MK4 under /__mock/clock: the request's world's clock read, set or moved on; the runtime tells the move
// (clock:moved) itself (worlds.ts). An advance answers what the move made happen (MCP6, clock-happenings.ts).
import { tallyMove } from '../../runtime/clock-happenings.js';
import { advanceClock, clockView, setClock } from '../../runtime/time-travel.js';
import { ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const clockControls = {
  getClock: ({ world }) => ok(clockView(world)),
  setClock: ({ mock, slot }, { body }) =>
    ok(mock.worlds.moveClock(slot, (world, budget) => setClock(world, body.now, body.frozen, budget))),
  advanceClock: async ({ mock, slot }, { body }) =>
    ok(
      await tallyMove(mock.events, slot, () =>
        mock.worlds.moveClock(slot, (world, budget) => advanceClock(world, body, budget)),
      ),
    ),
} satisfies Partial<ControlHandlers>;
