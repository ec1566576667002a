// A global setup of vitest.config.ts: one headless Chromium for every browser test file of the run, launched once
// (a launch costs about a second of CPU, and four seconds on a busy box) and closed when the run ends; the files
// connect to it (shared-chromium.ts). A run without browser files launches it too: vitest.config.ts says why.
import type { TestProject } from 'vitest/node';
import { launchChromiumServer, missingChromium } from './chromium.js';

/**
 * Launches the shared Chromium and hands its endpoint to the test files; returns its teardown. `evil.test`,
 * test/browser/cross-origin.test.ts's site of another origin, resolves to 127.0.0.1 in it; no other test names
 * that host.
 * @example export default { test: { globalSetup: ['test/support/chromium-global-setup.ts'] } };
 */
export default async function startSharedChromium(project: TestProject): Promise<() => Promise<void>> {
  const missing = missingChromium();
  if (missing) {
    // One line that says how to mend it, not vitest's stack of the setup that threw (issue 32: a stranger's
    // first npm test on a machine without Chromium).
    process.stderr.write(`\n${missing}\n\n`);
    process.exit(1);
  }
  const server = await launchChromiumServer(['--host-resolver-rules=MAP evil.test 127.0.0.1']);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
