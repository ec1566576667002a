// "Connect your app" (#connect): this server's base URL, the default person's token, a fetch that uses both,
// what any-token mode (MK7) answers, and the copy buttons.
import { copy } from './clipboard.js';
import { $ } from './dom.js';
import { API } from './fetching.js';
import { roster } from './roster.js';

/**
 * The box: this server's base URL and, once the people are known, the default person's token and a fetch that
 * uses both.
 * @example showConnect()
 */
export function showConnect(): void {
  const base = `${location.origin}${API}`;
  $('connect-base').textContent = base;
  if (!roster.defaultPerson) return;
  const { person, read_write: token } = roster.defaultPerson;
  $('connect-token').textContent = token;
  $('connect-person').textContent =
    `read-write, of ${person.name} (@${person.username}), the default person; GET /__mock/tokens lists everyone's`;
  $('connect-fetch').textContent = [
    `const API = '${base}';`,
    `const TOKEN = '${token}'; // ${person.name}, read-write`,
    '',
    'const me = await fetch(`${API}/me`, { headers: { Authorization: `Bearer ${TOKEN}` } }).then((r) => r.json());',
    `console.log(me.name); // ${person.name}`,
  ].join('\n');
}

/**
 * In any-token mode (MK7) an app needs no token of this world: the box says whom it is answered as.
 * @example showAnyToken()
 */
export function showAnyToken(): void {
  const line = $('connect-any-token');
  const answeredAs = roster.people.find((entry) => entry.person.id === roster.anyTokenPersonId)?.person;
  line.hidden = !answeredAs;
  if (answeredAs)
    line.textContent = `Any-token mode (MK7): a request with any other token, or none, is answered as ${answeredAs.name} (@${answeredAs.username}), read-write.`;
}

/**
 * Wires the shell's copy buttons: each copies the text of the element its `data-copy` names.
 * @example wireCopyButtons()
 */
export function wireCopyButtons(): void {
  for (const copier of document.querySelectorAll<HTMLElement>('button[data-copy]')) {
    copier.addEventListener('click', () => void copy($(copier.dataset.copy ?? '').textContent ?? ''));
  }
}
