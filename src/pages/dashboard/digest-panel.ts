// The default person's digest (#digest): the newest entries of GET /api/v2/digest (DG1–DG4) as that person sees
// them, each with its category, when it was published, and its record — a link to the record's own GET where
// there is one, and the entry's JSON as the digest gives it.
import type { components } from '../../types/api.js';
import { $, text } from './dom.js';
import { describeFailure } from './failure.js';
import { api } from './fetching.js';
import { jsonNodes, recordLink } from './json-view.js';
import { pathOfType } from './record-paths.js';
import { roster } from './roster.js';

type DigestEntry = components['schemas']['DigestEntry'];

/** How many entries the panel shows: the newest, one small page. */
const DIGEST_ENTRIES = 5;

/** What the entry's record is, in a few words: who made it, and its title where it has one. */
function label(resource: DigestEntry['resource']): string {
  const person = 'person' in resource ? resource.person.name : undefined;
  const title = 'title' in resource ? resource.title : undefined;
  return [person, title].filter(Boolean).join(' · ') || resource.type;
}

/** The record's cell: a link to its own GET if it has one, and the entry's JSON folded beside it. */
function resourceCell(resource: DigestEntry['resource']): HTMLElement {
  const cell = text('td', '');
  const path = pathOfType(resource.type);
  cell.append(path ? recordLink(label(resource), `${path}/${resource.id}`) : text('span', label(resource)));
  const json = document.createElement('details');
  const pre = document.createElement('pre');
  pre.append(...jsonNodes(resource));
  json.append(text('summary', 'JSON'), pre);
  cell.append(json);
  return cell;
}

/**
 * Reads the default person's newest digest entries (once that person is known) and lists them.
 * @example await showDigest()
 */
export async function showDigest(): Promise<void> {
  if (!roster.defaultPerson) return;
  $('digest-person').textContent = roster.defaultPerson.person.name;
  const body = $('digest').querySelector('tbody')!;
  try {
    const entries = await api<DigestEntry[]>(`/digest?per_page=${DIGEST_ENTRIES}`);
    body.replaceChildren(
      ...(entries.length === 0 ? [emptyRow('Nothing yet: nothing has landed in their digest (DG2).', 3)] : []),
      ...entries.map((entry) => {
        const row = document.createElement('tr');
        row.dataset.entry = entry.id;
        row.dataset.category = entry.category;
        row.dataset.resource = entry.resource.id;
        row.append(text('td', entry.category), text('td', entry.published_at), resourceCell(entry.resource));
        return row;
      }),
    );
  } catch (error) {
    body.replaceChildren(emptyRow(`Could not read the digest: ${describeFailure(error)}`, 3));
  }
}

/**
 * A table row of one cell across `columns` saying why there is nothing to list.
 * @example body.replaceChildren(emptyRow('None yet.', 3))
 */
export function emptyRow(message: string, columns: number): HTMLTableRowElement {
  const row = document.createElement('tr');
  const cell = text('td', message, 'empty') as HTMLTableCellElement;
  cell.colSpan = columns;
  row.append(cell);
  return row;
}
