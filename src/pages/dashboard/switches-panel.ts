// What is in force, rate limits, faults and overrides (#switches): every option of the server that changes its
// answers in words (in-force.ts), production's rate limits (G14) and a slow, flaky fault profile (MK6) switched
// on and off — the faults switch ticked only while its own preset is the profile in force, any other profile
// said rule by rule (fault-words.ts) — and the override rules in force, each removable.
import type { components } from '../../types/control.js';
import { act } from './actions.js';
import { $, button, text } from './dom.js';
import { isPreset, profileWords, SLOW_AND_FLAKY } from './fault-words.js';
import { control } from './fetching.js';
import { inForceLines } from './in-force.js';
import { roster } from './roster.js';

type Schemas = components['schemas'];

/** How many times the user flipped a switch: what a refresh asked before the last flip is stale. */
let edits = 0;

/** The name and username of whom an unknown token is answered as (MK7), once the page knows the people. */
function anyTokenPerson(): string | null {
  const entry = roster.people.find(({ person }) => person.id === roster.anyTokenPersonId);
  return entry ? `${entry.person.name} @${entry.person.username}` : null;
}

/**
 * Reads what is in force, the switches and the override rules, and shows them.
 * @example await showSwitches()
 */
export async function showSwitches(): Promise<void> {
  const asked = edits;
  const [server, world, limits, faults, overrides] = await Promise.all([
    control<Schemas['ServerSettings']>('GET', '/server'),
    control<Schemas['WorldSummary']>('GET', '/world'),
    control<Schemas['RateLimitState']>('GET', '/rate-limit'),
    control<Schemas['FaultState']>('GET', '/faults'),
    control<Schemas['OverrideRules']>('GET', '/overrides'),
  ]);
  const lines = inForceLines(
    {
      server,
      world,
      rateLimited: limits.enabled,
      faults: faults.profile,
      overrides: overrides.rules.length,
      anyTokenPerson: anyTokenPerson(),
    },
    Date.now(),
  );
  $('in-force').replaceChildren(...lines.map((line) => text('li', line)));
  // A switch flipped since these reads were asked for is newer than what they say: the refresh after its own
  // request shows it. Applied, they would flip it back under the user's hand.
  if (asked !== edits) return;
  $<HTMLSelectElement>('simulate').value = world.simulate;
  $<HTMLInputElement>('rate-limit').checked = limits.enabled;
  // The switch puts its preset in force: ticked for that profile only, any other said in words beside it.
  const preset = isPreset(faults.profile);
  $<HTMLInputElement>('faults').checked = preset;
  $('faults-state').textContent =
    faults.profile === null
      ? ''
      : preset
        ? 'in force'
        : 'another profile is in force (ticking puts the preset in its place):';
  $('fault-rules').replaceChildren(...(preset ? [] : profileWords(faults.profile).map((line) => text('li', line))));
  $('overrides').replaceChildren(
    ...(overrides.rules.length === 0
      ? [text('li', 'No override rules: PUT /__mock/overrides puts some in force.', 'empty')]
      : []),
    ...overrides.rules.map(({ id, uses_left, rule }) => {
      const uses = uses_left === null ? '' : `, ${uses_left} use(s) left`;
      const item = text('li', `override ${id}: ${rule.method ?? 'any'} ${rule.path} → ${rule.status}${uses} `);
      item.append(button('remove', () => void act(`Removed ${id}.`, () => control('DELETE', `/overrides/${id}`))));
      return item;
    }),
  );
}

/**
 * Wires the switches: whom the world lives for (LW7), rate limits and faults.
 * @example wireSwitches()
 */
export function wireSwitches(): void {
  for (const id of ['simulate', 'rate-limit', 'faults']) $(id).addEventListener('input', () => edits++);
  $<HTMLSelectElement>('simulate').addEventListener('change', (event) => {
    const simulate = (event.target as HTMLSelectElement).value as Schemas['WorldSummary']['simulate'];
    void act(`The team ${simulate === 'none' ? 'stands still' : 'goes on'} as the clock moves.`, () =>
      control('PUT', '/world', { simulate }),
    );
  });
  $<HTMLInputElement>('rate-limit').addEventListener('change', (event) => {
    const enabled = (event.target as HTMLInputElement).checked;
    void act(`Rate limits ${enabled ? 'on' : 'off'}.`, () => control('PUT', '/rate-limit', { enabled }));
  });
  $<HTMLInputElement>('faults').addEventListener('change', (event) => {
    const on = (event.target as HTMLInputElement).checked;
    void act(on ? 'Faults on.' : 'Faults off.', () =>
      on ? control('PUT', '/faults', SLOW_AND_FLAKY) : control('DELETE', '/faults'),
    );
  });
}
