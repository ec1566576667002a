// standin proxy's page script, run in the browser: reads the proxy's journal (GET /__mock/requests, each entry
// with its findings) once a second from the last entry it saw, puts new exchanges on top, opens one on a click
// (its findings, what the spec refused in the request, both bodies), and keeps a tally of the rules broken.
// Bundled on its own by npm run build (bundle-dashboard.ts) as generated/proxy-dashboard.js.
import type { components } from '../../types/control.js';
import { $, text } from './dom.js';

type JournalEntry = components['schemas']['JournalEntry'];
type Finding = NonNullable<JournalEntry['findings']>[number];

/** Rows the table keeps: the oldest go. */
const KEPT_ROWS = 1000;
const POLL_MS = 1000;

let lastSeq = 0;
let seen = 0;
let withFindings = 0;
/** Per rule (and part): its source and the exchanges that broke it. */
const tally = new Map<string, { source: string; exchanges: number }>();

const ruleName = (f: Finding) => `${f.rule}${f.part ? ` ${f.part}` : ''}`;

function detail(entry: JournalEntry): HTMLTableRowElement {
  const row = document.createElement('tr');
  row.className = 'detail';
  const cell = document.createElement('td');
  cell.colSpan = 6;
  if (entry.findings?.length) {
    const list = document.createElement('ul');
    list.className = 'findings';
    for (const f of entry.findings) list.append(text('li', `${ruleName(f)} (${f.source}): ${f.problem}`));
    cell.append(text('strong', 'What the answer broke'), list);
  }
  if (entry.request_problems?.length) {
    const list = document.createElement('ul');
    list.className = 'notes';
    for (const p of entry.request_problems) list.append(text('li', p));
    cell.append(text('strong', 'What the spec refuses in the request'), list);
  }
  if (entry.findings === undefined)
    cell.append(text('p', 'Not checked: no operation of the spec, or the proxy answered itself.', 'muted'));
  if (entry.request_body !== null) cell.append(text('strong', 'Request body'), text('pre', entry.request_body));
  if (entry.response_body !== null) cell.append(text('strong', 'Response body'), text('pre', entry.response_body));
  row.append(cell);
  return row;
}

function exchangeRow(entry: JournalEntry): HTMLTableRowElement {
  const row = document.createElement('tr');
  const count = entry.findings?.length ?? 0;
  row.className = `exchange${count > 0 ? ' found' : ''}`;
  row.dataset.seq = String(entry.seq);
  row.dataset.findings = String(count);
  row.append(
    text('td', String(entry.seq)),
    text('td', entry.at.slice(11, 19)),
    text('td', `${entry.method} ${entry.path}`),
    text('td', String(entry.status)),
    text('td', String(entry.duration_ms)),
    text('td', entry.findings === undefined ? '—' : count === 0 ? 'none' : entry.findings.map(ruleName).join(', ')),
  );
  row.addEventListener('click', () => {
    const next = row.nextElementSibling;
    if (next?.classList.contains('detail')) next.remove();
    else row.after(detail(entry));
  });
  return row;
}

function showTally(): void {
  const body = $('tally').querySelector('tbody')!;
  body.replaceChildren(
    ...[...tally.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
      .map(([rule, { source, exchanges }]) => {
        const row = document.createElement('tr');
        row.append(text('td', rule), text('td', source), text('td', String(exchanges)));
        return row;
      }),
  );
  $('tally-empty').hidden = tally.size > 0;
  $('counts').textContent = `(${seen} seen, ${withFindings} with findings)`;
}

function filter(): void {
  const only = $<HTMLInputElement>('only-findings').checked;
  for (const row of $('exchanges').querySelectorAll<HTMLTableRowElement>('tr.exchange'))
    row.hidden = only && row.dataset.findings === '0';
}

async function poll(): Promise<void> {
  const response = await fetch(`/__mock/requests?after=${lastSeq}&limit=500`);
  if (!response.ok) return;
  const entries = (await response.json()) as JournalEntry[];
  if (entries.length === 0) return;
  const body = $('exchanges').querySelector('tbody')!;
  // Newest first from the server: the oldest new one goes on top first.
  for (const entry of [...entries].reverse()) {
    lastSeq = Math.max(lastSeq, entry.seq);
    seen++;
    if (entry.findings?.length) withFindings++;
    const rules = new Map((entry.findings ?? []).map((f) => [ruleName(f), f.source]));
    for (const [rule, source] of rules) {
      const kept = tally.get(rule) ?? { source, exchanges: 0 };
      kept.exchanges++;
      tally.set(rule, kept);
    }
    body.prepend(exchangeRow(entry));
  }
  while (body.rows.length > KEPT_ROWS) body.lastElementChild!.remove();
  showTally();
  filter();
}

$('only-findings').addEventListener('change', filter);
void poll();
setInterval(() => void poll().catch(() => undefined), POLL_MS);
