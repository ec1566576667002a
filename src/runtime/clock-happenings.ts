// MCP6: what a move of the clock made happen in the world it moved, counted from the runtime's own events while
// the world catches up: records the clock's rules made (CI1, EC4), those the team's life wrote (LW6), and the
// webhook deliveries they queued (WH3). Counted, not diffed: a scan of the large world's records would cost
// more than the move.
import type { RecordKind } from '../domain/record-kinds.js';
import type { CheckIn } from '../domain/records.js';
import type { ControlSchema } from '../types/wire.js';
import type { MockEvents } from './mock-events.js';
import type { WorldSlot } from './sessions.js';

/** MCP6: the counts an advance answers with, as spec/control.yaml's ClockHappened generates them. */
export type Happened = ControlSchema<'ClockHappened'>;

/** Which count a new record of a kind adds to; kinds the clock does not make are absent. */
const MADE: Partial<Record<RecordKind, keyof Happened>> = {
  checkIns: 'check_ins_made',
  goalUpdates: 'goal_updates_posted',
  comments: 'comments_posted',
  reactions: 'reactions_added',
  echoAnswers: 'echo_answers_published',
  activities: 'activities_logged',
};

/**
 * Runs `move` (a synchronous move of `slot`'s clock, its world caught up) and counts what it made. Webhook
 * deliveries are queued on the turn's microtask (webhooks.ts), so the count is read once that has run.
 * @example const { happened } = await tallyMove(mock.events, slot, () => worlds.moveClock(slot, (w, budget) => advanceClock(w, { days: 1 }, budget)))
 */
export async function tallyMove<T>(
  events: MockEvents,
  slot: WorldSlot,
  move: () => T,
): Promise<T & { happened: Happened }> {
  const happened: Happened = {
    check_ins_made: 0,
    check_ins_filled: 0,
    goal_updates_posted: 0,
    comments_posted: 0,
    reactions_added: 0,
    echo_answers_published: 0,
    activities_logged: 0,
    webhook_deliveries: 0,
  };
  const world = slot.world;
  const stopRecords = events.on('record:changed', (event) => {
    if (event.world !== world) return;
    const count = MADE[event.kind];
    if (event.previous === undefined) {
      if (count) happened[count]++;
      // A check-in made and filled in the same move (a day passed whole) counts as both.
      if (event.kind === 'checkIns' && world.store.checkIns.get(event.id)?.completedAt != null)
        happened.check_ins_filled++;
    } else if (event.kind === 'checkIns') {
      const before = event.previous as CheckIn;
      if (before.completedAt === null && world.store.checkIns.get(event.id)?.completedAt != null)
        happened.check_ins_filled++;
    }
  });
  const stopDeliveries = events.on('delivery:changed', ({ session, status }) => {
    if (session === slot.name && status === 'pending') happened.webhook_deliveries++;
  });
  try {
    const answer = move();
    // The deliveries' microtask was queued during the move, so it runs before this continuation.
    await Promise.resolve();
    return { ...answer, happened };
  } finally {
    stopRecords();
    stopDeliveries();
  }
}
