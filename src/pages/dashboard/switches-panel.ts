// Rate limits, faults and overrides (#switches): production's rate limits (G14) and a slow, flaky fault profile
// (MK6) switched on and off, and the override rules in force, each removable.
import type { components } from '../../types/control.js';
import { act } from './actions.js';
import { $, button, text } from './dom.js';
import { control } from './fetching.js';

/** The profile the faults switch puts in force: 200–800 ms, and one request in ten a 503 (MK6). */
const SLOW_AND_FLAKY: components['schemas']['FaultProfile'] = {
  rules: [
    {
      latency: { kind: 'uniform', min_ms: 200, max_ms: 800 },
      faults: [{ kind: 'error', status: 503, rate: 0.1, retry_after: 1 }],
    },
  ],
};

/**
 * Reads the switches and the override rules, and shows them.
 * @example await showSwitches()
 */
export async function showSwitches(): Promise<void> {
  const [limits, faults, overrides] = await Promise.all([
    control<components['schemas']['RateLimitState']>('GET', '/rate-limit'),
    control<components['schemas']['FaultState']>('GET', '/faults'),
    control<components['schemas']['OverrideRules']>('GET', '/overrides'),
  ]);
  $<HTMLInputElement>('rate-limit').checked = limits.enabled;
  $<HTMLInputElement>('faults').checked = faults.profile !== null;
  $('faults-state').textContent = faults.profile === null ? '' : 'a profile is in force';
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
 * Wires the two switches.
 * @example wireSwitches()
 */
export function wireSwitches(): void {
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
