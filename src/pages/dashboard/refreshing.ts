// When the page reads the world again, and what it reads: everything at the start, after each action
// (refresh-requests.ts), on choosing another world and on "read again"; then the panels each event of
// GET /__mock/events concerns, as the server tells them (EventSource): a request the journal, a record the counts,
// the records, the digest and the action items, the clock the world, the digest and the action items, a world
// replaced everything, a session the sessions, a webhook delivery the deliveries. Without the stream (no
// EventSource, or the stream refused: a control token, which EventSource cannot send, or the server's cap on
// streams) the page falls back to its timer: the journal each second, and, when it shows new requests, the world
// and the deliveries (and the records, digest and action items when someone else wrote). The clock ticks each
// second either way.
import { showActionItems } from './action-items-panel.js';
import { showClock } from './clock-panel.js';
import { showDeliveries } from './deliveries-panel.js';
import { showDigest } from './digest-panel.js';
import { $ } from './dom.js';
import { Failure } from './failure.js';
import { session } from './fetching.js';
import { showNewRequests } from './journal-panel.js';
import { say } from './message.js';
import { showPeople } from './people-panel.js';
import { showRecords } from './records-panel.js';
import { onRefreshRequested } from './refresh-requests.js';
import { showSessions } from './sessions-panel.js';
import { showSnapshots } from './state-panel.js';
import { showSwitches } from './switches-panel.js';
import { showWorld } from './world-panel.js';

/** How often the journal is looked at without the stream, and the clock ticks. */
const POLL_MS = 1000;
/**
 * How often the journal alone is looked at while the stream is open: the journal lists every session's requests,
 * the stream only those of the world shown (whose changes it tells itself).
 */
const STREAMING_POLL_MS = 5000;
/** Events that come together (a write's records, then its request) are read in one go after this. */
const GATHER_MS = 50;

/** What the default person sees through /api/v2 (the records, digest and action items), once they are known. */
async function showPersonsView(): Promise<void> {
  await Promise.all([showRecords(), showDigest(), showActionItems()]);
}

/** Everything but the journal, read again; the default person's view last (known once the people are). */
async function refresh(): Promise<void> {
  try {
    await Promise.all([showWorld(), showSnapshots(), showSwitches(), showSessions(), showDeliveries(), showPeople()]);
    await showPersonsView();
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
    await Promise.all([showWorld(), showDeliveries()]);
    // A write by someone else changes the records: read them again (reads change nothing).
    if (added.some(({ entry, own }) => !own && entry.method !== 'GET' && entry.status < 400)) await showPersonsView();
  } catch {
    // A failed look is retried on the next tick; the token form is already shown for a 401.
  }
}

type Panel = () => Promise<unknown>;

/** What each event of the stream concerns (spec/control.yaml, GET /events). */
const PANELS: Record<string, readonly Panel[]> = {
  request: [showNewRequests],
  record: [showWorld, showRecords, showDigest, showActionItems],
  // Time travel publishes answers (DG2) and makes items due (AI2, AI3).
  clock: [showWorld, showDigest, showActionItems],
  world: [refresh],
  session: [showSessions, showWorld],
  delivery: [showDeliveries],
};

const due = new Set<Panel>();
let gathering: ReturnType<typeof setTimeout> | undefined;

/** Reads the panels an event concerns, once for all the events that came meanwhile. */
function readSoon(panels: readonly Panel[]): void {
  for (const panel of panels) due.add(panel);
  gathering ??= setTimeout(() => {
    gathering = undefined;
    const now = due.has(refresh) ? [refresh, showNewRequests] : [...due];
    due.clear();
    for (const panel of now) panel().catch(() => undefined);
  }, GATHER_MS);
}

let journalTimer: ReturnType<typeof setInterval> | undefined;

/** The timer: the journal and what its new requests changed, or while the stream is open, the journal alone. */
function pollEvery(ms: number, look: Panel): void {
  clearInterval(journalTimer);
  journalTimer = setInterval(() => void look().catch(() => undefined), ms);
}

let stream: EventSource | null = null;

/** Follows the world shown through GET /__mock/events; the timer again when the stream is not to be had. */
function follow(): void {
  stream?.close();
  stream = null;
  if (typeof EventSource === 'undefined') return;
  const source = new EventSource(`/__mock/events${session() ? `?session=${encodeURIComponent(session())}` : ''}`);
  stream = source;
  let broken = false;
  source.addEventListener('open', () => {
    pollEvery(STREAMING_POLL_MS, showNewRequests);
    // Back after a break (or a drop for falling behind): what happened meanwhile was not told.
    if (broken) readSoon([refresh, showNewRequests]);
    broken = false;
  });
  source.addEventListener('error', () => {
    // The browser tries again by itself unless the server refused the stream; the timer meanwhile, or for good.
    broken = true;
    pollEvery(POLL_MS, pollJournal);
  });
  for (const [event, panels] of Object.entries(PANELS)) source.addEventListener(event, () => readSoon(panels));
}

/**
 * Reads everything now and keeps it live.
 * @example startRefreshing()
 */
export function startRefreshing(): void {
  onRefreshRequested(refresh);
  $('session').addEventListener('change', () => {
    void refresh();
    follow();
  });
  $('records-refresh').addEventListener('click', () => void showPersonsView());
  void refresh();
  void pollJournal();
  pollEvery(POLL_MS, pollJournal);
  follow();
  setInterval(showClock, POLL_MS);
}
