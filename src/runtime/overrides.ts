// Override rules in force (PUT /__mock/overrides): answers given instead of the world's, the escape hatch users of
// MSW, WireMock and Mockoon expect for what a world cannot reach — a 500 on one call, an empty list, a slow
// partner's odd body. This is what the front asks at each /api/v2 request; what makes a rule (its checks against the
// API's spec, its answer) is override-rules.ts, which a page loads with the controls that put rules.
import type { DecidedBy } from './decided-by.js';
import type { ControlSchema } from '../types/wire.js';

/** One rule as it is put: spec/control.yaml's OverrideRuleInput. */
export type OverrideRuleInput = ControlSchema<'OverrideRuleInput'>;

/** One rule in force, as listed: spec/control.yaml's OverrideRule. */
export type OverrideRule = ControlSchema<'OverrideRule'>;

/** What a rule answers with, made once when it is put: the front writes it with its own headers (G13). */
export interface OverrideAnswer {
  /** The rule's id, for the journal. */
  id: string;
  status: number;
  /** The rule's headers, and the content type of its body. */
  headers: Readonly<Record<string, string>>;
  /** The body's JSON text; '' for none. */
  text: string;
  /** MCP6: the journal's note of who answered: this rule, by id and pattern (made once, kept by every entry). */
  decided: DecidedBy;
}

/** A rule as it is put: its listing, its path's matcher and its answer (override-rules.ts makes it). */
export interface PutOverride extends OverrideRule {
  matcher: { matches(path: string): boolean };
  answer: OverrideAnswer;
}

/**
 * The rules of one mock, tried in order for each /api/v2 request.
 * @example putOverrides(overrides, [{ method: 'GET', path: '/api/v2/me', status: 503, uses: 1 }]); overrides.answer('GET', '/api/v2/me', undefined)
 */
export class Overrides {
  #rules: PutOverride[] = [];
  #count = 0;

  get size(): number {
    return this.#rules.length;
  }

  /** The id of the next rule put, counted over the mock's life: override-1, override-2, … */
  nextId(): string {
    return `override-${++this.#count}`;
  }

  /** Puts these rules in force in place of any before (putOverrides in override-rules.ts checks and makes them). */
  replace(rules: PutOverride[]): void {
    this.#rules = rules;
  }

  list(): OverrideRule[] {
    return this.#rules.map(({ id, uses_left, rule }) => ({ id, uses_left, rule }));
  }

  clear(): void {
    this.#rules = [];
  }

  delete(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((rule) => rule.id !== id);
    return this.#rules.length < before;
  }

  /**
   * The answer of the first rule that fits the request, counting one of its uses; nothing when none fits. A
   * CORS preflight never comes here (the front answers it): the browser's real request that follows does.
   */
  answer(method: string, path: string, session: string | undefined): OverrideAnswer | undefined {
    const index = this.#rules.findIndex(
      ({ rule, matcher }) =>
        (rule.method === undefined || rule.method === method) &&
        (rule.session === undefined || rule.session === session) &&
        matcher.matches(path),
    );
    const found = this.#rules[index];
    if (!found) return undefined;
    if (found.uses_left !== null && --found.uses_left === 0) this.#rules.splice(index, 1);
    return found.answer;
  }
}
