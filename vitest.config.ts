// Test runner settings: every *.test.ts under src, fixtures, test and contract-tests, in two projects: `node`,
// and `chromium` (test/browser), whose files share one Chromium launched by its global setup.
import { defineConfig } from 'vitest/config';

const BROWSER_TESTS = 'test/browser/**/*.test.ts';

/** What both projects run with (and vitest.mutate.config.ts's run). */
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

export default defineConfig({
  test: {
    // The dashboard's script is a bundle of src/pages/dashboard/ (npm run build makes it too): made afresh here,
    // once a run (the root's global setup; the projects do not extend the root, so it is not run again for each).
    globalSetup: ['test/support/dashboard-bundle.ts'],
    // Two workers even on two cores: many files wait on child processes and sockets, not on the CPU
    // (vitest's default leaves one core free: 84 s here, against 61 s with two).
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'node',
          include: ['src/**/*.test.ts', 'fixtures/**/*.test.ts', 'test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
          exclude: [BROWSER_TESTS],
        },
      },
      {
        test: {
          ...shared,
          name: 'chromium',
          include: [BROWSER_TESTS],
          globalSetup: ['test/support/chromium-global-setup.ts'],
        },
      },
    ],
  },
});
