// Test runner settings: every *.test.ts under src, fixtures, test and contract-tests, Chromium's (test/browser)
// among them, in one project: the browser files share one Chromium launched by the global setup, and run in the
// same two workers as the rest, whose modules (the app, the server) those workers have loaded already.
import { defineConfig } from 'vitest/config';

/** What the run uses (and vitest.mutate.config.ts's run). */
export const shared = {
  // Every test waits for events (an answer, an exit, a page's state), never for a time: a limit only ends a
  // test that hangs, so it is set for a box whose two cores are busy with other work (npm test's own checks
  // beside vitest, other agents' runs). On this box at a load of 25, two busy loops beside, the README's
  // contract-kit test took 187 s (about 20 s quiet): 180 s was not enough.
  testTimeout: 600_000,
  hookTimeout: 600_000,
  // expect.poll ends as soon as the assertion holds, so a long limit costs nothing either.
  expect: { poll: { timeout: 60_000 } },
  // One module graph per worker: the spec is compiled once per worker, not once per test file.
  isolate: false,
};

/** The global setup that makes the dashboard's script (vitest.mutate.config.ts's run keeps it, without Chromium). */
export const DASHBOARD_BUNDLE = 'test/support/dashboard-bundle.ts';

export default defineConfig({
  test: {
    ...shared,
    include: ['src/**/*.test.ts', 'fixtures/**/*.test.ts', 'test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
    // The dashboard's script is a bundle of src/pages/dashboard/ (npm run build makes it too): made afresh here,
    // once a run. Then the one headless Chromium of the run, for test/browser's files. It is launched even for a
    // run of other files (about a second, and nothing while it idles): two projects, one for the browser files
    // with this setup of its own, would launch it only for them, but vitest gives each project workers of its own,
    // which load the app and the server again (3 to 9 s more CPU over a run, in two pairs of runs).
    globalSetup: [DASHBOARD_BUNDLE, 'test/support/chromium-global-setup.ts'],
    // Two workers even on two cores: many files wait on child processes and sockets, not on the CPU
    // (vitest's default leaves one core free: 84 s here, against 61 s with two).
    maxWorkers: 2,
  },
});
