// `npm run mutate`: Stryker's mutation testing of the domain and the runtime layer against
// the in-process tests of vitest.mutate.config.ts. Not part of `npm test`: a full run takes many minutes; the
// incremental file (in the git-ignored reports/) makes a rerun test only the mutants whose code or tests changed.
// docs/mutation.md has the scores, what counts as equivalent, and why.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts' },
  mutate: ['src/domain/**/*.ts', 'src/runtime/**/*.ts', '!src/**/*.test.ts'],
  // Each mutant runs only the tests that reached its code (and a failing one ends its run).
  coverageAnalysis: 'perTest',
  // A mutant of module-level code (a constant's value) would need every test file run again; such mutants are
  // listed as ignored rather than run, and docs/mutation.md says so.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  // Two cores, shared with other work.
  concurrency: 2,
  timeoutFactor: 3,
  ignorePatterns: ['dist', 'reports', 'bench/results', '.examples', 'test/browser'],
  // progress-append-only: a line every few seconds, so a long run's log shows how far it got.
  reporters: ['clear-text', 'progress', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: 'reports/stryker-tmp',
};
