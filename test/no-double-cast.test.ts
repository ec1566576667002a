// The ESLint rule that keeps the wire typed: `as unknown as` (and `as any as`) is refused in src/ and
// contract-tests/, a plain `as` is not, and the tests are free to build odd values. The rule is taken from the
// project's own eslint.config.js for each path and run over small sources (no type information needed).
import { ESLint, Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The messages of the project's no-restricted-syntax setting for `path` on `code`. */
async function restrictedSyntax(path: string, code: string): Promise<string[]> {
  const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(path)) as Linter.Config;
  const setting = config.rules?.['no-restricted-syntax'];
  if (setting === undefined) return [];
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-syntax': setting } }],
    'probe.ts',
  );
  return messages.map((m) => m.message);
}

const DOUBLE = 'const value: unknown = 1;\nexport const n = value as unknown as number;\n';
const DOUBLE_ANY = 'const value: unknown = 1;\nexport const n = value as any as number;\n';
const SINGLE = 'const value: unknown = 1;\nexport const n = value as number;\n';

describe('no `as unknown as` in src/ and contract-tests/ (eslint.config.js)', () => {
  it.each([
    ['src/http/mock-controls.ts', 'as unknown as', 1, DOUBLE],
    ['src/domain/store.ts', 'as any as', 1, DOUBLE_ANY],
    ['contract-tests/checks/goals.ts', 'as unknown as', 1, DOUBLE],
    ['src/http/mock-controls.ts', 'a plain as', 0, SINGLE],
    ['test/world.test.ts', 'as unknown as', 0, DOUBLE],
  ])('%s with %s: %i refusal(s)', async (path, _what, count, code) => {
    const messages = await restrictedSyntax(path, code);
    expect(messages).toHaveLength(count);
    for (const message of messages) expect(message).toContain('src/types/wire.ts');
  });
});
