// The fault profile in force (MK6) in words, one line per rule: which requests it takes, their latency, and each
// fault with its status, rate and Retry-After; and whether the profile is the switch's own preset, so the switch
// is ticked for that profile only (any other is shown in words, the switch unticked).
import type { components } from '../../types/control.js';

type FaultProfile = components['schemas']['FaultProfile'];
type FaultRule = FaultProfile['rules'][number];

/** The profile the faults switch puts in force: 200–800 ms, and one request in ten a 503 (MK6). */
export const SLOW_AND_FLAKY: FaultProfile = {
  rules: [
    {
      latency: { kind: 'uniform', min_ms: 200, max_ms: 800 },
      faults: [{ kind: 'error', status: 503, rate: 0.1, retry_after: 1 }],
    },
  ],
};

/** A rate as people say it: `10%`, `0.5%`, `100%`. */
function percent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

function latencyWords(latency: NonNullable<FaultRule['latency']>): string {
  switch (latency.kind) {
    case 'fixed':
      return `${latency.ms} ms`;
    case 'uniform':
      return `${latency.min_ms}–${latency.max_ms} ms, uniform`;
    default:
      return `lognormal, median ${latency.median_ms} ms, sigma ${latency.sigma}`;
  }
}

function faultWords(fault: NonNullable<FaultRule['faults']>[number]): string {
  switch (fault.kind) {
    case 'error':
      return `${percent(fault.rate)} answered ${fault.status}${fault.retry_after === undefined ? '' : ` with Retry-After: ${fault.retry_after}`}`;
    case 'drop':
      return `${percent(fault.rate)} dropped (the connection closed, no answer)`;
    default:
      return `${percent(fault.rate)} with the body sent at ${fault.bytes_per_second} bytes/s`;
  }
}

/**
 * One rule in words: `GET, POST /api/v2/goals*: 50–300 ms, uniform; 10% answered 503 with Retry-After: 1`.
 * @example ruleWords({ latency: { kind: 'fixed', ms: 100 } }) // 'every request to /api/v2: 100 ms; no faults'
 */
function ruleWords(rule: FaultRule): string {
  const methods = rule.methods && rule.methods.length > 0 ? `${rule.methods.join(', ')} ` : 'every request to ';
  const which = `${methods}${rule.path ?? '/api/v2'}`;
  const latency = rule.latency ? latencyWords(rule.latency) : 'no added latency';
  const faults = rule.faults && rule.faults.length > 0 ? rule.faults.map(faultWords).join(', ') : 'no faults';
  return `${which}: ${latency}; ${faults}`;
}

/**
 * The profile in force in words, one line per rule; none when no profile is.
 * @example profileWords(SLOW_AND_FLAKY) // ['every request to /api/v2: 200–800 ms, uniform; 10% answered 503 with Retry-After: 1']
 */
export function profileWords(profile: FaultProfile | null): string[] {
  return profile === null ? [] : profile.rules.map(ruleWords);
}

/** A value with its objects' keys in order, to compare two profiles whatever order their keys came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, child]) => [key, canonical(child)]),
    );
  return value;
}

/**
 * Whether the profile in force is the switch's preset, SLOW_AND_FLAKY: its rules exactly (the seed its draws
 * come from, which the server adds, is not what the preset says).
 * @example isPreset({ ...SLOW_AND_FLAKY, seed: 42 }) // true
 */
export function isPreset(profile: FaultProfile | null): boolean {
  return (
    profile !== null && JSON.stringify(canonical(profile.rules)) === JSON.stringify(canonical(SLOW_AND_FLAKY.rules))
  );
}
