// The record view (#record-view): one record as GET /api/v2 gives it to the default person, pretty-printed, its
// ids opening theirs. Every record link on the page (json-view.ts's recordLink) opens here.
import { $ } from './dom.js';
import { Failure } from './failure.js';
import { API, api } from './fetching.js';
import { jsonNodes } from './json-view.js';
import { collectionOf } from './record-paths.js';

// The last record asked for: a slower answer to an earlier click must not replace it.
let latest = 0;

/**
 * Reads the record at `path` (`/goals/<id>`) and shows it.
 * @example await openRecord('/people/7d1e…')
 */
async function openRecord(path: string): Promise<void> {
  const view = $('record-view');
  view.hidden = false;
  $('record-request').textContent = `GET ${API}${path}`;
  $('record-status').textContent = '';
  const json = $('record-json');
  const asked = ++latest;
  // data-record names the record the view shows, so it changes when that record is drawn, not when it is asked for;
  // aria-busy says a read is under way (a test, or a screen reader, waits on either).
  json.setAttribute('aria-busy', 'true');
  delete json.dataset.record;
  let nodes: Array<Node | string>;
  let status = '';
  try {
    nodes = jsonNodes(await api<Record<string, unknown>>(path), '', collectionOf(path));
  } catch (error) {
    status = error instanceof Failure ? `${error.status}` : '';
    nodes = [error instanceof Failure ? error.detail : String(error)];
  }
  if (asked !== latest) {
    // Said on the view, for whoever waits to see that a late answer was let go (the dashboard's tests).
    json.dataset.dropped = path;
    return;
  }
  $('record-status').textContent = status;
  json.replaceChildren(...nodes);
  json.dataset.record = path;
  json.removeAttribute('aria-busy');
  view.scrollIntoView({ block: 'nearest' });
}

/**
 * Opens a record whenever a record link is clicked, wherever it is (lists, the journal, the view itself).
 * @example wireRecordLinks()
 */
export function wireRecordLinks(): void {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>('button[data-record]') : null;
    if (link?.dataset.record) void openRecord(link.dataset.record);
  });
}
