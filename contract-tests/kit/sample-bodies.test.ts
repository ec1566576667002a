// The sample bodies stay in step with the spec: one for every operation that takes a body, each valid.
import { beforeAll, describe, expect, it } from 'vitest';
import { getCompiledSpec, loadSpecChecks } from '../../src/spec/compiled-spec.js';
import { SAMPLED_OPERATIONS, sampleBody } from './sample-bodies.js';

describe('sample bodies', () => {
  // A built tree's body checks load on demand; the files run before this one in a worker may not have asked.
  beforeAll(() => loadSpecChecks());

  // The /api/v2 operations the derived checks send: the hook's checks write their own bodies (WH1).
  const withBody = getCompiledSpec().operations.filter((op) => op.bodyProperties && op.base === null);

  it('exist for exactly the operations that take a body', () => {
    expect([...SAMPLED_OPERATIONS].sort()).toEqual(withBody.map((op) => op.operationId).sort());
  });

  it("are valid against each operation's body schema", () => {
    for (const op of withBody) {
      const result = op.validateBody(sampleBody(op.operationId, (text) => `[standin-contract] run-test ${text}`));
      expect(result.ok ? [] : result.errors, op.operationId).toEqual([]);
    }
  });
});
