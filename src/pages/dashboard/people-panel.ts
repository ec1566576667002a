// Everyone's tokens (#people-section, folded, last): each person with both tokens and a copy button; reading
// them also tells the page who the default person is (roster.ts).
import { copy } from './clipboard.js';
import { showAnyToken, showConnect } from './connect-panel.js';
import { $, button, text } from './dom.js';
import { control } from './fetching.js';
import { roster, type PersonTokens } from './roster.js';

/**
 * Reads everyone's tokens (MK1), keeps them in the roster and shows them.
 * @example await showPeople()
 */
export async function showPeople(): Promise<void> {
  const tokens = await control<PersonTokens[]>('GET', '/tokens');
  roster.people = tokens;
  roster.defaultPerson = tokens.find((entry) => entry.default);
  showConnect();
  showAnyToken();
  const summary = $('people-section').querySelector('summary');
  if (summary) summary.textContent = `People and their tokens (${tokens.length})`;
  const rows = tokens.map((entry) => {
    const row = document.createElement('tr');
    row.append(text('td', `${entry.person.name} @${entry.person.username}${entry.default ? ' (default)' : ''}`));
    for (const token of [entry.read_write, entry.read_only]) {
      const cell = text('td', '');
      cell.append(
        text('code', token),
        ' ',
        button('copy', () => void copy(token)),
      );
      row.append(cell);
    }
    return row;
  });
  $('people')
    .querySelector('tbody')
    ?.replaceChildren(...rows);
}
