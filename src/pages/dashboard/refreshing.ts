// When the page reads the world again, and what it reads: everything but the journal at the start, after each
// action (refresh-requests.ts), on choosing another world and on "read again"; the journal each second, and,
// when it shows new requests, the world (and the records when someone else wrote); the clock ticking each second.
// The one place that decides it, so that events from the server can drive it instead of the polls.
import { showClock } from './clock-panel.js';
import { $ } from './dom.js';
import { Failure } from './failure.js';
import { showNewRequests } from './journal-panel.js';
import { say } from './message.js';
import { showPeople } from './people-panel.js';
import { showRecords } from './records-panel.js';
import { onRefreshRequested } from './refresh-requests.js';
import { showSessions } from './sessions-panel.js';
import { showSnapshots } from './state-panel.js';
import { showSwitches } from './switches-panel.js';
import { showWorld } from './world-panel.js';

/** How often the journal is looked at, and the clock ticks. */
const POLL_MS = 1000;

/** Everything but the journal, read again; the records last, as the default person (known once the people are). */
async function refresh(): Promise<void> {
  try {
    await Promise.all([showWorld(), showSnapshots(), showSwitches(), showSessions(), showPeople()]);
    await showRecords();
  } catch (error) {
    // A 401 has shown the token form already.
    if (!(error instanceof Failure && error.status === 401)) say(`Could not read the world: ${String(error)}`, true);
  }
}

/** The journal since the last look; new requests may have changed the world, and someone else's writes the records. */
async function pollJournal(): Promise<void> {
  try {
    const added = await showNewRequests();
    if (added.length === 0) return;
    await showWorld();
    // A write by someone else changes the records: read them again (reads change nothing).
    if (added.some(({ entry, own }) => !own && entry.method !== 'GET' && entry.status < 400)) await showRecords();
  } catch {
    // A failed look is retried on the next tick; the token form is already shown for a 401.
  }
}

/**
 * Reads everything now and keeps it live.
 * @example startRefreshing()
 */
export function startRefreshing(): void {
  onRefreshRequested(refresh);
  $('session').addEventListener('change', () => void refresh());
  $('records-refresh').addEventListener('click', () => void showRecords());
  void refresh();
  void pollJournal();
  setInterval(() => void pollJournal(), POLL_MS);
  setInterval(showClock, POLL_MS);
}
