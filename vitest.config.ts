// Test runner settings: every *.test.ts under src, fixtures, test and contract-tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'fixtures/**/*.test.ts', 'test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The dashboard's script is a bundle of src/pages/dashboard/ (npm run build makes it too): made afresh here.
    globalSetup: ['test/support/dashboard-bundle.ts'],
    // expect.poll waits for an event (a page's answer, a server's state), never for a time: vitest's 1 s default
    // ran out on a box under load; the wait ends as soon as the assertion holds, so a long limit costs nothing.
    expect: { poll: { timeout: 15_000 } },
    // One module graph per worker: the spec is compiled once per worker, not once per test file.
    isolate: false,
    // Two workers even on two cores: many files wait on child processes and sockets, not on the CPU
    // (vitest's default leaves one core free: 84 s here, against 61 s with two).
    maxWorkers: 2,
  },
});
