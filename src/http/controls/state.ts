// The state under /__mock/state, as a JSON control: PUT restores a saved state into the request's world at once
// (in-process, in a page). With a state loader (standin serve) it is put-state.ts's route instead, and GET is
// state-export.ts's stream.
import { ok } from '../operation-handler.js';
import { restored } from '../put-state.js';
import type { ControlHandlers } from './control-handler.js';

export const stateControls = {
  putState: ({ mock, slot }, { body }) => ok(restored(mock.worlds.restore(slot, body))),
} satisfies Partial<ControlHandlers>;
