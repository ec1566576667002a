// `npm run fuzz`: the spec fuzzer alone, at least 10,000 requests (STANDIN_FUZZ_REQUESTS, STANDIN_FUZZ_SEED
// and STANDIN_FUZZ_FOCUS still apply); `npm test` runs the same file with 1,500.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/fuzz/spec-fuzz.test.ts'],
    env: { STANDIN_FUZZ_REQUESTS: process.env.STANDIN_FUZZ_REQUESTS ?? '10000' },
  },
});
