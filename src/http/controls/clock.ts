// MK4 under /__mock/clock: the request's world's clock read, set or moved on; the runtime tells the move
// (clock:moved) itself (worlds.ts). A move is lived in turns (clock-happenings.ts' livedMove): other clients are
// answered between its steps, as a week of the large world takes seconds. An advance answers what the move made
// happen (MCP6).
import { livedMove } from '../../runtime/clock-happenings.js';
import { advancingClock, settingClock } from '../../runtime/clock-moves.js';
import { clockView } from '../../runtime/time-travel.js';
import { ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const clockControls = {
  getClock: ({ world }) => ok(clockView(world)),
  setClock: async ({ mock, slot }, { body }) => {
    const lived = await mock.worlds.moveClockLived(
      slot,
      (world, budget) => settingClock(world, body.now, body.frozen, budget),
      (move) => livedMove(mock.events, slot, move),
    );
    return ok({ now: lived.now, frozen: lived.frozen });
  },
  advanceClock: async ({ mock, slot }, { body }) =>
    ok(
      await mock.worlds.moveClockLived(
        slot,
        (world, budget) => advancingClock(world, body, budget),
        (move) => livedMove(mock.events, slot, move),
      ),
    ),
} satisfies Partial<ControlHandlers>;
