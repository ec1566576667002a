// MCP6: what a move of the clock made happen in the world it moved, counted from the runtime's own events while
// the world catches up: records the clock's rules made (CI1, EC4), those the team's life wrote (LW6), and the
// webhook deliveries they queued (WH3). Counted, not diffed: a scan of the large world's records would cost
// more than the move.
import type { RecordKind } from '../domain/record-kinds.js';
import type { CheckIn } from '../domain/records.js';
import type { ControlSchema } from '../types/wire.js';
import type { MockEvents } from './mock-events.js';
import type { Sliced } from '../domain/slices.js';
import { inTurns } from './in-turns.js';
import type { WorldSlot } from './sessions.js';
import { clockView, type ClockView } from './time-travel.js';

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
 * Counts what a move's steps make in `slot`'s world: only while `counting` (livedMove sets it for its stretches of
 * steps), so that what other clients write in the turns between them is not counted as the clock's.
 */
class MoveTally {
  readonly happened: Happened = {
    check_ins_made: 0,
    check_ins_filled: 0,
    goal_updates_posted: 0,
    comments_posted: 0,
    reactions_added: 0,
    echo_answers_published: 0,
    activities_logged: 0,
    webhook_deliveries: 0,
  };
  counting = false;
  readonly #stops: (() => void)[];

  constructor(events: MockEvents, slot: WorldSlot) {
    const { happened } = this;
    const world = slot.world;
    const stopRecords = events.on('record:changed', (event) => {
      if (!this.counting || event.world !== world) return;
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
      if (this.counting && session === slot.name && status === 'pending') happened.webhook_deliveries++;
    });
    this.#stops = [stopRecords, stopDeliveries];
  }

  stop(): void {
    for (const stop of this.#stops) stop();
  }
}

/**
 * Lives a move of `slot`'s clock (clock-moves.ts' advancingClock, settingClock) in turns: a stretch of its steps,
 * then a turn for what waits (other clients' requests, which meet the world lived up to its clock so far), so a
 * week of the large world never holds a server for more than about SLICE_MS at a time; with what its steps made.
 * Should the slot's world be replaced meanwhile (a reset, a restore), the move ends there: its clock is the new
 * world's. Should its session be dropped meanwhile (`DELETE /__mock/sessions/{name}`, idle), it ends too, at the
 * clock it reached: no one can reach that world again, and a week of the large world would go on costing seconds.
 * @example const { now, happened } = await livedMove(mock.events, slot, advancingClock(slot.world, { days: 7 }, budget))
 */
export async function livedMove(
  events: MockEvents,
  slot: WorldSlot,
  move: Sliced<ClockView>,
): Promise<ClockView & { happened: Happened }> {
  const tally = new MoveTally(events, slot);
  const world = slot.world;
  let dropped = false;
  const stopDropped = events.on('session:dropped', ({ session }) => {
    if (session === slot.name) dropped = true;
  });
  tally.counting = true;
  try {
    const view = await inTurns(move, {
      // Webhook deliveries are queued on a microtask of the steps that made them (webhooks.ts): counted before the
      // turn goes to others.
      before: async () => {
        await Promise.resolve();
        tally.counting = false;
      },
      goOn: () => {
        tally.counting = true;
        return slot.world === world && !dropped;
      },
    });
    await Promise.resolve();
    return { ...(view ?? clockView(slot.world)), happened: tally.happened };
  } finally {
    tally.stop();
    stopDropped();
  }
}
