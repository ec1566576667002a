// Owns what standin proxy has seen so far, for its summary on SIGINT, GET /__mock/proxy and the JUnit file:
// exchanges checked and not, answers the proxy made itself, and per rule (and part) how many exchanges it was
// checked on and the findings it had, with the first few of them. Bounded: the rules are the spec's, and each
// keeps at most SAMPLES findings of at most SAMPLE_CHARS characters.
import type { ExchangeVerdict } from '../exchange/check-exchange.js';
import type { RuleSource } from '../spec/rule-sources.js';

/** The findings of one rule each keeps to show. */
const SAMPLES = 20;
const SAMPLE_CHARS = 600;

export interface RuleTally {
  rule: string;
  part: string | null;
  source: RuleSource;
  /** Exchanges the rule was checked on. */
  checked: number;
  /** Exchanges it found broken. */
  broken: number;
  /** The first SAMPLES exchanges that broke it (`GET /api/v2/goals → 200`), each with its first problem. */
  samples: Array<{ exchange: string; problem: string }>;
}

export interface TallySummary {
  exchanges: number;
  /** Exchanges the spec has an operation for, checked. */
  checked: number;
  /** Exchanges the spec has no operation for (an unknown path or method): passed on, not checked. */
  unchecked: number;
  /** Exchanges of the spec's operations the proxy could not read whole: over 8 MiB, cut midway, or encoded in a way it cannot read. */
  unread: number;
  /** Exchanges the proxy answered itself (502, 504): the upstream did not answer. */
  own: number;
  /** Exchanges with at least one finding. */
  withFindings: number;
  findings: number;
  rules: RuleTally[];
}

export class ProxyTally {
  #exchanges = 0;
  #checked = 0;
  #unchecked = 0;
  #unread = 0;
  #own = 0;
  #withFindings = 0;
  #findings = 0;
  readonly #rules = new Map<string, RuleTally>();

  constructor(private readonly sourceOf: (rule: string, part?: string) => RuleSource) {}

  #rule(key: string): RuleTally {
    let tally = this.#rules.get(key);
    if (!tally) {
      const [rule, part] = key.split('/') as [string, string | undefined];
      tally = { rule, part: part ?? null, source: this.sourceOf(rule, part), checked: 0, broken: 0, samples: [] };
      this.#rules.set(key, tally);
    }
    return tally;
  }

  /**
   * One exchange: checked (`verdict`), or passed on unchecked — no operation of the spec ('unknown'), a body the
   * proxy could not read whole ('unread') — or answered by the proxy itself ('own').
   */
  add(exchange: string, verdict: ExchangeVerdict | 'unknown' | 'unread' | 'own'): void {
    this.#exchanges++;
    if (verdict === 'own') return void this.#own++;
    if (verdict === 'unknown') return void this.#unchecked++;
    if (verdict === 'unread') return void this.#unread++;
    this.#checked++;
    for (const key of verdict.applied) this.#rule(key).checked++;
    if (verdict.findings.length > 0) this.#withFindings++;
    this.#findings += verdict.findings.length;
    const counted = new Set<string>();
    for (const finding of verdict.findings) {
      const key = finding.part === undefined ? finding.rule : `${finding.rule}/${finding.part}`;
      if (counted.has(key)) continue;
      counted.add(key);
      // One sample per exchange: its first finding of the rule.
      const tally = this.#rule(key);
      tally.broken++;
      if (tally.samples.length < SAMPLES)
        tally.samples.push({ exchange: exchange.slice(0, 300), problem: finding.problem.slice(0, SAMPLE_CHARS) });
    }
  }

  /** Everything so far; rules in id order. */
  summary(): TallySummary {
    return {
      exchanges: this.#exchanges,
      checked: this.#checked,
      unchecked: this.#unchecked,
      unread: this.#unread,
      own: this.#own,
      withFindings: this.#withFindings,
      findings: this.#findings,
      rules: [...this.#rules.values()]
        .map((r) => ({ ...r, samples: [...r.samples] }))
        .sort((a, b) => ruleOrder(a.rule, b.rule) || (a.part ?? '').localeCompare(b.part ?? '')),
    };
  }
}

/** G1, G2 … G10, then GO1 …: letters, then the number as a number. */
function ruleOrder(a: string, b: string): number {
  const [, la = '', na = '0'] = /^([A-Z]+)(\d+)/.exec(a) ?? [];
  const [, lb = '', nb = '0'] = /^([A-Z]+)(\d+)/.exec(b) ?? [];
  return la.localeCompare(lb) || Number(na) - Number(nb);
}

/** A finding's rule as the kit shows it: `G12 every-get (decided)`. */
export function ruleLabel(tally: Pick<RuleTally, 'rule' | 'part' | 'source'>): string {
  return `${tally.rule}${tally.part ? ` ${tally.part}` : ''} (${tally.source})`;
}
