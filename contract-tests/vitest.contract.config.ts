// The kit's vitest run: one file per rule group, one at a time, against the server the CLI names.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['contract-tests/groups/*.contract.{ts,js}'],
    fileParallelism: false,
    // One module graph for all groups: the spec is compiled once per run, not once per group file.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
