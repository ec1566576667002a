// The default person's action items (#action-items): GET /api/v2/action-items (AI1–AI3) as that person sees
// them — today's check-in while it is open, goal updates due by their goal's cadence — each with its kind, the
// day it is due, its title and its edit link in the web application.
import type { components } from '../../types/api.js';
import { emptyRow } from './digest-panel.js';
import { $, text } from './dom.js';
import { describeFailure } from './failure.js';
import { api } from './fetching.js';
import { recordLink } from './json-view.js';
import { pathOfType } from './record-paths.js';
import { roster } from './roster.js';

type ActionItem = components['schemas']['ActionItem'];

/** The most items the panel lists: one page of the API. */
const PER_PAGE = 50;

/**
 * Reads the default person's open items (once that person is known) and lists them.
 * @example await showActionItems()
 */
export async function showActionItems(): Promise<void> {
  if (!roster.defaultPerson) return;
  $('action-items-person').textContent = roster.defaultPerson.person.name;
  const body = $('action-items').querySelector('tbody')!;
  try {
    const items = await api<ActionItem[]>(`/action-items?per_page=${PER_PAGE}`);
    body.replaceChildren(
      ...(items.length === 0
        ? [emptyRow('None open: today’s check-in is done or not due, and no goal needs an update (AI1).', 4)]
        : []),
      ...items.map((item) => {
        const row = document.createElement('tr');
        row.dataset.kind = item.kind;
        row.dataset.resource = item.resource.id;
        const path = pathOfType(item.resource.type);
        const title = text('td', '');
        title.append(path ? recordLink(item.title, `${path}/${item.resource.id}`) : item.title);
        const edit = document.createElement('a');
        edit.href = item.url;
        edit.textContent = 'edit';
        edit.rel = 'noreferrer';
        const link = text('td', '');
        link.append(edit);
        row.append(text('td', item.kind), text('td', item.due_on), title, link);
        return row;
      }),
    );
  } catch (error) {
    body.replaceChildren(emptyRow(`Could not read the action items: ${describeFailure(error)}`, 4));
  }
}
