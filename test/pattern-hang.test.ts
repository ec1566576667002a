// Issue 17, finding 3, end to end: a checked override whose pattern a backtracking regular expression took hours
// over, then unauthenticated requests with paths of 60 and 200 characters, against `standin serve` in a child
// process. Before, the first request held every client for seconds and the second for hours (SIGTERM unheard
// meanwhile); vitest's test timeout turned that hang into this test's failure. Now each answers at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  // A server hung in a match ignores SIGTERM: SIGKILL whatever a failed test left running.
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** `standin serve` on a free port; resolves with the origin its banner names. */
function serve(): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--now', '2026-11-20T15:00:00Z'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const origin = /serving \/api\/v2 at (http:\/\/[^/\s]+)/.exec(out)?.[1];
      if (origin && out.includes('the contract:')) resolve({ child, origin });
    });
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => reject(new Error(`standin exited with ${code} before it was ready:\n${out}`)));
  });
}

describe('override patterns are matched in linear time (issue 17, finding 3)', () => {
  it('the override of the finding, then long unauthenticated paths: each answered, and SIGTERM heard', async () => {
    const { child, origin } = await serve();
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

    const exit = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
