// The layers of standin, one way only (docs/architecture.md): {types, spec} <- domain <- fixtures <- runtime <-
// http <- {pages, msw} <- server <- cli; the contract kit on the spec and its types; drift apart, under the cli. Allow-lists: each folder says what
// it may import, so a folder nobody listed (or a new one) may import nothing of ours until it is given its
// place here; test/layers.test.ts proves a forbidden import fails. Tests may reach anything.
// `npm run lint:layers`.
const TESTS = '(^test/|\\.test\\.ts$|^contract-tests/self-test/)';

/** What every layer may use besides our own folders: Node's built-ins where allowed, and installed packages. */
const PACKAGES = '(^|/)node_modules/';

/** Each layer and the folders of ours it may import (its own included). */
const LAYERS = [
  // The specs' generated types and wire.ts, derived from them, import nothing else of ours: all build on them.
  ['^src/types/(?!generate-types)', ['^src/types/']],
  ['^src/types/generate-types', ['^src/types/', '^src/spec/']],
  ['^src/spec/', ['^src/spec/']],
  // The domain openly takes the wire's input types (src/types/wire.ts).
  ['^src/domain/', ['^src/domain/', '^src/spec/', '^src/types/']],
  ['^fixtures/', ['^fixtures/', '^src/domain/', '^src/spec/']],
  ['^src/runtime/', ['^src/runtime/', '^fixtures/', '^src/domain/', '^src/spec/', '^src/types/']],
  ['^src/http/', ['^src/http/', '^src/runtime/', '^fixtures/', '^src/domain/', '^src/spec/', '^src/types/']],
  ['^src/msw/', ['^src/msw/', '^src/http/', '^src/spec/']],
  ['^src/pages/', ['^src/pages/', '^src/http/', '^src/runtime/', '^src/domain/', '^src/spec/', '^src/types/']],
  [
    '^src/server/',
    [
      '^src/server/',
      '^src/files/',
      '^src/pages/',
      '^src/http/',
      '^src/runtime/',
      '^fixtures/',
      '^src/domain/',
      '^src/spec/',
    ],
  ],
  // Writing a file whole without trusting its folder: every file standin writes goes through it.
  ['^src/files/', ['^src/files/']],
  // standin drift's comparison reads two descriptions and knows nothing of the mock; JUnit's XML text is shared
  // with the kit.
  ['^src/junit/', ['^src/junit/']],
  // What one exchange shows against the spec and the rules: the kit's client and standin proxy check with it.
  ['^src/exchange/', ['^src/exchange/', '^src/spec/']],
  ['^src/drift/', ['^src/drift/', '^src/junit/']],
  // standin proxy: a front of its own, forwarding to an upstream; it checks with src/exchange and keeps its
  // journal with the runtime's, its page among the pages, the Host check and limits of the Node server.
  ['^src/proxy/', ['^src/(proxy|exchange|server|files|pages|http|runtime|spec|junit)/']],
  // standin import: reads an organisation through the API (or a proxy's HAR file), anonymises it with the
  // generator's name list and texts, and builds a world's records and state from it. It reads each answer's body
  // within a byte cap as the server reads a request's (request-body.ts, which imports only json-chars.ts); as a library
  // (import-organisation.ts) it writes the state as every file standin writes (src/files), takes G10's app url
  // as createMock does (present.ts) and refuses a bad option with createMock's OptionError (option-rules.ts).
  [
    '^src/import/',
    ['^src/(import|domain|spec|types|files)/', '^fixtures/', '^src/http/(request-body|present|option-rules)\\.ts$'],
  ],
  [
    '^src/cli/',
    [
      '^src/(cli|server|files|pages|http|runtime|domain|spec|drift|proxy|exchange|import)/',
      '^fixtures/',
      '^contract-tests/',
    ],
  ],
  ['^src/index(\\.browser)?\\.ts$', ['^src/(http|server|msw|types|spec|import)/']],
  [
    '^contract-tests/',
    ['^contract-tests/', '^src/spec/', '^src/types/', '^src/junit/', '^src/exchange/', '^src/files/'],
  ],
  ['^bench/', ['^bench/', '^src/', '^fixtures/', '^test/support/']],
];

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle ties modules together both ways.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-without-hono',
      comment: 'The domain and the runtime import nothing from Hono: they know no request and no Response.',
      severity: 'error',
      from: { path: '^src/(domain|runtime)/', pathNot: TESTS },
      to: { path: '(^|/)node_modules/(hono|@hono)/' },
    },
    {
      name: 'browser-safe',
      comment:
        "createMock runs in a browser page (MSW): what it loads imports none of Node's modules; Node-only code lives in src/cli, src/pages and src/spec's Node loaders.",
      severity: 'error',
      from: { path: '^(src/(domain|runtime|http|msw)|fixtures)/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'dashboard-client-in-the-browser',
      comment:
        "The dashboard's script (src/pages/dashboard/, bundled for the browser) imports its own modules and the specs' types only: no package, no Node, nothing of the server.",
      severity: 'error',
      from: { path: '^src/pages/dashboard/', pathNot: TESTS },
      to: { pathNot: '^(src/pages/dashboard/|src/types/(api|control)[.]ts$)' },
    },
    {
      name: 'dashboard-client-is-bundled',
      comment:
        "The dashboard's modules run in the browser, bundled at build time (bundle-dashboard.ts): nothing imports them.",
      severity: 'error',
      from: { pathNot: `(^src/pages/dashboard/|${TESTS})` },
      to: { path: '^src/pages/dashboard/' },
    },
  ],
  allowedSeverity: 'error',
  allowed: [
    { comment: 'Tests may reach anything.', from: { path: TESTS }, to: {} },
    { comment: 'Installed packages.', from: {}, to: { path: PACKAGES } },
    {
      comment: 'A package subpath its exports map names (hono/html): not resolved here, but a package all the same.',
      from: {},
      to: { couldNotResolve: true, path: '^[@a-z]' },
    },
    {
      comment: "Node's built-ins (browser-safe keeps them out of what a page loads).",
      from: {},
      to: { dependencyTypes: ['core'] },
    },
    ...LAYERS.map(([from, to]) => ({
      comment: `${from} may import ${to.join(', ')}`,
      from: { path: from, pathNot: TESTS },
      to: { path: `(${to.join('|')})` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^dist/|generated/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
