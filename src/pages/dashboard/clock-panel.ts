// The clock (#clock): the world's now as last read, ticking on with the page's own time while it runs (MK4),
// and the forms that advance it or set it.
import { act } from './actions.js';
import { $ } from './dom.js';
import { control } from './fetching.js';
import { instant } from './formatting.js';

/** The world's clock as last read, and when (this page's monotonic time): a running one ticks on from it. */
const clock = { now: 0, readAt: 0, frozen: true };

/**
 * Takes the clock as GET /__mock/world gave it, and shows it.
 * @example clockRead('2026-11-20T15:00:00Z', false)
 */
export function clockRead(now: string, frozen: boolean): void {
  Object.assign(clock, { now: Date.parse(now), readAt: performance.now(), frozen });
  showClock();
  $('clock-frozen').textContent = frozen ? '(frozen)' : '(running)';
}

/**
 * The clock as it is now, in ms since the epoch: a running one moves on with this page's time since it was read.
 * @example dayIn(me.time_zone, clockNow())
 */
export function clockNow(): number {
  return clock.frozen ? clock.now : clock.now + (performance.now() - clock.readAt);
}

/**
 * Shows the clock as it is now (each second, for a running one).
 * @example setInterval(showClock, 1000)
 */
export function showClock(): void {
  // Not read yet (the controls wait for their token): no time at all rather than 1970.
  $('clock-now').textContent = clock.readAt === 0 ? '…' : instant(clockNow());
}

/** What POST /__mock/clock/advance answers that the line says: the counts of what the move made (MCP6). */
interface Moved {
  happened: Record<string, number>;
}

/** The words for each count of an advance's `happened`, in the order the line says them. */
const HAPPENED_WORDS: ReadonlyArray<[string, string]> = [
  ['check_ins_made', 'check-ins made'],
  ['check_ins_filled', 'filled in'],
  ['goal_updates_posted', 'goal updates'],
  ['comments_posted', 'comments'],
  ['reactions_added', 'reactions'],
  ['echo_answers_published', 'Echo answers'],
  ['activities_logged', 'activities'],
  ['webhook_deliveries', 'webhook deliveries'],
];

/**
 * The line saying what a move of the clock made happen, the counts that are not zero.
 * @example happenedLine({ check_ins_made: 8, check_ins_filled: 6 }) // '8 check-ins made, 6 filled in.'
 */
function happenedLine(happened: Record<string, number>): string {
  const said = HAPPENED_WORDS.filter(([key]) => (happened[key] ?? 0) > 0).map(
    ([key, words]) => `${happened[key]} ${words}`,
  );
  return said.length === 0 ? 'nothing happened in the world.' : `${said.join(', ')}.`;
}

/**
 * Wires the forms that advance the clock and set it.
 * @example wireClock()
 */
export function wireClock(): void {
  $('advance-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const days = Number($<HTMLInputElement>('advance-days').value) || 0;
    const hours = Number($<HTMLInputElement>('advance-hours').value) || 0;
    void act(
      (moved: Moved) => `Advanced ${days} day(s) and ${hours} hour(s): ${happenedLine(moved.happened)}`,
      () => control<Moved>('POST', '/clock/advance', { days, hours }),
    );
  });
  $('set-clock-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const now = $<HTMLInputElement>('set-clock').value.trim();
    // The clock keeps running or stays frozen as it was (MK4): setting it changes only where it is.
    void act(`The clock is at ${now}.`, () => control('PUT', '/clock', { now, frozen: clock.frozen }));
  });
}
