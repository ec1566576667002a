// The fuzzer's replay lines: shell-quoted, escapes visible, long values cut.
import { describe, expect, it } from 'vitest';
import { curlLine } from './curl-lines.js';

describe('curlLine', () => {
  it('quotes for the shell and shows control characters escaped', () => {
    const line = curlLine({
      method: 'POST',
      url: "/api/v2/goals?q=it's",
      headers: { authorization: 'Bearer rw_x' },
      body: '{"title":"a\u0000b"}',
      operationId: 'createGoal',
    });
    expect(line).toBe(
      `curl -X POST 'http://127.0.0.1:4010/api/v2/goals?q=it'\\''s' -H 'authorization: Bearer rw_x' --data-raw '{"title":"a\\u0000b"}'`,
    );
  });

  it('cuts a long value, saying how long it was', () => {
    const line = curlLine({ method: 'GET', url: `/api/v2/${'x'.repeat(10_000)}`, headers: {}, operationId: 'x' });
    expect(line).toContain('…(10029 characters)');
    expect(line.length).toBeLessThan(300);
  });
});
