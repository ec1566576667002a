// What is in force on the server, in words, one line each (#in-force): the world's seed and size, its clock
// (frozen, or running and how far from real time), whom the world lives for as the clock moves (LW6, LW7), strict mode (G7), any-token mode and as whom (MK7), rate
// limits (G14), the fault profile (MK6, fault-words.ts), the override rules, the app url (G10), the control
// token and where the world is kept; from GET /__mock/server, /world, /rate-limit, /faults and /overrides.
import type { components } from '../../types/control.js';
import { profileWords } from './fault-words.js';
import { instant } from './formatting.js';

type Schemas = components['schemas'];

/** What the lines are made from: the controls' answers, and whom an unknown token is answered as (by name). */
export interface InForce {
  server: Schemas['ServerSettings'];
  world: Pick<Schemas['WorldSummary'], 'seed' | 'size' | 'now' | 'frozen' | 'simulate'>;
  rateLimited: boolean;
  faults: Schemas['FaultProfile'] | null;
  overrides: number;
  /** MK7: the name and username of whom an unknown token is answered as, when the page knows them. */
  anyTokenPerson: string | null;
}

const MINUTE = 60_000;
const UNITS: Array<[number, string]> = [
  [24 * 60 * MINUTE, 'day'],
  [60 * MINUTE, 'hour'],
  [MINUTE, 'minute'],
];

/** A span in days, hours and minutes, the two largest that are not zero: `3 days 2 hours`. */
function span(ms: number): string {
  const parts: string[] = [];
  let rest = Math.round(Math.abs(ms) / MINUTE) * MINUTE;
  for (const [size, unit] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
  }
  return parts.slice(0, 2).join(' ');
}

/**
 * The clock (MK4): frozen at an instant, or running in real time, or running shifted from it (as far as the
 * world's now, read at `readAt`, is from this page's time then; under a minute is real time).
 * @example clockWords('2026-11-20T09:00:00Z', true, Date.now()) // 'frozen at 2026-11-20T09:00:00Z'
 */
export function clockWords(now: string, frozen: boolean, readAt: number): string {
  if (frozen) return `frozen at ${instant(Date.parse(now))}`;
  const shift = Date.parse(now) - readAt;
  if (Math.abs(shift) < MINUTE) return 'running in real time';
  return `running, ${span(shift)} ${shift > 0 ? 'ahead of' : 'behind'} real time`;
}

/** LW7: whom the world lives for, in words. */
const LIFE: Readonly<Record<Schemas['WorldSummary']['simulate'], string>> = {
  others: 'goes on (check-ins, updates, comments), the default person left to you',
  all: 'goes on, the default person too',
  none: 'stands still (new days bring empty check-ins only)',
};

/**
 * The lines of #in-force, in the order a reader looks for them.
 * @example inForceLines(state, Date.now())[0] // 'seed 42 · small world'
 */
export function inForceLines(state: InForce, readAt: number): string[] {
  const { server, world } = state;
  const rules = profileWords(state.faults);
  const persistence = server.persistence;
  return [
    `seed ${world.seed} · ${world.size} world`,
    `clock (MK4): ${clockWords(world.now, world.frozen, readAt)}`,
    `the team as the clock moves (LW6): ${LIFE[world.simulate]}`,
    server.strict
      ? 'strict mode (G7): unknown and read-only body fields refused with 422'
      : 'lenient (G7): unknown and read-only body fields ignored',
    server.any_token === null
      ? 'any-token mode (MK7): off; an unknown token gets 401 (G9)'
      : `any-token mode (MK7): any token, or none, answered as ${state.anyTokenPerson ?? (server.any_token.as === 'default' ? 'the default person' : server.any_token.as)}`,
    `rate limits (G14): ${state.rateLimited ? "on, production's" : 'off'}`,
    rules.length === 0 ? 'faults (MK6): none' : `faults (MK6): ${rules.join(' | ')}`,
    state.overrides === 0
      ? 'overrides: none'
      : `overrides: ${state.overrides} rule${state.overrides === 1 ? '' : 's'} answering in place of the world`,
    `app url (G10): ${server.app_url}`,
    `controls: ${server.control_token ? 'need the control token (--control-token)' : 'no control token'}`,
    `world kept: ${persistence === null ? 'nowhere (a restart starts it again)' : persistence.kind === 'file' ? `in ${persistence.path} (--state)` : "in this page's localStorage"}`,
  ];
}
