// Test runner settings: every *.test.ts under src, fixtures, test and contract-tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'fixtures/**/*.test.ts', 'test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One module graph per worker: the spec is compiled once per worker, not once per test file.
    isolate: false,
  },
});
