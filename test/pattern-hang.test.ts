// Issue 17, finding 3, end to end: a checked override whose pattern a backtracking regular expression took hours
// over, then unauthenticated requests with paths of 60 and 200 characters, against `standin serve` in a child
// process. Before, the first request held every client for seconds and the second for hours (SIGTERM unheard
// meanwhile); vitest's test timeout turned that hang into this test's failure. Now each answers at once.
import { afterEach, describe, expect, it } from 'vitest';
import { ended, startServing, stopAll } from './support/standin-process.js';

// A server hung in a match ignores SIGTERM: stopAll kills whatever a failed test left running.
afterEach(stopAll);

describe('override patterns are matched in linear time (issue 17, finding 3)', () => {
  it('the override of the finding, then long unauthenticated paths: each answered, and SIGTERM heard', async () => {
    const { child, baseUrl } = await startServing(['--now', '2026-11-20T15:00:00Z']);
    const origin = new URL(baseUrl).origin;
    const put = await fetch(`${origin}/__mock/overrides`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ method: 'GET', path: '/api/v2/goals/*a*a*a*a*a*a*a*a*b', status: 503 }] }),
    });
    expect(put.status).toBe(200);

    const sixty = `/api/v2/goals/${'a'.repeat(46)}`;
    const longer = `/api/v2/goals/${'a'.repeat(186)}`;
    expect([sixty.length, longer.length]).toEqual([60, 200]);
    // No b: the rule does not fit, and the request goes on to authentication (G9).
    for (const path of [sixty, longer]) expect((await fetch(`${origin}${path}`)).status).toBe(401);
    // One that fits gets the rule's answer.
    const fitting = await fetch(`${origin}/api/v2/goals/${'a'.repeat(40)}b`);
    expect(fitting.status).toBe(503);
    expect((await fitting.json()).type).toBe('urn:standin:problem:override');

    const exit = ended(child);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
