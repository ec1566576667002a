// npm test without Chromium: the run ends at once in one line that says how to install it (or where to point
// STANDIN_CHROMIUM), never vitest's stack of a setup that threw and a page of browser tests failing one by one.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT as ROOT } from '../src/spec/spec-files.js';

/** A vitest run of one quick file, Chromium looked for where `chromium` says. */
function runWithout(chromium: string) {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/fuzz/curl-lines.test.ts'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, STANDIN_CHROMIUM: chromium, CI: 'true' } },
  );
  const lines = `${run.stdout}${run.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(\x1b\[[0-9;]*m)*\s*RUN\b/.test(line));
  return { status: run.status, lines };
}

describe('npm test without Chromium', () => {
  it('fails in one line naming the path and the mend, before any test runs', () => {
    const { status, lines } = runWithout('/nonexistent/chromium');
    expect(status).toBe(1);
    expect(lines).toEqual([
      'npm test drives Chromium for its browser tests, and STANDIN_CHROMIUM names /nonexistent/chromium, which does not exist: point it at a Chromium or Chrome binary.',
    ]);
  });
});
