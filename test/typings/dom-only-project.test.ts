// The entries a page uses (`standin`, `standin/msw`, the spec's types) compile in a browser project that has no
// Node types: README's quick start (src/mocks.ts and the guard in src/main.ts) and a file naming every public
// type, under the tsconfig Vite's vanilla-ts template writes, with `skipLibCheck: false`. A stranger's first
// hour met 7 × TS2307/TS2591 (`node:http`, `Buffer`) from the server's types, reached through `RunningMock`.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeQuickStart } from '../support/quick-start.js';
import { compileProject, writeTypingsProject } from '../support/typings-project.js';

/** Vite's vanilla-ts template's compiler options, checking the libraries' types too. */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    useDefineForClassFields: true,
    module: 'ESNext',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['vite/client'],
    skipLibCheck: false,
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    noEmit: true,
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noFallthroughCasesInSwitch: true,
  },
  include: ['src'],
};

/** Every type the package's main entry and standin/msw name, used so that none is left unchecked. */
const PUBLIC_TYPES = `import type { Api, Controls, ImportOptions, ImportResult, Mock, MockOptions, RunningMock, ServeOptions } from 'standin';
import { BASE_PATH, createMock, importOrganisation, startServer } from 'standin';
import { standinHandlers } from 'standin/msw';

type Goal = Api.components['schemas']['Goal'];
type Clock = Controls.components['schemas']['ClockState'];
export const options: MockOptions = { seed: 7, now: '2026-11-20T09:00:00Z' };
export const mock: Mock = createMock(options);
export const handlers = standinHandlers(mock, { baseUrl: BASE_PATH });
export async function served(serve: ServeOptions): Promise<string> {
  const running: RunningMock = await startServer(serve);
  return running.baseUrl;
}
export async function imported(options: ImportOptions): Promise<string | null> {
  const result: ImportResult = await importOrganisation(options);
  return result.written && \`\${result.you.tokens.readWrite} \${result.read.from} \${result.window.since}\`;
}
export function titleOf(goal: Goal, clock: Clock): string {
  return \`\${goal.title} at \${clock.now}\`;
}
`;

let folder: string;

beforeAll(() => {
  folder = writeTypingsProject('typings-', TSCONFIG, { 'src/public-types.ts': PUBLIC_TYPES });
  writeQuickStart(folder);
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the types a page imports', () => {
  it('compile with DOM types only and skipLibCheck: false (no @types/node in the project)', () => {
    const tsc = compileProject(folder, 'dom-only');
    expect(tsc.output).toBe('');
    expect(tsc.status).toBe(0);
  });
});
