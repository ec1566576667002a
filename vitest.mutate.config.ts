// `npm run mutate`'s test run: the in-process tests only (app.request, the domain's and runtime's own units), so
// Stryker can run each mutant against the tests that cover it in well under a second. Chromium, child
// processes, worker threads and timed socket tests stay in `npm test`: they cover the CLI, pages and
// server, which are not mutated, and would make every mutant cost seconds.
import { defineConfig } from 'vitest/config';
import base, { DASHBOARD_BUNDLE, shared } from './vitest.config.js';

// npm test's settings but its list of files (below) and its Chromium: the dashboard's script is made as there.
const root = { ...base.test, globalSetup: [DASHBOARD_BUNDLE] };

export default defineConfig({
  test: {
    ...root,
    ...shared,
    // Instrumented code runs several times slower (each mutant's switch and coverage counter): a test that
    // takes 5 s in `npm test` may take 30 here on a shared box. Stryker has its own per-mutant timeout.
    testTimeout: 120_000,
    include: ['src/**/*.test.ts', 'fixtures/**/*.test.ts', 'test/*.test.ts'],
    exclude: [
      // Chromium (test/browser is not included at all) and child processes: `standin` itself, the CLI, the kit.
      'test/any-token.test.ts',
      'test/cli.test.ts',
      'test/contract-cli.test.ts',
      'test/memory-process.test.ts',
      'test/pattern-hang.test.ts',
      'test/readme-examples.test.ts',
      'test/server-hosts.test.ts',
      'test/state-crash.test.ts',
      'test/state-file.test.ts',
      'test/state-lock.test.ts',
      'test/state-restore.test.ts',
      // What needs the built command line or the state file's worker (Stryker's sandbox has no dist/) or the git
      // tree: the dry run stopped on the first of them, import-cli's.
      'test/drift-cli.test.ts',
      'test/drift-redocly.test.ts',
      'test/drift-workflow.test.ts',
      'test/import-build.test.ts',
      'test/import-cli.test.ts',
      'test/import-reader.test.ts',
      'test/proxy-cli.test.ts',
      'test/reset-slices.test.ts',
      'test/restore-memory.test.ts',
      'test/doc-examples.test.ts',
      'test/path-comments.test.ts',
      // A real server with the state file's worker, or timed socket limits (src/cli's, not mutated).
      'test/server-limits.test.ts',
      'test/state-commit.test.ts',
      'test/state-file-safety.test.ts',
      // Heap measurements of large worlds: seconds each, and about memory, not behaviour a mutant changes.
      'test/memory-budget.test.ts',
      // Documents and the layer rules' own test, not code under mutation.
      'test/docs-links.test.ts',
      'test/layers.test.ts',
      'src/pages/**',
      'src/spec/**',
      'src/types/**',
    ],
  },
});
