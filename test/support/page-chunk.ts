// A chunk of the spec's checks a page loads on demand, stood in for in a test of Node (where every check is at
// hand): not at hand until loaded, and failing to load while `failing` says so, as an offline page's import does.
// The workers share one module graph (vitest.config.ts's isolate: false): the stand-in is put in for the test
// file's own fresh modules, and taken out, with a fresh graph again, for the files after it.
import { afterAll, beforeAll, vi } from 'vitest';

type CompiledSpec = typeof import('../../src/spec/compiled-spec.js');
type App = typeof import('../../src/http/app.js');

/** What the page did: how many loads it asked for, whether one went in, how many of the next must fail. */
export interface PageChunk {
  loads: number;
  loaded: boolean;
  failing: number;
}

/**
 * Stands `load` and `atHand` of compiled-spec.js in for the page's, `file` the chunk a failed load names; returns
 * the page's record and, once the file's beforeAll has run, createMock over the stand-in.
 * @example const { page, app } = pageChunk('bodyChecksAtHand', 'loadBodyChecks', 'spec-bodies.js')
 */
export function pageChunk(
  atHand: 'bodyChecksAtHand' | 'worldChecksAtHand',
  load: 'loadBodyChecks' | 'loadWorldChecks',
  file: string,
): { page: PageChunk; app: () => App['createMock'] } {
  const page: PageChunk = { loads: 0, loaded: false, failing: 0 };
  let createMock: App['createMock'] | null = null;
  beforeAll(async () => {
    vi.doMock('../../src/spec/compiled-spec.js', async () => {
      const actual = await vi.importActual<CompiledSpec>('../../src/spec/compiled-spec.js');
      return {
        ...actual,
        [atHand]: () => page.loaded,
        [load]: async () => {
          page.loads++;
          if (page.failing > 0) {
            page.failing--;
            throw new Error(`Failed to fetch ${file}`);
          }
          await actual[load]();
          page.loaded = true;
        },
      };
    });
    vi.resetModules();
    ({ createMock } = await import('../../src/http/app.js'));
  });
  afterAll(() => {
    vi.doUnmock('../../src/spec/compiled-spec.js');
    vi.resetModules();
  });
  return {
    page,
    app: () => {
      if (!createMock) throw new Error('pageChunk: createMock is made in beforeAll');
      return createMock;
    },
  };
}
