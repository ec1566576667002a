// The world (#world and the header's summary): seed, size, sessions, the clock and the counts of each kind, as
// GET /__mock/world gives them.
import type { components } from '../../types/control.js';
import { clockRead } from './clock-panel.js';
import { showAnyToken } from './connect-panel.js';
import { $, text } from './dom.js';
import { control } from './fetching.js';
import { countLine } from './formatting.js';
import { roster } from './roster.js';

/**
 * Reads the world's summary and shows it.
 * @example await showWorld()
 */
export async function showWorld(): Promise<void> {
  const world = await control<components['schemas']['WorldSummary']>('GET', '/world');
  roster.anyTokenPersonId = world.any_token_person_id;
  showAnyToken();
  $('summary').textContent =
    `seed ${world.seed} · ${world.size} world · ${world.sessions} ${world.sessions === 1 ? 'session' : 'sessions'}`;
  clockRead(world.now, world.frozen);
  $('counts').replaceChildren(
    ...Object.entries(world.counts).flatMap(([kind, count]) => {
      const { label, value } = countLine(kind, count);
      const shown = text('dd', value);
      shown.id = `count-${kind}`;
      return [text('dt', label), shown];
    }),
  );
}
