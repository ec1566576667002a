// MK6 under /__mock/faults: the request's world slot's latency and fault profile (the shared one, each
// session's: MK5), read, replaced or removed.
import { DomainError } from '../../domain/domain-error.js';
import { FaultProfile, FaultProfileError } from '../../runtime/fault-profile.js';
import { noContent, ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const faultControls = {
  getFaults: ({ slot }) => ok({ profile: slot.faults?.spec ?? null }),
  // MK6: a new profile restarts its seeded stream, so the same requests replay the same faults.
  putFaults: ({ slot, world }, { body }) => {
    try {
      slot.faults = new FaultProfile({ seed: world.seed, ...body });
    } catch (error) {
      if (error instanceof FaultProfileError)
        throw DomainError.invalid([{ in: 'body', name: error.field, message: error.message }]);
      throw error;
    }
    return ok({ profile: slot.faults.spec });
  },
  deleteFaults: ({ slot }) => {
    slot.faults = null;
    return noContent();
  },
} satisfies Partial<ControlHandlers>;
