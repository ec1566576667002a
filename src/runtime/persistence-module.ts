// Where `persist: 'local'` (local-persistence.ts) comes from in Node: at hand, with a state's rebuild and export. The
// kept world is taken up as the mock is made once the world's schemas are loaded (a control or a restore loads them),
// else by its first request, as in a page: Node loads spec-world.js on demand too (spec-source.ts). A page takes
// persistence-module.browser.ts instead (the package's `browser` field), which loads this module with the first
// request of a mock that keeps its world.
import { answerWriterAtHand, loadAnswerWriter } from '../../fixtures/answer-writer.js';
import { exportState } from '../domain/world-state.js';
import { loadWorldChecks, worldChecksAtHand } from '../spec/compiled-spec.js';
import { keepLocally } from './local-persistence.js';
import type { StateStorage } from './local-storage.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * Keeps the mock's shared world in `storage` (keepLocally), from now on.
 * @example persistLocally(runtime, localStorage)
 */
export function persistLocally(mock: MockRuntime, storage: StateStorage): void {
  keepLocally(mock, storage, {
    restoreAtHand: worldChecksAtHand,
    loadRestore: loadWorldChecks,
    exportAtHand: () => exportState,
    loadExport: () => Promise.resolve(),
    answerWriterAtHand,
    loadAnswerWriter,
  });
}
