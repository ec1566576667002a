// ESLint (npm run lint): typescript-eslint's type-checked recommended rules over the whole tree. Tests and the
// kit's self-test (contract-tests/self-test, not shipped) read a server's JSON answers, typed `any` on purpose
// (asserting those shapes is their job, and every answer is held to the spec's schemas first): the no-unsafe-*
// rules and no-explicit-any are off there, and only there. The kit itself is shipped (standin/contract): it types
// its answers from the generated wire types (src/types/wire.ts) under the same rules as src/.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/spec/generated/**',
      'src/pages/generated/**',
      'src/types/api.ts',
      'src/types/control.ts',
      'reports/**',
      'bench/results/**',
      // What the README and browser tests write while they run, beside lint in npm test: the README's examples.
      '.examples/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Two programs, each built once: the dashboard's modules with the DOM's types, and everything else.
        project: ['./tsconfig.eslint.json', './src/pages/dashboard/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  // CommonJS configuration files of other tools: plain JavaScript, nothing to type-check.
  { files: ['**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  {
    // A leading underscore marks what is left unused on purpose (a field split off with the rest kept).
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The wire is typed from the specs (src/types/wire.ts): a value cast through unknown (or any) to another type
    // throws that away unseen. Where the run time meets the types, one plain `as` says what was checked.
    files: ['src/**', 'contract-tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression[typeAnnotation.type=/^TS(Unknown|Any)Keyword$/]',
          message:
            'No `as unknown as` (or `as any as`) in src/ or contract-tests/: type the value from the generated wire types (src/types/wire.ts), or narrow it with a check.',
        },
      ],
    },
  },
  {
    files: ['test/**', 'contract-tests/self-test/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
