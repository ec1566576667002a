// The request journal, live (#journal-section): what GET /__mock/requests recorded since the last look, newest on
// top, each row opening what the request sent and got (and the body fields G7 ignored, with the one meant, and
// what decided its answer, MCP6's explain); filtered by status, path and whether it is one of this page's own reads. refreshing.ts decides when to look.
import type { components } from '../../types/control.js';
import { $, text } from './dom.js';
import { control } from './fetching.js';
import { bodyBlock, recordLink } from './json-view.js';

type JournalEntry = components['schemas']['JournalEntry'];
type RequestExplanation = components['schemas']['RequestExplanation'];

/** An entry shown, and whether it was one of this page's own reads. */
export interface ShownEntry {
  entry: JournalEntry;
  own: boolean;
}

/** The rows the table keeps: the oldest go. */
const KEPT_ROWS = 500;
/** The newest entry shown so far. */
let lastSeq = 0;

function journalRow(entry: JournalEntry, own: boolean): HTMLTableRowElement {
  const row = document.createElement('tr');
  row.dataset.seq = String(entry.seq);
  row.dataset.status = String(entry.status);
  row.dataset.path = entry.path;
  if (own) row.dataset.own = 'true';
  row.className = `status-${String(entry.status)[0]}`;
  const override = entry.override ? ` (override ${entry.override})` : '';
  // G7: a write that ignored fields of its body answered as if they were never sent; the row says so.
  const ignoredCount = entry.ignored_fields?.length ?? 0;
  const ignored = ignoredCount > 0 ? ` (${ignoredCount} ignored)` : '';
  if (ignoredCount > 0) row.dataset.ignored = String(ignoredCount);
  const who = document.createElement('td');
  who.className = 'who';
  if (entry.person) who.append(recordLink(entry.person.name, `/people/${entry.person.id}`));
  else {
    who.textContent = '—';
    who.title = 'No token named anyone, or the answer came before the token was read';
  }
  row.append(
    text('td', String(entry.seq)),
    text('td', entry.at.slice(11)),
    who,
    text('td', `${entry.method} ${entry.path}`, 'request'),
    text('td', `${entry.status}${override}${ignored}`),
    text('td', String(entry.duration_ms)),
    text('td', entry.session ?? ''),
  );
  row.title = entry.at;
  row.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('button')) return;
    const next = row.nextElementSibling;
    if (next?.classList.contains('detail')) {
      next.remove();
      return;
    }
    row.after(detailRow(entry));
  });
  return row;
}

/** What a request sent and got, under its row. */
function detailRow(entry: JournalEntry): HTMLTableRowElement {
  const detail = document.createElement('tr');
  detail.className = 'detail';
  const cell = document.createElement('td');
  cell.colSpan = 7;
  const by = entry.person ? `${entry.person.name} (${entry.person.id})` : 'no one a token named';
  cell.append(text('p', `${entry.method} ${entry.path} at ${entry.at}, by ${by}`, 'request-line'));
  if (entry.errors) cell.append(text('p', entry.errors.map((e) => `${e.name}: ${e.message}`).join('\n'), 'errors'));
  if (entry.ignored_fields?.length) cell.append(text('p', ignoredLine(entry.ignored_fields), 'ignored'));
  cell.append(whyLine(entry.seq));
  cell.append(text('h3', 'sent'), bodyBlock(entry.request_body));
  cell.append(text('h3', 'got'), bodyBlock(entry.response_body, entry.path));
  detail.append(cell);
  return detail;
}

/**
 * MCP6: what decided the answer (GET /__mock/requests/{seq}/explain), asked for when the row opens: the
 * journal's rows need not carry a sentence each.
 */
function whyLine(seq: number): HTMLElement {
  const line = text('p', 'why: …', 'why');
  control<RequestExplanation>('GET', `/requests/${seq}/explain`).then(
    ({ decided_by: { sentence, source } }) => {
      line.textContent = `why: ${sentence}${source ? ` (source: ${source})` : ''}`;
    },
    () => {
      line.textContent = 'why: the journal no longer holds this request (it keeps the last 1,000)';
    },
  );
  return line;
}

/** G7: the body fields the request's operation ignored, each with the field likely meant. */
function ignoredLine(fields: NonNullable<JournalEntry['ignored_fields']>): string {
  const named = fields.map((f) => (f.suggestion ? `${f.name} (did you mean ${f.suggestion}?)` : f.name));
  return `ignored, not written (G7): ${named.join(', ')}`;
}

/**
 * Shows the rows the filters let through (and their open details), or says there are none.
 * @example filterJournal()
 */
function filterJournal(): void {
  const status = $<HTMLSelectElement>('journal-status').value;
  const path = $<HTMLInputElement>('journal-path').value;
  const own = $<HTMLInputElement>('journal-own').checked;
  let shown = 0;
  for (const row of $('journal').querySelectorAll<HTMLTableRowElement>('tbody tr[data-seq]')) {
    const show =
      row.dataset.status?.startsWith(status) && row.dataset.path?.startsWith(path) && (own || !row.dataset.own);
    row.hidden = !show;
    if (show) shown++;
    const detail = row.nextElementSibling as HTMLElement | null;
    if (detail?.classList.contains('detail')) detail.hidden = !show;
  }
  $('journal-empty').hidden = shown > 0;
}

/**
 * Reads what the journal recorded since the last look and puts it on top (the table keeps the last 500).
 * Returns the entries added, oldest first; none when nothing happened.
 * @example const added = await showNewRequests()
 */
export function showNewRequests(): Promise<ShownEntry[]> {
  // One look at a time: the stream's events and the timer both ask, and two looks after the same seq would
  // show an entry twice (and only the first as this page's own read).
  const look = lastLook.then(lookOnce, lookOnce);
  lastLook = look.catch(() => undefined);
  return look;
}

let lastLook: Promise<unknown> = Promise.resolve();

async function lookOnce(): Promise<ShownEntry[]> {
  const entries = await control<JournalEntry[]>('GET', `/requests?after=${lastSeq}&limit=200`);
  if (entries.length === 0) return [];
  lastSeq = Math.max(lastSeq, ...entries.map((e) => e.seq));
  // Oldest first, as they were made; the server marks this page's own reads (GET /__mock/read).
  const added = [...entries].reverse().map((entry) => ({ entry, own: entry.own_read }));
  const body = $('journal').querySelector('tbody');
  body?.prepend(...[...added].reverse().map(({ entry, own }) => journalRow(entry, own)));
  const kept = body?.querySelectorAll('tr[data-seq]') ?? [];
  for (let i = KEPT_ROWS; i < kept.length; i++) {
    const detail = kept[i]?.nextElementSibling;
    if (detail?.classList.contains('detail')) detail.remove();
    kept[i]?.remove();
  }
  filterJournal();
  return added;
}

/**
 * Wires the filters.
 * @example wireJournalFilters()
 */
export function wireJournalFilters(): void {
  $('journal-status').addEventListener('change', filterJournal);
  $('journal-path').addEventListener('input', filterJournal);
  $('journal-own').addEventListener('change', filterJournal);
}
