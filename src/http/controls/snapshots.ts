// MK5 under /__mock/snapshots: a world slot's named snapshots, taken, listed, restored and deleted.
import { formatInstant } from '../../domain/calendar.js';
import { DomainError } from '../../domain/domain-error.js';
import type { WorldSize } from '../../domain/world-base.js';
import type { WorldChanges } from '../../domain/world.js';
import { noContent, ok } from '../operation-handler.js';
import { restored } from '../put-state.js';
import type { ControlHandlers } from './control-handler.js';

function snapshotInfo(name: string, base: { seed: number; size: WorldSize }, changes: WorldChanges) {
  return { name, seed: base.seed, size: base.size, now: formatInstant(Math.floor(changes.now / 1000)) };
}

export const snapshotControls = {
  listSnapshots: ({ slot }) =>
    ok([...slot.snapshots].map(([name, { base, changes }]) => snapshotInfo(name, base, changes))),
  saveSnapshot: ({ mock, slot }, { params }) => {
    const changes = mock.worlds.takeSnapshot(slot, params.name);
    return ok(snapshotInfo(params.name, slot.world.base, changes));
  },
  restoreSnapshot: ({ mock, slot }, { params }) => ok(restored(mock.worlds.restoreSnapshot(slot, params.name))),
  deleteSnapshot: ({ slot }, { params }) => {
    if (!slot.snapshots.delete(params.name)) {
      throw new DomainError('not-found', `There is no snapshot ${params.name}; GET /__mock/snapshots lists them.`);
    }
    return noContent();
  },
} satisfies Partial<ControlHandlers>;
