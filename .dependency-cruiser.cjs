// The layers of standin, one way only (README "Project layout"): spec <- domain <- fixtures <- http <- cli;
// the contract kit depends on the spec and on HTTP only. Tests may reach anything. `npm run lint:layers`.
const TESTS = '(^test/|\\.test\\.ts$)';
const forbid = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TESTS },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle ties modules together both ways.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    forbid(
      'spec-is-the-base',
      'The compiled spec and its validators depend on nothing of ours.',
      '^src/spec/',
      '^(src/(domain|http|cli)|fixtures|contract-tests)/',
    ),
    forbid(
      'domain-is-pure',
      'The domain (records, rules, store, clock) knows no generator, HTTP, CLI or kit.',
      '^src/domain/',
      '^(src/(http|cli)|fixtures|contract-tests)/',
    ),
    forbid(
      'domain-without-hono',
      'The domain imports nothing from Hono.',
      '^src/domain/',
      '(^|/)node_modules/(hono|@hono)/',
    ),
    forbid(
      'fixtures-below-http',
      'The generator builds domain records; it knows no HTTP, CLI or kit.',
      '^fixtures/',
      '^(src/(http|cli)|contract-tests)/',
    ),
    forbid(
      'http-below-cli',
      'The app knows no CLI, no MSW adapter and no kit.',
      '^src/http/',
      '^(src/(cli|msw|pages)|contract-tests)/',
    ),
    forbid(
      'pages-on-http',
      'The pages (dashboard, reference) sit on the app and the specs; they know no CLI, no MSW and no kit.',
      '^src/pages/',
      '^(src/(cli|msw)|contract-tests)/',
    ),
    forbid(
      'msw-on-http',
      'The MSW adapter hands requests to the app; it knows no CLI and no kit.',
      '^src/msw/',
      '^(src/cli|contract-tests)/',
    ),
    forbid(
      'kit-on-spec-and-http',
      'The kit checks any server through HTTP and the spec alone.',
      '^contract-tests/',
      '^(src/(domain|cli)|fixtures)/',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^dist/|generated/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
