// The rule registry (x-rules): every rule the spec names has a source, and selections parse strictly.
import { describe, expect, it } from 'vitest';
import { getCompiledSpec } from './compiled-spec.js';
import { parseRuleSources } from './rule-sources.js';

describe('x-rules', () => {
  const spec = getCompiledSpec();

  it('knows every rule id the spec names, in x-rule and in descriptions', () => {
    const text = JSON.stringify({ ...spec.document, 'x-rules': undefined });
    const named = new Set([...text.matchAll(/\b(G|PT|GO|GU|CI|EC|CR|AC|DG|AI|WH)(\d{1,2})\b/g)].map((m) => m[0]));
    expect(named.size).toBeGreaterThan(40);
    const missing = [...named].filter((id) => !spec.rules.rules.has(id));
    expect(missing).toEqual([]);
  });

  it("resolves a part to its own source and a rule to the rule's", () => {
    expect(spec.rules.sourceOf('G4')).toBe('interface');
    expect(spec.rules.sourceOf('G4', 'clamp')).toBe('production');
    expect(spec.rules.sourceOf('G4', 'invalid')).toBe('decided');
    expect(() => spec.rules.sourceOf('G4', 'nope')).toThrow(/no part "nope"/);
    expect(() => spec.rules.sourceOf('X1')).toThrow(/no rule X1/);
  });

  it('uses every source, so that a --rules selection can leave some out', () => {
    const sources = new Set(
      [...spec.rules.rules.values()].flatMap((r) => [r.source, ...[...r.parts.values()].map((p) => p.source)]),
    );
    expect([...sources].sort()).toEqual(['decided', 'interface', 'production']);
  });
});

describe('parseRuleSources', () => {
  it('reads a comma-separated list, once each', () => {
    expect(parseRuleSources('interface, production,interface')).toEqual(['interface', 'production']);
  });

  it('refuses an unknown or empty selection, naming what it takes', () => {
    expect(parseRuleSources('interface,prod')).toEqual({ error: expect.stringContaining('not "prod"') });
    expect(parseRuleSources('')).toEqual({ error: expect.stringContaining('interface, production, decided') });
  });
});
