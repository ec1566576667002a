// Shipped code is linted as shipped code: the contract kit (standin/contract) is held to src/'s rules, no `any`
// and no-unsafe-*, while the tests and the kit's self-test (not shipped) may read answers as `any`. Read from
// the project's own eslint.config.js for each path, so a glob that relaxes the kit again fails here.
import { ESLint, type Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const TYPED_RULES = [
  '@typescript-eslint/no-explicit-any',
  '@typescript-eslint/no-unsafe-member-access',
  '@typescript-eslint/no-unsafe-assignment',
  '@typescript-eslint/no-unsafe-argument',
  '@typescript-eslint/no-unsafe-call',
  '@typescript-eslint/no-unsafe-return',
];

/** Each typed rule's severity for `path` as eslint.config.js sets it: 'error' or 'off'. */
async function severities(path: string): Promise<string[]> {
  const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(path)) as Linter.Config;
  return TYPED_RULES.map((rule) => {
    const setting = config.rules?.[rule];
    const level = Array.isArray(setting) ? setting[0] : setting;
    return level === 2 || level === 'error' ? 'error' : 'off';
  });
}

describe('which files may read answers as any (eslint.config.js)', () => {
  it.each([
    ['src/http/mock-controls.ts', 'error'],
    ['contract-tests/kit/checking-client.ts', 'error'],
    ['contract-tests/checks/goals.ts', 'error'],
    ['contract-tests/index.ts', 'error'],
    ['contract-tests/self-test/broken-variants.ts', 'off'],
    ['contract-tests/kit/summary.test.ts', 'off'],
    ['src/domain/store.test.ts', 'off'],
    ['test/goals.test.ts', 'off'],
  ])('%s: %s', async (path, level) => {
    expect(await severities(path)).toEqual(TYPED_RULES.map(() => level));
  });
});
