// Owns where each behaviour rule comes from (the spec's root `x-rules`: interface, production or decided)
// and the reading of a `--rules` selection, so the mock's docs and the contract kit name sources alike.
import type { OpenAPIV3_1 } from 'openapi-types';

/** `interface`: the interface document states it; `production`: the production service's public docs or
 * clients show it; `decided`: standin's own choice where both are silent. */
export type RuleSource = 'interface' | 'production' | 'decided';
export const RULE_SOURCES: readonly RuleSource[] = ['interface', 'production', 'decided'];

interface RuleEntry {
  source: RuleSource;
  /** What the rule says; empty in a page's document, which carries no prose (page-document.ts). */
  summary: string;
  /** Pieces of the rule whose source differs from the rule's own. */
  parts: ReadonlyMap<string, { source: RuleSource; summary: string }>;
}

export interface RuleRegistry {
  readonly rules: ReadonlyMap<string, RuleEntry>;
  /** The source of a rule, or of one of its parts; throws for an id or part the spec does not know. */
  sourceOf(rule: string, part?: string): RuleSource;
}

interface RawRule {
  'x-rule-source': RuleSource;
  summary?: string;
  parts?: Record<string, { 'x-rule-source': RuleSource; summary?: string }>;
}

/** Reads `x-rules` from the document; a rule or part without a known source is a broken spec. */
export function ruleRegistry(document: OpenAPIV3_1.Document): RuleRegistry {
  // An extension of the document's own, which OpenAPIV3_1.Document does not declare.
  const raw = (('x-rules' in document ? document['x-rules'] : undefined) ?? {}) as Record<string, RawRule>;
  const rules = new Map<string, RuleEntry>();
  const known = (source: RuleSource, where: string) => {
    if (!RULE_SOURCES.includes(source))
      throw new Error(
        `spec x-rules ${where}: x-rule-source must be one of ${RULE_SOURCES.join(', ')}, got ${String(source)}`,
      );
    return source;
  };
  for (const [id, entry] of Object.entries(raw)) {
    const parts = new Map(
      Object.entries(entry.parts ?? {}).map(([name, part]) => [
        name,
        { source: known(part['x-rule-source'], `${id}.${name}`), summary: part.summary ?? '' },
      ]),
    );
    rules.set(id, { source: known(entry['x-rule-source'], id), summary: entry.summary ?? '', parts });
  }
  return {
    rules,
    sourceOf(rule, part) {
      const entry = rules.get(rule);
      if (!entry) throw new Error(`no rule ${rule} in the spec's x-rules`);
      if (part === undefined) return entry.source;
      const piece = entry.parts.get(part);
      if (!piece) throw new Error(`rule ${rule} has no part "${part}" in the spec's x-rules`);
      return piece.source;
    },
  };
}

/**
 * Reads a comma-separated selection such as `interface,production`; `{ error }` saying why when it names
 * anything else.
 * @example parseRuleSources('interface,production') // ['interface', 'production']
 */
export function parseRuleSources(text: string): RuleSource[] | { error: string } {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !RULE_SOURCES.includes(n as RuleSource));
  if (names.length === 0 || unknown.length > 0) {
    return {
      error: `--rules takes a comma-separated list of ${RULE_SOURCES.join(', ')}${unknown.length ? `; not ${unknown.map((u) => `"${u}"`).join(', ')}` : ''}`,
    };
  }
  return [...new Set(names)] as RuleSource[];
}
