// Sessions (#sessions-section and the header's "world" list): the sessions the server keeps (MK5), each to
// drop, and the list that chooses whose world the page shows.
import type { components } from '../../types/control.js';
import { act } from './actions.js';
import { $, button, text } from './dom.js';
import { control, requestsSettled } from './fetching.js';
import { say } from './message.js';

/**
 * Reads the sessions, lists them and offers each in the "world" list (the chosen one stays chosen while it lasts).
 * @example await showSessions()
 */
export async function showSessions(): Promise<void> {
  const sessions = await control<components['schemas']['SessionList']>('GET', '/sessions');
  const select = $<HTMLSelectElement>('session');
  const chosen = select.value;
  select.replaceChildren(text('option', 'shared'));
  for (const { name } of sessions) select.append(text('option', name));
  (select.options[0] as HTMLOptionElement).value = '';
  select.value = sessions.some((s) => s.name === chosen) ? chosen : '';
  $('sessions').replaceChildren(
    ...(sessions.length === 0
      ? [
          text(
            'li',
            'None yet: a request with X-Mock-Session: <name> makes one, on its own copy of the world.',
            'empty',
          ),
        ]
      : []),
    ...sessions.map((s) => {
      const item = text('li', `${s.name}: ${s.requests} request(s), last at ${s.last_used_at} `);
      const name = encodeURIComponent(s.name);
      const drop = async () => {
        // Back to the shared world first, as if chosen in the list (the panels and the event stream follow it):
        // the world shown must not be the one dropped.
        const select = $<HTMLSelectElement>('session');
        if (select.value === s.name) {
          select.value = '';
          select.dispatchEvent(new Event('change'));
        }
        // MK5: a request of the page's naming the session that landed after the DELETE would make it again (a
        // busy box answers the page's reads late): those under way are answered first.
        say(`Dropping ${s.name} once the page's requests in its world are answered…`);
        await requestsSettled(s.name);
        await control('DELETE', `/sessions/${name}`);
      };
      item.append(button('drop', () => void act(`Dropped ${s.name}.`, drop)));
      return item;
    }),
  );
}
