// Where `persist: 'local'` (local-persistence.ts) comes from in a page (the package's `browser` field puts this
// module in place of persistence-module.ts): its code, a chunk of its own, loaded by the first request of a mock that
// keeps its world, which waits for it: a page without persist: 'local' never fetches it (test/page-weight.test.ts).
// A kept world's restore (the world's checks, a state's rebuild, and the state's export, whose chunk the rebuild
// brings anyway) is loaded only when there is a world to take up, and the export alone by the first write
// (local-persistence.ts): a first visit's first read waits for none of them. Nothing changes the world before a
// request, so nothing is lost to a save not yet set up; a chunk the page cannot fetch is that request's 503
// (front.ts), and the next request loads again. It hands the loaded code all it needs (the world's checks of
// compiled-spec.js and the answers' writer, which the mock's code imports anyway, and the loads above), so that
// local-persistence.js' chunk imports none of our modules: imported, they were small chunks every page paid.
import { answerWriterAtHand, loadAnswerWriter } from '../../fixtures/answer-writer.js';
import type { exportState } from '../domain/world-state.js';
import { loadWorldChecks, worldChecksAtHand } from '../spec/compiled-spec.js';
import { loadOnce } from '../spec/load-once.js';
import type { PersistenceCode } from './local-persistence.js';
import type { StateStorage } from './local-storage.js';
import type { MockRuntime } from './mock-runtime.js';
import { loadStateRebuild, stateRebuildAtHand } from './state-rebuild-module.js';

/** The code, loaded once for the page; again after a failed load. */
const load = loadOnce(() => import('./local-persistence.js').then((module) => module.keepLocally));

/** The state's export (world-state.js, a chunk the rebuild imports too), once loaded. */
let exporter: typeof exportState | null = null;
const loadExport = loadOnce(() =>
  import('../domain/world-state.js').then((module) => {
    exporter = module.exportState;
  }),
);

/** What the loaded code needs, in a page: each part loaded on demand. */
const CODE: PersistenceCode = {
  restoreAtHand: () => worldChecksAtHand() && stateRebuildAtHand() && exporter !== null,
  loadRestore: () => Promise.all([loadWorldChecks(), loadStateRebuild(), loadExport()]),
  exportAtHand: () => exporter,
  loadExport,
  answerWriterAtHand,
  loadAnswerWriter,
};

/**
 * Keeps the mock's shared world in `storage` from its first request on: that request loads the code, which then
 * takes the kept world up and stands in for this first step (keepLocally sets the mock's beforeRequest). Requests
 * that arrive together, as a page's first fetches do, wait for the one set-up: two would keep the world twice.
 * @example persistLocally(runtime, localStorage)
 */
export function persistLocally(mock: MockRuntime, storage: StateStorage): void {
  const keep = loadOnce(() => load().then((keepLocally) => keepLocally(mock, storage, CODE)));
  const setUp = (writes: boolean): Promise<void> =>
    keep().then(() => (mock.beforeRequest === setUp ? undefined : mock.beforeRequest?.(writes)));
  mock.beforeRequest = setUp;
}
