// MK6: latency and fault profiles — seeded, so the same seed and the same requests give the same delays and
// faults. Rules are scoped by method and path pattern; the first matching rule decides a request.
import { PathPattern } from './path-pattern.js';
import { mulberry32 } from '../domain/entropy.js';
import type { ControlSchema } from '../types/wire.js';

/**
 * spec/control.yaml's FaultRule: methods (all when absent), a path pattern (all paths when absent) such as
 * `/api/v2/goals*`, a latency and faults.
 */
export type FaultRule = ControlSchema<'FaultRule'>;
export type Latency = NonNullable<FaultRule['latency']>;
export type Fault = NonNullable<FaultRule['faults']>[number];

/** spec/control.yaml's FaultProfile: a seed and the rules. */
export type FaultProfileSpec = ControlSchema<'FaultProfile'>;

/**
 * A profile whose values cannot be drawn from (MK6), naming the field at fault as a problem's errors[] does (G8).
 * @example new FaultProfileError('rules[0].latency.min_ms', 'rules[0].latency.min_ms is 300, above max_ms 50')
 */
export class FaultProfileError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** What happens to one request. */
export interface Decision {
  delayMs: number;
  fault: Fault | null;
  /** MCP6: where the fault came from, for the journal: the profile's rule (`rules[0]`) or `Prefer`. */
  from?: string;
}

/**
 * A profile in force: draws from one seeded stream in request order, so a replay gives the same sequence.
 * @example new FaultProfile({ seed: 1, rules: [{ latency: { kind: 'fixed', ms: 200 } }] }).decide('GET', '/api/v2/me')
 */
export class FaultProfile {
  readonly #next: () => number;
  readonly #rules: Array<FaultRule & { matcher: PathPattern | null }>;

  /** Throws a FaultProfileError naming the field when a profile's values cannot be drawn from (uniform min > max). */
  constructor(readonly spec: FaultProfileSpec) {
    spec.rules.forEach((rule, i) => {
      if (rule.latency?.kind === 'uniform' && rule.latency.min_ms > rule.latency.max_ms) {
        const field = `rules[${i}].latency.min_ms`;
        throw new FaultProfileError(
          field,
          `${field} is ${rule.latency.min_ms}, above max_ms ${rule.latency.max_ms}: make it at most max_ms (MK6)`,
        );
      }
    });
    this.#next = mulberry32(spec.seed ?? 1);
    this.#rules = spec.rules.map((rule) => ({ ...rule, matcher: rule.path ? new PathPattern(rule.path) : null }));
  }

  decide(method: string, path: string): Decision {
    const index = this.#rules.findIndex(
      (r) => (!r.methods || r.methods.some((m) => m === method)) && (!r.matcher || r.matcher.matches(path)),
    );
    const rule = this.#rules[index];
    if (!rule) return { delayMs: 0, fault: null };
    const delayMs = rule.latency ? Math.round(this.#delay(rule.latency)) : 0;
    let fault: Fault | null = null;
    for (const candidate of rule.faults ?? []) {
      if (this.#next() < candidate.rate) {
        fault = candidate;
        break;
      }
    }
    return fault ? { delayMs, fault, from: `the fault profile's rules[${index}]` } : { delayMs, fault };
  }

  #delay(latency: Latency): number {
    switch (latency.kind) {
      case 'fixed':
        return latency.ms;
      case 'uniform':
        return latency.min_ms + this.#next() * (latency.max_ms - latency.min_ms);
      case 'lognormal': {
        // Box–Muller from two draws of the seeded stream.
        const normal = Math.sqrt(-2 * Math.log(1 - this.#next())) * Math.cos(2 * Math.PI * this.#next());
        return latency.median_ms * Math.exp(latency.sigma * normal);
      }
    }
  }
}

/**
 * `--latency` shorthand for every request: `fixed:200`, `uniform:50-300`, `lognormal:120,0.5`.
 * @example parseLatency('uniform:50-300') // { kind: 'uniform', min_ms: 50, max_ms: 300 }
 */
export function parseLatency(text: string): Latency {
  // Stryker disable next-line StringLiteral: no value and any other text without a number are refused alike.
  const [kind, value = ''] = text.split(':');
  // An empty part is no number (Number('') is 0: `fixed:` is not 0 ms, nor `uniform:-5` 0 to 5 ms). No number
  // can be negative: `-` separates them.
  const numbers = value.split(/[-,]/).map((part) => (part === '' ? NaN : Number(part)));
  const [first = NaN, second = NaN] = numbers;
  if (kind === 'fixed' && numbers.length === 1 && first >= 0) return { kind, ms: first };
  if (kind === 'uniform' && numbers.length === 2 && first <= second) return { kind, min_ms: first, max_ms: second };
  if (kind === 'lognormal' && numbers.length === 2 && first > 0 && second >= 0)
    return { kind, median_ms: first, sigma: second };
  throw new RangeError(`latency "${text}" is not fixed:MS, uniform:MIN-MAX or lognormal:MEDIAN,SIGMA (MK6)`);
}
