// An operation's checks are built when one is first read (compile-spec.ts): a start routes every operation of both
// specs by name and path alone, and the build of the generated validators still reads them all.
import { describe, expect, it } from 'vitest';
import { compileSpec } from './compile-spec.js';
import { SPECS } from './spec-source.js';

describe("compileSpec's operations", () => {
  it("look up no validator until one of an operation's checks is read, then that operation's alone", () => {
    const asked: string[] = [];
    const spec = compileSpec(
      SPECS.api.document,
      (key, schema) => (asked.push(key), SPECS.api.source(key, schema)),
      'generated',
    );
    expect(spec.operations.length).toBeGreaterThan(40);
    expect(spec.findOperation('GET', '/goals/abc')?.operationId).toBe('getGoal');
    expect(asked).toEqual([]);

    const getGoal = spec.operation('getGoal');
    expect(getGoal.validatePath({ id: 'not-a-uuid' }).ok).toBe(false);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((key) => key.startsWith('getGoal:'))).toBe(true);
    // Built once: reading its other checks asks for nothing more.
    const once = asked.length;
    expect(getGoal.statuses).toContain('200');
    expect(getGoal.parameters.map((p) => p.name)).toContain('id');
    expect(asked.length).toBe(once);
  });

  it('built at once for a spec compiled here: a schema ajv refuses stops the start, not a later request', () => {
    const asked = new Set<string>();
    const spec = compileSpec(
      SPECS.api.document,
      (key, schema) => (asked.add(key.split(':')[0]!), SPECS.api.source(key, schema)),
      'compiled',
    );
    expect([...asked].sort()).toEqual(spec.operations.map((op) => op.operationId).sort());
  });
});
