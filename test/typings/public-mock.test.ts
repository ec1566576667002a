// The public Mock is a face, not the mock's insides (issue 34, point 4), held on the package as a user gets it:
// the declarations npm run build emits for its entry, under dist/. Every type reachable from `Mock`,
// `RunningMock`, `createMock` and `startServer` is walked with the compiler, and none may be a class of
// src/runtime (the detector is shown to find them in the mock within standin, src/http/mock.ts's). And embedding
// code as docs/embedding.md writes it — tests with no port, the events, the tokens, the clock, a reset, the
// state, a refusal — compiles against the package in a project of its own, as MSW's test/typings do.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT as ROOT } from '../../src/spec/spec-files.js';
import { compileProject, writeTypingsProject } from '../support/typings-project.js';

/** Where a class of the runtime is declared, in the package's declarations. */
const RUNTIME = /[\\/]dist[\\/]src[\\/]runtime[\\/]/;

/** Declarations of the language's libraries and of other packages: walked no further than their type arguments. */
const FOREIGN = /[\\/]node_modules[\\/]/;

/** The package's entry and the mock within standin, the two declaration files walked below. */
const INDEX = join(ROOT, 'dist', 'src', 'index.d.ts');
const INSIDE = join(ROOT, 'dist', 'src', 'http', 'mock.d.ts');

/**
 * One program of both files for the two walks: each program parsed and bound @types/node and the package's
 * declarations again (a program of its own for the second walk took 3.8 s of the 31 s the file took alone).
 */
let program: ts.Program | undefined;

/** The classes of src/runtime that the types `names` of `file` (a declaration file of dist/) reach. */
function runtimeClassesReached(file: string, names: readonly string[]): string[] {
  program ??= ts.createProgram([INDEX, INSIDE], { strict: true, skipLibCheck: true, module: ts.ModuleKind.NodeNext });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  const found = new Set<string>();
  const seen = new Set<ts.Type>();
  const visit = (type: ts.Type): void => {
    if (seen.has(type)) return;
    seen.add(type);
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declarations = [...(type.aliasSymbol?.declarations ?? []), ...(type.getSymbol()?.declarations ?? [])];
    for (const declaration of declarations)
      if (ts.isClassDeclaration(declaration) && RUNTIME.test(declaration.getSourceFile().fileName))
        found.add(symbol!.name);
    if (type.isUnionOrIntersection()) type.types.forEach(visit);
    type.aliasTypeArguments?.forEach(visit);
    if (type.flags & ts.TypeFlags.Object && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference)
      checker.getTypeArguments(type as ts.TypeReference).forEach(visit);
    if (declarations.length > 0 && declarations.every((d) => FOREIGN.test(d.getSourceFile().fileName))) return;
    for (const property of checker.getPropertiesOfType(type)) visit(checker.getTypeOfSymbol(property));
    for (const info of checker.getIndexInfosOfType(type)) visit(info.type);
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      for (const parameter of signature.getParameters()) visit(checker.getTypeOfSymbol(parameter));
      visit(signature.getReturnType());
    }
  };
  for (const name of names) {
    const symbol = exported.find((candidate) => candidate.name === name);
    if (!symbol) throw new Error(`${file} exports no ${name}`);
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    visit(
      target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)
        ? checker.getDeclaredTypeOfSymbol(target)
        : checker.getTypeOfSymbol(target),
    );
  }
  return [...found].sort();
}

/** Embedding code as docs/embedding.md writes it, using every member of the public Mock. */
const EMBEDDING = `import assert from 'node:assert/strict';
import { createMock, MockControlError, startServer, type Mock, type MockEventMap, type RunningMock } from 'standin';
import { standinHandlers } from 'standin/msw';

export async function embedded(): Promise<void> {
  const mock: Mock = createMock({ seed: 42, now: '2026-11-20T15:00:00Z' });
  const [first] = await mock.tokens();
  const me = await mock.app.request('/api/v2/me', { headers: { authorization: \`Bearer \${first!.read_write}\` } });
  assert.equal(me.status, 200);
  const changed: Array<MockEventMap['record:changed']> = [];
  const stop = mock.events.on('record:changed', (event) => changed.push(event));
  mock.events.on('request:end', ({ area, status, duration_ms }) => assert.ok(area !== 'other' || status >= 400 || duration_ms >= 0));
  stop();
  const { now, frozen } = await mock.clock.advance({ days: 1, session: 'worker-1' });
  assert.equal(typeof now, 'string');
  assert.equal(frozen, true);
  await mock.clock.set({ now: '2026-12-01T09:00:00Z', frozen: false });
  const reset = await mock.reset({ seed: 7, now: '2026-11-20T15:00:00Z' });
  assert.equal(reset.seed, 7);
  const state = await mock.exportState({ full: true });
  const restored = await createMock().importState(state);
  assert.equal(restored.size, 'small');
  try {
    await mock.clock.set({ now: '2020-01-01T00:00:00Z' });
  } catch (error) {
    if (!(error instanceof MockControlError)) throw error;
    assert.equal(error.problem.status, error.status);
  }
  standinHandlers(mock, { baseUrl: 'http://api.example.test/api/v2' });
  const running: RunningMock = await startServer({ port: 0, host: '127.0.0.1' });
  await running.mock.reset();
  await running.close();
  mock.close();
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    noUnusedLocals: true,
  },
  include: ['src'],
};

let folder: string;

beforeAll(() => {
  folder = writeTypingsProject('typings-public-', TSCONFIG, { 'src/embedding.ts': EMBEDDING });
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the public Mock', () => {
  it('reaches no class of src/runtime from its declarations', () => {
    expect(runtimeClassesReached(INDEX, ['Mock', 'RunningMock', 'createMock', 'startServer'])).toEqual([]);
  });

  it('is walked by a check that finds them in the mock within standin', () => {
    const inside = runtimeClassesReached(INSIDE, ['Mock']);
    expect(inside).toEqual(
      expect.arrayContaining(['EventFeed', 'MockEvents', 'Overrides', 'RequestJournal', 'Worlds']),
    );
  });

  it('takes embedding code as docs/embedding.md writes it, in a Node project of its own', () => {
    const tsc = compileProject(folder, 'public-mock');
    expect(tsc.output).toBe('');
    expect(tsc.status).toBe(0);
  });
});
